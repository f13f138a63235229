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

export interface DraftOrder extends Entity {
  status: 'open' | 'completed'
  display_id: number
  cart_id: string | null
  order_id: string | null
  canceled_at: Timestamp | null
  completed_at: Timestamp | null
  no_notification_order: boolean | null
  metadata: Json | null
  idempotency_key: string | null
}

export interface OrderEdit extends Entity {
  order_id: string
  internal_note: string | null
  created_by: string
  requested_by: string | null
  requested_at: Timestamp | null
  confirmed_by: string | null
  confirmed_at: Timestamp | null
  declined_by: string | null
  declined_reason: string | null
  declined_at: Timestamp | null
  canceled_by: string | null
  canceled_at: Timestamp | null
  payment_collection_id: string | null
  status: 'confirmed' | 'declined' | 'requested' | 'created' | 'canceled'
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

export interface Return extends Entity {
  status: 'requested' | 'received' | 'requires_action' | 'canceled'
  swap_id: string | null
  claim_order_id: string | null
  order_id: string | null
  location_id: string | null
  shipping_data: Json | null
  refund_amount: number
  received_at: Timestamp | null
  no_notification: boolean | null
  metadata: Json | null
  idempotency_key: string | null
}

export interface ReturnReason extends SoftDeletable {
  value: string
  label: string
  description: string | null
  parent_return_reason_id: string | null
  metadata: Json | null
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
