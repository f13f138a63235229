import type { NotificationProvider } from './notification.js'

/**
 * The providers this server runs with. Modules look providers up here by id; the ids are also
 * written to the provider tables at start-up so regions can reference them.
 */
export interface Providers {
  payment: string[]
  fulfillment: string[]
  tax: string[]
  notification: NotificationProvider
}
