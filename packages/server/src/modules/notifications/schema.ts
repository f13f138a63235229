import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { baseColumns } from '../../db/columns.js'

/** Every message sent through a notification provider (invites, password resets, order mails…). */
export const notification = pgTable('notification', {
  ...baseColumns(),
  event_name: text('event_name'),
  resource_type: text('resource_type').notNull(),
  resource_id: text('resource_id').notNull(),
  customer_id: text('customer_id'),
  to: text('to').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  parent_id: text('parent_id'),
  provider_id: text('provider_id'),
})
