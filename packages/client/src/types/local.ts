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
