import { SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { productSalesChannel, productVariant } from '../catalog/schema.js'
import { salesChannel } from '../sales-channels/schema.js'
import { store } from '../store/schema.js'
import { InsufficientInventory } from './errors.js'
import { inventoryItem, inventoryLevel, productVariantInventoryItem, salesChannelStockLocation } from './schema.js'
import { rowsOf } from '../../db/raw-rows.js'

/**
 * Storefront availability with the inventory module: a variant's `inventory_quantity` is what its
 * inventory items have available (stocked − reserved) at the stock locations of the sales channel
 * (the store's default channel when none is given); a variant made of several items, or of several
 * units of one, counts the sets it can make. Variants without inventory items are not tracked.
 */

/**
 * A sales channel: its id, none (the store's default), or a SQL value that reads one in the same
 * statement (a cart's), the default when it reads null.
 */
export type ChannelRef = string | SQL | null | undefined

/** The channel, or the store's default one: a SQL value, so lookups stay one query. */
function channelOrDefault(channel: ChannelRef) {
  const storeDefault = sql`(SELECT ${store.default_sales_channel_id} FROM ${store} LIMIT 1)`
  if (channel instanceof SQL) return sql`coalesce(${channel}, ${storeDefault})`
  return channel ? sql`${channel}::text` : storeDefault
}

/** Units available per variant in the channel, one query; variants without items are absent. */
export async function variantAvailability(
  db: Db,
  variantIds: readonly string[],
  channel: ChannelRef,
): Promise<Map<string, number>> {
  const ids = [...new Set(variantIds)]
  if (ids.length === 0) return new Map()
  const link = productVariantInventoryItem
  const result = await db.execute(sql`
    SELECT per_item.variant_id, min(floor(per_item.available::numeric / per_item.required_quantity))::int AS sets
    FROM (
      SELECT ${link.variant_id} AS variant_id, ${link.required_quantity} AS required_quantity,
        coalesce(sum(${inventoryLevel.stocked_quantity} - ${inventoryLevel.reserved_quantity}), 0) AS available
      FROM ${link}
      JOIN ${inventoryItem} ON ${inventoryItem.id} = ${link.inventory_item_id} AND ${inventoryItem.deleted_at} IS NULL
      LEFT JOIN ${inventoryLevel} ON ${inventoryLevel.inventory_item_id} = ${link.inventory_item_id}
        AND ${inventoryLevel.deleted_at} IS NULL
        AND ${inventoryLevel.location_id} IN (
          SELECT ${salesChannelStockLocation.location_id} FROM ${salesChannelStockLocation}
          WHERE ${salesChannelStockLocation.sales_channel_id} = ${channelOrDefault(channel)})
      WHERE ${link.variant_id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND ${link.deleted_at} IS NULL
      GROUP BY ${link.id}, ${link.variant_id}, ${link.required_quantity}
    ) AS per_item
    GROUP BY per_item.variant_id`)
  const rows = rowsOf<{ variant_id: string; sets: number | string }>(result)
  return new Map(rows.map((row) => [row.variant_id, Number(row.sets)]))
}

interface StockedVariant {
  id: string
  manage_inventory: boolean
  allow_backorder: boolean
}

/**
 * The cart-side check: `quantity` units of a variant fit what the channel has available. Variants
 * that do not manage inventory, allow backorders or have no inventory items always fit.
 */
export function assertAvailable(variant: StockedVariant, quantity: number, available: Map<string, number>): void {
  if (!variant.manage_inventory || variant.allow_backorder) return
  const units = available.get(variant.id)
  if (units !== undefined && quantity > units) throw new InsufficientInventory(variant.id)
}

/**
 * A stock check for a batch of variants: one availability query up front, then a check per
 * variant and quantity without further queries.
 */
export async function availabilityCheck(
  db: Db,
  variantIds: readonly string[],
  channel: ChannelRef,
): Promise<(variant: StockedVariant, quantity: number) => void> {
  const available = await variantAvailability(db, variantIds, channel)
  return (variant, quantity) => assertAvailable(variant, quantity, available)
}

/** `GET /admin/variants/:id/inventory`: the sets available in each sales channel of the variant's product. */
export async function variantChannelAvailability(
  db: Db,
  variantId: string,
): Promise<{ channel_id: string; channel_name: string; available_quantity: number }[]> {
  const link = productVariantInventoryItem
  const result = await db.execute(sql`
    SELECT ${salesChannel.id} AS channel_id, ${salesChannel.name} AS channel_name,
      coalesce(min(floor(per_item.available::numeric / per_item.required_quantity)), 0)::int AS available_quantity
    FROM ${productVariant}
    JOIN ${productSalesChannel} ON ${productSalesChannel.product_id} = ${productVariant.product_id}
    JOIN ${salesChannel} ON ${salesChannel.id} = ${productSalesChannel.sales_channel_id}
      AND ${salesChannel.deleted_at} IS NULL
    LEFT JOIN LATERAL (
      SELECT ${link.required_quantity} AS required_quantity,
        coalesce(sum(${inventoryLevel.stocked_quantity} - ${inventoryLevel.reserved_quantity}), 0) AS available
      FROM ${link}
      JOIN ${inventoryItem} ON ${inventoryItem.id} = ${link.inventory_item_id} AND ${inventoryItem.deleted_at} IS NULL
      LEFT JOIN ${inventoryLevel} ON ${inventoryLevel.inventory_item_id} = ${link.inventory_item_id}
        AND ${inventoryLevel.deleted_at} IS NULL
        AND ${inventoryLevel.location_id} IN (
          SELECT ${salesChannelStockLocation.location_id} FROM ${salesChannelStockLocation}
          WHERE ${salesChannelStockLocation.sales_channel_id} = ${salesChannel.id})
      WHERE ${link.variant_id} = ${productVariant.id} AND ${link.deleted_at} IS NULL
      GROUP BY ${link.id}, ${link.required_quantity}
    ) AS per_item ON true
    WHERE ${productVariant.id} = ${variantId}
    GROUP BY ${salesChannel.id}, ${salesChannel.name}
    ORDER BY ${salesChannel.id}`)
  const rows = rowsOf<{ channel_id: string; channel_name: string; available_quantity: number }>(result)
  return rows.map((row) => ({ ...row, available_quantity: Number(row.available_quantity) }))
}
