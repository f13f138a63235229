import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'

export const USER_ROLES = ['admin', 'member', 'developer'] as const
export type UserRole = (typeof USER_ROLES)[number]

export const user = pgTable('user', {
  ...softDeletableColumns(),
  email: text('email').notNull(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  role: text('role').$type<UserRole>().notNull().default('member'),
  /** Never selected for the wire: response schemas leave it out. */
  password_hash: text('password_hash'),
  /** Raised by a password change or reset; sessions and tokens of an older version are refused. */
  token_version: integer('token_version').notNull().default(0),
  api_token: text('api_token'),
  metadata: metadataColumn(),
})

export const invite = pgTable('invite', {
  ...softDeletableColumns(),
  user_email: text('user_email').notNull(),
  role: text('role').$type<UserRole>().notNull().default('member'),
  accepted: boolean('accepted').notNull().default(false),
  token: text('token').notNull(),
  expires_at: timestamptz('expires_at').notNull().defaultNow(),
  metadata: metadataColumn(),
})
