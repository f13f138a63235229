import { boolean, pgTable, text, unique } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'

export const salesChannel = pgTable('sales_channel', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  description: text('description'),
  is_disabled: boolean('is_disabled').notNull().default(false),
  metadata: metadataColumn(),
})

export const publishableApiKey = pgTable('publishable_api_key', {
  ...baseColumns(),
  title: text('title').notNull(),
  created_by: text('created_by'),
  revoked_by: text('revoked_by'),
  revoked_at: timestamptz('revoked_at'),
})

export const publishableApiKeySalesChannel = pgTable(
  'publishable_api_key_sales_channel',
  {
    ...baseColumns(),
    publishable_key_id: text('publishable_key_id')
      .notNull()
      .references(() => publishableApiKey.id, { onDelete: 'cascade' }),
    sales_channel_id: text('sales_channel_id')
      .notNull()
      .references(() => salesChannel.id, { onDelete: 'cascade' }),
  },
  (table) => [unique().on(table.publishable_key_id, table.sales_channel_id)],
)
