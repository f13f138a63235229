/**
 * The wire contracts of the routes, exported as types only for @emporium/client: a TypeBox schema
 * `X` gives its type as `Static<typeof module.X>`. Nothing here exists at run time.
 */
export type { Static } from '@sinclair/typebox'
export type * as analytics from './modules/analytics/contract.js'
export type * as batchJobs from './modules/batch-jobs/contract.js'
export type * as carts from './modules/carts/contract.js'
export type * as catalog from './modules/catalog/contract.js'
export type * as lookups from './modules/catalog/lookups.contract.js'
export type * as products from './modules/catalog/products.contract.js'
export type * as search from './modules/catalog/search.contract.js'
export type * as customers from './modules/customers/contract.js'
export type * as inventory from './modules/inventory/contract.js'
export type * as orders from './modules/orders/contract.js'
export type * as paymentCollections from './modules/payment-collections/contract.js'
export type * as regions from './modules/regions/contract.js'
export type * as salesChannels from './modules/sales-channels/contract.js'
export type * as shipping from './modules/shipping/contract.js'
export type * as store from './modules/store/contract.js'
export type * as tax from './modules/tax/contract.js'
export type * as uploads from './modules/uploads/contract.js'
export type * as users from './modules/users/contract.js'
export type * as http from './http/schemas.js'
