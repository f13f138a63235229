import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
import { atomicStage, detachedStage, STARTED, type Stages } from '../../../core/idempotency.js'
import { listTotal } from '../../../core/list.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { productVariant } from '../../catalog/schema.js'
import {
  lineItem,
  lineItemAdjustment,
  lineItemTaxLine,
  shippingMethod,
  shippingMethodTaxLine,
} from '../../carts/schema.js'
import { computeTotals } from '../../carts/totals.js'
import { customer } from '../../customers/schema.js'
import { requireLocation } from '../../inventory/locations.js'
import { restockVariants } from '../../inventory/reservations.js'
import { region } from '../../regions/schema.js'
import { shippingOption } from '../../shipping/schema.js'
import { requireOrder } from '../admin/service.js'
import { withOrderOperation, type OrderEnv } from '../admin/operations.js'
import type { OrderRow } from '../loader.js'
import { livePaymentsOf, recordRefunds, refundAtProviders } from '../payments/service.js'
import { order, orderReturn, returnItem, returnReason, type FulfillmentStatus } from '../schema.js'
import { RETURN_EVENTS } from './events.js'
import { SWAP_EVENTS } from '../events.js'

export type ReturnRow = typeof orderReturn.$inferSelect
export type ReturnItemRow = typeof returnItem.$inferSelect
type LineRow = typeof lineItem.$inferSelect

export interface ReturnItemInput {
  item_id: string
  quantity: number
  reason_id?: string
  note?: string
}

export interface CreateReturnInput {
  items: readonly ReturnItemInput[]
  /** A return shipping option of the order's region, at `price` (else the option's amount). */
  return_shipping?: { option_id: string; price?: number }
  /** What receiving it refunds; computed from the lines less return shipping when absent. */
  refund?: number
  location_id?: string
  no_notification?: boolean | null
  swap_id?: string
  claim_order_id?: string
  metadata?: Record<string, unknown>
  /** The request's Idempotency-Key: a replay finds the return it made by it. */
  idempotency_key?: string
}

/** Returns still expecting their items: the units they name cannot be claimed by another return. */
const OPEN = sql`${orderReturn.status} IN ('requested', 'requires_action')`

/** Units of each line named by the order's open returns, not counting `exceptReturnId`. */
async function unitsInOpenReturns(db: Db, orderId: string, exceptReturnId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ item_id: returnItem.item_id, quantity: sql<number>`sum(${returnItem.quantity})::int` })
    .from(returnItem)
    .innerJoin(orderReturn, eq(orderReturn.id, returnItem.return_id))
    .where(
      and(eq(orderReturn.order_id, orderId), OPEN, exceptReturnId ? ne(orderReturn.id, exceptReturnId) : undefined),
    )
    .groupBy(returnItem.item_id)
  return new Map(rows.map((row) => [row.item_id, Number(row.quantity)]))
}

/**
 * Quantities asked per line (repeats summed), each a line of the order and within what can still
 * come back: fulfilled, less already returned, less what open returns already claim.
 */
async function plannedLines(db: Db, orderId: string, items: readonly ReturnItemInput[], field = 'items') {
  if (items.length === 0) throw new InvalidData(`${field}: a return needs at least one item`)
  const wanted = new Map<string, number>()
  for (const item of items) wanted.set(item.item_id, (wanted.get(item.item_id) ?? 0) + item.quantity)
  const lines = await db
    .select()
    .from(lineItem)
    .where(and(eq(lineItem.order_id, orderId), inArray(lineItem.id, [...wanted.keys()])))
  const claimed = await unitsInOpenReturns(db, orderId)
  return [...wanted].map(([itemId, quantity]) => {
    const line = lines.find((candidate) => candidate.id === itemId)
    if (!line) throw new InvalidData(`${field}: item ${itemId} is not a line of this order`)
    const returnable = (line.fulfilled_quantity ?? 0) - (line.returned_quantity ?? 0) - (claimed.get(itemId) ?? 0)
    if (quantity > returnable) {
      throw new NotAllowed(
        `${field}: cannot return more of item ${itemId} than was fulfilled and not returned yet (${returnable})`,
      )
    }
    return { line, quantity }
  })
}

