import { and, asc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm'
import { InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
import { escapeLike, listAnswer, listTotal, orderBy, sortableColumns, whereAll } from '../../../core/list.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { lineItem, lineItemAdjustment, lineItemTaxLine } from '../../carts/schema.js'
import { loadCartVariants, requireUnitPrice, requireVariants } from '../../carts/variants.js'
import { region } from '../../regions/schema.js'
import { currency } from '../../store/schema.js'
import { computeTaxLines } from '../../tax/system-provider.js'
import { requireOrder } from '../admin/service.js'
import { withOrderOperation, type OrderEnv } from '../admin/operations.js'
import { ORDER_EDIT_EVENTS, ORDER_EVENTS } from '../events.js'
import { dryRun } from '../claims/service.js'
import { settleEditedLines } from '../line-stock.js'
import { capturedLeft, refundedBefore, refundHeldOrder } from '../payments/service.js'
import { payment, orderEdit, orderItemChange } from '../schema.js'
import type { OrderEditPaymentsSeam } from '../seams.js'
import {
  orderEditsPaging,
  type AdminGetOrderEditsParams,
  type AdminPostOrderEditsEditLineItemsReq,
  type AdminPostOrderEditsReq,
  type OrderEditStatus,
} from './contract.js'
import { differenceDue, editStatus, viewEdits, type EditSelection, type OrderEditRow } from './view.js'

type LineRow = typeof lineItem.$inferSelect

export interface EditEnv extends OrderEnv {
  payments: OrderEditPaymentsSeam | undefined
}

export async function requireEdit(db: Db, id: string, lock = false): Promise<OrderEditRow> {
  const query = db.select().from(orderEdit).where(eq(orderEdit.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw NotFound.entity('OrderEdit', id)
  return row
}

/** Item changes are made while the edit is `created`: once requested, the customer sees what they accept. */
function requireCreated(row: OrderEditRow, doing: string): void {
  const status = editStatus(row)
  if (status !== 'created') throw new NotAllowed(`Cannot ${doing} an order edit with status ${status}`)
}

const sortable = sortableColumns({ created_at: orderEdit.created_at })

export async function listEdits(db: Db, query: AdminGetOrderEditsParams, selection: EditSelection, env: EditEnv) {
  const page = orderEditsPaging.page(query)
  const conditions: (SQL | undefined)[] = [
    query.order_id ? eq(orderEdit.order_id, query.order_id) : undefined,
    query.q ? ilike(orderEdit.internal_note, `%${escapeLike(query.q)}%`) : undefined,
  ]
  const where = whereAll(conditions)
  const rows = await db
    .select()
    .from(orderEdit)
    .where(where)
    .orderBy(...orderBy(query.order, sortable, '-created_at', orderEdit.id))
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, orderEdit, where, { rows: rows.length, ...page })
  return listAnswer('order_edits', await viewEdits(db, rows, selection, env.payments), count, page)
}

export async function retrieveEdit(db: Db, id: string, selection: EditSelection, env: Pick<EditEnv, 'payments'>) {
  const [view] = await viewEdits(db, [await requireEdit(db, id)], selection, env.payments)
  return view
}

/** Copies lines into the edit (their tax lines and adjustments too), each pointing at its original. */
async function cloneLines(tx: Db, editId: string, lines: readonly LineRow[]): Promise<void> {
  if (lines.length === 0) return
  const ids = new Map(lines.map((line) => [line.id, generateId('item')]))
  await tx.insert(lineItem).values(
    lines.map((line) => ({
      ...line,
      id: ids.get(line.id)!,
      order_id: null,
      cart_id: null,
      order_edit_id: editId,
      original_item_id: line.id,
      updated_at: new Date(),
    })),
  )
  const originalIds = [...ids.keys()]
  const [taxLines, adjustments] = await Promise.all([
    tx.select().from(lineItemTaxLine).where(inArray(lineItemTaxLine.item_id, originalIds)),
    tx.select().from(lineItemAdjustment).where(inArray(lineItemAdjustment.item_id, originalIds)),
  ])
  if (taxLines.length) {
    await tx
      .insert(lineItemTaxLine)
      .values(taxLines.map((line) => ({ ...line, id: generateId('litl'), item_id: ids.get(line.item_id)! })))
  }
  if (adjustments.length) {
    // A discount's unique (discount_id, item_id) holds: each copy is on a new line.
    await tx
      .insert(lineItemAdjustment)
      .values(adjustments.map((line) => ({ ...line, id: generateId('lia'), item_id: ids.get(line.item_id)! })))
  }
}

/** `POST /admin/order-edits`: a copy of the order's lines; one active edit per order. */
export async function createEdit(db: Db, input: AdminPostOrderEditsReq, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    // The order's row lock puts two creations for one order one after the other.
    const row = await requireOrder(tx, input.order_id, true)
    if (row.status === 'canceled') throw new NotAllowed('Cannot edit a canceled order')
    const [active] = await tx
      .select({ id: orderEdit.id })
      .from(orderEdit)
      .where(
        and(
          eq(orderEdit.order_id, row.id),
          isNull(orderEdit.confirmed_at),
          isNull(orderEdit.declined_at),
          isNull(orderEdit.canceled_at),
        ),
      )
      .limit(1)
    if (active) throw new InvalidData(`An active order edit already exists for the order ${row.id}`)
    const id = generateId('oe')
    await tx
      .insert(orderEdit)
      .values({ id, order_id: row.id, internal_note: input.internal_note ?? null, created_by: userId })
    const lines = await tx
      .select()
      .from(lineItem)
      .where(eq(lineItem.order_id, row.id))
      .orderBy(asc(lineItem.created_at), asc(lineItem.id))
    await cloneLines(tx, id, lines)
    await emit(tx, ORDER_EDIT_EVENTS.created, { id })
    return id
  })
}

export async function updateEdit(db: Db, id: string, input: { internal_note?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEdit(tx, id, true)
    if (input.internal_note !== undefined) {
      await tx
        .update(orderEdit)
        .set({ internal_note: input.internal_note, updated_at: new Date() })
        .where(eq(orderEdit.id, id))
    }
    await emit(tx, ORDER_EDIT_EVENTS.updated, { id })
  })
}

