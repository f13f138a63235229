import { eq } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import { preparedInsert, preparedInsertReturning } from '../../../db/fast-path/prepared.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { NotAllowed } from '../../../core/errors.js'
import {
  attachCartToOrder,
  markCartCompleted,
  retrieveCartForCompletion,
  cartTaxLineWrites,
  type CartDetails,
  type CartEnv,
} from '../../carts/service.js'
import { assertCompletable, selectedSession } from './completion-checks.js'
import { ORDER_EVENTS } from '../events.js'
import {
  COMPLETED_ORDER_SELECTION,
  loadOrderContext,
  viewOrders,
  type OrderContext,
  type OrderRefs,
  type OrderRow,
  type OrderView,
} from '../loader.js'
import { order, payment } from '../schema.js'
import { takeStock } from './stock.js'
import { discountWrites } from './discounts.js'
import { giftCardWrites, issuedGiftCardWrites } from './gift-cards.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { inTransaction } from '../../../db/transactions.js'

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
export function assertPaid(details: CartDetails): ReturnType<typeof selectedSession> {
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
  'draft_order_id',
  'no_notification',
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

function insertOrder(
  tx: Db,
  details: CartDetails,
  orderId: string,
  idempotencyKey: string,
  draft: DraftOfOrder | undefined,
): Promise<OrderRow[]> {
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
    draft_order_id: draft?.id ?? null,
    no_notification: draft?.no_notification ?? null,
  })
}

/**
 * Stage 3 of cart completion, in the caller's transaction (or one of its own) under the cart's
 * lock: the cart is checked again (it may have changed since its payment was authorized), its tax
 * lines are written afresh, the stock is taken, and the order is created with its payment; the
 * cart's lines and shipping methods move to it, the cart is marked completed and `order.placed` is
 * recorded. A cart that already has its order answers that order: whoever completed it first, with
 * or without an Idempotency-Key. An order placed here is also read for the answer
 * (`COMPLETED_ORDER_SELECTION`).
 *
 * Everything after the cart's read goes out in one batch: every id and amount is known before
 * anything is written (the totals with the tax lines about to be stored, too). Stock found short
 * throws once the batch is answered, and the transaction rolls the order back with the rest.
 */
export async function placeOrder<Other>(
  db: Db,
  env: CartEnv,
  cartId: string,
  idempotencyKey: string,
  completeSwap?: (tx: Db, current: CartDetails) => Promise<Other>,
): Promise<{ orderId: string; placed?: OrderView } | { other: Other }> {
  return inTransaction(db, async (tx) => {
    const current = await retrieveCartForCompletion(tx, cartId, env.flags)
    // A swap's cart completes into its swap (swaps/complete.ts), read under the same lock.
    if (current.cart.type === 'swap' && completeSwap) return { other: await completeSwap(tx, current) }
    // The order and the cart's `completed_at` are written in one transaction: an open cart has none.
    if (current.cart.completed_at) {
      const existing = await orderIdOfCart(tx, cartId)
      if (existing) return { orderId: existing }
      throw new NotAllowed(`Cart ${cartId} has already been completed`, 'cart_incompatible_state')
    }
    return placeOrderOf(tx, env, current, idempotencyKey)
  })
}

/**
 * What the transaction that places the order has already decided and the cart `current` already
 * shows, when the payment was authorized in it: the session's answer, written first, and the time
 * of the authorization, written on the cart with its completion.
 */
export interface AuthorizedHere {
  sessionWrite: () => PromiseLike<unknown>
  authorizedAt: Date
}

/** The draft order a `draft_order` cart belongs to, placed by staff marking it paid. */
export interface DraftOfOrder {
  id: string
  no_notification: boolean | null
}

/**
 * The order of an open cart read under its lock in `tx`, as `placeOrder` places it; with `draft`,
 * the order of a draft order's cart (`type=draft_order`), which nothing else may complete.
 */
export async function placeOrderOf(
  tx: Db,
  env: CartEnv,
  current: CartDetails,
  idempotencyKey: string,
  authorizedHere?: AuthorizedHere,
  draft?: DraftOfOrder,
): Promise<{ orderId: string; placed: OrderView }> {
  const cartId = current.cart.id
  assertCompletable(current, draft ? 'draft_order' : 'default')
  assertPaid(current)
  const taxes = await cartTaxLineWrites(tx, current)
  const details = taxes.stored
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
  const { cart, region } = details
  const refs: OrderRefs = {
    id: orderId,
    region_id: region.id,
    customer_id: cart.customer_id!,
    shipping_address_id: cart.shipping_address_id,
    billing_address_id: cart.billing_address_id,
  }
  // Statements sent in this order: what refers to the order (or to its payment) comes after it,
  // and the answer's reads after everything they read.
  const first = authorizedHere ? [authorizedHere.sessionWrite] : []
  const discounts = discountWrites(tx, details, orderId)
  const giftCards = giftCardWrites(tx, details, orderId)
  const written = await concurrently(tx, [
    ...first,
    () => insertOrder(tx, details, orderId, idempotencyKey, draft),
    ...(paid ? [() => paymentInsert(tx, paid)] : []),
    ...attachCartToOrder(tx, cartId, orderId),
    ...taxes.writes,
    ...discounts.writes,
    ...giftCards.writes,
    ...issuedGiftCardWrites(tx, details, orderId),
    () => takeStock(tx, current, env.flags),
    // After the payment's insert, which `payment_id` refers to.
    () => markCartCompleted(tx, cartId, { payment_id: paid?.id, payment_authorized_at: authorizedHere?.authorizedAt }),
    () => emit(tx, ORDER_EVENTS.placed, { id: orderId, no_notification: draft?.no_notification ?? null }),
    () => loadOrderContext(tx, [refs], COMPLETED_ORDER_SELECTION),
  ])
  await discounts.check()
  await giftCards.check()
  const [row] = written[first.length] as OrderRow[]
  const [placed] = viewOrders([row], written.at(-1) as OrderContext, COMPLETED_ORDER_SELECTION)
  return { orderId, placed }
}
