import { and, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { AppError, NotAllowed, NotFound } from '../../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  listTotal,
  orderBy,
  sortableColumns,
  whereAll,
} from '../../../core/list.js'
import { toList } from '../../../core/schemas.js'
import { emit } from '../../../events/outbox.js'
import { generateId } from '../../../db/ids.js'
import { mergedMetadata } from '../../../db/metadata.js'
import { inTransaction } from '../../../db/transactions.js'
import type { Db } from '../../../db/types.js'
import { productVariant } from '../../catalog/schema.js'
import { lineItem, shippingMethod, shippingMethodTaxLine } from '../../carts/schema.js'
import { insertAddressStatement, normalizeCountry, updateAddressStatement } from '../../customers/addresses.js'
import { address } from '../../customers/schema.js'
import { releaseLineReservations } from '../../inventory/reservations.js'
import { region } from '../../regions/schema.js'
import { shippingOption } from '../../shipping/schema.js'
import { computeTaxLines } from '../../tax/system-provider.js'
import { ORDER_EVENTS } from '../events.js'
import type { OrderRow } from '../loader.js'
import { fulfillment, order, payment, refund, swap, type PaymentStatus } from '../schema.js'
import {
  adminOrdersPaging,
  type AdminGetOrdersParams,
  type AdminOrderFilters,
  type AdminPostOrdersOrderReq,
  type AdminPostOrdersOrderShippingMethodsReq,
} from './contract.js'
import { FULL_ADMIN_SELECTION, loadAdminOrders, type AdminOrderSelection, type AdminOrderView } from './loader.js'
import { providerFailure, withOrderOperation, type OrderEnv } from './operations.js'
import { getPaymentProvider } from '../../../providers/payment.js'

/** The columns `order=` accepts; each leads an index (migrations/0060, 0150). */
const SORTABLE = sortableColumns({
  created_at: order.created_at,
  updated_at: order.updated_at,
  canceled_at: order.canceled_at,
  display_id: order.display_id,
})

const asList = <T extends string>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value]

/** `q`: the e-mail, the display id, and the shipping address's first and last name. */
function searchCondition(q: string): SQL | undefined {
  const pattern = likePattern(q)
  const displayId = /^\d{1,9}$/.test(q.trim()) ? eq(order.display_id, Number(q.trim())) : undefined
  return or(
    ilike(order.email, pattern),
    displayId,
    exists(
      sql`(SELECT 1 FROM ${address} WHERE ${address.id} = ${order.shipping_address_id} AND ${or(
        ilike(address.first_name, pattern),
        ilike(address.last_name, pattern),
      )})`,
    ),
  )
}

/** The condition of the list's filters (every filter of the reference); the order export uses it too. */
export function adminOrderFilter(query: AdminOrderFilters): SQL | undefined {
  const ids = toList(query.id)
  const statuses = asList(query.status)
  const fulfillmentStatuses = asList(query.fulfillment_status)
  const paymentStatuses = asList(query.payment_status)
  const regions = toList(query.region_id)
  const channels = toList(query.sales_channel_id)
  return whereAll([
    ids ? inArray(order.id, ids) : undefined,
    statuses ? inArray(order.status, statuses) : undefined,
    fulfillmentStatuses ? inArray(order.fulfillment_status, fulfillmentStatuses) : undefined,
    paymentStatuses ? inArray(order.payment_status, paymentStatuses) : undefined,
    query.display_id !== undefined ? eq(order.display_id, query.display_id) : undefined,
    query.cart_id !== undefined ? eq(order.cart_id, query.cart_id) : undefined,
    query.customer_id !== undefined ? eq(order.customer_id, query.customer_id) : undefined,
    query.email !== undefined ? sql`lower(${order.email}) = ${query.email.toLowerCase()}` : undefined,
    regions ? inArray(order.region_id, regions) : undefined,
    query.currency_code !== undefined ? eq(order.currency_code, query.currency_code.toLowerCase()) : undefined,
    query.tax_rate !== undefined ? eq(order.tax_rate, query.tax_rate) : undefined,
    channels ? inArray(order.sales_channel_id, channels) : undefined,
    ...dateConditions(order.created_at, query.created_at, 'created_at'),
    ...dateConditions(order.updated_at, query.updated_at, 'updated_at'),
    ...dateConditions(order.canceled_at, query.canceled_at, 'canceled_at'),
    query.q ? searchCondition(query.q) : undefined,
  ])
}

/** `GET /admin/orders`: every filter of the reference, a page in a declared order. */
export async function listAdminOrders(db: Db, query: AdminGetOrdersParams, selection: AdminOrderSelection) {
  const where = adminOrderFilter(query)
  const page = adminOrdersPaging.page(query)
  const { limit, offset } = page
  const rows = await db
    .select()
    .from(order)
    .where(where)
    .orderBy(...orderBy(query.order, SORTABLE, '-created_at', order.id))
    .limit(limit)
    .offset(offset)
  const total = await listTotal(db, order, where, { rows: rows.length, limit, offset })
  return listAnswer('orders', await loadAdminOrders(db, rows, selection), total, page)
}

