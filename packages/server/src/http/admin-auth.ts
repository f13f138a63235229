import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isCurrentUser, userOfApiToken } from '../modules/users/service.js'
import { parseOrigins } from './cors.js'
import { BareStatus } from '../core/errors.js'
import { isTrustedOrigin } from './origin-check.js'
import { guardRoutes } from './route-domain.js'
import { tokenVersionOf, verifyToken } from '../core/tokens.js'

/**
 * Who is calling an `/admin` route: the session cookie, then `Authorization: Bearer <jwt>` issued for
 * the admin domain, then the `x-medusa-access-token` API token (reference/conventions.md §4.1).
 * A customer token never opens `/admin`: its `domain` is "store". A session or token issued before
 * the user's password last changed opens nothing.
 */
export async function resolveAdminUser(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  const fromSession = request.session?.get('user_id')
  if (fromSession && (await isCurrent(app, fromSession, request.session.get('user_token_version')))) {
    return fromSession
  }

  const header = request.headers.authorization
  if (header?.toLowerCase().startsWith('bearer ')) {
    const payload = await verifyToken<{ user_id?: unknown; domain?: unknown; token_version?: unknown }>(
      header.slice(7).trim(),
      app.config.jwtSecret,
    )
    if (
      payload?.domain === 'admin' &&
      typeof payload.user_id === 'string' &&
      (await isCurrent(app, payload.user_id, payload.token_version))
    ) {
      return payload.user_id
    }
  }

  const apiToken = request.headers['x-medusa-access-token']
  if (typeof apiToken === 'string' && apiToken.length > 0) {
    const userId = await userOfApiToken(app.db, apiToken)
    if (userId) return userId
  }
  return undefined
}

/** Whether the user exists and a session or token carrying `version` is still theirs. */
async function isCurrent(app: FastifyInstance, id: string, version: unknown): Promise<boolean> {
  const tokenVersion = tokenVersionOf(version)
  return tokenVersion !== undefined && isCurrentUser(app.db, id, tokenVersion)
}

/**
 * Every `/admin` route needs a user unless it is declared with `config: { auth: false }`. The guard
 * is attached to the routes themselves, so whatever spelling of a path reaches a handler has passed
 * it. A session cookie authenticates a state-changing request only when it comes from an allowed
 * origin (cross-site request forgery).
 */
export function registerAdminAuth(app: FastifyInstance): void {
  const allowedOrigins = parseOrigins(app.config.adminCors)
  guardRoutes(
    app,
    'admin',
    async (request) => {
      const userId = await resolveAdminUser(app, request)
      if (!userId) throw new BareStatus(401, 'Unauthorized')
      const viaCookie = request.session?.get('user_id') === userId
      if (viaCookie && !isTrustedOrigin(request, allowedOrigins)) throw new BareStatus(401, 'Unauthorized')
      request.userId = userId
    },
    (route) => route.config?.auth !== false,
  )
}
