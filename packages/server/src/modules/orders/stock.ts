import { and, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { NotAllowed } from '../../http/errors.js'
import { productVariant } from '../catalog/schema.js'
import type { CartDetails } from '../carts/service.js'

/** v1's insufficient-inventory refusal; cart completion answers it with a 409 `errors` envelope. */
export class InsufficientInventory extends NotAllowed {
  constructor(readonly variantId: string) {
    super(`Variant with id: ${variantId} does not have the required inventory`, 'insufficient_inventory')
  }
}

/**
 * Takes the ordered quantities off the variants' stock, inside the order's transaction: all of it or,
 * with an InsufficientInventory, none (the transaction rolls back). A conditional UPDATE per variant
 * keeps two checkouts from selling the last unit twice, on any number of server processes, without
 * reading first. Variants that do not manage inventory are left alone; backorderable ones may go
 * below zero, as in v1. The inventory module will take this over with reservations.
 */
export async function takeStock(tx: Db, items: CartDetails['items']): Promise<void> {
  const wanted = new Map<string, { quantity: number; backorder: boolean }>()
  for (const item of items) {
    if (!item.variant_id || !item.variant?.manage_inventory) continue
    const entry = wanted.get(item.variant_id)
    wanted.set(item.variant_id, {
      quantity: (entry?.quantity ?? 0) + item.quantity,
      backorder: item.variant.allow_backorder,
    })
  }
  // A stable order, so two carts taking the same variants never wait on each other in a cycle.
  for (const [variantId, { quantity, backorder }] of [...wanted].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const taken = await tx
      .update(productVariant)
      .set({ inventory_quantity: sql`${productVariant.inventory_quantity} - ${quantity}`, updated_at: new Date() })
      .where(
        and(eq(productVariant.id, variantId), backorder ? undefined : gte(productVariant.inventory_quantity, quantity)),
      )
      .returning({ id: productVariant.id })
    if (taken.length === 0) throw new InsufficientInventory(variantId)
  }
}
