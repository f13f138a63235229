import type { FileProvider } from './file.js'
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
  file: FileProvider
}

/** The providers that ship with Emporium and are installed by default. */
export const DEFAULT_PROVIDER_IDS = { payment: ['manual'], fulfillment: ['manual'], tax: [] as string[] }
