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

export const DRAFT_ORDER_STATUSES = ['open', 'completed'] as const
export type DraftOrderStatus = (typeof DRAFT_ORDER_STATUSES)[number]

/** An order put together by staff on a cart of type `draft_order` (migrations/0170_draft_orders.sql). */
export const draftOrder = pgTable('draft_order', {
  ...baseColumns(),
  status: text('status').$type<DraftOrderStatus>().notNull().default('open'),
  display_id: serial('display_id').notNull(),
  cart_id: text('cart_id').references(() => cart.id),
  order_id: text('order_id').references(() => order.id),
  canceled_at: timestamptz('canceled_at'),
  completed_at: timestamptz('completed_at'),
  no_notification_order: boolean('no_notification_order'),
  idempotency_key: text('idempotency_key'),
  metadata: metadataColumn(),
})

// Order edits: migrations/0200_order_edits.sql (the one-active-edit index, the change uniques).

export const orderEdit = pgTable('order_edit', {
  ...baseColumns(),
  order_id: text('order_id')
    .notNull()
    .references(() => order.id),
  internal_note: text('internal_note'),
  created_by: text('created_by').notNull(),
  requested_by: text('requested_by'),
  requested_at: timestamptz('requested_at'),
  confirmed_by: text('confirmed_by'),
  confirmed_at: timestamptz('confirmed_at'),
  declined_by: text('declined_by'),
  declined_reason: text('declined_reason'),
  declined_at: timestamptz('declined_at'),
  canceled_by: text('canceled_by'),
  canceled_at: timestamptz('canceled_at'),
  /** A payment_collection row (a later module's table, so no reference here). */
  payment_collection_id: text('payment_collection_id'),
})

export const ORDER_ITEM_CHANGE_TYPES = ['item_add', 'item_remove', 'item_update'] as const
export type OrderItemChangeType = (typeof ORDER_ITEM_CHANGE_TYPES)[number]

export const orderItemChange = pgTable('order_item_change', {
  ...baseColumns(),
  type: text('type').$type<OrderItemChangeType>().notNull(),
  order_edit_id: text('order_edit_id')
    .notNull()
    .references(() => orderEdit.id),
  original_line_item_id: text('original_line_item_id'),
  line_item_id: text('line_item_id'),
  deleted_at: timestamptz('deleted_at'),
})

// Claims: migrations/0201_claims.sql.

export const CLAIM_TYPES = ['refund', 'replace'] as const
export type ClaimType = (typeof CLAIM_TYPES)[number]
export const CLAIM_PAYMENT_STATUSES = ['na', 'not_refunded', 'refunded'] as const
export type ClaimPaymentStatus = (typeof CLAIM_PAYMENT_STATUSES)[number]
export const CLAIM_REASONS = ['missing_item', 'wrong_item', 'production_failure', 'other'] as const
export type ClaimReason = (typeof CLAIM_REASONS)[number]

export const claimOrder = pgTable('claim_order', {
  ...baseColumns(),
  payment_status: text('payment_status').$type<ClaimPaymentStatus>().notNull().default('na'),
  fulfillment_status: text('fulfillment_status').$type<FulfillmentStatus>().notNull().default('not_fulfilled'),
  type: text('type').$type<ClaimType>().notNull(),
  order_id: text('order_id')
    .notNull()
    .references(() => order.id),
  shipping_address_id: text('shipping_address_id').references(() => address.id),
  refund_amount: integer('refund_amount'),
  canceled_at: timestamptz('canceled_at'),
  no_notification: boolean('no_notification'),
  metadata: metadataColumn(),
  idempotency_key: text('idempotency_key'),
  deleted_at: timestamptz('deleted_at'),
})

export const claimItem = pgTable('claim_item', {
  ...baseColumns(),
  claim_order_id: text('claim_order_id')
    .notNull()
    .references(() => claimOrder.id),
  item_id: text('item_id').notNull(),
  variant_id: text('variant_id'),
  reason: text('reason').$type<ClaimReason>().notNull(),
  note: text('note'),
  quantity: integer('quantity').notNull(),
  metadata: metadataColumn(),
  deleted_at: timestamptz('deleted_at'),
})

export const claimImage = pgTable('claim_image', {
  ...baseColumns(),
  claim_item_id: text('claim_item_id')
    .notNull()
    .references(() => claimItem.id),
  url: text('url').notNull(),
  metadata: metadataColumn(),
  deleted_at: timestamptz('deleted_at'),
})

export const claimTag = pgTable('claim_tag', {
  ...baseColumns(),
  value: text('value').notNull(),
  metadata: metadataColumn(),
  deleted_at: timestamptz('deleted_at'),
})

export const claimItemTags = pgTable('claim_item_tags', {
  item_id: text('item_id')
    .notNull()
    .references(() => claimItem.id),
  tag_id: text('tag_id')
    .notNull()
    .references(() => claimTag.id),
})

// Swaps: migrations/0210_swaps.sql.

export const SWAP_FULFILLMENT_STATUSES = [
  'not_fulfilled',
  'fulfilled',
  'shipped',
  'partially_shipped',
  'canceled',
  'requires_action',
] as const
export type SwapFulfillmentStatus = (typeof SWAP_FULFILLMENT_STATUSES)[number]
export const SWAP_PAYMENT_STATUSES = [
  'not_paid',
  'awaiting',
  'captured',
  'confirmed',
  'canceled',
  'difference_refunded',
  'partially_refunded',
  'refunded',
  'requires_action',
] as const
export type SwapPaymentStatus = (typeof SWAP_PAYMENT_STATUSES)[number]

export const swap = pgTable('swap', {
  ...baseColumns(),
  fulfillment_status: text('fulfillment_status').$type<SwapFulfillmentStatus>().notNull().default('not_fulfilled'),
  payment_status: text('payment_status').$type<SwapPaymentStatus>().notNull().default('not_paid'),
  order_id: text('order_id')
    .notNull()
    .references(() => order.id),
  /** What the shopper pays (positive) or gets back (negative) once the swap's cart completes. */
  difference_due: integer('difference_due'),
  shipping_address_id: text('shipping_address_id').references(() => address.id),
  cart_id: text('cart_id').references(() => cart.id),
  confirmed_at: timestamptz('confirmed_at'),
  canceled_at: timestamptz('canceled_at'),
  no_notification: boolean('no_notification'),
  allow_backorder: boolean('allow_backorder').notNull().default(false),
  idempotency_key: text('idempotency_key'),
  metadata: metadataColumn(),
  deleted_at: timestamptz('deleted_at'),
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