/** A reason given on a line must be live and not a category (a reason with children, v1). */
async function checkReasons(db: Db, items: readonly ReturnItemInput[], field: string) {
  const ids = [...new Set(items.flatMap((item) => (item.reason_id ? [item.reason_id] : [])))]
  if (ids.length === 0) return
  const found = await db
    .select({ id: returnReason.id })
    .from(returnReason)
    .where(and(inArray(returnReason.id, ids), isNull(returnReason.deleted_at)))
  const missing = ids.find((id) => !found.some((row) => row.id === id))
  if (missing) throw new InvalidData(`${field}: return reason ${missing} was not found`)
  const [category] = await db
    .select({ id: returnReason.parent_return_reason_id })
    .from(returnReason)
    .where(and(inArray(returnReason.parent_return_reason_id, ids), isNull(returnReason.deleted_at)))
    .limit(1)
  if (category) throw new InvalidData(`${field}: cannot apply return reason category ${category.id}`)
}

/** The order's tax rate for return shipping: the order's own, else its region's. */
async function orderTaxRate(db: Db, row: OrderRow): Promise<number> {
  if (row.tax_rate !== null) return row.tax_rate
  const [found] = await db.select({ tax_rate: region.tax_rate }).from(region).where(eq(region.id, row.region_id))
  return found?.tax_rate ?? 0
}

/**
 * What the returned units are worth, through the one totals function: each line at the returned
 * quantity, its discount shared per unit, with its tax lines (v1 `getRefundTotal`).
 */
async function linesRefund(db: Db, planned: { line: LineRow; quantity: number }[]): Promise<number> {
  const ids = planned.map(({ line }) => line.id)
  const [taxLines, adjustments] = await Promise.all([
    db.select().from(lineItemTaxLine).where(inArray(lineItemTaxLine.item_id, ids)),
    db.select().from(lineItemAdjustment).where(inArray(lineItemAdjustment.item_id, ids)),
  ])
  const totals = computeTotals({
    currency_code: 'xxx',
    region: { gift_cards_taxable: true, tax_rate: 0 },
    items: planned.map(({ line, quantity }) => ({
      id: line.id,
      unit_price: line.unit_price,
      quantity,
      includes_tax: line.includes_tax,
      tax_lines: taxLines.filter((tax) => tax.item_id === line.id),
      adjustments: adjustments
        .filter((adjustment) => adjustment.item_id === line.id)
        .map((adjustment) => ({ amount: (Number(adjustment.amount) * quantity) / line.quantity })),
    })),
    shipping_methods: [],
    gift_cards: [],
    kind: 'order',
  })
  return totals.total
}

/** Return shipping's price with its tax, through the totals function. */
function shippingTotal(price: number, rate: number): number {
  const totals = computeTotals({
    currency_code: 'xxx',
    region: { gift_cards_taxable: true, tax_rate: rate },
    items: [],
    shipping_methods: [
      { id: 'return', price, includes_tax: false, tax_lines: rate ? [{ rate, name: 'default', code: 'default' }] : [] },
    ],
    gift_cards: [],
    kind: 'order',
  })
  return totals.total
}

/**
 * Creates a requested return of an order's items inside the caller's transaction (a return of its
 * own, a swap's or a claim's), locking the order so two returns cannot claim the same last unit.
 * Refuses a canceled order, a line not of the order, more than can come back, an unknown reason, a
 * return shipping option that is not a return option of the order's region, a refund above what
 * the order can refund. Emits nothing: the caller says why the return exists.
 */
