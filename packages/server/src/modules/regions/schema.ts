import { boolean, integer, pgTable, primaryKey, real, serial, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns } from '../../db/columns.js'
import { currency, fulfillmentProvider, paymentProvider, taxProvider } from '../store/schema.js'

export const region = pgTable('region', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  currency_code: text('currency_code')
    .notNull()
    .references(() => currency.code),
  tax_rate: real('tax_rate').notNull(),
  tax_code: text('tax_code'),
  gift_cards_taxable: boolean('gift_cards_taxable').notNull().default(true),
  automatic_taxes: boolean('automatic_taxes').notNull().default(true),
  tax_provider_id: text('tax_provider_id').references(() => taxProvider.id),
  includes_tax: boolean('includes_tax').notNull().default(false),
  metadata: metadataColumn(),
})

export const regionPaymentProvider = pgTable(
  'region_payment_provider',
  {
    region_id: text('region_id')
      .notNull()
      .references(() => region.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => paymentProvider.id),
  },
  (table) => [primaryKey({ columns: [table.region_id, table.provider_id] })],
)

export const regionFulfillmentProvider = pgTable(
  'region_fulfillment_provider',
  {
    region_id: text('region_id')
      .notNull()
      .references(() => region.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => fulfillmentProvider.id),
  },
  (table) => [primaryKey({ columns: [table.region_id, table.provider_id] })],
)

export const country = pgTable('country', {
  id: serial('id').primaryKey(),
  iso_2: text('iso_2').notNull().unique(),
  iso_3: text('iso_3').notNull(),
  num_code: integer('num_code').notNull(),
  name: text('name').notNull(),
  display_name: text('display_name').notNull(),
  region_id: text('region_id').references(() => region.id, { onDelete: 'set null' }),
})
