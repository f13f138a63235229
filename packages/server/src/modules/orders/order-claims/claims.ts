import { and, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { BareStatus, NotAllowed, Unauthorized } from '../../../core/errors.js'
import { signToken, verifyToken } from '../../../core/tokens.js'
import { retrieveCustomer } from '../../customers/service.js'
import { ORDER_EVENTS } from '../events.js'
import { order } from '../schema.js'

const CLAIM_TOKEN_TTL = '15m'
/** Tells a claim token apart from every other token signed with the same secret. */
const CLAIM_PURPOSE = 'order_claim'

type ClaimToken = {
  purpose?: unknown
  claimingCustomerId?: unknown
  email?: unknown
  orders?: unknown
}

/**
 * `POST /store/orders/batch/customer/token`: a logged-in account asks for orders placed under an
 * e-mail (typically as a guest) to become theirs. One token per e-mail goes out to that address
 * (event `order-update-token.created`), so only whoever reads that mailbox can confirm. Unknown ids
 * and orders the customer already owns are skipped silently: the answer never tells which ids exist.
 */
export async function requestOrderClaim(db: Db, customerId: string, orderIds: string[], secret: string): Promise<void> {
  await db.transaction(async (tx) => {
    const claimer = await retrieveCustomer(tx, customerId)
    if (!claimer.has_account) throw new BareStatus(401, 'Unauthorized')
    const ids = [...new Set(orderIds)]
    if (ids.length === 0) return
    const rows = await tx
      .select({ id: order.id, email: order.email })
      .from(order)
      .where(and(inArray(order.id, ids), ne(order.customer_id, claimer.id)))
      .orderBy(order.id)
    const byEmail = new Map<string, string[]>()
    for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.id])
    for (const [email, orders] of byEmail) {
      const token = await signToken(
        { purpose: CLAIM_PURPOSE, claimingCustomerId: claimer.id, email, orders },
        secret,
        CLAIM_TOKEN_TTL,
      )
      await emit(tx, ORDER_EVENTS.updateTokenCreated, {
        old_email: email,
        new_customer_id: claimer.id,
        orders,
        token,
      })
    }
  })
}

/**
 * `POST /store/orders/customer/confirm`: the token from the e-mail moves its orders to the
 * customer who asked for them (customer and e-mail). Orders whose e-mail changed since the token
 * was issued are left alone: the token proved control of the old address only. A shopper logged in
 * as someone else cannot use another customer's token.
 */
export async function confirmOrderClaim(
  db: Db,
  token: string,
  secret: string,
  loggedInCustomerId: string | undefined,
): Promise<void> {
  const claim = parseClaim(await verifyToken<ClaimToken>(token, secret))
  if (!claim) throw new Unauthorized('Invalid or expired token')
  if (loggedInCustomerId && loggedInCustomerId !== claim.customerId) {
    throw new NotAllowed('This token was issued to another customer')
  }
  await db.transaction(async (tx) => {
    const claimer = await retrieveCustomer(tx, claim.customerId)
    const moved = await tx
      .update(order)
      .set({ customer_id: claimer.id, email: claimer.email, updated_at: new Date() })
      .where(
        and(
          inArray(order.id, claim.orders),
          sql`lower(${order.email}) = ${claim.email.toLowerCase()}`,
          ne(order.customer_id, claimer.id),
        ),
      )
      .returning({ id: order.id })
    for (const { id } of moved) await emit(tx, ORDER_EVENTS.updated, { id })
  })
}

function parseClaim(payload: ClaimToken | undefined) {
  if (!payload || payload.purpose !== CLAIM_PURPOSE) return undefined
  const { claimingCustomerId, email, orders } = payload
  if (typeof claimingCustomerId !== 'string' || typeof email !== 'string') return undefined
  if (!Array.isArray(orders) || orders.length === 0 || !orders.every((id) => typeof id === 'string')) return undefined
  return { customerId: claimingCustomerId, email, orders: orders as string[] }
}