/** `DELETE /admin/order-edits/:id`: only a `created` edit, with its lines and changes. */
export async function deleteEdit(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    if (editStatus(row) !== 'created') throw new NotAllowed(`Cannot delete order edit with status ${editStatus(row)}`)
    await tx.delete(orderItemChange).where(eq(orderItemChange.order_edit_id, id))
    await tx.delete(lineItem).where(eq(lineItem.order_edit_id, id))
    await tx.delete(orderEdit).where(eq(orderEdit.id, id))
  })
}

/** A line of this edit, or v1's 400. */
async function requireEditLine(tx: Db, row: OrderEditRow, itemId: string): Promise<LineRow> {
  const [line] = await tx.select().from(lineItem).where(eq(lineItem.id, itemId)).limit(1).for('update')
  if (!line || line.order_edit_id !== row.id) {
    throw new InvalidData(`Invalid line item id ${itemId} it does not belong to the same order edit ${row.order_id}.`)
  }
  return line
}

const changeOfLine = async (tx: Db, lineId: string) =>
  (await tx.select().from(orderItemChange).where(eq(orderItemChange.line_item_id, lineId)).limit(1))[0]

/** `POST /admin/order-edits/:id/items`: a new line at the region's price with its tax lines; an `item_add`. */
export async function addEditItem(
  db: Db,
  env: EditEnv,
  id: string,
  input: AdminPostOrderEditsEditLineItemsReq,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    requireCreated(row, 'add an item to')
    const target = await requireOrder(tx, row.order_id)
    const variants = await loadCartVariants(tx, [input.variant_id])
    requireVariants(variants, [input.variant_id])
    const entry = variants.get(input.variant_id)!
    const [pricing] = await tx
      .select({ region, currency_includes_tax: currency.includes_tax })
      .from(region)
      .innerJoin(currency, eq(currency.code, region.currency_code))
      .where(eq(region.id, target.region_id))
    if (!pricing) throw NotFound.entity('Region', target.region_id)
    const price = requireUnitPrice(
      entry,
      { ...pricing.region, currency_includes_tax: pricing.currency_includes_tax },
      input.quantity,
      {
        tax_inclusive_pricing: env.flags.tax_inclusive_pricing ?? false,
        sales_channels: env.flags.sales_channels ?? true,
      },
    )
    const lineId = generateId('item')
    await tx.insert(lineItem).values({
      id: lineId,
      order_edit_id: id,
      title: entry.product.title,
      description: entry.variant.title,
      thumbnail: entry.product.thumbnail,
      is_giftcard: entry.product.is_giftcard,
      allow_discounts: entry.product.discountable,
      has_shipping: false,
      variant_id: entry.variant.id,
      quantity: input.quantity,
      ...price,
      metadata: input.metadata ?? null,
    })
    const taxes = await computeTaxLines(tx, {
      region: { id: target.region_id, tax_rate: pricing.region.tax_rate },
      items: [{ id: lineId, product_id: entry.product.id, product_type_id: entry.product.type_id }],
      shipping_methods: [],
    })
    if (taxes.items.length) {
      await tx.insert(lineItemTaxLine).values(taxes.items.map((line) => ({ ...line, id: generateId('litl') })))
    }
    await tx
      .insert(orderItemChange)
      .values({ id: generateId('oic'), type: 'item_add', order_edit_id: id, line_item_id: lineId })
    await tx.update(orderEdit).set({ updated_at: new Date() }).where(eq(orderEdit.id, id))
  })
}

