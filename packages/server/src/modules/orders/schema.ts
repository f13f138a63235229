import { boolean, integer, jsonb, pgTable, real, serial, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'
import { cart, lineItem } from '../carts/schema.js'
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

// Fulfilments, tracking links, refunds and operation claims: migrations/0150_order_admin.sql.

export const fulfillment = pgTable('fulfillment', {
  ...baseColumns(),
  claim_order_id: text('claim_order_id'),
  swap_id: text('swap_id'),
  order_id: text('order_id').references(() => order.id),
  no_notification: boolean('no_notification'),
  provider_id: text('provider_id').notNull(),
  location_id: text('location_id'),
  tracking_numbers: jsonb('tracking_numbers').$type<string[]>().notNull().default([]),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  shipped_at: timestamptz('shipped_at'),
  canceled_at: timestamptz('canceled_at'),
  metadata: metadataColumn(),
  idempotency_key: text('idempotency_key'),
})

export const fulfillmentItem = pgTable('fulfillment_item', {
  fulfillment_id: text('fulfillment_id')
    .notNull()
    .references(() => fulfillment.id),
  item_id: text('item_id').notNull(),
  quantity: integer('quantity').notNull(),
})

export const trackingLink = pgTable('tracking_link', {
  ...baseColumns(),
  url: text('url'),
  tracking_number: text('tracking_number').notNull(),
  fulfillment_id: text('fulfillment_id')
    .notNull()
    .references(() => fulfillment.id),
  idempotency_key: text('idempotency_key'),
  metadata: metadataColumn(),
  deleted_at: timestamptz('deleted_at'),
})

export const REFUND_REASONS = ['discount', 'return', 'swap', 'claim', 'other'] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

export const refund = pgTable('refund', {
  ...baseColumns(),
  order_id: text('order_id').references(() => order.id),
  payment_id: text('payment_id').references(() => payment.id),
  amount: integer('amount').notNull(),
  note: text('note'),
  reason: text('reason').$type<RefundReason>().notNull(),
  metadata: metadataColumn(),
  idempotency_key: text('idempotency_key'),
})

/** A provider operation in progress on an order (or a payment without one); see operations.ts. */
export const orderOperation = pgTable('order_operation', {
  resource_id: text('resource_id').primaryKey(),
  kind: text('kind').notNull(),
  expires_at: timestamptz('expires_at').notNull(),
})

// Return reasons, returns and their items: migrations/0180_returns.sql.

/** Why a shopper sends an item back; one level of children under a top-level reason. */
export const returnReason = pgTable('return_reason', {
  ...softDeletableColumns(),
  value: text('value').notNull(),
  label: text('label').notNull(),
  description: text('description'),
  parent_return_reason_id: text('parent_return_reason_id'),
  metadata: metadataColumn(),
})

export const RETURN_STATUSES = ['requested', 'received', 'requires_action', 'canceled'] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

/** A return of an order's items (or a swap's or a claim's, through `swap_id`/`claim_order_id`). */
export const orderReturn = pgTable('return', {
  ...baseColumns(),
  status: text('status').$type<ReturnStatus>().notNull().default('requested'),
  swap_id: text('swap_id'),
  claim_order_id: text('claim_order_id'),
  order_id: text('order_id').references(() => order.id),
  location_id: text('location_id'),
  shipping_data: jsonb('shipping_data').$type<Record<string, unknown> | null>(),
  /** Minor units refunded on receipt unless the receipt names its own amount. */
  refund_amount: integer('refund_amount').notNull().default(0),
  received_at: timestamptz('received_at'),
  no_notification: boolean('no_notification'),
  metadata: metadataColumn(),
  idempotency_key: text('idempotency_key'),
})

export const returnItem = pgTable('return_item', {
  return_id: text('return_id')
    .notNull()
    .references(() => orderReturn.id),
  item_id: text('item_id')
    .notNull()
    .references(() => lineItem.id),
  quantity: integer('quantity').notNull(),
  is_requested: boolean('is_requested').notNull().default(true),
  requested_quantity: integer('requested_quantity'),
  received_quantity: integer('received_quantity'),
  reason_id: text('reason_id').references(() => returnReason.id),
  note: text('note'),
  metadata: metadataColumn(),
})
