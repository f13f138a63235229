import { boolean, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'

// Indexes, checks and unique constraints live in migrations/0190_discounts.sql.

export const DISCOUNT_RULE_TYPES = ['fixed', 'percentage', 'free_shipping'] as const
export type DiscountRuleType = (typeof DISCOUNT_RULE_TYPES)[number]
export const ALLOCATION_TYPES = ['total', 'item'] as const
export type AllocationType = (typeof ALLOCATION_TYPES)[number]
export const CONDITION_TYPES = [
  'products',
  'product_types',
  'product_collections',
  'product_tags',
  'customer_groups',
] as const
export type ConditionType = (typeof CONDITION_TYPES)[number]
export const CONDITION_OPERATORS = ['in', 'not_in'] as const
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

export const discountRule = pgTable('discount_rule', {
  ...softDeletableColumns(),
  description: text('description'),
  type: text('type').$type<DiscountRuleType>().notNull(),
  value: integer('value').notNull(),
  allocation: text('allocation').$type<AllocationType | null>(),
  metadata: metadataColumn(),
})

export const discount = pgTable('discount', {
  ...softDeletableColumns(),
  code: text('code').notNull(),
  is_dynamic: boolean('is_dynamic').notNull().default(false),
  rule_id: text('rule_id').references(() => discountRule.id),
  is_disabled: boolean('is_disabled').notNull().default(false),
  parent_discount_id: text('parent_discount_id'),
  starts_at: timestamptz('starts_at').notNull().defaultNow(),
  ends_at: timestamptz('ends_at'),
  valid_duration: text('valid_duration'),
  usage_limit: integer('usage_limit'),
  usage_count: integer('usage_count').notNull().default(0),
  metadata: metadataColumn(),
})

export const discountRegions = pgTable(
  'discount_regions',
  { discount_id: text('discount_id').notNull(), region_id: text('region_id').notNull() },
  (table) => [primaryKey({ columns: [table.discount_id, table.region_id] })],
)

export const discountCondition = pgTable('discount_condition', {
  ...softDeletableColumns(),
  type: text('type').$type<ConditionType>().notNull(),
  operator: text('operator').$type<ConditionOperator>().notNull(),
  discount_rule_id: text('discount_rule_id').notNull(),
  metadata: metadataColumn(),
})

/** The ids a condition lists; its `type` says what they are (products, tags, customer groups…). */
export const discountConditionResource = pgTable(
  'discount_condition_resource',
  { condition_id: text('condition_id').notNull(), resource_id: text('resource_id').notNull() },
  (table) => [primaryKey({ columns: [table.condition_id, table.resource_id] })],
)

export const cartDiscounts = pgTable(
  'cart_discounts',
  { cart_id: text('cart_id').notNull(), discount_id: text('discount_id').notNull() },
  (table) => [primaryKey({ columns: [table.cart_id, table.discount_id] })],
)

export const orderDiscounts = pgTable(
  'order_discounts',
  { order_id: text('order_id').notNull(), discount_id: text('discount_id').notNull() },
  (table) => [primaryKey({ columns: [table.order_id, table.discount_id] })],
)

export const giftCard = pgTable('gift_card', {
  ...softDeletableColumns(),
  code: text('code').notNull(),
  value: integer('value').notNull(),
  balance: integer('balance').notNull(),
  region_id: text('region_id').notNull(),
  order_id: text('order_id'),
  is_disabled: boolean('is_disabled').notNull().default(false),
  ends_at: timestamptz('ends_at'),
  tax_rate: real('tax_rate'),
  metadata: metadataColumn(),
})

export const giftCardTransaction = pgTable('gift_card_transaction', {
  id: text('id').primaryKey(),
  gift_card_id: text('gift_card_id').notNull(),
  order_id: text('order_id').notNull(),
  amount: integer('amount').notNull(),
  is_taxable: boolean('is_taxable'),
  tax_rate: real('tax_rate'),
  created_at: timestamptz('created_at').notNull().defaultNow(),
})

export const cartGiftCards = pgTable(
  'cart_gift_cards',
  { cart_id: text('cart_id').notNull(), gift_card_id: text('gift_card_id').notNull() },
  (table) => [primaryKey({ columns: [table.cart_id, table.gift_card_id] })],
)

export const orderGiftCards = pgTable(
  'order_gift_cards',
  { order_id: text('order_id').notNull(), gift_card_id: text('gift_card_id').notNull() },
  (table) => [primaryKey({ columns: [table.order_id, table.gift_card_id] })],
)
