import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { softDeletableColumns, timestamptz } from '../../db/columns.js'
import { customerGroup } from '../customers/schema.js'

// Indexes, checks and the money_amount foreign key live in migrations/0220_price_lists.sql. A list's
// prices are rows of the catalog's money_amount carrying its price_list_id.

export const PRICE_LIST_TYPES = ['sale', 'override'] as const
export type PriceListType = (typeof PRICE_LIST_TYPES)[number]
export const PRICE_LIST_STATUSES = ['active', 'draft'] as const
export type PriceListStatus = (typeof PRICE_LIST_STATUSES)[number]

export const priceList = pgTable('price_list', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  type: text('type').$type<PriceListType>().notNull().default('sale'),
  status: text('status').$type<PriceListStatus>().notNull().default('draft'),
  starts_at: timestamptz('starts_at'),
  ends_at: timestamptz('ends_at'),
  includes_tax: boolean('includes_tax').notNull().default(false),
})

export const priceListCustomerGroup = pgTable(
  'price_list_customer_groups',
  {
    price_list_id: text('price_list_id')
      .notNull()
      .references(() => priceList.id, { onDelete: 'cascade' }),
    customer_group_id: text('customer_group_id')
      .notNull()
      .references(() => customerGroup.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.price_list_id, table.customer_group_id] })],
)
