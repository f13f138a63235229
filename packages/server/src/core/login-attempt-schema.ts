import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { timestamptz } from '../db/columns.js'

/**
 * Login failures per account (`address` empty) and per account and client address, in the
 * database so that every server process counts the same guesses (`login-throttle.ts`).
 */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    /** `admin` for staff, `store` for customers. */
    domain: text('domain').$type<'admin' | 'store'>().notNull(),
    /** Lower case; an email without an account is counted too, so a miss looks like a wrong password. */
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    failed_at: timestamptz('failed_at'),
    blocked_until: timestamptz('blocked_until'),
    trusted_until: timestamptz('trusted_until'),
    expires_at: timestamptz('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.domain, table.email, table.address] })],
)
