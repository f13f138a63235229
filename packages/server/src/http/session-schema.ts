import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from '../db/columns.js'

/** Server sessions live in the database so several server processes share them. */
export const session = pgTable('session', {
  sid: text('sid').primaryKey(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  expires_at: timestamptz('expires_at').notNull(),
})
