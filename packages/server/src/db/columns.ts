import { jsonb, text, timestamp } from 'drizzle-orm/pg-core'

/** Columns every BaseEntity has (reference/entities.md): a prefixed id and timestamps. */
export const baseColumns = () => ({
  id: text('id').primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
})

/** BaseEntity + soft delete. */
export const softDeletableColumns = () => ({
  ...baseColumns(),
  deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
})

export const metadataColumn = () => jsonb('metadata').$type<Record<string, unknown> | null>()

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