export async function requireOrder(db: Db, id: string, lock = false): Promise<OrderRow> {
  const query = db.select().from(order).where(eq(order.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw NotFound.entity('Order', id)
  return row
}

export async function retrieveAdminOrder(
  db: Db,
  id: string,
  selection: AdminOrderSelection = FULL_ADMIN_SELECTION,
): Promise<AdminOrderView> {
  const [view] = await loadAdminOrders(db, [await requireOrder(db, id)], selection)
  return view
}

/** `POST /admin/orders/:id`: e-mail, addresses, `no_notification`, metadata. */
export async function updateAdminOrder(db: Db, id: string, input: AdminPostOrdersOrderReq): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await requireOrder(tx, id, true)
    if (row.status === 'canceled') throw new NotAllowed("Can't update a canceled order")
    const set: Record<string, unknown> = { updated_at: new Date() }
    if (input.email !== undefined) set.email = input.email
    if (input.no_notification !== undefined) set.no_notification = input.no_notification
    const metadata = mergedMetadata(order.metadata, input.metadata)
    if (metadata) set.metadata = metadata
    for (const kind of ['shipping_address', 'billing_address'] as const) {
      const payload = input[kind]
      if (!payload) continue
      const country_code = await normalizeCountry(tx, payload.country_code)
      const currentId = row[`${kind}_id`]
      const [current] = currentId ? await tx.select().from(address).where(eq(address.id, currentId)) : []
      if (current) await updateAddressStatement(tx, current, { ...payload, country_code })
      else {
        const addressId = generateId('addr')
        await insertAddressStatement(tx, addressId, null, { ...payload, country_code })
        set[`${kind}_id`] = addressId
      }
    }
    await tx.update(order).set(set).where(eq(order.id, id))
    await emit(tx, ORDER_EVENTS.updated, { id, no_notification: input.no_notification ?? row.no_notification })
  })
}

/** `POST /admin/orders/:id/complete`: any order but a canceled one. */
export async function completeOrder(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await requireOrder(tx, id, true)
    if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot be completed')
    await tx.update(order).set({ status: 'completed', updated_at: new Date() }).where(eq(order.id, id))
    await emit(tx, ORDER_EVENTS.completed, { id, no_notification: row.no_notification })
  })
}

/** `POST /admin/orders/:id/archive`: completed orders only. */
export async function archiveOrder(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await requireOrder(tx, id, true)
    if (row.status !== 'completed') throw new NotAllowed("Can't archive an unprocessed order")
    await tx.update(order).set({ status: 'archived', updated_at: new Date() }).where(eq(order.id, id))
    await emit(tx, ORDER_EVENTS.updated, { id, no_notification: row.no_notification })
  })
}

/** Refusals of a cancellation, read from what the order has. */
async function assertCancelable(db: Db, row: OrderRow): Promise<void> {
  if (row.status === 'canceled') throw new NotAllowed('Order is already canceled')
  const [refunds, fulfillments, swaps] = await Promise.all([
    db.select({ id: refund.id }).from(refund).where(eq(refund.order_id, row.id)).limit(1),
    db
      .select({ id: fulfillment.id })
      .from(fulfillment)
      .where(and(eq(fulfillment.order_id, row.id), isNull(fulfillment.canceled_at)))
      .limit(1),
    db
      .select({ id: swap.id })
      .from(swap)
      .where(and(eq(swap.order_id, row.id), isNull(swap.canceled_at), isNull(swap.deleted_at)))
      .limit(1),
  ])
  if (refunds.length > 0) throw new NotAllowed('Order with refund(s) cannot be canceled')
  if (swaps.length > 0) throw new NotAllowed('All swaps must be canceled before canceling an order')
  if (fulfillments.length > 0) {
    throw new NotAllowed('All fulfillments must be canceled before canceling an order')
  }
}

/**
 * `POST /admin/orders/:id/cancel`: refused with refunds or live fulfilments; the payments are
 * canceled at their providers first (outside any transaction), then the order, its payments and
 * its stock are settled in one transaction. A provider's refusal leaves everything as it was.
 */