export async function createReturn(tx: Db, orderId: string, input: CreateReturnInput): Promise<ReturnRow> {
  const row = await requireOrder(tx, orderId, true)
  if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot have its items returned')
  const planned = await plannedLines(tx, orderId, input.items)
  await checkReasons(tx, input.items, 'items')
  if (input.location_id) await requireLocation(tx, input.location_id, 'location_id')
  const payments = await livePaymentsOf(tx, orderId)
  const refundable = payments.reduce((sum, entry) => sum + entry.amount - entry.amount_refunded, 0)
  if (input.refund !== undefined && Math.max(0, input.refund) > refundable) {
    throw new InvalidData(`refund: ${input.refund} is more than the order can refund (${refundable})`)
  }

  let method: { option_id: string; price: number; rate: number } | undefined
  if (input.return_shipping) {
    const [option] = await tx
      .select()
      .from(shippingOption)
      .where(and(eq(shippingOption.id, input.return_shipping.option_id), isNull(shippingOption.deleted_at)))
    if (!option || !option.is_return || option.region_id !== row.region_id) {
      throw new InvalidData(
        `return_shipping.option_id: ${input.return_shipping.option_id} is not a return shipping option of the order's region`,
      )
    }
    method = {
      option_id: option.id,
      price: input.return_shipping.price ?? option.amount ?? 0,
      rate: await orderTaxRate(tx, row),
    }
  }

  const refundAmount =
    input.refund !== undefined
      ? Math.max(0, Math.floor(input.refund))
      : Math.max(0, (await linesRefund(tx, planned)) - (method ? shippingTotal(method.price, method.rate) : 0))

  const id = generateId('ret')
  const [created] = await tx
    .insert(orderReturn)
    .values({
      id,
      order_id: orderId,
      swap_id: input.swap_id ?? null,
      claim_order_id: input.claim_order_id ?? null,
      location_id: input.location_id ?? null,
      refund_amount: refundAmount,
      no_notification: input.no_notification ?? null,
      metadata: input.metadata ?? null,
      idempotency_key: input.idempotency_key ?? null,
    })
    .returning()
  const byItem = new Map(input.items.map((item) => [item.item_id, item]))
  await tx.insert(returnItem).values(
    planned.map(({ line, quantity }) => ({
      return_id: id,
      item_id: line.id,
      quantity,
      requested_quantity: quantity,
      reason_id: byItem.get(line.id)?.reason_id ?? null,
      note: byItem.get(line.id)?.note ?? null,
    })),
  )
  if (method) {
    const methodId = generateId('sm')
    await tx.insert(shippingMethod).values({
      id: methodId,
      shipping_option_id: method.option_id,
      return_id: id,
      price: method.price,
      includes_tax: false,
      data: {},
    })
    if (method.rate) {
      await tx.insert(shippingMethodTaxLine).values({
        id: generateId('smtl'),
        shipping_method_id: methodId,
        rate: method.rate,
        name: 'default',
        code: 'default',
      })
    }
  }
  return created
}

/**
 * `POST /admin/orders/:id/return`, idempotent as in v1: the return is requested in one
 * transaction (`order.return_requested`), v1 asking a fulfilled, paid order not already all
 * returned; then, with `receive_now`, it is received at once (a stage of its own, since receiving
 * calls the payment providers). The answer is made by `answer`, once everything is done.
 */
export function requestReturnStages(
  env: OrderEnv,
  orderId: string,
  input: CreateReturnInput & { receive_now?: boolean },
  answer: (db: Db) => Promise<unknown>,
): Stages {
  return {
    [STARTED]: atomicStage(async (tx, key) => {
      const row = await requireOrder(tx, orderId, true)
      if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot have its items returned')
      if (row.fulfillment_status === 'not_fulfilled' || row.fulfillment_status === 'returned') {
        throw new NotAllowed("Can't return an unfulfilled or already returned order")
      }
      if (row.payment_status !== 'captured' && row.payment_status !== 'partially_refunded') {
        throw new NotAllowed("Can't return an order with payment unprocessed")
      }
      const made = await createReturn(tx, orderId, { ...input, idempotency_key: key.idempotency_key })
      await emit(tx, RETURN_EVENTS.returnRequested, {
        id: orderId,
        return_id: made.id,
        no_notification: input.no_notification ?? row.no_notification,
      })
      return { recovery_point: 'return_requested' }
    }),
    return_requested: detachedStage(async (db, key) => {
      const [made] = await db
        .select()
        .from(orderReturn)
        .where(eq(orderReturn.idempotency_key, key.idempotency_key))
        .limit(1)
      if (!made) throw new InvalidData('Return not found')
      if (input.receive_now && made.status === 'requested') {
        await receiveReturn(db, env, made.id, {
          items: input.items.map((item) => ({ item_id: item.item_id, quantity: item.quantity })),
          ...(input.location_id ? { location_id: input.location_id } : {}),
        })
      }
      return { response_code: 200, response_body: await answer(db) }
    }),
  }
}

