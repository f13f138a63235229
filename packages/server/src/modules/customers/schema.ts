import { boolean, integer, pgTable, primaryKey, text, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns } from '../../db/columns.js'
import { country } from '../regions/schema.js'

export const customer = pgTable('customer', {
  ...softDeletableColumns(),
  email: text('email').notNull(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  billing_address_id: text('billing_address_id').references((): AnyPgColumn => address.id),
  /** Never selected for the wire: response schemas leave it out. */
  password_hash: text('password_hash'),
  /** Raised by a password change or reset; sessions and tokens of an older version are refused. */
  token_version: integer('token_version').notNull().default(0),
  phone: text('phone'),
  has_account: boolean('has_account').notNull().default(false),
  metadata: metadataColumn(),
})

/** A customer's saved address, or the shipping/billing address of a cart or order (no customer). */
export const address = pgTable('address', {
  ...softDeletableColumns(),
  customer_id: text('customer_id').references((): AnyPgColumn => customer.id),
  company: text('company'),
  first_name: text('first_name'),
  last_name: text('last_name'),
  address_1: text('address_1'),
  address_2: text('address_2'),
  city: text('city'),
  country_code: text('country_code').references(() => country.iso_2),
  province: text('province'),
  postal_code: text('postal_code'),
  phone: text('phone'),
  metadata: metadataColumn(),
})

export const customerGroup = pgTable('customer_group', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  metadata: metadataColumn(),
})

export const customerGroupCustomer = pgTable(
  'customer_group_customers',
  {
    customer_group_id: text('customer_group_id')
      .notNull()
      .references(() => customerGroup.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.customer_group_id, table.customer_id] })],
)
