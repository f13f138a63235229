/**
 * Typed requests for HTTP tests: one client per caller, answers typed from the contracts.
 *
 * ```ts
 * const ctx = useTestApp()
 * const admin = adminApi(ctx)                         // a fresh admin user, made on the first call
 * const shopper = storeApi(ctx, { publishableKey })   // or { customer }, or nothing: a guest
 *
 * const res = await admin.get(`/admin/products/${id}?expand=variants`)
 * expect(res.statusCode).toBe(200)
 * res.json().product.variants                          // typed: ProductRes of catalog/products/contract.ts
 * const bad = await admin.post('/admin/products', { title: 1 })
 * expect(bad.error().type).toBe('invalid_data')        // the error envelope
 * await admin.get(url, { auth: false })                // anonymous; `headers` adds or overrides headers
 * ```
 *
 * The answer is `app.inject`'s own response (status, headers, cookies, raw body), with `json()`
 * typed from the 200 schema of the route that serves the URL, found in `routes/<domain>.ts` by the
 * URL's shape (`/admin/products/types` before `/admin/products/:id`, as the router does). Write URLs
 * as literals or template strings so the type can see their shape. A route missing from the tables
 * fails the request with a message saying so: add it there from the module's contract.
 */
import type { FastifyInstance } from 'fastify'
import { adminHeaders, asAdmin } from '../factories/users.js'
import { customerHeaders } from '../factories/customers.js'
import { requestClient, type AppSource } from './client.js'
import { analyticsRoutes, type AnalyticsRoutes } from './routes/analytics.js'
import { batchJobsRoutes, type BatchJobsRoutes } from './routes/batch-jobs.js'
import { cartsRoutes, type CartsRoutes } from './routes/carts.js'
import { catalogRoutes, type CatalogRoutes } from './routes/catalog.js'
import { customersRoutes, type CustomersRoutes } from './routes/customers.js'
import { inventoryRoutes, type InventoryRoutes } from './routes/inventory.js'
import { notesRoutes, type NotesRoutes } from './routes/notes.js'
import { notificationsRoutes, type NotificationsRoutes } from './routes/notifications.js'
import { ordersRoutes, type OrdersRoutes } from './routes/orders.js'
import { paymentCollectionsRoutes, type PaymentCollectionsRoutes } from './routes/payment-collections.js'
import { platformRoutes, type PlatformRoutes } from './routes/platform.js'
import { priceListsRoutes, type PriceListsRoutes } from './routes/price-lists.js'
import { promotionsRoutes, type PromotionsRoutes } from './routes/promotions.js'
import { regionsRoutes, type RegionsRoutes } from './routes/regions.js'
import { salesChannelsRoutes, type SalesChannelsRoutes } from './routes/sales-channels.js'
import { shippingRoutes, type ShippingRoutes } from './routes/shipping.js'
import { storeRoutes, type StoreRoutes } from './routes/store.js'
import { taxRoutes, type TaxRoutes } from './routes/tax.js'
import { uploadsRoutes, type UploadsRoutes } from './routes/uploads.js'
import { usersRoutes, type UsersRoutes } from './routes/users.js'
export type { Answer, CallOptions, ErrorEnvelope } from './client.js'

/** Every route the tests call, by domain. */
export type Routes = AnalyticsRoutes &
  BatchJobsRoutes &
  CartsRoutes &
  CatalogRoutes &
  CustomersRoutes &
  InventoryRoutes &
  NotesRoutes &
  NotificationsRoutes &
  OrdersRoutes &
  PaymentCollectionsRoutes &
  PlatformRoutes &
  PriceListsRoutes &
  PromotionsRoutes &
  RegionsRoutes &
  SalesChannelsRoutes &
  ShippingRoutes &
  StoreRoutes &
  TaxRoutes &
  UploadsRoutes &
  UsersRoutes

export const routes: Routes = {
  ...analyticsRoutes,
  ...batchJobsRoutes,
  ...cartsRoutes,
  ...catalogRoutes,
  ...customersRoutes,
  ...inventoryRoutes,
  ...notesRoutes,
  ...notificationsRoutes,
  ...ordersRoutes,
  ...paymentCollectionsRoutes,
  ...platformRoutes,
  ...priceListsRoutes,
  ...promotionsRoutes,
  ...regionsRoutes,
  ...salesChannelsRoutes,
  ...shippingRoutes,
  ...storeRoutes,
  ...taxRoutes,
  ...uploadsRoutes,
  ...usersRoutes,
}

export type Api = ReturnType<typeof requestClient<Routes>>

export interface AdminApiOptions {
  /** Act as this user (`Authorization: Bearer`); by default a fresh admin user, made on the first call. */
  user?: { id: string }
  /** Send these instead (a session cookie, an API token). */
  headers?: Record<string, string>
}

/** Requests as an admin user. */
export function adminApi(source: AppSource, options: AdminApiOptions = {}): Api {
  return requestClient(source, routes, async (app: FastifyInstance) => {
    if (options.headers) return options.headers
    if (options.user) return adminHeaders(options.user.id)
    return (await asAdmin(app.db)).headers
  })
}

export interface StoreApiOptions {
  /** Signed in as this customer (`Authorization: Bearer`). */
  customer?: { id: string }
  /** `x-publishable-api-key`: the key, or its id. */
  publishableKey?: string | { id: string }
  /** More headers, sent on every request. */
  headers?: Record<string, string>
}

/** Requests as a storefront: a guest unless `customer` is given. */
export function storeApi(source: AppSource, options: StoreApiOptions = {}): Api {
  return requestClient(source, routes, async () => {
    const key = options.publishableKey
    return {
      ...(options.customer ? await customerHeaders(options.customer.id) : {}),
      ...(key ? { 'x-publishable-api-key': typeof key === 'string' ? key : key.id } : {}),
      ...options.headers,
    }
  })
}
