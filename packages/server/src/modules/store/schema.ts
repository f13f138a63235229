import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn } from '../../db/columns.js'

export const currency = pgTable('currency', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  symbol_native: text('symbol_native').notNull(),
  name: text('name').notNull(),
  decimal_digits: integer('decimal_digits').notNull().default(2),
  includes_tax: boolean('includes_tax').notNull().default(false),
})

export const store = pgTable('store', {
  ...baseColumns(),
  name: text('name').notNull().default('Emporium Store'),
  default_currency_code: text('default_currency_code')
    .notNull()
    .default('usd')
    .references(() => currency.code),
  swap_link_template: text('swap_link_template'),
  payment_link_template: text('payment_link_template'),
  invite_link_template: text('invite_link_template'),
  default_location_id: text('default_location_id'),
  // References sales_channel (migrations/); the relation is declared in db/schema.ts.
  default_sales_channel_id: text('default_sales_channel_id'),
  metadata: metadataColumn(),
})

export const storeCurrency = pgTable(
  'store_currency',
  {
    store_id: text('store_id')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    currency_code: text('currency_code')
      .notNull()
      .references(() => currency.code),
  },
  (table) => [primaryKey({ columns: [table.store_id, table.currency_code] })],
)

/** The payment, fulfillment and tax providers the store has installed (regions pick from them). */
export const paymentProvider = pgTable('payment_provider', {
  id: text('id').primaryKey(),
  is_installed: boolean('is_installed').notNull().default(true),
})

export const fulfillmentProvider = pgTable('fulfillment_provider', {
  id: text('id').primaryKey(),
  is_installed: boolean('is_installed').notNull().default(true),
})

export const taxProvider = pgTable('tax_provider', {
  id: text('id').primaryKey(),
  is_installed: boolean('is_installed').notNull().default(true),
})
