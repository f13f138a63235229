import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isCurrentCustomer } from '../modules/customers/service.js'
import { parseOrigins } from './cors.js'
import { isTrustedOrigin } from './origin-check.js'
import { guardRoutes } from './route-domain.js'
import { tokenVersionOf, verifyToken } from '../core/tokens.js'

/** Whether the customer exists and a session or token carrying `version` is still theirs. */
async function isCurrent(app: FastifyInstance, id: string, version: unknown): Promise<boolean> {
  const tokenVersion = tokenVersionOf(version)
  return tokenVersion !== undefined && isCurrentCustomer(app.db, id, tokenVersion)
}

/**
 * Who is shopping: the session's `customer_id`, then `Authorization: Bearer <jwt>` issued for the
 * store domain (reference/conventions.md §4.2). An admin token never identifies a customer, as a
 * customer token never opens `/admin`; nor does a session or token issued before the customer's
 * password last changed. An anonymous request costs no query.
 */
async function resolveCustomer(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  const fromSession = request.session?.get('customer_id')
  if (fromSession && (await isCurrent(app, fromSession, request.session.get('customer_token_version')))) {
    return fromSession
  }

  const header = request.headers.authorization
  if (header?.toLowerCase().startsWith('bearer ')) {
    const payload = await verifyToken<{ customer_id?: unknown; domain?: unknown; token_version?: unknown }>(
      header.slice(7).trim(),
      app.config.jwtSecret,
    )
    if (
      payload?.domain === 'store' &&
      typeof payload.customer_id === 'string' &&
      (await isCurrent(app, payload.customer_id, payload.token_version))
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
