import type { FileProvider } from './file.js'
import type { FulfillmentProviderMap } from './fulfillment.js'
import type { NotificationProvider } from './notification.js'
import type { PaymentProvider } from './payment.js'

/**
 * The providers this server runs with. Modules look providers up here by id; the ids are also
 * written to the provider tables at start-up so regions can reference them.
 */
export interface Providers {
  /** Payment provider ids recorded for the store: the ones regions can enable. */
  payment: string[]
  /** Every payment provider the server can call, by id (also `system`, and `test` outside production). */
  paymentProviders: ReadonlyMap<string, PaymentProvider>
  fulfillment: string[]
  /** The fulfillment providers by id; `fulfillment` lists the same ids. */
  fulfillmentProviders: FulfillmentProviderMap
  tax: string[]
  notification: NotificationProvider
  file: FileProvider
}

/** The providers that ship with Emporium and are installed by default. */
export const DEFAULT_PROVIDER_IDS = { payment: ['manual'], fulfillment: ['manual'], tax: [] as string[] }
