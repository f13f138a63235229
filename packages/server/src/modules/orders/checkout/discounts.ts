import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { NotAllowed } from '../../../core/errors.js'
import { takeDiscountUsage } from '../../carts/discounts.js'
import type { CartDetails } from '../../carts/loader.js'
import { lineItemAdjustment, shippingMethod } from '../../carts/schema.js'
import { orderDiscounts } from '../../promotions/schema.js'

/**
 * The writes that carry a cart's discounts onto its order, for the batch that places it: one use
 * of each discount taken (see `takeDiscountUsage`), the line adjustments the cart showed stored on
 * its lines, the order's discounts, and, with free shipping, the shipping methods priced at 0 as v1
 * does. `check` runs once the batch is answered: a discount whose limit was reached meanwhile (or
 * disabled, or expired) is a 400 that rolls the order back; the cart keeps its discount and can be
 * completed once the shopper removes it.
 */
export function discountWrites(tx: Db, details: CartDetails, orderId: string) {
  const { discounts } = details
  if (discounts.length === 0) return { writes: [], check: async () => {} }
  let refused: Promise<string[]> = Promise.resolve([])
  const adjustments = details.items.flatMap((item) => item.adjustments)
  const freeShipping = discounts.some((entry) => entry.rule.type === 'free_shipping')
  const writes = [
    () => (refused = takeDiscountUsage(tx, discounts)),
    ...(adjustments.length > 0 ? [() => tx.insert(lineItemAdjustment).values(adjustments)] : []),
    () =>
      tx
        .insert(orderDiscounts)
        .values(discounts.map((entry) => ({ order_id: orderId, discount_id: entry.discount.id }))),
    ...(freeShipping
      ? [() => tx.update(shippingMethod).set({ price: 0 }).where(eq(shippingMethod.order_id, orderId))]
      : []),
  ]
  const check = async () => {
    const codes = await refused
    if (codes.length > 0) {
      throw new NotAllowed(
        `Discount ${codes.join(', ')} can no longer be used (usage limit reached, disabled or expired): remove it from the cart to complete it`,
      )
    }
  }
  return { writes, check }
}