export async function cancelOrder(db: Db, env: OrderEnv, id: string): Promise<void> {
  await withOrderOperation(db, id, 'cancel', async () => {
    const row = await requireOrder(db, id)
    await assertCancelable(db, row)
    const payments = await db
      .select()
      .from(payment)
      .where(and(eq(payment.order_id, id), isNull(payment.canceled_at)))
    const canceled: { id: string; data: Record<string, unknown> }[] = []
    for (const entry of payments) {
      try {
        const data = await getPaymentProvider(env.paymentProviders, entry.provider_id).cancelPayment(entry.data)
        canceled.push({ id: entry.id, data })
      } catch (error) {
        throw providerFailure(error, (message) => new AppError('payment_authorization_error', message))
      }
    }
    await db.transaction(async (tx) => {
      const locked = await requireOrder(tx, id, true)
      await assertCancelable(tx, locked)
      const now = new Date()
      for (const entry of canceled) {
        await tx
          .update(payment)
          .set({ canceled_at: now, data: entry.data, updated_at: now })
          .where(eq(payment.id, entry.id))
      }
      await tx
        .update(order)
        .set({
          status: 'canceled',
          fulfillment_status: 'canceled',
          payment_status: 'canceled',
          canceled_at: now,
          updated_at: now,
        })
        .where(eq(order.id, id))
      await giveBackStock(tx, env, id)
      await emit(tx, ORDER_EVENTS.canceled, { id, no_notification: locked.no_notification })
    })
  })
}

/**
 * A canceled order's units go back: its reservations are released (inventory module), or, without
 * the module, the variants' stock taken at checkout is restored.
 */
async function giveBackStock(tx: Db, env: OrderEnv, orderId: string): Promise<void> {
  const lines = await tx
    .select({ id: lineItem.id, variant_id: lineItem.variant_id, quantity: lineItem.quantity })
    .from(lineItem)
    .where(eq(lineItem.order_id, orderId))
  if (env.flags.inventoryService) {
    await releaseLineReservations(
      tx,
      lines.map((line) => line.id),
    )
    return
  }
  for (const line of lines) {
    if (!line.variant_id) continue
    await tx
      .update(productVariant)
      .set({ inventory_quantity: sql`${productVariant.inventory_quantity} + ${line.quantity}`, updated_at: new Date() })
      .where(and(eq(productVariant.id, line.variant_id), eq(productVariant.manage_inventory, true)))
  }
}

/**
 * The tax lines of a method added to an order, from the system tax provider as a cart's are at
 * completion (the option's rates, else the region's): one per tax code, as the table keeps.
 */
async function insertMethodTaxLines(tx: Db, regionId: string, method: { id: string; shipping_option_id: string }) {
  const [taxed] = await tx.select({ tax_rate: region.tax_rate }).from(region).where(eq(region.id, regionId))
  const lines = await computeTaxLines(tx, {
    region: { id: regionId, tax_rate: taxed?.tax_rate ?? 0 },
    items: [],
    shipping_methods: [method],
  })
  const codes = new Set<string | null>()
  const kept = lines.shipping_methods.filter((line) => !codes.has(line.code) && !!codes.add(line.code))
  if (kept.length === 0) return
  await tx.insert(shippingMethodTaxLine).values(
    kept.map((line) => ({
      id: generateId('smtl'),
      shipping_method_id: method.id,
      rate: line.rate,
      name: line.name,
      code: line.code,
    })),
  )
}

/** `POST /admin/orders/:id/shipping-methods`: a shipping method of one of the order region's options, at `price`. */
export async function addOrderShippingMethod(
  db: Db,
  id: string,
  input: AdminPostOrdersOrderShippingMethodsReq,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await requireOrder(tx, id, true)
    if (row.status === 'canceled') throw new NotAllowed('A shipping method cannot be added to a canceled order')
    const [option] = await tx
      .select()
      .from(shippingOption)
      .where(and(eq(shippingOption.id, input.option_id), isNull(shippingOption.deleted_at)))
    if (!option) throw new NotFound(`Shipping Option with id: ${input.option_id} was not found`)
    if (option.region_id !== row.region_id) {
      throw new NotAllowed("option_id: the shipping option is not offered in the order's region")
    }
    const methodId = generateId('sm')
    await tx.insert(shippingMethod).values({
      id: methodId,
      shipping_option_id: option.id,
      order_id: id,
      price: input.price,
      data: input.data ?? {},
      includes_tax: false,
    })
    await insertMethodTaxLines(tx, row.region_id, { id: methodId, shipping_option_id: option.id })
    await tx.update(order).set({ updated_at: new Date() }).where(eq(order.id, id))
    await emit(tx, ORDER_EVENTS.updated, { id, no_notification: row.no_notification })
  })
}

/** The order's payment status from its live payments: v1's captured / requires_action / refunded rules. */
export function paymentStatusOf(
  payments: readonly { amount: number; amount_refunded: number; captured_at: Date | null; canceled_at: Date | null }[],
  current: PaymentStatus,
): PaymentStatus {
  const live = payments.filter((entry) => !entry.canceled_at)
  if (live.length === 0) return current
  const paid = live.reduce((sum, entry) => sum + entry.amount, 0)
  const refunded = live.reduce((sum, entry) => sum + entry.amount_refunded, 0)
  if (refunded > 0) return refunded >= paid ? 'refunded' : 'partially_refunded'
  return live.every((entry) => entry.captured_at) ? 'captured' : 'requires_action'
}
