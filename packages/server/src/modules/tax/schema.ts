import { pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn, timestamptz } from '../../db/columns.js'
import { product, productType } from '../catalog/schema.js'
import { region } from '../regions/schema.js'
import { shippingOption } from '../shipping/schema.js'

// Indexes live in migrations/0040_tax.sql.

/** An override rate: products, product types and shipping options linked to it use it instead of the region's rate. */
export const taxRate = pgTable('tax_rate', {
  ...baseColumns(),
  rate: real('rate'),
  code: text('code'),
  name: text('name').notNull(),
  region_id: text('region_id')
    .notNull()
    .references(() => region.id),
  metadata: metadataColumn(),
})

/** v1 join rows carry their own timestamps and metadata. */
const linkColumns = () => ({
  rate_id: text('rate_id')
    .notNull()
    .references(() => taxRate.id, { onDelete: 'cascade' }),
  created_at: timestamptz('created_at').notNull().defaultNow(),
  updated_at: timestamptz('updated_at').notNull().defaultNow(),
  metadata: metadataColumn(),
})

export const productTaxRate = pgTable(
  'product_tax_rate',
  {
    product_id: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    ...linkColumns(),
  },
  (table) => [primaryKey({ columns: [table.product_id, table.rate_id] })],
)

export const productTypeTaxRate = pgTable(
  'product_type_tax_rate',
  {
    product_type_id: text('product_type_id')
      .notNull()
      .references(() => productType.id, { onDelete: 'cascade' }),
    ...linkColumns(),
  },
  (table) => [primaryKey({ columns: [table.product_type_id, table.rate_id] })],
)

export const shippingTaxRate = pgTable(
  'shipping_tax_rate',
  {
    shipping_option_id: text('shipping_option_id')
      .notNull()
      .references(() => shippingOption.id, { onDelete: 'cascade' }),
    ...linkColumns(),
  },
  (table) => [primaryKey({ columns: [table.shipping_option_id, table.rate_id] })],
)
