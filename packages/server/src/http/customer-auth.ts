import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, isNull } from 'drizzle-orm'
import { customer } from '../modules/customers/schema.js'
import { parseOrigins } from './cors.js'
import { BareStatus } from './errors.js'
import { isTrustedOrigin } from './origin-check.js'
import { guardRoutes } from './route-domain.js'
import { verifyToken } from './tokens.js'

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
 * Sets `request.customerId` on `/store` routes when the request carries a customer. Identity is
 * optional on most store routes; the few that need it call `requireCustomer`. The hook is attached
 * to the routes themselves (see `guardRoutes`), so it must be registered before any module's.
 * A session cookie sent with a state-changing request from an origin outside `STORE_CORS`
 * identifies no one (cross-site request forgery): the request goes on as a guest's.
 */
export function registerCustomerAuth(app: FastifyInstance): void {
  const allowedOrigins = parseOrigins(app.config.storeCors)
  guardRoutes(app, 'store', async (request) => {
    const customerId = await resolveCustomer(app, request)
    if (!customerId) return
    const viaCookie = request.session?.get('customer_id') === customerId
    if (viaCookie && !isTrustedOrigin(request, allowedOrigins)) return
    request.customerId = customerId
  })
}

/** The logged-in customer of a store route, or the bare `401 Unauthorized` v1 answers with. */
export function requireCustomer(request: FastifyRequest): string {
  if (!request.customerId) throw new BareStatus(401, 'Unauthorized')
  return request.customerId
}
