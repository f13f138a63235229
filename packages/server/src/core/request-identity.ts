import type { FastifyRequest } from 'fastify'
import { BareStatus, MultipleErrors } from './errors.js'

/**
 * Who a request comes from, as the guards in http/ established it: route handlers read it here.
 * The guards (http/admin-auth.ts, customer-auth.ts, publishable-key.ts) set `request.userId`,
 * `request.customerId` and `request.publishableKey` before any handler runs.
 */

/** Makes the request's session the user's, until their password next changes. */
export function setSessionUser(request: FastifyRequest, account: { id: string; token_version: number }): void {
  request.session.set('user_id', account.id)
  request.session.set('user_token_version', account.token_version)
}

/** The authenticated user of an admin route (the hook guarantees it). */
export function actorOf(request: FastifyRequest): string {
  if (!request.userId) throw new BareStatus(401, 'Unauthorized')
  return request.userId
}

/** Makes the request's session the customer's, until their password next changes. */
export function setSessionCustomer(request: FastifyRequest, account: { id: string; token_version: number }): void {
  request.session.set('customer_id', account.id)
  request.session.set('customer_token_version', account.token_version)
}

/** The logged-in customer of a store route, or the bare `401 Unauthorized` v1 answers with. */
export function requireCustomer(request: FastifyRequest): string {
  if (!request.customerId) throw new BareStatus(401, 'Unauthorized')
  return request.customerId
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