/** `POST /admin/order-edits/:id/items/:item_id`: the line's new quantity; an `item_update` unless it was added. */
export async function updateEditItem(db: Db, id: string, itemId: string, quantity: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    requireCreated(row, 'update an item on')
    const line = await requireEditLine(tx, row, itemId)
    if (quantity < (line.fulfilled_quantity ?? 0)) {
      throw new InvalidData(`quantity: cannot be below the ${line.fulfilled_quantity} units already fulfilled`)
    }
    if (!(await changeOfLine(tx, line.id))) {
      await tx.insert(orderItemChange).values({
        id: generateId('oic'),
        type: 'item_update',
        order_edit_id: id,
        original_line_item_id: line.original_item_id,
        line_item_id: line.id,
      })
    }
    await tx.update(lineItem).set({ quantity, updated_at: new Date() }).where(eq(lineItem.id, line.id))
  })
}

/** `DELETE /admin/order-edits/:id/items/:item_id`: an original line leaves the edit; an `item_remove`. */
export async function removeEditItem(db: Db, id: string, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    requireCreated(row, 'remove an item from')
    const line = await requireEditLine(tx, row, itemId)
    // An added line is taken back by deleting its change (v1 likewise).
    if (!line.original_item_id) {
      throw new InvalidData(`Invalid line item id ${itemId} it does not belong to the same order edit ${row.order_id}.`)
    }
    if ((line.fulfilled_quantity ?? 0) > 0) throw new NotAllowed('Cannot remove a line item that was fulfilled')
    await tx.delete(orderItemChange).where(eq(orderItemChange.line_item_id, line.id))
    await tx.insert(orderItemChange).values({
      id: generateId('oic'),
      type: 'item_remove',
      order_edit_id: id,
      original_line_item_id: line.original_item_id,
    })
    await tx.delete(lineItem).where(eq(lineItem.id, line.id))
  })
}

