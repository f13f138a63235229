import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns } from '../../db/columns.js'
import { paymentSession } from '../carts/schema.js'
import { payment } from '../orders/schema.js'
import { region } from '../regions/schema.js'
import { currency } from '../store/schema.js'

export type PaymentCollectionStatus = 'not_paid' | 'awaiting' | 'authorized' | 'partially_authorized' | 'canceled'
export type PaymentCollectionType = 'order_edit'

export const paymentCollection = pgTable('payment_collection', {
  ...softDeletableColumns(),
  type: text('type').$type<PaymentCollectionType>().notNull(),
  status: text('status').$type<PaymentCollectionStatus>().notNull(),
  description: text('description'),
  /** Minor units of `currency_code`. */
  amount: integer('amount').notNull(),
  authorized_amount: integer('authorized_amount'),
  region_id: text('region_id')
    .notNull()
    .references(() => region.id),
  currency_code: text('currency_code')
    .notNull()
    .references(() => currency.code),
  metadata: metadataColumn(),
  created_by: text('created_by').notNull(),
})

export const paymentCollectionSessions = pgTable(
  'payment_collection_sessions',
  {
    payment_collection_id: text('payment_collection_id')
      .notNull()
      .references(() => paymentCollection.id, { onDelete: 'cascade' }),
    payment_session_id: text('payment_session_id')
      .notNull()
      .references(() => paymentSession.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.payment_collection_id, table.payment_session_id] })],
)

export const paymentCollectionPayments = pgTable(
  'payment_collection_payments',
  {
    payment_collection_id: text('payment_collection_id')
      .notNull()
      .references(() => paymentCollection.id, { onDelete: 'cascade' }),
    payment_id: text('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.payment_collection_id, table.payment_id] })],
)
