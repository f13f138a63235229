import { boolean, pgTable, text } from 'drizzle-orm/pg-core'
import { softDeletableColumns } from '../../db/columns.js'
import { user } from '../users/schema.js'

/** One admin user's usage-data preferences (`acfg_`). */
export const analyticsConfig = pgTable('analytics_config', {
  ...softDeletableColumns(),
  user_id: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  opt_out: boolean('opt_out').notNull().default(false),
  anonymize: boolean('anonymize').notNull().default(false),
})