/** `DELETE /admin/order-edits/:id/changes/:change_id`: the change is undone, the edit's line as the order has it. */
export async function deleteEditChange(db: Db, id: string, changeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    const [change] = await tx.select().from(orderItemChange).where(eq(orderItemChange.id, changeId)).limit(1)
    if (!change) throw NotFound.entity('OrderItemChange', changeId)
    if (change.order_edit_id !== id) {
      throw new InvalidData(`The item change you are trying to delete doesn't belong to the OrderEdit with id: ${id}.`)
    }
    requireCreated(row, 'delete an item change of')
    await tx.delete(orderItemChange).where(eq(orderItemChange.id, changeId))
    if (change.type === 'item_add' && change.line_item_id) {
      await tx.delete(lineItem).where(eq(lineItem.id, change.line_item_id))
    } else if (change.type === 'item_update' && change.line_item_id && change.original_line_item_id) {
      const [original] = await tx.select().from(lineItem).where(eq(lineItem.id, change.original_line_item_id))
      await tx
        .update(lineItem)
        .set({ quantity: original.quantity, updated_at: new Date() })
        .where(eq(lineItem.id, change.line_item_id))
    } else if (change.type === 'item_remove' && change.original_line_item_id) {
      const originals = await tx.select().from(lineItem).where(eq(lineItem.id, change.original_line_item_id))
      await cloneLines(tx, id, originals)
    }
  })
}

/**
 * `POST /admin/order-edits/:id/request`: asks the customer to accept. A positive `difference_due`
 * gets a payment collection for that amount; the request event sends the customer the e-mail.
 */
export async function requestEdit(
  db: Db,
  env: EditEnv,
  id: string,
  userId: string,
  description: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    if (editStatus(row) === 'requested') return
    requireCreated(row, 'request confirmation of')
    const [change] = await tx
      .select({ id: orderItemChange.id })
      .from(orderItemChange)
      .where(eq(orderItemChange.order_edit_id, id))
      .limit(1)
    if (!change) throw new InvalidData('Cannot request a confirmation on an edit with no changes')
    const due = await differenceDue(tx, row)
    let collectionId: string | null = null
    if (due > 0) {
      if (!env.payments) throw new NotAllowed('Payment collections are not available to collect the difference due')
      const target = await requireOrder(tx, row.order_id)
      const created = await env.payments.create(tx, {
        amount: due,
        region_id: target.region_id,
        currency_code: target.currency_code,
        created_by: userId,
        description: description ?? null,
      })
      collectionId = created.id
    }
    const now = new Date()
    await tx
      .update(orderEdit)
      .set({ requested_at: now, requested_by: userId, payment_collection_id: collectionId, updated_at: now })
      .where(eq(orderEdit.id, id))
    await emit(tx, ORDER_EDIT_EVENTS.requested, { id })
  })
}

/** `POST /admin/order-edits/:id/cancel`: a confirmed or declined edit stays as it is (400); canceled twice is once. */
export async function cancelEdit(db: Db, id: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    const status = editStatus(row)
    if (status === 'canceled') return
    if (status === 'confirmed' || status === 'declined') {
      throw new NotAllowed(`Cannot cancel order edit with status ${status}`)
    }
    const now = new Date()
    await tx
      .update(orderEdit)
      .set({ canceled_at: now, canceled_by: userId, updated_at: now })
      .where(eq(orderEdit.id, id))
    await emit(tx, ORDER_EDIT_EVENTS.canceled, { id })
  })
}

/** `POST /store/order-edits/:id/decline`: only a requested edit; declined twice is once. */
export async function declineEdit(db: Db, id: string, declinedBy: string, reason: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireEdit(tx, id, true)
    const status = editStatus(row)
    if (status === 'declined') return
    if (status !== 'requested') throw new NotAllowed(`Cannot decline an order edit with status ${status}.`)
    const now = new Date()
    await tx
      .update(orderEdit)
      .set({ declined_at: now, declined_by: declinedBy, declined_reason: reason ?? null, updated_at: now })
      .where(eq(orderEdit.id, id))
    await emit(tx, ORDER_EDIT_EVENTS.declined, { id })
  })
}

const CONFIRMABLE: readonly OrderEditStatus[] = ['created', 'requested']

