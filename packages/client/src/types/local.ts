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

export interface PriceList extends SoftDeletable {
  name: string
  description: string
  type: 'sale' | 'override'
  status: 'active' | 'draft'
  starts_at: Timestamp | null
  ends_at: Timestamp | null
  includes_tax?: boolean
}
