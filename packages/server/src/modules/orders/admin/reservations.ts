import { and, desc, eq, isNull } from 'drizzle-orm'
import { NotAllowed, NotFound } from '../../../core/errors.js'
import type { Db } from '../../../db/types.js'
import { productVariant } from '../../catalog/schema.js'
import { lineItem } from '../../carts/schema.js'
import { listReservations, reserveLines } from '../../inventory/reservations.js'
import { reservationItem } from '../../inventory/schema.js'
import { listAnswer } from '../../../core/list.js'
import { orderReservationsPaging, type AdminGetOrdersOrderReservationsParams } from './contract.js'
import type { OrderEnv } from './operations.js'
import { requireOrder } from './service.js'

function requireInventory(env: OrderEnv): void {
  if (!env.flags.inventoryService) {
    throw new NotAllowed('Inventory is not enabled. Please add an Inventory module to enable this functionality.')
  }
}

/** `GET /admin/orders/:id/reservations`: the reservations of the order's lines. */
export async function listOrderReservations(
  db: Db,
  env: OrderEnv,
  orderId: string,
  query: AdminGetOrdersOrderReservationsParams,
) {
  requireInventory(env)
  await requireOrder(db, orderId)
  const lines = await db.select({ id: lineItem.id }).from(lineItem).where(eq(lineItem.order_id, orderId))
  if (lines.length === 0) return listAnswer('reservations', [], 0, orderReservationsPaging.page(query))
  return listReservations(db, { ...query, line_item_id: lines.map((line) => line.id) })
}

/**
 * `POST /admin/orders/:id/line-items/:line_item_id/reserve`: reserves what the line has neither
 * fulfilled nor reserved yet, at the order's sales channel's locations.
 */
export async function reserveOrderLine(db: Db, env: OrderEnv, orderId: string, lineId: string) {
  requireInventory(env)
  return db.transaction(async (tx) => {
    const row = await requireOrder(tx, orderId, true)
    if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot reserve stock')
    const [line] = await tx
      .select()
      .from(lineItem)
      .where(and(eq(lineItem.id, lineId), eq(lineItem.order_id, orderId)))
    if (!line) throw NotFound.entity('LineItem', lineId)
    if (!line.variant_id) throw new NotFound(`Line item ${lineId} has no variant to reserve`)
    const [variant] = await tx
      .select({ manage_inventory: productVariant.manage_inventory, allow_backorder: productVariant.allow_backorder })
      .from(productVariant)
      .where(eq(productVariant.id, line.variant_id))
    if (!variant) throw new NotFound(`Line item ${lineId} has no variant to reserve`)
    const reserved = await tx
      .select({ quantity: reservationItem.quantity })
      .from(reservationItem)
      .where(and(eq(reservationItem.line_item_id, lineId), isNull(reservationItem.deleted_at)))
    const held = reserved.reduce((sum, entry) => sum + entry.quantity, 0)
    const quantity = line.quantity - (line.fulfilled_quantity ?? 0) - held
    if (quantity <= 0) throw new NotAllowed(`Line item ${lineId} has nothing left to reserve`)
    await reserveLines(tx, [{ id: lineId, variant_id: line.variant_id, quantity, variant }], row.sales_channel_id)
    const [reservation] = await tx
      .select()
      .from(reservationItem)
      .where(and(eq(reservationItem.line_item_id, lineId), isNull(reservationItem.deleted_at)))
      .orderBy(desc(reservationItem.created_at), desc(reservationItem.id))
      .limit(1)
    return reservation
  })
}
