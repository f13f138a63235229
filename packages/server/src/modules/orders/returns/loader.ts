import { and, asc, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { shippingMethod, shippingMethodTaxLine } from '../../carts/schema.js'
import { claimOrder, order, returnItem, returnReason, swap } from '../schema.js'
import type { ReturnItemRow, ReturnRow } from './service.js'

type ReasonRow = typeof returnReason.$inferSelect
type MethodRow = typeof shippingMethod.$inferSelect
type OrderRow = typeof order.$inferSelect

export type ReturnView = ReturnRow & {
  items?: (ReturnItemRow & { reason?: ReasonRow | null })[]
  shipping_method?: (MethodRow & { tax_lines: (typeof shippingMethodTaxLine.$inferSelect)[] }) | null
  order?: (OrderRow & { object: 'order' }) | null
  swap?: typeof swap.$inferSelect | null
  claim_order?: typeof claimOrder.$inferSelect | null
}

export interface ReturnRelations {
  items?: boolean
  /** `items.reason`; implies items. */
  reasons?: boolean
  shipping_method?: boolean
  order?: boolean
  swap?: boolean
  claim_order?: boolean
}

/** Returns with the relations asked for, in one batched statement per relation whatever their number. */
export async function loadReturns(
  db: Db,
  rows: readonly ReturnRow[],
  relations: ReturnRelations,
): Promise<ReturnView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const idsOf = (key: 'order_id' | 'swap_id' | 'claim_order_id') => [
    ...new Set(rows.flatMap((row) => (row[key] ? [row[key]] : []))),
  ]
  const orderIds = idsOf('order_id')
  const swapIds = relations.swap ? idsOf('swap_id') : []
  const claimIds = relations.claim_order ? idsOf('claim_order_id') : []
  const [items, methods, orders, swaps, claims] = await Promise.all([
    relations.items || relations.reasons
      ? db.select().from(returnItem).where(inArray(returnItem.return_id, ids)).orderBy(asc(returnItem.item_id))
      : [],
    relations.shipping_method ? db.select().from(shippingMethod).where(inArray(shippingMethod.return_id, ids)) : [],
    relations.order && orderIds.length > 0 ? db.select().from(order).where(inArray(order.id, orderIds)) : [],
    swapIds.length > 0 ? db.select().from(swap).where(inArray(swap.id, swapIds)) : [],
    claimIds.length > 0 ? db.select().from(claimOrder).where(inArray(claimOrder.id, claimIds)) : [],
  ])
  const reasonIds = [...new Set(items.flatMap((item) => (item.reason_id ? [item.reason_id] : [])))]
  const [reasons, taxLines] = await Promise.all([
    relations.reasons && reasonIds.length > 0
      ? db
          .select()
          .from(returnReason)
          .where(and(inArray(returnReason.id, reasonIds), isNull(returnReason.deleted_at)))
      : [],
    methods.length > 0
      ? db
          .select()
          .from(shippingMethodTaxLine)
          .where(
            inArray(
              shippingMethodTaxLine.shipping_method_id,
              methods.map((method) => method.id),
            ),
          )
      : [],
  ])
  return rows.map((row) => {
    const view: ReturnView = { ...row }
    if (relations.items || relations.reasons) {
      view.items = items
        .filter((item) => item.return_id === row.id)
        .map((item) =>
          relations.reasons
            ? { ...item, reason: reasons.find((reason) => reason.id === item.reason_id) ?? null }
            : item,
        )
    }
    if (relations.shipping_method) {
      const method = methods.find((entry) => entry.return_id === row.id)
      view.shipping_method = method
        ? { ...method, tax_lines: taxLines.filter((line) => line.shipping_method_id === method.id) }
        : null
    }
    if (relations.order) {
      const found = orders.find((entry) => entry.id === row.order_id)
      view.order = found ? { ...found, object: 'order' } : null
    }
    if (relations.swap) view.swap = swaps.find((entry) => entry.id === row.swap_id) ?? null
    if (relations.claim_order) view.claim_order = claims.find((entry) => entry.id === row.claim_order_id) ?? null
    return view
  })
}
