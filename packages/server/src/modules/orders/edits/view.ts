import { and, asc, inArray, isNull } from 'drizzle-orm'
import { parseExpand, parseFields, pickFields } from '../../../core/list.js'
import { groupBy } from '../../../db/group-rows.js'
import type { Db } from '../../../db/types.js'
import { productVariant } from '../../catalog/schema.js'
import {
  lineItem,
  lineItemAdjustment,
  lineItemTaxLine,
  shippingMethod,
  shippingMethodTaxLine,
} from '../../carts/schema.js'
import { computeTotals, type Totals } from '../../carts/totals.js'
import { region } from '../../regions/schema.js'
import type { OrderEditPaymentsSeam } from '../seams.js'
import { order, orderEdit, orderItemChange } from '../schema.js'
import { ORDER_EDIT_FIELDS, ORDER_EDIT_RELATIONS, type OrderEdit, type OrderEditStatus } from './contract.js'

export type OrderEditRow = typeof orderEdit.$inferSelect
type LineRow = typeof lineItem.$inferSelect
type OrderRow = typeof order.$inferSelect

/** The status v1 computes from the edit's timestamps. */
export function editStatus(row: OrderEditRow): OrderEditStatus {
  if (row.confirmed_at) return 'confirmed'
  if (row.declined_at) return 'declined'
  if (row.canceled_at) return 'canceled'
  if (row.requested_at) return 'requested'
  return 'created'
}

export interface EditSelection {
  fields: Set<string> | undefined
  relations: Set<string>
}

/** `fields`/`expand` against the allow-lists; every relation by default. */
export function editSelection(
  query: { fields?: string; expand?: string },
  fields: readonly string[] = ORDER_EDIT_FIELDS,
): EditSelection {
  return {
    relations: parseExpand(query.expand, ORDER_EDIT_RELATIONS, ORDER_EDIT_RELATIONS),
    fields: parseFields(query.fields, fields),
  }
}

export const FULL_EDIT_SELECTION: EditSelection = editSelection({})

/** The lines, with what their totals need, of the orders and edits of a page, read in batches. */
interface Lines {
  byEdit: Map<string | null, LineRow[]>
  byOrder: Map<string | null, LineRow[]>
  byId: Map<string, LineRow>
  taxLines: Map<string, (typeof lineItemTaxLine.$inferSelect)[]>
  adjustments: Map<string, (typeof lineItemAdjustment.$inferSelect)[]>
}

async function readLines(db: Db, editIds: string[], orderIds: string[], extraIds: string[]): Promise<Lines> {
  const ordered = [asc(lineItem.created_at), asc(lineItem.id)]
  const [editLines, orderLines, extra] = await Promise.all([
    db
      .select()
      .from(lineItem)
      .where(inArray(lineItem.order_edit_id, editIds))
      .orderBy(...ordered),
    db
      .select()
      .from(lineItem)
      .where(inArray(lineItem.order_id, orderIds))
      .orderBy(...ordered),
    extraIds.length ? db.select().from(lineItem).where(inArray(lineItem.id, extraIds)) : [],
  ])
  const all = [...editLines, ...orderLines, ...extra]
  const ids = [...new Set(all.map((line) => line.id))]
  const [taxLines, adjustments] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(lineItemTaxLine)
          .where(inArray(lineItemTaxLine.item_id, ids))
          .orderBy(asc(lineItemTaxLine.name)),
        db.select().from(lineItemAdjustment).where(inArray(lineItemAdjustment.item_id, ids)),
      ])
    : [[], []]
  return {
    byEdit: groupBy(editLines, (line) => line.order_edit_id),
    byOrder: groupBy(orderLines, (line) => line.order_id),
    byId: new Map(all.map((line) => [line.id, line])),
    taxLines: groupBy(taxLines, (line) => line.item_id),
    adjustments: groupBy(adjustments, (line) => line.item_id),
  }
}

/** What the totals of an order, and of the edits of that order, share: its shipping and region. */
export interface OrderTotalsContext {
  order: OrderRow
  methods: (typeof shippingMethod.$inferSelect & { tax_lines: (typeof shippingMethodTaxLine.$inferSelect)[] })[]
  region: { gift_cards_taxable: boolean; tax_rate: number }
}

async function readOrders(db: Db, orderIds: string[]): Promise<Map<string, OrderTotalsContext>> {
  if (orderIds.length === 0) return new Map()
  const orders = await db.select().from(order).where(inArray(order.id, orderIds))
  const regionIds = [...new Set(orders.map((row) => row.region_id))]
  const [methods, regions] = await Promise.all([
    db.select().from(shippingMethod).where(inArray(shippingMethod.order_id, orderIds)).orderBy(asc(shippingMethod.id)),
    db.select().from(region).where(inArray(region.id, regionIds)),
  ])
  const methodTaxLines = methods.length
    ? await db
        .select()
        .from(shippingMethodTaxLine)
        .where(
          inArray(
            shippingMethodTaxLine.shipping_method_id,
            methods.map((method) => method.id),
          ),
        )
    : []
  const taxLinesOf = groupBy(methodTaxLines, (line) => line.shipping_method_id)
  const methodsOf = groupBy(methods, (method) => method.order_id)
  const regionOf = new Map(regions.map((row) => [row.id, row]))
  return new Map(
    orders.map((row) => {
      const regionRow = regionOf.get(row.region_id)
      return [
        row.id,
        {
          order: row,
          methods: (methodsOf.get(row.id) ?? []).map((method) => ({
            ...method,
            tax_lines: taxLinesOf.get(method.id) ?? [],
          })),
          region: {
            gift_cards_taxable: regionRow?.gift_cards_taxable ?? true,
            tax_rate: row.tax_rate ?? regionRow?.tax_rate ?? 0,
          },
        },
      ]
    }),
  )
}

