import { asc, sql } from 'drizzle-orm'
import type { FeatureFlags } from '../../../config.js'
import type { Db } from '../../../db/types.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { inIdsParam } from '../../../db/in-ids.js'
import { prepared } from '../../../db/fast-path/prepared.js'
import { productVariant } from '../../catalog/schema.js'
import type { CartDetails } from '../../carts/service.js'
import { InsufficientInventory } from '../../inventory/errors.js'
import { reserveLines, type ReservedLine } from '../../inventory/reservations.js'
import { rowsOf } from '../../../db/raw-rows.js'

export { InsufficientInventory }

/**
 * Takes the ordered quantities off the variants' stock, inside the order's transaction: all of it or,
 * with an InsufficientInventory, none (the transaction rolls back). A conditional UPDATE (stock >=
 * quantity) keeps two checkouts from selling the last unit twice, on any number of server
 * processes. Variants that do not manage inventory are left alone; backorderable ones may go
 * below zero, as in v1. With the `inventoryService` flag on, the inventory module reserves the
 * units at the cart's sales channel's locations instead, with the same all-or-nothing guarantee.
 */
export async function takeStock(
  tx: Db,
  details: { cart: Pick<CartDetails['cart'], 'sales_channel_id'>; items: ReservedLine[] },
  flags: Partial<FeatureFlags>,
): Promise<void> {
  if (flags.inventoryService) return reserveLines(tx, details.items, details.cart.sales_channel_id)
  const { items } = details
  const wanted = new Map<string, { quantity: number; backorder: boolean }>()
  for (const item of items) {
    if (!item.variant_id || !item.variant?.manage_inventory) continue
    const entry = wanted.get(item.variant_id)
    wanted.set(item.variant_id, {
      quantity: (entry?.quantity ?? 0) + item.quantity,
      backorder: item.variant.allow_backorder,
    })
  }
  if (wanted.size === 0) return
  const ids = [...wanted.keys()].sort()
  // The rows are locked in id order first, so two carts taking the same variants never wait on each
  // other in a cycle; then one conditional UPDATE takes every variant's units, two statements (sent
  // together) for any number of lines.
  const entries = ids.map((id) => wanted.get(id)!)
  const params = {
    ids,
    quantities: entries.map((entry) => entry.quantity),
    backorders: entries.map((entry) => entry.backorder),
  }
  const [, result] = await concurrently(tx, [
    () => lockVariantsStatement(tx, params),
    () => takeUnitsStatement(tx, params),
  ])
  const taken = new Set(rowsOf<{ id: string }>(result).map((row) => row.id))
  const short = ids.find((id) => !taken.has(id))
  if (short) throw new InsufficientInventory(short)
}

// Every order sends both: built once (see `prepared`), for any number of variants.
const lockVariantsStatement = prepared('stock_lock_variants', (db) =>
  db
    .select({ id: productVariant.id })
    .from(productVariant)
    .where(inIdsParam(productVariant.id, 'ids'))
    .orderBy(asc(productVariant.id))
    .for('update'),
)
const takeUnitsStatement = prepared('stock_take_units', (db) =>
  db.execute(sql`
    UPDATE ${productVariant} SET inventory_quantity = ${productVariant.inventory_quantity} - wanted.quantity, updated_at = now()
    FROM unnest(${sql.placeholder('ids')}::text[], ${sql.placeholder('quantities')}::int[], ${sql.placeholder('backorders')}::boolean[])
      AS wanted (id, quantity, backorder)
    WHERE ${productVariant.id} = wanted.id AND (wanted.backorder OR ${productVariant.inventory_quantity} >= wanted.quantity)
    RETURNING ${productVariant.id} AS id`),
)
