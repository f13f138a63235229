import { asc, inArray, sql } from 'drizzle-orm'
import { InvalidData } from '../../../core/errors.js'
import { parseExpand } from '../../../core/list.js'
import { inIdsParam } from '../../../db/in-ids.js'
import { prepared } from '../../../db/fast-path/prepared.js'
import { groupBy } from '../../../db/group-rows.js'
import { rowReader } from '../../../db/json-rows.js'
import { rowsOf } from '../../../db/raw-rows.js'
import type { Db } from '../../../db/types.js'
import { salesChannel } from '../../sales-channels/schema.js'
import { ORDER_TOTAL_FIELDS } from '../contract.js'
import { loadOrderContext, viewOrders, type OrderContext, type OrderRow, type OrderView } from '../loader.js'
import { fulfillmentColumns, fulfillmentsOf, readFulfillments, type FulfillmentView } from '../fulfillment-reads.js'
import { loadOrderClaims } from '../claims/reads.js'
import { loadOrderSwaps } from '../swaps/reads.js'
import { loadReturns, type ReturnView } from '../returns/loader.js'
import { orderReturn, refund } from '../schema.js'
import {
  ADMIN_ORDER_ALLOWED_FIELDS,
  ADMIN_ORDER_ALLOWED_RELATIONS,
  ADMIN_ORDER_FIELDS,
  ADMIN_ORDER_RELATIONS,
} from './contract.js'

export type RefundRow = typeof refund.$inferSelect
type SalesChannelRow = typeof salesChannel.$inferSelect

export type AdminOrderView = Omit<OrderView, 'fulfillments'> & {
  fulfillments?: FulfillmentView[]
  refunds?: RefundRow[]
  sales_channel?: SalesChannelRow | null
}

/** Which fields (undefined: every column) and relations an admin order answer has, and whether totals are computed. */
export interface AdminOrderSelection {
  fields?: ReadonlySet<string>
  relations: ReadonlySet<string>
  totals: boolean
  /** v1's `returnable_items` include (`expand=returnable_items`, where the route allows it). */
  returnable?: boolean
}

const TOTAL_FIELDS: ReadonlySet<string> = new Set(ORDER_TOTAL_FIELDS)

/** Relations read by the order context statement (the totals' statement). */
const CONTEXT_RELATIONS = [
  'items',
  'shipping_methods',
  'payments',
  'region',
  'customer',
  'shipping_address',
  'billing_address',
  'discounts',
  'gift_cards',
  'gift_card_transactions',
]

/**
 * v1's admin order selection: `fields` replaces the defaults (or adjusts them with `+`/`-`),
 * `expand` replaces the default relations. Totals are computed only when a total field is selected
 * (the defaults select them all).
 */
