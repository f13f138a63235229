import { boolean, integer, jsonb, numeric, pgTable, real, text } from 'drizzle-orm/pg-core'
import { baseColumns, metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'
import type { PaymentSessionStatus } from '../../providers/payment.js'
import { productVariant } from '../catalog/schema.js'
import { address, customer } from '../customers/schema.js'
import { region } from '../regions/schema.js'
import { paymentProvider } from '../store/schema.js'
import { salesChannel } from '../sales-channels/schema.js'
import { shippingOption } from '../shipping/schema.js'

// Indexes, checks and partial unique constraints live in migrations/0050_carts.sql.

export const CART_TYPES = ['default', 'swap', 'draft_order', 'payment_link', 'claim'] as const
export type CartType = (typeof CART_TYPES)[number]

export const cart = pgTable('cart', {
  ...softDeletableColumns(),
  email: text('email'),
  billing_address_id: text('billing_address_id').references(() => address.id),
  shipping_address_id: text('shipping_address_id').references(() => address.id),
  region_id: text('region_id')
    .notNull()
    .references(() => region.id),
  customer_id: text('customer_id').references(() => customer.id),
  /** No foreign key yet: payments arrive with the orders module. */
  payment_id: text('payment_id'),
  type: text('type').$type<CartType>().notNull().default('default'),
  completed_at: timestamptz('completed_at'),
  payment_authorized_at: timestamptz('payment_authorized_at'),
  idempotency_key: text('idempotency_key'),
  context: jsonb('context').$type<Record<string, unknown> | null>(),
  sales_channel_id: text('sales_channel_id').references(() => salesChannel.id),
  metadata: metadataColumn(),
})

export const lineItem = pgTable('line_item', {
  ...baseColumns(),
  cart_id: text('cart_id').references(() => cart.id, { onDelete: 'cascade' }),
  /** Orders, swaps, claims and order edits point their lines here once those modules exist. */
  order_id: text('order_id'),
  swap_id: text('swap_id'),
  claim_order_id: text('claim_order_id'),
  original_item_id: text('original_item_id'),
  order_edit_id: text('order_edit_id'),
  title: text('title').notNull(),
  description: text('description'),
  thumbnail: text('thumbnail'),
  is_return: boolean('is_return').notNull().default(false),
  is_giftcard: boolean('is_giftcard').notNull().default(false),
  should_merge: boolean('should_merge').notNull().default(true),
  allow_discounts: boolean('allow_discounts').notNull().default(true),
  has_shipping: boolean('has_shipping'),
  unit_price: integer('unit_price').notNull(),
  variant_id: text('variant_id').references(() => productVariant.id, { onDelete: 'set null' }),
  quantity: integer('quantity').notNull(),
  fulfilled_quantity: integer('fulfilled_quantity'),
  returned_quantity: integer('returned_quantity'),
  shipped_quantity: integer('shipped_quantity'),
  includes_tax: boolean('includes_tax').notNull().default(false),
  metadata: metadataColumn(),
})

export const lineItemAdjustment = pgTable('line_item_adjustment', {
  id: text('id').primaryKey(),
  item_id: text('item_id')
    .notNull()
    .references(() => lineItem.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  discount_id: text('discount_id'),
  /** `numeric`: the driver hands it back as a string; read it with `Number()`. */
  amount: numeric('amount').notNull(),
  metadata: metadataColumn(),
})

const taxLineColumns = () => ({
  ...baseColumns(),
  rate: real('rate').notNull(),
  name: text('name').notNull(),
  code: text('code'),
  metadata: metadataColumn(),
})

export const lineItemTaxLine = pgTable('line_item_tax_line', {
  ...taxLineColumns(),
  item_id: text('item_id')
    .notNull()
    .references(() => lineItem.id, { onDelete: 'cascade' }),
})

export const shippingMethod = pgTable('shipping_method', {
  id: text('id').primaryKey(),
  shipping_option_id: text('shipping_option_id')
    .notNull()
    .references(() => shippingOption.id),
  cart_id: text('cart_id').references(() => cart.id, { onDelete: 'cascade' }),
  order_id: text('order_id'),
  claim_order_id: text('claim_order_id'),
  swap_id: text('swap_id'),
  return_id: text('return_id'),
  price: integer('price').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  includes_tax: boolean('includes_tax').notNull().default(false),
})

export const shippingMethodTaxLine = pgTable('shipping_method_tax_line', {
  ...taxLineColumns(),
  shipping_method_id: text('shipping_method_id')
    .notNull()
    .references(() => shippingMethod.id, { onDelete: 'cascade' }),
})

export const paymentSession = pgTable('payment_session', {
  ...baseColumns(),
  cart_id: text('cart_id').references(() => cart.id, { onDelete: 'cascade' }),
  provider_id: text('provider_id')
    .notNull()
    .references(() => paymentProvider.id),
  /** true for the chosen session; v1 leaves the others null. */
  is_selected: boolean('is_selected'),
  is_initiated: boolean('is_initiated').notNull().default(false),
  status: text('status').$type<PaymentSessionStatus>().notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  idempotency_key: text('idempotency_key'),
  /** What the provider was last told the session is for, in minor units. */
  amount: integer('amount'),
  payment_authorized_at: timestamptz('payment_authorized_at'),
})
