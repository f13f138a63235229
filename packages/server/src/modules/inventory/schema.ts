import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'
import { productVariant } from '../catalog/schema.js'
import { salesChannel } from '../sales-channels/schema.js'

// Indexes and CHECK constraints live in migrations/0015_inventory.sql.

export const stockLocationAddress = pgTable('stock_location_address', {
  ...softDeletableColumns(),
  address_1: text('address_1').notNull(),
  address_2: text('address_2'),
  company: text('company'),
  city: text('city'),
  country_code: text('country_code').notNull(),
  phone: text('phone'),
  province: text('province'),
  postal_code: text('postal_code'),
  metadata: metadataColumn(),
})

export const stockLocation = pgTable('stock_location', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  address_id: text('address_id').references(() => stockLocationAddress.id),
  metadata: metadataColumn(),
})

/** The locations whose stock a sales channel sells. */
export const salesChannelStockLocation = pgTable(
  'sales_channel_stock_location',
  {
    sales_channel_id: text('sales_channel_id')
      .notNull()
      .references(() => salesChannel.id, { onDelete: 'cascade' }),
    location_id: text('location_id')
      .notNull()
      .references(() => stockLocation.id, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sales_channel_id, table.location_id] })],
)

export const inventoryItem = pgTable('inventory_item', {
  ...softDeletableColumns(),
  sku: text('sku'),
  origin_country: text('origin_country'),
  hs_code: text('hs_code'),
  mid_code: text('mid_code'),
  material: text('material'),
  title: text('title'),
  description: text('description'),
  thumbnail: text('thumbnail'),
  weight: integer('weight'),
  length: integer('length'),
  height: integer('height'),
  width: integer('width'),
  requires_shipping: boolean('requires_shipping').notNull().default(true),
  metadata: metadataColumn(),
})

/** How many units of an inventory item one unit of a variant takes. */
export const productVariantInventoryItem = pgTable('product_variant_inventory_item', {
  ...softDeletableColumns(),
  variant_id: text('variant_id')
    .notNull()
    .references(() => productVariant.id, { onDelete: 'cascade' }),
  inventory_item_id: text('inventory_item_id')
    .notNull()
    .references(() => inventoryItem.id, { onDelete: 'cascade' }),
  required_quantity: integer('required_quantity').notNull().default(1),
})

/** An item's stock at one location; available = stocked − reserved. */
export const inventoryLevel = pgTable('inventory_level', {
  ...softDeletableColumns(),
  inventory_item_id: text('inventory_item_id')
    .notNull()
    .references(() => inventoryItem.id, { onDelete: 'cascade' }),
  location_id: text('location_id')
    .notNull()
    .references(() => stockLocation.id, { onDelete: 'cascade' }),
  stocked_quantity: integer('stocked_quantity').notNull().default(0),
  reserved_quantity: integer('reserved_quantity').notNull().default(0),
  incoming_quantity: integer('incoming_quantity').notNull().default(0),
  metadata: metadataColumn(),
})

/** Units held at a location for an order line (or by hand), counted in the level's reserved_quantity. */
export const reservationItem = pgTable('reservation_item', {
  ...softDeletableColumns(),
  line_item_id: text('line_item_id'),
  inventory_item_id: text('inventory_item_id')
    .notNull()
    .references(() => inventoryItem.id, { onDelete: 'cascade' }),
  location_id: text('location_id')
    .notNull()
    .references(() => stockLocation.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull(),
  external_id: text('external_id'),
  description: text('description'),
  created_by: text('created_by'),
  metadata: metadataColumn(),
})
