import { eq } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { inTransaction } from '../../../db/transactions.js'
import { DuplicateError } from '../../../core/errors.js'
import { getPaymentProvider, SYSTEM_PAYMENT_PROVIDER_ID } from '../../../providers/payment.js'
import type { PaymentSessionRow } from '../../carts/loader.js'
import { retrieveCartForCompletion, type CartDetails, type CartEnv } from '../../carts/service.js'
import type { OrderEnv } from '../admin/operations.js'
import { placeOrderOf } from '../checkout/place-order.js'
import { captureOrder } from '../payments/service.js'
import { draftOrder } from '../schema.js'
import { requireDraftOrder } from './service.js'

/** v1's answer to paying a draft whose cart already has its order. */
const alreadyPaid = () => new DuplicateError('Order from cart already exists')

/**
 * `POST /admin/draft-orders/:id/pay` (v1 `registerPayment`): the `system` provider authorizes the
 * cart's total, the order is placed from the draft's cart by the storefront checkout's own code
 * (tax lines, stock, payment, `order.placed` with the draft's `no_notification_order`), and the
 * draft is marked `completed` with its `order_id`, in one transaction under the cart's lock; then
 * the payment is captured like any order's. A second payment, even a simultaneous one, finds the
 * draft completed once it holds the lock: one order per draft.
 */
export async function payDraftOrder(db: Db, env: CartEnv & OrderEnv, id: string): Promise<string> {
  const first = await requireDraftOrder(db, id)
  if (first.status === 'completed') throw alreadyPaid()
  const orderId = await inTransaction(db, async (tx) => {
    const details = await retrieveCartForCompletion(tx, first.cart_id!, env.flags)
    const draft = await requireDraftOrder(tx, id)
    if (draft.status === 'completed' || details.cart.completed_at) throw alreadyPaid()
    const now = new Date()
    const provider = getPaymentProvider(env.paymentProviders, SYSTEM_PAYMENT_PROVIDER_ID)
    // The system provider answers in this process (it reaches no gateway), so it is asked here.
    const answer = await provider.authorizePayment({}, { cart_id: details.cart.id })
    const { orderId } = await placeOrderOf(
      tx,
      env,
      systemPaid(details, answer.data, now),
      generateId('idem'),
      { sessionWrite: () => Promise.resolve(), authorizedAt: now },
      { id, no_notification: draft.no_notification_order },
    )
    await tx
      .update(draftOrder)
      .set({ status: 'completed', completed_at: now, order_id: orderId, updated_at: now })
      .where(eq(draftOrder.id, id))
    return orderId
  })
  await captureOrder(db, env, orderId)
  return orderId
}

/**
 * The cart as the system provider leaves it: its one selected session authorized for the total.
 * The session is not stored: `system` is no provider a region offers (no provider row to refer
 * to); the order's payment records it.
 */
function systemPaid(details: CartDetails, data: Record<string, unknown>, now: Date): CartDetails {
  const session: PaymentSessionRow = {
    id: generateId('ps'),
    cart_id: details.cart.id,
    provider_id: SYSTEM_PAYMENT_PROVIDER_ID,
    is_selected: true,
    is_initiated: true,
    status: 'authorized',
    data,
    idempotency_key: null,
    amount: details.totals.total,
    payment_authorized_at: now,
    created_at: now,
    updated_at: now,
  }
  return { ...details, cart: { ...details.cart, payment_authorized_at: now }, payment_sessions: [session] }
}
