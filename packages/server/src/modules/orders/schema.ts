import { boolean, integer, jsonb, pgTable, real, serial, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn, timestamptz } from '../../db/columns.js'
import { cart } from '../carts/schema.js'
import { address, customer } from '../customers/schema.js'
import { region } from '../regions/schema.js'
import { salesChannel } from '../sales-channels/schema.js'
import { currency } from '../store/schema.js'

// Checks, the display_id sequence, the unique cart_id and the indexes live in migrations/0060_orders.sql.

export const ORDER_STATUSES = ['pending', 'completed', 'archived', 'canceled', 'requires_action'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const FULFILLMENT_STATUSES = [
  'not_fulfilled',
  'partially_fulfilled',
  'fulfilled',
  'partially_shipped',
  'shipped',
  'partially_returned',
  'returned',
  'canceled',
  'requires_action',
] as const
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number]

export const PAYMENT_STATUSES = [
  'not_paid',
  'awaiting',
  'captured',
  'partially_refunded',
  'refunded',
  'canceled',
  'requires_action',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const order = pgTable('order', {
  ...baseColumns(),
  status: text('status').$type<OrderStatus>().notNull().default('pending'),
  fulfillment_status: text('fulfillment_status').$type<FulfillmentStatus>().notNull().default('not_fulfilled'),
  payment_status: text('payment_status').$type<PaymentStatus>().notNull().default('not_paid'),
  display_id: serial('display_id').notNull(),
  /** Unique: a cart yields at most one order, whatever races its completion. */
  cart_id: text('cart_id').references(() => cart.id),
  customer_id: text('customer_id')
    .notNull()
    .references(() => customer.id),
  email: text('email').notNull(),
  billing_address_id: text('billing_address_id').references(() => address.id),
  shipping_address_id: text('shipping_address_id').references(() => address.id),
  region_id: text('region_id')
    .notNull()
    .references(() => region.id),
  currency_code: text('currency_code')
    .notNull()
    .references(() => currency.code),
  tax_rate: real('tax_rate'),
  draft_order_id: text('draft_order_id'),
  canceled_at: timestamptz('canceled_at'),
  metadata: metadataColumn(),
  no_notification: boolean('no_notification'),
  idempotency_key: text('idempotency_key'),
  external_id: text('external_id'),
  sales_channel_id: text('sales_channel_id').references(() => salesChannel.id),
})

export const payment = pgTable('payment', {
  ...baseColumns(),
  swap_id: text('swap_id'),
  cart_id: text('cart_id').references(() => cart.id),
  order_id: text('order_id').references(() => order.id),
  /** Minor units of `currency_code`. */
  amount: integer('amount').notNull(),
  currency_code: text('currency_code')
    .notNull()
    .references(() => currency.code),
  amount_refunded: integer('amount_refunded').notNull().default(0),
  provider_id: text('provider_id').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  captured_at: timestamptz('captured_at'),
  canceled_at: timestamptz('canceled_at'),
  metadata: metadataColumn(),
  idempotency_key: text('idempotency_key'),
})
