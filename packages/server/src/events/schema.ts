import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from '../db/columns.js'

/** Events written in the same transaction as the change they describe, delivered after commit. */
export const outbox = pgTable('outbox', {
  id: text('id').primaryKey(),
  event_name: text('event_name').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  created_at: timestamptz('created_at').notNull().defaultNow(),
  available_at: timestamptz('available_at').notNull().defaultNow(),
  delivered_at: timestamptz('delivered_at'),
  attempts: integer('attempts').notNull().default(0),
  last_error: text('last_error'),
})
