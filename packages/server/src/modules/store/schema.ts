import { relations } from 'drizzle-orm'
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn } from '../../db/columns.js'
import { salesChannel } from '../sales-channels/schema.js'

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
  default_sales_channel_id: text('default_sales_channel_id').references(() => salesChannel.id),
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

export const storeRelations = relations(store, ({ one, many }) => ({
  default_currency: one(currency, { fields: [store.default_currency_code], references: [currency.code] }),
  default_sales_channel: one(salesChannel, { fields: [store.default_sales_channel_id], references: [salesChannel.id] }),
  currencies: many(storeCurrency),
}))

export const storeCurrencyRelations = relations(storeCurrency, ({ one }) => ({
  store: one(store, { fields: [storeCurrency.store_id], references: [store.id] }),
  currency: one(currency, { fields: [storeCurrency.currency_code], references: [currency.code] }),
}))
