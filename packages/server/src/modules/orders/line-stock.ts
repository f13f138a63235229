import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FeatureFlags } from '../../config.js'
import { NotAllowed } from '../../core/errors.js'
import type { Db } from '../../db/types.js'
import { productVariant } from '../catalog/schema.js'
import { InsufficientInventory } from '../inventory/errors.js'
import { moveLineReservations, releaseLineReservations, releaseLineUnits } from '../inventory/reservations.js'
import { takeStock } from './checkout/stock.js'

/**
 * Stock of the lines an order gains after checkout: a claim's replacements, a swap's additional
 * items, an order edit's added or raised lines. They are held as a checkout holds an order's
 * (reserved at the sales channel's locations with the inventory module, else taken off the
 * variants' stock) and given back when their claim or swap is canceled or the edit lowers them.
 */

export interface StockLine {
  id: string
  variant_id: string | null
  quantity: number
}

type Flags = Partial<FeatureFlags>

async function withVariants(tx: Db, lines: readonly StockLine[], backorder: boolean) {
  const ids = [...new Set(lines.flatMap((line) => (line.variant_id ? [line.variant_id] : [])))]
  if (ids.length === 0) return []
  const variants = await tx
    .select({
      id: productVariant.id,
      manage_inventory: productVariant.manage_inventory,
      allow_backorder: productVariant.allow_backorder,
    })
    .from(productVariant)
    .where(inArray(productVariant.id, ids))
  return lines.map((line) => {
    const variant = variants.find((entry) => entry.id === line.variant_id)
    return {
      ...line,
      variant: variant && {
        manage_inventory: variant.manage_inventory,
        allow_backorder: backorder || variant.allow_backorder,
      },
    }
  })
}

/**
 * Holds the lines' units inside the caller's transaction, all or none. `allowBackorder` (a swap's
 * v1 `allow_backorder`) lets every line go beyond the stock; otherwise only backorderable variants
 * do, and a short line is a 400 `insufficient_inventory` naming `field`.
 */
export async function holdLines(
  tx: Db,
  flags: Flags,
  lines: readonly StockLine[],
  channelId: string | null,
  field: string,
  allowBackorder = false,
): Promise<void> {
  const items = await withVariants(tx, lines, allowBackorder)
  if (items.length === 0) return
  try {
    await takeStock(tx, { cart: { sales_channel_id: channelId }, items }, flags)
  } catch (error) {
    if (error instanceof InsufficientInventory) {
      throw new NotAllowed(`${field}: ${error.message}`, 'insufficient_inventory')
    }
    throw error
  }
}

/** A canceled claim's or swap's lines give their units back (reservations released, or stock restored). */
export async function giveBackLines(tx: Db, flags: Flags, lines: readonly StockLine[]): Promise<void> {
  if (lines.length === 0) return
  if (flags.inventoryService) {
    await releaseLineReservations(
      tx,
      lines.map((line) => line.id),
    )
    return
  }
  await restoreVariantStock(tx, lines)
}

async function restoreVariantStock(tx: Db, lines: readonly StockLine[]) {
  for (const line of [...lines].sort((a, b) => (a.variant_id ?? '').localeCompare(b.variant_id ?? ''))) {
    if (!line.variant_id || line.quantity <= 0) continue
    await tx
      .update(productVariant)
      .set({ inventory_quantity: sql`${productVariant.inventory_quantity} + ${line.quantity}`, updated_at: new Date() })
      .where(and(eq(productVariant.id, line.variant_id), eq(productVariant.manage_inventory, true)))
  }
}

export interface EditedLine extends StockLine {
  original_item_id: string | null
}

/**
 * A confirmed order edit's stock: each copied line takes over its original's reservations, then
 * holds the units it gained (field `items`) or gives back those it lost; an added line is held
 * whole, a removed one gives back all it held.
 */
export async function settleEditedLines(
  tx: Db,
  flags: Flags,
  channelId: string | null,
  originals: readonly StockLine[],
  edited: readonly EditedLine[],
): Promise<void> {
  const byId = new Map(originals.map((line) => [line.id, line]))
  const kept = new Set(edited.flatMap((line) => (line.original_item_id ? [line.original_item_id] : [])))
  // Reservations follow the lines whatever the flag says now: they exist only if it was on.
  await moveLineReservations(
    tx,
    edited.flatMap((line) =>
      line.original_item_id && byId.has(line.original_item_id) ? [{ from: line.original_item_id, to: line.id }] : [],
    ),
  )
  const gained: StockLine[] = []
  const lost: StockLine[] = originals.filter((line) => !kept.has(line.id))
  for (const line of edited) {
    const before = line.original_item_id ? (byId.get(line.original_item_id)?.quantity ?? 0) : 0
    const change = line.quantity - before
    if (change > 0) gained.push({ ...line, quantity: change })
    if (change < 0) lost.push({ ...line, quantity: -change })
  }
  await releaseLineUnits(
    tx,
    lost.flatMap((line) =>
      line.variant_id ? [{ line_item_id: line.id, variant_id: line.variant_id, quantity: line.quantity }] : [],
    ),
  )
  if (!flags.inventoryService) await restoreVariantStock(tx, lost)
  await holdLines(tx, flags, gained, channelId, 'items')
}
