/**
 * Wire types of routes the server does not serve yet (reference/entities.md). They carry the
 * entity's own fields; relations a call expands arrive as extra keys. Replaced by the server's
 * contracts as those routes land.
 */

type Json = Record<string, unknown>
type Timestamp = string

interface Entity {
  id: string
  created_at: Timestamp
  updated_at: Timestamp
  [relation: string]: unknown
}

interface SoftDeletable extends Entity {
  deleted_at: Timestamp | null
}

/** A request body of a route without a server contract yet. */
export type Payload = Json

export interface Discount extends SoftDeletable {
  code: string
  is_dynamic: boolean
  rule_id: string | null
  is_disabled: boolean
  parent_discount_id: string | null
  starts_at: Timestamp
  ends_at: Timestamp | null
  valid_duration: string | null
  usage_limit: number | null
  usage_count: number
  metadata: Json | null
}

export interface DiscountCondition extends SoftDeletable {
  type: 'products' | 'product_types' | 'product_collections' | 'product_tags' | 'customer_groups'
  operator: 'in' | 'not_in'
  discount_rule_id: string
  metadata: Json | null
}

export interface GiftCard extends SoftDeletable {
  code: string
  value: number
  balance: number
  region_id: string
  order_id: string | null
  is_disabled: boolean
  ends_at: Timestamp | null
  tax_rate: number | null
  metadata: Json | null
}

export interface PriceList extends SoftDeletable {
  name: string
  description: string
  type: 'sale' | 'override'
  status: 'active' | 'draft'
  starts_at: Timestamp | null
  ends_at: Timestamp | null
  includes_tax?: boolean
}

export interface Swap extends SoftDeletable {
  fulfillment_status: string
  payment_status: string
  order_id: string
  difference_due: number | null
  shipping_address_id: string | null
  cart_id: string | null
  confirmed_at: Timestamp | null
  canceled_at: Timestamp | null
  no_notification: boolean | null
  allow_backorder: boolean
  idempotency_key: string | null
  metadata: Json | null
}