/** The edit's lines become the order's; the order's lines are detached (kept for the edit's history). */
async function applyEdit(tx: Db, env: EditEnv, id: string, confirmedBy: string, paymentIds: string[]): Promise<void> {
  const row = await requireEdit(tx, id, true)
  const status = editStatus(row)
  if (!CONFIRMABLE.includes(status)) throw new NotAllowed(`Cannot confirm an order edit with status ${status}`)
  const target = await requireOrder(tx, row.order_id)
  const old = await tx
    .update(lineItem)
    .set({ order_id: null, updated_at: new Date() })
    .where(eq(lineItem.order_id, row.order_id))
    .returning({ id: lineItem.id, variant_id: lineItem.variant_id, quantity: lineItem.quantity })
  const edited = await tx
    .update(lineItem)
    .set({ order_id: row.order_id, updated_at: new Date() })
    .where(eq(lineItem.order_edit_id, id))
    .returning({
      id: lineItem.id,
      variant_id: lineItem.variant_id,
      quantity: lineItem.quantity,
      original_item_id: lineItem.original_item_id,
    })
  // Kept lines keep their units held; added or raised ones are held, removed or lowered ones give back.
  await settleEditedLines(tx, env.flags, target.sales_channel_id, old, edited)
  if (paymentIds.length) {
    await tx
      .update(payment)
      .set({ order_id: row.order_id, updated_at: new Date() })
      .where(inArray(payment.id, paymentIds))
  }
  const now = new Date()
  await tx
    .update(orderEdit)
    .set({ confirmed_at: now, confirmed_by: confirmedBy, updated_at: now })
    .where(eq(orderEdit.id, id))
  await emit(tx, ORDER_EDIT_EVENTS.confirmed, { id })
  await emit(tx, ORDER_EVENTS.updated, { id: row.order_id })
}

/**
 * Confirms the edit (admin confirm, store complete). Under the order's operation claim: a negative
 * `difference_due` is refunded first, as far as captured payments allow, at the providers outside
 * any transaction; the refund rows and the confirmation are then written in one transaction, so a
 * provider's refusal leaves the edit and the order as they were.
 */
async function confirmEdit(db: Db, env: EditEnv, id: string, confirmedBy: string, paymentIds: string[]) {
  const first = await requireEdit(db, id)
  if (editStatus(first) === 'confirmed') return
  await withOrderOperation(db, first.order_id, 'order-edit', async () => {
    const row = await requireEdit(db, id)
    const status = editStatus(row)
    if (status === 'confirmed') return
    if (!CONFIRMABLE.includes(status)) throw new NotAllowed(`Cannot confirm an order edit with status ${status}`)
    const note = `Order edit ${id}`
    // A retry after a partial refusal (payments/service.ts `refundPayments`) refunds only the rest.
    const owed = -(await differenceDue(db, row)) - (await refundedBefore(db, row.order_id, 'other', note))
    const refundable = Math.min(owed, await capturedLeft(db, row.order_id))
    const apply = (tx: Db) => applyEdit(tx, env, id, confirmedBy, paymentIds)
    if (refundable > 0) {
      // Stock the edit lacks is refused before any money leaves (the write checks it again).
      await dryRun(db, apply)
      await refundHeldOrder(db, env, row.order_id, { amount: refundable, reason: 'other', note }, apply)
    } else {
      await db.transaction(apply)
    }
  })
}

/** `POST /admin/order-edits/:id/confirm`. */
export async function adminConfirmEdit(db: Db, env: EditEnv, id: string, userId: string): Promise<void> {
  await confirmEdit(db, env, id, userId, [])
}

/**
 * `POST /store/order-edits/:id/complete`: the customer accepts a requested edit. Its payment
 * collection, when it has one, must be authorized; its payments become the order's.
 */
export async function completeEdit(db: Db, env: EditEnv, id: string, customerId: string | undefined): Promise<void> {
  const row = await requireEdit(db, id)
  const status = editStatus(row)
  if (status === 'confirmed') return
  if (status !== 'requested') throw new NotAllowed(`Cannot complete an order edit with status ${status}`)
  let paymentIds: string[] = []
  if (row.payment_collection_id) {
    const collection = env.payments
      ? (await env.payments.read(db, [row.payment_collection_id])).get(row.payment_collection_id)
      : undefined
    if (collection?.status !== 'authorized') {
      throw new NotAllowed('Unable to complete an order edit if the payment is not authorized')
    }
    paymentIds = await env.payments!.paymentIds(db, row.payment_collection_id)
  }
  const target = await requireOrder(db, row.order_id)
  await confirmEdit(db, env, id, customerId ?? target.customer_id, paymentIds)
}
