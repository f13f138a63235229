import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/types.js'
import { retrievePublishableKeyScope, type PublishableKeyScope } from '../modules/sales-channels/publishable-keys.js'
import { NotAllowed } from '../core/errors.js'
import { guardRoutes } from './route-domain.js'

export const PUBLISHABLE_KEY_HEADER = 'x-publishable-api-key'

/** How long a key's scope is trusted without asking the database again. */
export const SCOPE_TTL_MS = 5_000
const MAX_SCOPES = 1_000
/** The admin routes whose writes change a key's scope: keys, their channels, channels. */
const SCOPE_WRITES = /^\/admin\/(publishable-api-keys|sales-channels)(\/|$)/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Keys' scopes as last read, for `SCOPE_TTL_MS`: every storefront request carries the key, and
 * it changes only through the admin API. A scope write in this process forgets them all before
 * its answer leaves, so a revocation holds from the next request on; another process's write is
 * seen within the TTL. Unknown keys are not remembered (a key created elsewhere works at once).
 */
function scopeCache(db: Db) {
  const scopes = new Map<string, { scope: PublishableKeyScope; expires: number }>()
  const loading = new Map<string, Promise<PublishableKeyScope | undefined>>()
  let generation = 0

  const load = async (keyId: string): Promise<PublishableKeyScope | undefined> => {
    const started = generation
    try {
      const scope = await retrievePublishableKeyScope(db, keyId)
      // A scope read while a write was committing may predate it: use it, do not keep it.
      if (scope && started === generation) {
        if (scopes.size >= MAX_SCOPES) scopes.clear()
        scopes.set(keyId, { scope, expires: Date.now() + SCOPE_TTL_MS })
      }
      return scope
    } finally {
      loading.delete(keyId)
    }
  }

  return {
    get(keyId: string): Promise<PublishableKeyScope | undefined> | PublishableKeyScope {
      const cached = scopes.get(keyId)
      if (cached && cached.expires > Date.now()) return cached.scope
      let pending = loading.get(keyId)
      if (!pending) {
        pending = load(keyId)
        loading.set(keyId, pending)
      }
      return pending
    },
    forget(): void {
      scopes.clear()
      loading.clear()
      generation += 1
    },
  }
}

/**
 * Reads `x-publishable-api-key` on `/store` requests and sets `request.publishableKey` to the key
 * and its sales channels (reference/conventions.md §6). v1 lets an unknown or revoked key through
 * with an empty scope, which silently widens it to every channel; here it is a 400 instead, so a
 * storefront with a stale key fails loudly rather than showing the whole catalogue.
 *
 * The check is attached to every `/store` route (see `guardRoutes`), so it must be registered
 * before any module's routes.
 */
export function registerPublishableKeyScope(app: FastifyInstance): void {
  const scopes = scopeCache(app.db)
  guardRoutes(app, 'store', async (request) => {
    const header = request.headers[PUBLISHABLE_KEY_HEADER]
    const keyId = typeof header === 'string' ? header.trim() : undefined
    if (!keyId) return
    const scope = await scopes.get(keyId)
    if (!scope) throw new NotAllowed(`Publishable API key ${keyId} is unknown`)
    if (scope.revoked) throw new NotAllowed(`Publishable API key ${keyId} has been revoked`)
    request.publishableKey = { id: scope.id, salesChannelIds: scope.salesChannelIds }
  })
  // Before the answer leaves, so the client that revoked a key finds it revoked on its next request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url
    if (reply.statusCode < 400 && !SAFE_METHODS.has(request.method) && route && SCOPE_WRITES.test(route)) {
      scopes.forget()
    }
    done(null, payload)
  })
}
