import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { lineItem } from '../../carts/schema.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { order } from '../schema.js'

/**
 * An order as it stands once shipped and paid: every line fulfilled and shipped, the payments
 * captured through the `test` provider (unless told otherwise).
 */
export async function shippedOrder(db: Db, overrides: Parameters<typeof makeOrder>[1] = {}) {
  const made = await makeOrder(db, {
    items: [{ unit_price: 5000, quantity: 2 }],
    payments: [{ amount: 10000, provider_id: 'test', captured: true }],
    ...overrides,
  })
  await db
    .update(lineItem)
    .set({ fulfilled_quantity: sql`${lineItem.quantity}`, shipped_quantity: sql`${lineItem.quantity}` })
    .where(eq(lineItem.order_id, made.id))
  await db.update(order).set({ fulfillment_status: 'shipped', payment_status: 'captured' }).where(eq(order.id, made.id))
  const lines = await db.select().from(lineItem).where(eq(lineItem.order_id, made.id)).orderBy(lineItem.created_at)
  return { ...made, lines }
}

/** A return shipping option of the region at `amount`. */
export const returnOption = (db: Db, regionId: string, amount = 1000) =>
  makeShippingOption(db, regionId, { is_return: true, amount })