/** The one totals function over these lines and the order's shipping, as an order totals. */
function totalsOf(context: OrderTotalsContext, lines: readonly LineRow[], read: Lines): Totals {
  return computeTotals({
    currency_code: context.order.currency_code,
    region: context.region,
    items: lines.map((line) => ({
      id: line.id,
      unit_price: line.unit_price,
      quantity: line.quantity - (line.returned_quantity ?? 0),
      includes_tax: line.includes_tax,
      is_discountable: line.allow_discounts,
      tax_lines: read.taxLines.get(line.id) ?? [],
      adjustments: (read.adjustments.get(line.id) ?? []).map((adjustment) => ({
        ...adjustment,
        amount: Number(adjustment.amount),
      })),
    })),
    shipping_methods: context.methods,
    gift_cards: [],
    gift_card_transactions: [],
    kind: 'order',
  })
}

/**
 * The edits with their status, totals, `difference_due` (the edit's total less the order's as it
 * stands) and the selected relations, in a fixed number of reads whatever the number of edits.
 */
export async function viewEdits(
  db: Db,
  rows: readonly OrderEditRow[],
  selection: EditSelection,
  payments: OrderEditPaymentsSeam | undefined,
): Promise<OrderEdit[]> {
  if (rows.length === 0) return []
  const editIds = rows.map((row) => row.id)
  const orderIds = [...new Set(rows.map((row) => row.order_id))]
  const { relations } = selection
  const changes = relations.has('changes')
    ? await db
        .select()
        .from(orderItemChange)
        .where(and(inArray(orderItemChange.order_edit_id, editIds), isNull(orderItemChange.deleted_at)))
        .orderBy(asc(orderItemChange.created_at), asc(orderItemChange.id))
    : []
  const originals = changes.flatMap((change) => (change.original_line_item_id ? [change.original_line_item_id] : []))
  const collectionIds = rows.flatMap((row) => (row.payment_collection_id ? [row.payment_collection_id] : []))
  const [lines, orders, collections] = await Promise.all([
    readLines(db, editIds, orderIds, originals),
    readOrders(db, orderIds),
    relations.has('payment_collection') && payments && collectionIds.length
      ? payments.read(db, collectionIds)
      : new Map(),
  ])
  const variantIds = [
    ...new Set([...lines.byId.values()].flatMap((line) => (line.variant_id ? [line.variant_id] : []))),
  ]
  const wantsVariants = [...relations].some((relation) => relation.endsWith('.variant'))
  const variants =
    wantsVariants && variantIds.length
      ? new Map(
          (await db.select().from(productVariant).where(inArray(productVariant.id, variantIds))).map((row) => [
            row.id,
            row,
          ]),
        )
      : new Map()
  const changesOf = groupBy(changes, (change) => change.order_edit_id)

  const lineView = (line: LineRow | undefined, totals: Totals | null, prefix: string) => {
    if (!line) return null
    return {
      ...line,
      ...(totals?.items[line.id] ?? {}),
      ...(relations.has(`${prefix}.variant`) ? { variant: variants.get(line.variant_id ?? '') ?? null } : {}),
      ...(relations.has(`${prefix}.tax_lines`) ? { tax_lines: lines.taxLines.get(line.id) ?? [] } : {}),
      ...(relations.has(`${prefix}.adjustments`)
        ? {
            adjustments: (lines.adjustments.get(line.id) ?? []).map((adjustment) => ({
              ...adjustment,
              amount: Number(adjustment.amount),
            })),
          }
        : {}),
    }
  }

  return rows.map((row) => {
    const context = orders.get(row.order_id)!
    const items = lines.byEdit.get(row.id) ?? []
    const totals = totalsOf(context, items, lines)
    const orderTotals = totalsOf(context, lines.byOrder.get(row.order_id) ?? [], lines)
    const view: Record<string, unknown> = {
      ...row,
      status: editStatus(row),
      subtotal: totals.subtotal,
      discount_total: totals.discount_total,
      shipping_total: totals.shipping_total,
      gift_card_total: totals.gift_card_total,
      gift_card_tax_total: totals.gift_card_tax_total,
      tax_total: totals.tax_total,
      total: totals.total,
      difference_due: totals.total - orderTotals.total,
    }
    if (relations.has('items')) view.items = items.map((line) => lineView(line, totals, 'items'))
    if (relations.has('changes')) {
      view.changes = (changesOf.get(row.id) ?? []).map((change) => ({
        ...change,
        ...(relations.has('changes.line_item')
          ? { line_item: lineView(lines.byId.get(change.line_item_id ?? ''), totals, 'changes.line_item') }
          : {}),
        ...(relations.has('changes.original_line_item')
          ? {
              original_line_item: lineView(
                lines.byId.get(change.original_line_item_id ?? ''),
                null,
                'changes.original_line_item',
              ),
            }
          : {}),
      }))
    }
    if (relations.has('payment_collection')) {
      view.payment_collection = collections.get(row.payment_collection_id ?? '') ?? null
    }
    const computed = ['status', ...Object.keys(view).filter((key) => key.endsWith('total') || key === 'difference_due')]
    return pickFields(view, selection.fields, new Set([...relations, ...computed])) as unknown as OrderEdit
  })
}

/** The difference an edit leaves to pay (positive) or to refund (negative), as `viewEdits` answers it. */
export async function differenceDue(db: Db, row: OrderEditRow): Promise<number> {
  const [view] = await viewEdits(db, [row], { fields: undefined, relations: new Set() }, undefined)
  return view.difference_due
}
