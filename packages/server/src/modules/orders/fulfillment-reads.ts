import { sql } from 'drizzle-orm'
import { prepared } from '../../db/fast-path/prepared.js'
import { groupBy } from '../../db/group-rows.js'
import { inIdsOf, inIdsParam } from '../../db/in-ids.js'
import { rowReader } from '../../db/json-rows.js'
import { rowsOf } from '../../db/raw-rows.js'
import type { Db } from '../../db/types.js'
import { fulfillment, fulfillmentItem, trackingLink } from './schema.js'

export type FulfillmentRow = typeof fulfillment.$inferSelect
export type FulfillmentItemRow = typeof fulfillmentItem.$inferSelect
export type TrackingLinkRow = typeof trackingLink.$inferSelect

export type FulfillmentView = FulfillmentRow & { items?: FulfillmentItemRow[]; tracking_links?: TrackingLinkRow[] }

/** The fulfilment ids of the orders in the `orderIds` array parameter. */
const ofOrders = sql`SELECT f.id FROM ${fulfillment} f WHERE ${inIdsParam(sql`f.order_id`, 'orderIds')}`

/**
 * JSON columns of a statement that reads the fulfilments of the orders in the `orderIds` array
 * parameter: the admin's order extras and the store's order answer share them.
 */
export const fulfillmentColumns = {
  fulfillments: sql`(SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]'::json) FROM ${fulfillment} f
      WHERE ${inIdsParam(sql`f.order_id`, 'orderIds')})`,
  items: sql`(SELECT coalesce(json_agg(fi ORDER BY fi.item_id), '[]'::json) FROM ${fulfillmentItem} fi
      WHERE ${inIdsOf(sql`fi.fulfillment_id`, ofOrders)})`,
  trackingLinks: sql`(SELECT coalesce(json_agg(t ORDER BY t.created_at, t.id), '[]'::json) FROM ${trackingLink} t
      WHERE t.deleted_at IS NULL AND ${inIdsOf(sql`t.fulfillment_id`, ofOrders)})`,
}

const fulfillmentOf = rowReader(fulfillment)
const fulfillmentItemOf = rowReader(fulfillmentItem)
const trackingLinkOf = rowReader(trackingLink)

export interface FulfillmentsRead {
  fulfillments: Map<string | null, FulfillmentRow[]>
  items: Map<string, FulfillmentItemRow[]>
  links: Map<string, TrackingLinkRow[]>
}

/** The JSON columns above, as rows grouped by order (fulfilments) and by fulfilment (items, links). */
export function readFulfillments(read: Record<string, Record<string, unknown>[]>): FulfillmentsRead {
  return {
    fulfillments: groupBy(read.fulfillments.map(fulfillmentOf), (row) => row.order_id),
    items: groupBy((read.fulfillment_items ?? []).map(fulfillmentItemOf), (row) => row.fulfillment_id),
    links: groupBy(read.tracking_links.map(trackingLinkOf), (row) => row.fulfillment_id),
  }
}

/** An order's fulfilments with the relations asked for (`fulfillments.items`, `fulfillments.tracking_links`). */
export function fulfillmentsOf(
  orderId: string,
  read: FulfillmentsRead,
  relations: ReadonlySet<string>,
): FulfillmentView[] {
  return (read.fulfillments.get(orderId) ?? []).map((row) => ({
    ...row,
    ...(relations.has('fulfillments.items') ? { items: read.items.get(row.id) ?? [] } : {}),
    ...(relations.has('fulfillments.tracking_links') ? { tracking_links: read.links.get(row.id) ?? [] } : {}),
  }))
}

const storeFulfillmentsStatement = prepared('order_fulfillments', (db) =>
  db.execute(sql`SELECT ${fulfillmentColumns.fulfillments} AS fulfillments,
    ${fulfillmentColumns.trackingLinks} AS tracking_links`),
)

/** The fulfilments and tracking links of a page of orders, in one statement. */
export async function loadFulfillments(db: Db, orderIds: readonly string[]): Promise<FulfillmentsRead> {
  const [read] = rowsOf<Record<string, Record<string, unknown>[]>>(
    await storeFulfillmentsStatement(db, { orderIds: [...orderIds] }),
  )
  return readFulfillments(read)
}
