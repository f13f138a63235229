import { pgTable, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns } from '../../db/columns.js'
import { user } from '../users/schema.js'

// Indexes live in migrations/0160_notes.sql.

/** A staff note on any resource (`resource_type` names its kind: `order`, `customer`…). */
export const note = pgTable('note', {
  ...softDeletableColumns(),
  value: text('value').notNull(),
  resource_type: text('resource_type').notNull(),
  resource_id: text('resource_id').notNull(),
  author_id: text('author_id').references(() => user.id),
  metadata: metadataColumn(),
})
