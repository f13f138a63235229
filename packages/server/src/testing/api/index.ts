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
import { analyticsRoutes } from './routes/analytics.js'
import { batchJobsRoutes } from './routes/batch-jobs.js'
import { cartsRoutes } from './routes/carts.js'
import { catalogRoutes } from './routes/catalog.js'
import { customersRoutes } from './routes/customers.js'
import { inventoryRoutes } from './routes/inventory.js'
import { notesRoutes } from './routes/notes.js'
import { notificationsRoutes } from './routes/notifications.js'
import { ordersRoutes } from './routes/orders.js'
import { paymentCollectionsRoutes } from './routes/payment-collections.js'
import { platformRoutes } from './routes/platform.js'
import { priceListsRoutes } from './routes/price-lists.js'
import { promotionsRoutes } from './routes/promotions.js'
import { regionsRoutes } from './routes/regions.js'
import { salesChannelsRoutes } from './routes/sales-channels.js'
import { shippingRoutes } from './routes/shipping.js'
import { storeRoutes } from './routes/store.js'
import { taxRoutes } from './routes/tax.js'
import { uploadsRoutes } from './routes/uploads.js'
import { usersRoutes } from './routes/users.js'
export type { Answer, CallOptions, ErrorEnvelope } from './client.js'

/** Every route the tests call, by domain. */
export const routes = {
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

export type Api = ReturnType<typeof requestClient<typeof routes>>

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
