import type { FastifyInstance, FastifyRequest } from 'fastify'
import { retrievePublishableKeyScope } from '../modules/sales-channels/publishable-keys.js'
import { MultipleErrors, NotAllowed } from './errors.js'

export const PUBLISHABLE_KEY_HEADER = 'x-publishable-api-key'

function isStorePath(url: string): boolean {
  return url === '/store' || url.startsWith('/store/') || url.startsWith('/store?')
}

/**
 * Reads `x-publishable-api-key` on `/store` requests and sets `request.publishableKey` to the key
 * and its sales channels (reference/conventions.md §6). v1 lets an unknown or revoked key through
 * with an empty scope, which silently widens it to every channel; here it is a 400 instead, so a
 * storefront with a stale key fails loudly rather than showing the whole catalogue.
 *
 * Added on the root instance, the hook runs for every route, whichever plugin declares it.
 */
export function registerPublishableKeyScope(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isStorePath(request.url)) return
    const header = request.headers[PUBLISHABLE_KEY_HEADER]
    const keyId = typeof header === 'string' ? header.trim() : undefined
    if (!keyId) return
    const scope = await retrievePublishableKeyScope(app.db, keyId)
    if (!scope) throw new NotAllowed(`Publishable API key ${keyId} is unknown`)
    if (scope.revoked) throw new NotAllowed(`Publishable API key ${keyId} has been revoked`)
    request.publishableKey = { id: scope.id, salesChannelIds: scope.salesChannelIds }
  })
}

/**
 * Rejects a `sales_channel_id` outside the scope of the request's publishable key, with v1's
 * multiple-errors envelope. No key, a key without channels, or no channel id: nothing to check.
 */
export function assertSalesChannelInScope(request: FastifyRequest, salesChannelId: string | null | undefined): void {
  const scope = request.publishableKey
  if (!scope || !salesChannelId || scope.salesChannelIds.length === 0) return
  if (scope.salesChannelIds.includes(salesChannelId)) return
  throw new MultipleErrors(400, [
    `Provided sales channel id param: ${salesChannelId} is not associated with the Publishable API Key passed in the header of the request.`,
  ])
}
