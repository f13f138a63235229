import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import {
  inventoryItem,
  inventoryLevel,
  productVariantInventoryItem,
  salesChannelStockLocation,
  stockLocation,
} from '../../modules/inventory/schema.js'

let counter = 0

/** A stock location, linked to `sales_channel_ids` when given. */
export async function makeStockLocation(
  db: Db,
  overrides: Partial<{ name: string; sales_channel_ids: string[] }> = {},
) {
  counter += 1
  const [row] = await db
    .insert(stockLocation)
    .values({ id: generateId('sloc'), name: overrides.name ?? `Warehouse ${counter}` })
    .returning()
  const channels = overrides.sales_channel_ids ?? []
  if (channels.length > 0) {
    await db
      .insert(salesChannelStockLocation)
      .values(channels.map((sales_channel_id) => ({ sales_channel_id, location_id: row.id })))
  }
  return row
}

/** An inventory item, linked to `variant_id` (taking `required_quantity` units per variant unit) when given. */
export async function makeInventoryItem(
  db: Db,
  overrides: Partial<{ sku: string | null; title: string; variant_id: string; required_quantity: number }> = {},
) {
  counter += 1
  const [row] = await db
    .insert(inventoryItem)
    .values({ id: generateId('iitem'), sku: overrides.sku ?? null, title: overrides.title ?? `Item ${counter}` })
    .returning()
  if (overrides.variant_id) {
    await db.insert(productVariantInventoryItem).values({
      id: generateId('pvitem'),
      variant_id: overrides.variant_id,
      inventory_item_id: row.id,
      required_quantity: overrides.required_quantity ?? 1,
    })
  }
  return row
}

export async function makeInventoryLevel(
  db: Db,
  itemId: string,
  locationId: string,
  quantities: Partial<{ stocked_quantity: number; reserved_quantity: number; incoming_quantity: number }> = {},
) {
  const [row] = await db
    .insert(inventoryLevel)
    .values({
      id: generateId('ilev'),
      inventory_item_id: itemId,
      location_id: locationId,
      stocked_quantity: quantities.stocked_quantity ?? 0,
      reserved_quantity: quantities.reserved_quantity ?? 0,
      incoming_quantity: quantities.incoming_quantity ?? 0,
    })
    .returning()
  return row
}

/** A variant's own inventory item with `stocked` units at the location: the common setup. */
export async function stockVariant(db: Db, variantId: string, locationId: string, stocked: number) {
  const item = await makeInventoryItem(db, { variant_id: variantId })
  const level = await makeInventoryLevel(db, item.id, locationId, { stocked_quantity: stocked })
  return { item, level }
}
