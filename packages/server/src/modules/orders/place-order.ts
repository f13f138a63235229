import { eq } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { preparedInsert, preparedInsertReturning } from '../../db/prepared.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { NotAllowed } from '../../http/errors.js'
import {
  attachCartToOrder,
  markCartCompleted,
  retrieveCartForCompletion,
  setCartPayment,
  setCartTaxLines,
  type CartDetails,
  type CartEnv,
} from '../carts/service.js'
import { assertCompletable, selectedSession } from './completion-checks.js'
import { ORDER_EVENTS } from './events.js'
import { COMPLETED_ORDER_SELECTION, loadOrders, type OrderView } from './loader.js'
import { order, payment } from './schema.js'
import { takeStock } from './stock.js'
import { concurrently } from '../../db/concurrent.js'

/** The id of the order placed from this cart, if any (at most one: `order.cart_id` is unique). */
export async function orderIdOfCart(db: Db, cartId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: order.id }).from(order).where(eq(order.cart_id, cartId)).limit(1)
  return row?.id
}

/**
 * A payment is needed when the cart costs something, and it must be the selected session's
 * authorization for the amount the order will total: a cart changed after its payment was
 * authorized is refused, and completing it again authorizes the new amount.
 */
function assertPaid(details: CartDetails): ReturnType<typeof selectedSession> {
  if (details.totals.total <= 0) return undefined
  const session = selectedSession(details)
  const authorized =
    details.cart.payment_authorized_at !== null &&
    session?.status === 'authorized' &&
    (session.amount === null || session.amount === details.totals.total)
  if (!authorized) throw new NotAllowed('Cart payment not authorized')
  return session
}

/** The order's row, in a statement built once (see `preparedInsert`); `display_id` is the sequence's. */
const orderInsert = preparedInsertReturning('order_insert', order, [
  'id',
  'cart_id',
  'customer_id',
  'email',
  'billing_address_id',
  'shipping_address_id',
  'region_id',
  'currency_code',
  'tax_rate',
  'sales_channel_id',
  'status',
  'fulfillment_status',
  'payment_status',
  'idempotency_key',
])

const paymentInsert = preparedInsert('order_payment_insert', payment, [
  'id',
  'cart_id',
  'order_id',
  'amount',
  'currency_code',
  'provider_id',
  'data',
  'idempotency_key',
])

function insertOrder(tx: Db, details: CartDetails, orderId: string, idempotencyKey: string) {
  const { cart, region } = details
  return orderInsert(tx, {
    id: orderId,
    cart_id: cart.id,
    customer_id: cart.customer_id!,
    email: cart.email!,
    billing_address_id: cart.billing_address_id,
    shipping_address_id: cart.shipping_address_id,
    region_id: region.id,
    currency_code: region.currency_code,
    tax_rate: region.tax_rate,
    sales_channel_id: cart.sales_channel_id,
    status: 'pending',
    fulfillment_status: 'not_fulfilled',
    payment_status: 'awaiting',
    idempotency_key: idempotencyKey,
  })
}

/**
 * Stage 3 of cart completion, in one transaction under the cart's lock: the cart is checked again
 * (it may have changed since its payment was authorized), its tax lines are written afresh, the
 * stock is taken, and the order is created with its payment; the cart's lines and shipping methods
 * move to it, the cart is marked completed and `order.placed` is recorded. A cart that already has
 * its order answers that order: whoever completed it first, with or without an Idempotency-Key.
 * An order placed here is also read for the answer (`COMPLETED_ORDER_SELECTION`) before the
 * COMMIT: a batch on the transaction's connection, where a transaction of its own would cost
 * three round trips.
 */
export async function placeOrder(
  db: Db,
  env: CartEnv,
  cartId: string,
  idempotencyKey: string,
): Promise<{ orderId: string; placed?: OrderView }> {
  return db.transaction(async (tx) => {
    const current = await retrieveCartForCompletion(tx, cartId, env.flags)
    // The order and the cart's `completed_at` are written in one transaction: an open cart has none.
    if (current.cart.completed_at) {
      const existing = await orderIdOfCart(tx, cartId)
      if (existing) return { orderId: existing }
      throw new NotAllowed(`Cart ${cartId} has already been completed`, 'cart_incompatible_state')
    }
    assertCompletable(current)
    assertPaid(current)
    // The tax lines are written afresh and the stock taken in one batch of statements, the order
    // and everything it changes in a second: every id is known before anything is written.
    const [details] = await concurrently(tx, [
      () => setCartTaxLines(tx, current),
      () => takeStock(tx, current, env.flags),
    ])
    const session = assertPaid(details)
    const orderId = generateId('order')
    const paid = session && {
      id: generateId('pay'),
      cart_id: cartId,
      order_id: orderId,
      amount: details.totals.total,
      currency_code: details.region.currency_code,
      provider_id: session.provider_id,
      data: session.data,
      idempotency_key: idempotencyKey,
    }
    // Statements sent in this order: what refers to the order (or to its payment) comes after it.
    const [[row]] = await concurrently(tx, [
      () => insertOrder(tx, details, orderId, idempotencyKey),
      ...(paid ? [() => paymentInsert(tx, paid)] : []),
      ...attachCartToOrder(tx, cartId, orderId),
      ...(paid ? [() => setCartPayment(tx, cartId, { payment_id: paid.id })] : []),
      () => markCartCompleted(tx, cartId),
      () => emit(tx, ORDER_EVENTS.placed, { id: orderId, no_notification: null }),
    ])
    const [placed] = await loadOrders(tx, [row], COMPLETED_ORDER_SELECTION)
    return { orderId, placed }
  })
}