export function adminOrderSelection(
  query: { fields?: string; expand?: string },
  options: { returnableItems?: boolean } = {},
): AdminOrderSelection {
  // v1 takes `returnable_items` out of `expand` as an include, on the routes that allow it; what
  // is left of `expand` (the defaults when nothing is) selects the relations as usual.
  const expanded = query.expand?.split(',').map((part) => part.trim())
  const returnable = options.returnableItems === true && !!expanded?.includes('returnable_items')
  if (returnable) {
    const rest = expanded!.filter((part) => part !== 'returnable_items').join(',')
    return { ...adminOrderSelection({ fields: query.fields, expand: rest || undefined }), returnable }
  }
  const parts = (query.fields ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  let fields: Set<string>
  if (parts.length === 0) fields = new Set(ADMIN_ORDER_FIELDS)
  else {
    const invalid = parts.filter((part) => !ADMIN_ORDER_ALLOWED_FIELDS.includes(part.replace(/^[+-]/, '')))
    if (invalid.length > 0) throw new InvalidData(`Requested fields [${invalid.join(', ')}] are not valid`)
    const adjusting = parts.every((part) => part.startsWith('+') || part.startsWith('-'))
    fields = new Set<string>(adjusting ? ADMIN_ORDER_FIELDS : [])
    for (const part of parts) {
      if (part.startsWith('-')) fields.delete(part.slice(1))
      else fields.add(part.replace(/^\+/, ''))
    }
    fields.add('id')
  }
  const relations = parseExpand(query.expand, ADMIN_ORDER_ALLOWED_RELATIONS, ADMIN_ORDER_RELATIONS)
  return { fields, relations, totals: [...fields].some((field) => TOTAL_FIELDS.has(field)) }
}

/** Every column, every default relation, totals: what the order routes answer with after a change. */
export const FULL_ADMIN_SELECTION: AdminOrderSelection = adminOrderSelection({})

const refundOf = rowReader(refund)
const salesChannelOf = rowReader(salesChannel)

interface ExtrasShape {
  fulfillments: boolean
  refunds: boolean
  salesChannels: boolean
}

const none = sql`'[]'::json`

/** The relations the order context does not read, as one statement per shape (eight at most). */
const extrasSelect = (db: Db, shape: ExtrasShape) =>
  db.execute(sql`SELECT
    ${shape.fulfillments ? fulfillmentColumns.fulfillments : none} AS fulfillments,
    ${shape.fulfillments ? fulfillmentColumns.items : none} AS fulfillment_items,
    ${shape.fulfillments ? fulfillmentColumns.trackingLinks : none} AS tracking_links,
    ${
      shape.refunds
        ? sql`(SELECT coalesce(json_agg(r ORDER BY r.created_at, r.id), '[]'::json) FROM ${refund} r
      WHERE ${inIdsParam(sql`r.order_id`, 'orderIds')})`
        : none
    } AS refunds,
    ${
      shape.salesChannels
        ? sql`(SELECT coalesce(json_agg(sc), '[]'::json) FROM ${salesChannel} sc
      WHERE ${inIdsParam(sql`sc.id`, 'channelIds')})`
        : none
    } AS sales_channels`)

const extrasStatements = new Map<string, ReturnType<typeof preparedExtras>>()
const preparedExtras = (shape: ExtrasShape, key: string) =>
  prepared(`admin_order_extras_${key}`, (db) => extrasSelect(db, shape))

/** Fulfilments (with items and tracking links), refunds and sales channels of a page of orders. */
async function loadExtras(db: Db, rows: readonly OrderRow[], shape: ExtrasShape) {
  const key = [shape.fulfillments, shape.refunds, shape.salesChannels].map(Number).join('')
  let statement = extrasStatements.get(key)
  if (!statement) extrasStatements.set(key, (statement = preparedExtras(shape, key)))
  const result = await statement(db, {
    orderIds: rows.map((row) => row.id),
    channelIds: [...new Set(rows.map((row) => row.sales_channel_id).filter((id): id is string => !!id))],
  })
  const [read] = rowsOf<Record<string, Record<string, unknown>[]>>(result)
  return {
    fulfillments: readFulfillments(read),
    refunds: groupBy(read.refunds.map(refundOf), (row) => row.order_id),
    channels: new Map(read.sales_channels.map(salesChannelOf).map((row) => [row.id, row])),
  }
}

const emptyContext = (): OrderContext => ({
  lines: { items: new Map(), taxLines: new Map(), adjustments: new Map(), variants: new Map() },
  methods: { methods: new Map(), taxLines: new Map(), options: new Map() },
  parties: {
    payments: new Map(),
    giftCardTransactions: new Map(),
    regions: new Map(),
    addresses: new Map(),
    customers: new Map(),
  },
})

/**
 * A page of admin orders in a fixed number of statements whatever its size: the order context
 * (lines, methods, payments, parties) when totals or one of its relations are asked for, and one
 * statement for fulfilments, refunds and sales channels when expanded.
 */
export async function loadAdminOrders(
  db: Db,
  rows: readonly OrderRow[],
  selection: AdminOrderSelection,
): Promise<AdminOrderView[]> {
  if (rows.length === 0) return []
  // Returnable items come from the lines, the swaps' and the claims' (v1), read even when not asked for.
  const relations: ReadonlySet<string> = selection.returnable
    ? new Set([...selection.relations, 'items', 'swaps', 'claims'])
    : selection.relations
  const needsContext = selection.totals || CONTEXT_RELATIONS.some((relation) => relations.has(relation))
  const shape: ExtrasShape = {
    fulfillments: relations.has('fulfillments'),
    refunds: relations.has('refunds'),
    salesChannels: relations.has('sales_channel'),
  }
  const needsExtras = shape.fulfillments || shape.refunds || shape.salesChannels
  const [context, extras, returns, claims, swaps] = await Promise.all([
    needsContext ? loadOrderContext(db, rows, { relations }) : emptyContext(),
    needsExtras ? loadExtras(db, rows, shape) : undefined,
    relations.has('returns') ? loadOrderReturns(db, rows) : undefined,
    relations.has('claims')
      ? loadOrderClaims(
          db,
          rows.map((row) => row.id),
        )
      : undefined,
    relations.has('swaps')
      ? loadOrderSwaps(
          db,
          rows.map((row) => row.id),
        )
      : undefined,
  ])
  const views = viewOrders(rows, context, { relations })
  return views.map((view, index) => {
    const row = rows[index]
    const full: Record<string, unknown> = { ...view }
    if (claims) full.claims = claims.get(row.id) ?? []
    if (swaps) full.swaps = swaps.get(row.id) ?? []
    if (extras && shape.fulfillments) {
      full.fulfillments = fulfillmentsOf(row.id, extras.fulfillments, relations)
    }
    if (returns) full.returns = returns.get(row.id) ?? []
    if (extras && shape.refunds) full.refunds = extras.refunds.get(row.id) ?? []
    if (extras && shape.salesChannels) {
      full.sales_channel = row.sales_channel_id ? (extras.channels.get(row.sales_channel_id) ?? null) : null
    }
    if (selection.returnable) {
      full.returnable_items = returnableItems(full)
      const kept = new Set([...selection.relations, 'returnable_items'])
      for (const relation of ['items', 'swaps', 'claims']) if (!kept.has(relation)) delete full[relation]
      return prune(full, { ...selection, relations: kept }) as AdminOrderView
    }
    return prune(full, selection) as AdminOrderView
  })
}

/**
 * The orders' returns, oldest first, with their items, reasons and shipping methods (what the
 * admin order page shows), in a fixed number of statements.
 */
async function loadOrderReturns(db: Db, rows: readonly OrderRow[]): Promise<Map<string | null, ReturnView[]>> {
  const found = await db
    .select()
    .from(orderReturn)
    .where(
      inArray(
        orderReturn.order_id,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderReturn.created_at), asc(orderReturn.id))
  const views = await loadReturns(db, found, { items: true, reasons: true, shipping_method: true })
  return groupBy(views, (view) => view.order_id)
}

type ReturnableLine = { returned_quantity?: number | null; shipped_quantity?: number | null }

/** v1: the order's lines, then its swaps' and claims' additional items, shipped more than returned. */
function returnableItems(view: Record<string, unknown>): unknown[] {
  const additional = (parts: unknown) =>
    ((parts as { additional_items?: unknown[] }[] | undefined) ?? []).flatMap((part) => part.additional_items ?? [])
  return [
    ...((view.items as unknown[] | undefined) ?? []),
    ...additional(view.swaps),
    ...additional(view.claims),
  ].filter(
    (line) => ((line as ReturnableLine).returned_quantity ?? 0) < ((line as ReturnableLine).shipped_quantity ?? 0),
  )
}

/** The selected fields and the expanded relations; totals only when selected. */
function prune(view: Record<string, unknown>, { fields, relations }: AdminOrderSelection): Record<string, unknown> {
  if (!fields) return view
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(view)) {
    if (fields.has(key) || relations.has(key)) kept[key] = value
  }
  return kept
}