export async function requireReturn(db: Db, id: string, lock = false): Promise<ReturnRow> {
  const query = db.select().from(orderReturn).where(eq(orderReturn.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw NotFound.entity('Return', id)
  return row
}

export interface ReceiveReturnInput {
  items: readonly { item_id: string; quantity: number }[]
  /** Overrides the return's `refund_amount`; negative counts as 0. */
  refund?: number
  location_id?: string
}

/** Refusals of a receipt, read again under the lock before anything is written. */
function assertReceivable(row: ReturnRow) {
  if (row.status === 'canceled') throw new NotAllowed('Cannot receive a canceled return')
  if (row.status === 'received') throw new NotAllowed(`Return with id ${row.id} has already been received`)
}

/**
 * `POST /admin/returns/:id/receive` (and `receive_now`): under the order's operation claim, so a
 * second receipt of the same return waits and is then refused. The refund (`refund` or the
 * return's `refund_amount`) is made at the providers first, outside any transaction; a refusal
 * leaves the return and the order exactly as they were. Then, in one transaction: the return is
 * `received` with each line's requested and received quantities, the lines' `returned_quantity`
 * rise (never past what was fulfilled), the units go back to stock at `location_id`, the refund is
 * recorded, and the order's `fulfillment_status` becomes `returned` or `partially_returned` — or
 * `requires_action` when the refund is more than the order can refund (v1), with no refund made.
 */
export async function receiveReturn(
  db: Db,
  env: OrderEnv,
  returnId: string,
  input: ReceiveReturnInput,
): Promise<ReturnRow> {
  const first = await requireReturn(db, returnId)
  const claimed = first.order_id ?? returnId
  return withOrderOperation(db, claimed, 'return-receive', async () => {
    const row = await requireReturn(db, returnId)
    assertReceivable(row)
    const orderRow = row.order_id ? await requireOrder(db, row.order_id) : undefined
    const received = await receivedLines(db, row, input.items)
    const locationId = input.location_id ?? row.location_id ?? undefined
    if (locationId) await requireLocation(db, locationId, 'location_id')
    const amount = Math.max(0, Math.floor(input.refund ?? row.refund_amount))
    const payments = orderRow ? await livePaymentsOf(db, orderRow.id) : []
    const refundable = payments.reduce((sum, entry) => sum + entry.amount - entry.amount_refunded, 0)
    const refunding = orderRow !== undefined && !row.swap_id && amount > 0 && amount <= refundable

    const { parts, failure } = refunding ? await refundAtProviders(env, payments, amount) : { parts: [] }
    if (failure) {
      // Parts refunded before the refusal are real money back: recorded, then the refusal answers.
      if (parts.length > 0)
        await recordRefunds(db, orderRow!.id, parts, { amount, reason: 'return' }, row.no_notification)
      throw failure
    }
    const write = db.transaction(async (tx) => {
      const locked = await requireReturn(tx, returnId, true)
      assertReceivable(locked)
      const now = new Date()
      await markReceived(tx, locked, received, now)
      await restock(tx, env, received, locationId)
      if (parts.length > 0) {
        await recordRefunds(tx, orderRow!.id, parts, { amount, reason: 'return' }, locked.no_notification ?? null)
      }
      const [saved] = await tx
        .update(orderReturn)
        .set({
          status: 'received',
          received_at: now,
          refund_amount: amount,
          location_id: locationId ?? null,
          updated_at: now,
        })
        .where(eq(orderReturn.id, returnId))
        .returning()
      if (locked.swap_id) {
        await emit(tx, SWAP_EVENTS.received, {
          id: locked.swap_id,
          order_id: locked.order_id,
          no_notification: locked.no_notification,
        })
      }
      if (orderRow) {
        const tooMuch = !row.swap_id && amount > refundable
        await settleReturnedStatus(tx, orderRow.id, tooMuch ? 'requires_action' : undefined)
        await emit(tx, tooMuch ? RETURN_EVENTS.returnActionRequired : RETURN_EVENTS.itemsReturned, {
          id: orderRow.id,
          return_id: returnId,
          no_notification: locked.no_notification ?? orderRow.no_notification,
        })
      }
      return saved
    })
    try {
      return await write
    } catch (error) {
      // The money went back at the providers: that much is recorded whatever refused the receipt.
      if (parts.length > 0)
        await recordRefunds(db, orderRow!.id, parts, { amount, reason: 'return' }, row.no_notification)
      throw error
    }
  })
}

type ReceivedLine = { line: LineRow; quantity: number; requested: number | null }

/** The received quantities, each a line of the return's order and within what is still out. */
async function receivedLines(db: Db, row: ReturnRow, items: ReceiveReturnInput['items']): Promise<ReceivedLine[]> {
  if (items.length === 0) throw new InvalidData('items: a receipt needs at least one item')
  const wanted = new Map<string, number>()
  for (const item of items) wanted.set(item.item_id, (wanted.get(item.item_id) ?? 0) + item.quantity)
  const [lines, requested] = await Promise.all([
    db
      .select()
      .from(lineItem)
      .where(inArray(lineItem.id, [...wanted.keys()])),
    db.select().from(returnItem).where(eq(returnItem.return_id, row.id)),
  ])
  return [...wanted].map(([itemId, quantity]) => {
    const line = lines.find((candidate) => candidate.id === itemId && candidate.order_id === row.order_id)
    if (!line) throw new InvalidData(`items: item ${itemId} is not a line of the return's order`)
    const out = (line.fulfilled_quantity ?? 0) - (line.returned_quantity ?? 0)
    if (quantity > out) {
      throw new NotAllowed(`items: cannot receive more of item ${itemId} than was fulfilled and not returned (${out})`)
    }
    return { line, quantity, requested: requested.find((entry) => entry.item_id === itemId)?.quantity ?? null }
  })
}

/** Return lines record what was asked and what came; the order's lines count what came back. */
async function markReceived(tx: Db, row: ReturnRow, received: ReceivedLine[], now: Date) {
  for (const { line, quantity, requested } of received) {
    if (requested === null) {
      await tx.insert(returnItem).values({
        return_id: row.id,
        item_id: line.id,
        quantity,
        received_quantity: quantity,
        is_requested: false,
      })
    } else {
      await tx
        .update(returnItem)
        .set({ quantity, received_quantity: quantity, is_requested: quantity === requested })
        .where(and(eq(returnItem.return_id, row.id), eq(returnItem.item_id, line.id)))
    }
    const raised = await tx
      .update(lineItem)
      .set({ returned_quantity: sql`coalesce(${lineItem.returned_quantity}, 0) + ${quantity}`, updated_at: now })
      .where(
        and(
          eq(lineItem.id, line.id),
          sql`coalesce(${lineItem.fulfilled_quantity}, 0) - coalesce(${lineItem.returned_quantity}, 0) >= ${quantity}`,
        ),
      )
      .returning({ id: lineItem.id })
    if (raised.length === 0) throw new NotAllowed(`items: cannot receive more of item ${line.id} than is out`)
  }
  // Requested lines that did not come back are kept with a received quantity of 0.
  const receivedIds = received.map(({ line }) => line.id)
  await tx
    .update(returnItem)
    .set({ received_quantity: 0, is_requested: false })
    .where(
      and(
        eq(returnItem.return_id, row.id),
        sql`${returnItem.item_id} NOT IN (${sql.join(
          receivedIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
}

/**
 * The units come back into stock: at `locationId` with the inventory module; without it, into
 * the variants' own stock (v1 legacy inventory).
 */
async function restock(tx: Db, env: OrderEnv, received: ReceivedLine[], locationId: string | undefined) {
  const back = received.flatMap(({ line, quantity }) =>
    line.variant_id ? [{ variant_id: line.variant_id, quantity }] : [],
  )
  if (back.length === 0) return
  if (env.flags.inventoryService) {
    if (locationId) await restockVariants(tx, back, locationId)
    return
  }
  for (const item of back) {
    await tx
      .update(productVariant)
      .set({ inventory_quantity: sql`${productVariant.inventory_quantity} + ${item.quantity}`, updated_at: new Date() })
      .where(and(eq(productVariant.id, item.variant_id), eq(productVariant.manage_inventory, true)))
  }
}

/** `returned` when every unit ordered came back, else `partially_returned` (or the status given). */
async function settleReturnedStatus(tx: Db, orderId: string, status?: FulfillmentStatus) {
  let next = status
  if (!next) {
    const lines = await tx
      .select({ quantity: lineItem.quantity, returned: lineItem.returned_quantity })
      .from(lineItem)
      .where(eq(lineItem.order_id, orderId))
    next = lines.every((line) => (line.returned ?? 0) >= line.quantity) ? 'returned' : 'partially_returned'
  }
  await tx.update(order).set({ fulfillment_status: next, updated_at: new Date() }).where(eq(order.id, orderId))
}

/** `POST /admin/returns/:id/cancel`: a received return stays; otherwise it is `canceled`. */
export async function cancelReturn(db: Db, returnId: string): Promise<ReturnRow> {
  const first = await requireReturn(db, returnId)
  // Under the order's claim: a receipt in progress (its refund made, not yet written) finishes first.
  return withOrderOperation(db, first.order_id ?? returnId, 'return-cancel', () =>
    db.transaction(async (tx) => {
      const row = await requireReturn(tx, returnId, true)
      if (row.status === 'received') throw new NotAllowed("Can't cancel a return which has been returned")
      if (row.status === 'canceled') return row
      const [saved] = await tx
        .update(orderReturn)
        .set({ status: 'canceled', updated_at: new Date() })
        .where(eq(orderReturn.id, returnId))
        .returning()
      return saved
    }),
  )
}

/** The items of some returns, oldest line first, in one statement. */
export async function itemsOfReturns(db: Db, returnIds: readonly string[]): Promise<ReturnItemRow[]> {
  if (returnIds.length === 0) return []
  return db
    .select()
    .from(returnItem)
    .where(inArray(returnItem.return_id, [...returnIds]))
    .orderBy(asc(returnItem.item_id))
}

/** `GET /admin/returns`: every return, newest first. */
export async function listReturns(db: Db, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(orderReturn)
    .orderBy(desc(orderReturn.created_at), desc(orderReturn.id))
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, orderReturn, undefined, { rows: rows.length, ...page })
  return { rows, count }
}

/**
 * Who may ask for a store return: a registered customer's order only by that customer, logged
 * in; a guest order by whoever holds its id (v1 treats a guest order's id as its key, as
 * `GET /store/orders/:id` does). Anything else reads as an unknown order.
 */
export async function requireShopperOrder(db: Db, orderId: string, customerId: string | undefined): Promise<OrderRow> {
  const [row] = await db
    .select({ order, has_account: customer.has_account })
    .from(order)
    .innerJoin(customer, eq(customer.id, order.customer_id))
    .where(eq(order.id, orderId))
    .limit(1)
  if (!row || (row.has_account && row.order.customer_id !== customerId)) throw NotFound.entity('Order', orderId)
  return row.order
}

/**
 * `POST /store/returns`: a shopper's return of their order's fulfilled items, with an optional
 * return shipping option of the region. Inside the idempotent stage's transaction.
 */
export async function createStoreReturn(
  tx: Db,
  input: { order_id: string; items: ReturnItemInput[]; return_shipping?: { option_id: string } },
  customerId: string | undefined,
  idempotencyKey: string,
): Promise<ReturnRow> {
  const row = await requireShopperOrder(tx, input.order_id, customerId)
  if (row.fulfillment_status === 'not_fulfilled' || row.fulfillment_status === 'returned') {
    throw new NotAllowed("Can't return an unfulfilled or already returned order")
  }
  const created = await createReturn(tx, row.id, {
    items: input.items,
    idempotency_key: idempotencyKey,
    ...(input.return_shipping ? { return_shipping: { option_id: input.return_shipping.option_id } } : {}),
  })
  await emit(tx, RETURN_EVENTS.returnRequested, {
    id: row.id,
    return_id: created.id,
    no_notification: row.no_notification,
  })
  return created
}
