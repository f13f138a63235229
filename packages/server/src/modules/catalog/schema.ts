import { boolean, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn, softDeletableColumns } from '../../db/columns.js'
import { region } from '../regions/schema.js'
import { salesChannel } from '../sales-channels/schema.js'
import { currency } from '../store/schema.js'

// Indexes, checks and partial unique constraints live in migrations/0010_catalog.sql.

export const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

const dimensions = () => ({
  weight: doublePrecision('weight'),
  length: doublePrecision('length'),
  height: doublePrecision('height'),
  width: doublePrecision('width'),
})

const customs = () => ({
  hs_code: text('hs_code'),
  origin_country: text('origin_country'),
  mid_code: text('mid_code'),
  material: text('material'),
})

export const productCollection = pgTable('product_collection', {
  ...softDeletableColumns(),
  title: text('title').notNull(),
  handle: text('handle'),
  metadata: metadataColumn(),
})

export const productType = pgTable('product_type', {
  ...softDeletableColumns(),
  value: text('value').notNull(),
  metadata: metadataColumn(),
})

export const productTag = pgTable('product_tag', {
  ...softDeletableColumns(),
  value: text('value').notNull(),
  metadata: metadataColumn(),
})

export const product = pgTable('product', {
  ...softDeletableColumns(),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  description: text('description'),
  handle: text('handle'),
  is_giftcard: boolean('is_giftcard').notNull().default(false),
  status: text('status').$type<ProductStatus>().notNull().default('draft'),
  thumbnail: text('thumbnail'),
  ...dimensions(),
  ...customs(),
  collection_id: text('collection_id').references(() => productCollection.id, { onDelete: 'set null' }),
  type_id: text('type_id').references(() => productType.id, { onDelete: 'set null' }),
  discountable: boolean('discountable').notNull().default(true),
  external_id: text('external_id'),
  // The shipping module owns profiles (and this column's foreign key, in its migration).
  profile_id: text('profile_id'),
  metadata: metadataColumn(),
})

export const productVariant = pgTable('product_variant', {
  ...softDeletableColumns(),
  title: text('title').notNull(),
  product_id: text('product_id')
    .notNull()
    .references(() => product.id, { onDelete: 'cascade' }),
  sku: text('sku'),
  barcode: text('barcode'),
  ean: text('ean'),
  upc: text('upc'),
  variant_rank: integer('variant_rank').default(0),
  inventory_quantity: integer('inventory_quantity').notNull().default(0),
  allow_backorder: boolean('allow_backorder').notNull().default(false),
  manage_inventory: boolean('manage_inventory').notNull().default(true),
  ...customs(),
  ...dimensions(),
  metadata: metadataColumn(),
})

export const productOption = pgTable('product_option', {
  ...softDeletableColumns(),
  title: text('title').notNull(),
  product_id: text('product_id')
    .notNull()
    .references(() => product.id, { onDelete: 'cascade' }),
  metadata: metadataColumn(),
})

export const productOptionValue = pgTable('product_option_value', {
  ...softDeletableColumns(),
  value: text('value').notNull(),
  option_id: text('option_id')
    .notNull()
    .references(() => productOption.id, { onDelete: 'cascade' }),
  variant_id: text('variant_id')
    .notNull()
    .references(() => productVariant.id, { onDelete: 'cascade' }),
  metadata: metadataColumn(),
})

export const image = pgTable('image', {
  ...softDeletableColumns(),
  url: text('url').notNull(),
  metadata: metadataColumn(),
})

export const productImages = pgTable(
  'product_images',
  {
    product_id: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    image_id: text('image_id')
      .notNull()
      .references(() => image.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.product_id, table.image_id] })],
)

export const productTags = pgTable(
  'product_tags',
  {
    product_id: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    product_tag_id: text('product_tag_id')
      .notNull()
      .references(() => productTag.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.product_id, table.product_tag_id] })],
)

export const productCategory = pgTable('product_category', {
  ...baseColumns(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  handle: text('handle').notNull(),
  is_active: boolean('is_active').notNull().default(false),
  is_internal: boolean('is_internal').notNull().default(false),
  parent_category_id: text('parent_category_id'),
  rank: integer('rank').notNull().default(0),
  metadata: metadataColumn(),
})

export const productCategoryProduct = pgTable(
  'product_category_product',
  {
    product_category_id: text('product_category_id')
      .notNull()
      .references(() => productCategory.id, { onDelete: 'cascade' }),
    product_id: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.product_category_id, table.product_id] })],
)

export const productSalesChannel = pgTable('product_sales_channel', {
  ...baseColumns(),
  product_id: text('product_id')
    .notNull()
    .references(() => product.id, { onDelete: 'cascade' }),
  sales_channel_id: text('sales_channel_id')
    .notNull()
    .references(() => salesChannel.id, { onDelete: 'cascade' }),
})

export const moneyAmount = pgTable('money_amount', {
  ...softDeletableColumns(),
  currency_code: text('currency_code')
    .notNull()
    .references(() => currency.code),
  amount: integer('amount').notNull(),
  min_quantity: integer('min_quantity'),
  max_quantity: integer('max_quantity'),
  /** No foreign key yet: price lists arrive with the pricing module. */
  price_list_id: text('price_list_id'),
  region_id: text('region_id').references(() => region.id, { onDelete: 'cascade' }),
  variant_id: text('variant_id')
    .notNull()
    .references(() => productVariant.id, { onDelete: 'cascade' }),
})
