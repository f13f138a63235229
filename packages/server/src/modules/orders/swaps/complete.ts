import { and, eq, isNull } from 'drizzle-orm'
import { NotAllowed } from '../../../core/errors.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { cartTaxLineWrites, markCartCompleted, type CartDetails, type CartEnv } from '../../carts/service.js'
import { shippingMethod } from '../../carts/schema.js'
import { assertCompletable } from '../checkout/completion-checks.js'
import { assertPaid, type AuthorizedHere } from '../checkout/place-order.js'
import { takeStock } from '../checkout/stock.js'
import { SWAP_EVENTS } from '../events.js'
import { payment, swap } from '../schema.js'
import { loadSwaps, STORE_SWAP_RELATIONS } from './reads.js'
import { swapOfCart } from './service.js'

/** `200 {type: "swap", data}` (store-api.md cart completion). */
export async function swapAnswer(db: Db, swapId: string) {
  const [data] = await loadSwaps(db, [swapId], STORE_SWAP_RELATIONS)
  return { response_code: 200, response_body: { type: 'swap', data } }
}

/**
 * The last stage of a swap cart's checkout (v1 `registerCartCompletion`), in the transaction that
 * holds the cart's lock: the same checks as an order's cart, its tax lines stored afresh, the
 * authorized session (when something is due) taken as the swap's payment, the stock of lines added
 * to the cart since the swap was made taken, the cart's shipping methods moved to the swap, and the swap confirmed with
 * `difference_due` = the cart's total (negative: the shopper gets that much back on process-payment).
 */
export async function completeSwapCart(
  tx: Db,
  env: CartEnv,
  current: CartDetails,
  idempotencyKey: string,
  authorizedHere?: AuthorizedHere,
) {
  const cartId = current.cart.id
  const row = await swapOfCart(tx, cartId)
  if (!row) throw new NotAllowed(`Cart ${cartId} belongs to no swap`, 'cart_incompatible_state')
  if (row.canceled_at) throw new NotAllowed('Cart related to canceled swap cannot be completed')
  assertCompletable(current, 'swap')
  assertPaid(current)
  const taxes = await cartTaxLineWrites(tx, current)
  const details = taxes.stored
  const session = assertPaid(details)
  const total = details.totals.total
  const paid = session && {
    id: generateId('pay'),
    cart_id: cartId,
    swap_id: row.id,
    amount: total,
    currency_code: details.region.currency_code,
    provider_id: session.provider_id,
    data: session.data,
    idempotency_key: idempotencyKey,
  }
  const now = new Date()
  // The swap's additional items were held when it was made; lines the shopper added since are held now.
  const outgoing = { ...current, items: current.items.filter((item) => !item.is_return && item.swap_id !== row.id) }
  await concurrently(tx, [
    ...(authorizedHere ? [authorizedHere.sessionWrite] : []),
    ...taxes.writes,
    ...(paid ? [() => tx.insert(payment).values(paid)] : []),
    () => takeStock(tx, outgoing, env.flags),
    () => markCartCompleted(tx, cartId, { payment_id: paid?.id, payment_authorized_at: authorizedHere?.authorizedAt }),
    () =>
      tx
        .update(shippingMethod)
        .set({ swap_id: row.id })
        .where(and(eq(shippingMethod.cart_id, cartId), isNull(shippingMethod.swap_id))),
    () =>
      tx
        .update(swap)
        .set({
          difference_due: total,
          confirmed_at: now,
          payment_status: total === 0 ? 'confirmed' : 'awaiting',
          shipping_address_id: details.cart.shipping_address_id,
          updated_at: now,
        })
        .where(eq(swap.id, row.id)),
    () => emit(tx, SWAP_EVENTS.paymentCompleted, { id: row.id, no_notification: row.no_notification }),
  ])
  return swapAnswer(tx, row.id)
}
