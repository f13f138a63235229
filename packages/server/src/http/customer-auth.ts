import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, isNull } from 'drizzle-orm'
import { customer } from '../modules/customers/schema.js'
import { BareStatus } from './errors.js'
import { verifyToken } from './tokens.js'

function isStorePath(url: string): boolean {
  return url === '/store' || url.startsWith('/store/') || url.startsWith('/store?')
}

async function isActiveCustomer(app: FastifyInstance, id: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.id, id), isNull(customer.deleted_at)))
    .limit(1)
  return row !== undefined
}

/**
 * Who is shopping: the session's `customer_id`, then `Authorization: Bearer <jwt>` issued for the
 * store domain (reference/conventions.md §4.2). An admin token never identifies a customer, as a
 * customer token never opens `/admin`. An anonymous request costs no query.
 */
async function resolveCustomer(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  const fromSession = request.session?.get('customer_id')
  if (fromSession && (await isActiveCustomer(app, fromSession))) return fromSession

  const header = request.headers.authorization
  if (header?.toLowerCase().startsWith('bearer ')) {
    const payload = await verifyToken<{ customer_id?: unknown; domain?: unknown }>(
      header.slice(7).trim(),
      app.config.jwtSecret,
    )
    if (
      payload?.domain === 'store' &&
      typeof payload.customer_id === 'string' &&
      (await isActiveCustomer(app, payload.customer_id))
    ) {
      return payload.customer_id
    }
  }
  return undefined
}

/**
 * Sets `request.customerId` on `/store` requests that carry a customer. Identity is optional on
 * most store routes; the few that need it call `requireCustomer`.
 *
 * Routes registered after this call get the hook, so it must run before any module with store
 * routes that read `request.customerId` registers them.
 */
export function registerCustomerAuth(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isStorePath(request.url)) return
    const customerId = await resolveCustomer(app, request)
    if (customerId) request.customerId = customerId
  })
}

/** The logged-in customer of a store route, or the bare `401 Unauthorized` v1 answers with. */
export function requireCustomer(request: FastifyRequest): string {
  if (!request.customerId) throw new BareStatus(401, 'Unauthorized')
  return request.customerId
}
