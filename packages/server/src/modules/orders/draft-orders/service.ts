import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { groupBy } from '../../../db/group-rows.js'
import { generateId } from '../../../db/ids.js'
import { mergedMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { inTransaction } from '../../../db/transactions.js'
import { emit } from '../../../events/outbox.js'
import { AppError, InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
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
import { assertCountryInRegion, planCartAddress } from '../../carts/addresses.js'
import { retrieveCartRegion, type CartRegion, type CartRow } from '../../carts/loader.js'
import { cartDiscountOf, cartDiscountsJson, discountAdjustments, setCartDiscounts } from '../../carts/discounts.js'
import { addLines } from '../../carts/line-items.js'
import { readForLines, type LineReads } from '../../carts/line-reads.js'
import { mutateCart, type CartEnv } from '../../carts/lock.js'
import { cart, lineItem, lineItemAdjustment, shippingMethod } from '../../carts/schema.js'
import { DRAFT_CART_ID_PREFIX, retrieveCart, updateCart } from '../../carts/service.js'
import { requireVariants } from '../../carts/variants.js'
import { customer } from '../../customers/schema.js'
import { findOrCreateGuestCustomer } from '../../customers/service.js'
import { region as regionTable } from '../../regions/schema.js'
import { shippingOption } from '../../shipping/schema.js'
import { draftOrder, order } from '../schema.js'
import {
  draftOrdersPaging,
  type AdminGetDraftOrdersParams,
  type AdminPostDraftOrdersDraftOrderLineItemsItemReq,
  type AdminPostDraftOrdersDraftOrderReq,
  type AdminPostDraftOrdersReq,
  type DraftLineInput,
} from './contract.js'

/** v1's draft order events. */
export const DRAFT_ORDER_EVENTS = { created: 'draft_order.created', updated: 'draft_order.updated' } as const

export type DraftOrderRow = typeof draftOrder.$inferSelect

/** The columns of the placed order a completed draft shows. */
const orderColumns = {
  id: order.id,
  display_id: order.display_id,
  status: order.status,
  payment_status: order.payment_status,
  fulfillment_status: order.fulfillment_status,
  email: order.email,
  currency_code: order.currency_code,
  created_at: order.created_at,
}

export async function requireDraftOrder(db: Db, id: string): Promise<DraftOrderRow> {
  const [row] = await db.select().from(draftOrder).where(eq(draftOrder.id, id)).limit(1)
  if (!row) throw new NotFound(`Draft order with ${id} was not found`)
  return row
}

/** v1 refuses any change to a draft that has become an order. */
function assertOpen(row: DraftOrderRow): void {
  if (row.status === 'completed') throw new NotAllowed("Can't update a draft order which is complete")
}

/** The draft with its cart (every total, the checkout relations) and its order, if placed. */
export async function retrieveDraftOrder(db: Db, env: CartEnv, id: string) {
  const row = await requireDraftOrder(db, id)
  const [cartView, placed] = await Promise.all([
    row.cart_id ? retrieveCart(db, env.flags, row.cart_id) : null,
    row.order_id ? db.select(orderColumns).from(order).where(eq(order.id, row.order_id)) : [],
  ])
  return { ...row, cart: cartView, order: placed[0] ?? null }
}

const draftOrderSort = sortableColumns({
  created_at: draftOrder.created_at,
  updated_at: draftOrder.updated_at,
  display_id: draftOrder.display_id,
})

/**
 * `GET /admin/draft-orders`: a page newest first (or in a declared order), `q` over the cart's
 * e-mail; the page's carts (with their discounts), lines, adjustments and orders in one statement each.
 */
export async function listDraftOrders(db: Db, query: AdminGetDraftOrdersParams) {
  const page = draftOrdersPaging.page(query)
  const statuses = toList(query.status as string | string[] | undefined)
  const where = whereAll([
    statuses ? inArray(draftOrder.status, statuses as DraftOrderRow['status'][]) : undefined,
    ...dateConditions(draftOrder.created_at, query.created_at, 'created_at'),
    ...dateConditions(draftOrder.updated_at, query.updated_at, 'updated_at'),
    query.q
      ? sql`EXISTS (SELECT 1 FROM ${cart} WHERE ${cart.id} = ${draftOrder.cart_id} AND ${cart.email} ILIKE ${likePattern(query.q)})`
      : undefined,
  ])
  const rows = await db
    .select()
    .from(draftOrder)
    .where(where)
    .orderBy(...orderBy(query.order, draftOrderSort, '-created_at', draftOrder.id))
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, draftOrder, where, { rows: rows.length, ...page })
  const cartIds = rows.flatMap((row) => (row.cart_id ? [row.cart_id] : []))
  const orderIds = rows.flatMap((row) => (row.order_id ? [row.order_id] : []))
  const [carts, lines, adjustments, orders] = await Promise.all([
    cartIds.length
      ? db
          .select({
            cart,
            discounts: cartDiscountsJson(cart),
            currency_code: regionTable.currency_code,
          })
          .from(cart)
          // The join also makes every column name qualified, which the discounts' subquery needs.
          .innerJoin(regionTable, eq(regionTable.id, cart.region_id))
          .where(inArray(cart.id, cartIds))
      : [],
    cartIds.length
      ? db.select().from(lineItem).where(inArray(lineItem.cart_id, cartIds)).orderBy(lineItem.created_at)
      : [],
    cartIds.length
      ? db
          .select({ adjustment: lineItemAdjustment })
          .from(lineItemAdjustment)
          .innerJoin(lineItem, eq(lineItem.id, lineItemAdjustment.item_id))
          .where(inArray(lineItem.cart_id, cartIds))
      : [],
    orderIds.length ? db.select(orderColumns).from(order).where(inArray(order.id, orderIds)) : [],
  ])
  const linesOfCart = groupBy(lines, (line) => line.cart_id)
  // A placed draft's adjustments are stored with its order; an open draft's are its discounts'
  // allocation now, as its cart shows them.
  const stored = adjustments.map((entry) => entry.adjustment)
  const computed = carts.flatMap((entry) =>
    entry.cart.completed_at
      ? []
      : discountAdjustments(
          linesOfCart.get(entry.cart.id) ?? [],
          entry.discounts.map(cartDiscountOf),
          entry.currency_code,
        ),
  )
  const adjustmentsOf = groupBy(
    [...stored, ...computed].map((entry) => ({ ...entry, amount: Number(entry.amount) })),
    (entry) => entry.item_id,
  )
  const cartsById = new Map(
    carts.map((entry) => [
      entry.cart.id,
      {
        ...entry.cart,
        items: (linesOfCart.get(entry.cart.id) ?? []).map((line) => ({
          ...line,
          adjustments: adjustmentsOf.get(line.id) ?? [],
        })),
      },
    ]),
  )
  const ordersById = new Map(orders.map((row) => [row.id, row]))
  const drafts = rows.map((row) => ({
    ...row,
    cart: (row.cart_id && cartsById.get(row.cart_id)) || null,
    order: (row.order_id && ordersById.get(row.order_id)) || null,
  }))
  return listAnswer('draft_orders', drafts, count, page)
}

/** The customer a draft is for: the one named, else the e-mail's (a guest made if need be). */
async function draftCustomer(tx: Db, input: { customer_id?: string; email?: string }) {
  if (input.customer_id) {
    const [row] = await tx
      .select({ id: customer.id, email: customer.email })
      .from(customer)
      .where(and(eq(customer.id, input.customer_id), isNull(customer.deleted_at)))
    if (!row) throw new NotFound(`customer_id: Customer with id ${input.customer_id} was not found`)
    return row
  }
  return input.email ? findOrCreateGuestCustomer(tx, input.email) : undefined
}

/** The region a draft is in, or a 404 naming `region_id`. */
async function draftRegion(tx: Db, regionId: string): Promise<CartRegion> {
  try {
    return await retrieveCartRegion(tx, regionId)
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound(`region_id: Region with id ${regionId} was not found`)
    throw error
  }
}

/** A line as v1's draft orders write it: a variant line, or a custom one (`allow_discounts=false`, shipped). */
async function addDraftLines(tx: Db, env: CartEnv, row: CartRow, inputs: DraftLineInput[], reads: LineReads) {
  const region = reads.region
  if (!region) throw NotFound.entity('Region', row.region_id)
  requireVariants(
    reads.variants,
    inputs.flatMap((input) => (input.variant_id ? [input.variant_id] : [])),
  )
  // Variant lines at the region's price go through the cart's own pricing, stock checks and merging.
  const priced = inputs.filter((input) => input.variant_id && input.unit_price === undefined)
  if (priced.length > 0) {
    await addLines(
      tx,
      env,
      row,
      priced.map((input) => ({ variant_id: input.variant_id!, quantity: input.quantity, metadata: input.metadata })),
      reads,
    )
  }
  const own = inputs.filter((input) => !input.variant_id || input.unit_price !== undefined)
  if (own.length === 0) return
  await tx.insert(lineItem).values(
    own.map((input) => {
      const entry = input.variant_id ? reads.variants.get(input.variant_id) : undefined
      return {
        id: generateId('item'),
        cart_id: row.id,
        title: input.title ?? entry?.product.title ?? 'Custom item',
        description: entry?.variant.title ?? null,
        thumbnail: entry?.product.thumbnail ?? null,
        is_giftcard: entry?.product.is_giftcard ?? false,
        allow_discounts: entry ? entry.product.discountable : false,
        should_merge: false,
        has_shipping: entry ? reads.shipped.has(entry.product.profile_id) : true,
        variant_id: entry?.variant.id ?? null,
        quantity: input.quantity,
        unit_price: input.unit_price ?? 0,
        metadata: input.metadata ?? null,
      }
    }),
  )
}

/** The shipping methods asked for: options of the draft's region, at `price` or the option's amount. */
async function addDraftShippingMethods(
  tx: Db,
  cartId: string,
  region: CartRegion,
  methods: AdminPostDraftOrdersReq['shipping_methods'],
) {
  const ids = [...new Set(methods.map((method) => method.option_id))]
  const options = await tx
    .select()
    .from(shippingOption)
    .where(and(inArray(shippingOption.id, ids), isNull(shippingOption.deleted_at)))
  const byId = new Map(options.map((option) => [option.id, option]))
  const byProfile = new Map<string, typeof shippingMethod.$inferInsert>()
  for (const [index, method] of methods.entries()) {
    const option = byId.get(method.option_id)
    if (!option) {
      throw new InvalidData(`shipping_methods[${index}].option_id: Shipping option ${method.option_id} was not found`)
    }
    if (option.region_id !== region.id || option.is_return) {
      throw new InvalidData(
        `shipping_methods[${index}].option_id: the shipping option ${option.id} is not offered in the draft's region`,
      )
    }
    const price = method.price ?? option.amount
    if (price === null || price === undefined) {
      throw new InvalidData(`shipping_methods[${index}].price is required for the calculated option ${option.id}`)
    }
    // One method per shipping profile, the last one asked for winning (v1 replaces it).
    byProfile.set(option.profile_id, {
      id: generateId('sm'),
      shipping_option_id: option.id,
      cart_id: cartId,
      price,
      data: method.data ?? {},
    })
  }
  await tx.insert(shippingMethod).values([...byProfile.values()])
}

/**
 * `POST /admin/draft-orders`: a cart of type `draft_order` in the region, for the customer named
 * or the e-mail's, with its addresses, lines, shipping methods and discounts, and the draft pointing to it,
 * in one transaction; `draft_order.created`.
 */
export async function createDraftOrder(db: Db, env: CartEnv, input: AdminPostDraftOrdersReq): Promise<string> {
  const items = input.items ?? []
  for (const [index, item] of items.entries()) {
    if (!item.variant_id && item.unit_price === undefined && item.title === undefined) {
      throw new InvalidData(`items[${index}]: a line needs a variant_id, or a title and a unit_price`)
    }
  }
  return inTransaction(db, async (tx) => {
    const region = await draftRegion(tx, input.region_id)
    const owner = await draftCustomer(tx, input)
    const cartId = generateId(DRAFT_CART_ID_PREFIX)
    const id = generateId('dorder')
    const addresses: Partial<Record<'shipping_address_id' | 'billing_address_id', string>> = {}
    for (const kind of ['shipping_address', 'billing_address'] as const) {
      const value = input[kind]
      if (value === undefined) continue
      const planned = await planCartAddress(tx, null, value, owner?.id ?? null)
      if (kind === 'shipping_address') assertCountryInRegion(region, planned.country_code)
      await planned.write()
      addresses[`${kind}_id`] = planned.id
    }
    const [row] = await tx
      .insert(cart)
      .values({
        id: cartId,
        type: 'draft_order',
        region_id: region.id,
        email: owner?.email ?? input.email,
        customer_id: owner?.id ?? null,
        ...addresses,
        metadata: input.metadata ?? null,
      })
      .returning()
    await tx.insert(draftOrder).values({
      id,
      cart_id: cartId,
      no_notification_order: input.no_notification_order ?? null,
      metadata: input.metadata ?? null,
    })
    await emit(tx, DRAFT_ORDER_EVENTS.created, { id })
    // The methods first: a line reads whether its profile is shipped (`has_shipping`) from them.
    await addDraftShippingMethods(tx, cartId, region, input.shipping_methods)
    if (items.length > 0) {
      const variantIds = items.flatMap((item) => (item.variant_id ? [item.variant_id] : []))
      const reads = await readForLines(tx, env, cartId, variantIds, region)
      await addDraftLines(tx, env, row, items, reads)
    }
    // After the lines: a code's conditions are checked against them, as on a shopper's cart.
    if (input.discounts?.length) await setCartDiscounts(tx, cartId, region.id, owner?.id ?? null, input.discounts)
    return id
  })
}

/**
 * `POST /admin/draft-orders/:id`: region, country, e-mail and addresses through the cart's own
 * update (a region change reprices the lines and drops the methods, as for any cart; discount codes
 * checked and applied as on a shopper's cart), the customer and `no_notification_order`;
 * `draft_order.updated`. A completed draft is refused.
 */
export async function updateDraftOrder(
  db: Db,
  env: CartEnv,
  id: string,
  input: AdminPostDraftOrdersDraftOrderReq,
): Promise<void> {
  const row = await requireDraftOrder(db, id)
  assertOpen(row)
  const cartId = row.cart_id!
  const { customer_id: customerId, no_notification_order: noNotification, ...cartChanges } = input
  if (cartChanges.region_id) await draftRegion(db, cartChanges.region_id)
  if (Object.keys(cartChanges).length > 0) await updateCart(db, env, cartId, cartChanges, {})
  await mutateCart(db, cartId, async (tx) => {
    const current = await requireDraftOrder(tx, id)
    assertOpen(current)
    if (customerId) {
      const owner = await draftCustomer(tx, { customer_id: customerId })
      await tx.update(cart).set({ customer_id: owner!.id, email: owner!.email }).where(eq(cart.id, cartId))
    }
    await tx
      .update(draftOrder)
      .set({
        updated_at: new Date(),
        ...(noNotification === undefined ? {} : { no_notification_order: noNotification }),
      })
      .where(eq(draftOrder.id, id))
    await emit(tx, DRAFT_ORDER_EVENTS.updated, { id })
  })
}

/** A change to an open draft's cart, under the cart's lock (`mutateCart` refuses a completed cart). */
async function changeDraftCart<T>(db: Db, id: string, work: (tx: Db, row: CartRow) => Promise<T>): Promise<T> {
  const draft = await requireDraftOrder(db, id)
  assertOpen(draft)
  try {
    return await mutateCart(db, draft.cart_id!, work)
  } catch (error) {
    // The draft was paid meanwhile: its cart completed.
    if (error instanceof AppError && error.code === 'cart_incompatible_state')
      assertOpen(await requireDraftOrder(db, id))
    throw error
  }
}

/** `POST /admin/draft-orders/:id/line-items`. */
export async function addDraftOrderLine(db: Db, env: CartEnv, id: string, input: DraftLineInput): Promise<void> {
  await changeDraftCart(db, id, async (tx, row) => {
    const reads = await readForLines(tx, env, row.id, input.variant_id ? [input.variant_id] : [])
    await addDraftLines(tx, env, row, [input], reads)
  })
}

async function requireLine(tx: Db, cartId: string, lineId: string) {
  const [line] = await tx
    .select()
    .from(lineItem)
    .where(and(eq(lineItem.id, lineId), eq(lineItem.cart_id, cartId)))
  if (!line) throw new NotFound(`Line item with id ${lineId} was not found in the draft order`)
  return line
}

/** `POST /admin/draft-orders/:id/line-items/:line_id`: quantity (0 removes), price, title, metadata. */
export async function updateDraftOrderLine(
  db: Db,
  id: string,
  lineId: string,
  input: AdminPostDraftOrdersDraftOrderLineItemsItemReq,
): Promise<void> {
  await changeDraftCart(db, id, async (tx, row) => {
    await requireLine(tx, row.id, lineId)
    if (input.quantity === 0) {
      await tx.delete(lineItem).where(eq(lineItem.id, lineId))
      return
    }
    await tx
      .update(lineItem)
      .set({
        quantity: input.quantity,
        unit_price: input.unit_price,
        title: input.title,
        metadata: mergedMetadata(lineItem.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(lineItem.id, lineId))
  })
}

/** `DELETE /admin/draft-orders/:id/line-items/:line_id`. */
export async function deleteDraftOrderLine(db: Db, id: string, lineId: string): Promise<void> {
  await changeDraftCart(db, id, async (tx, row) => {
    await requireLine(tx, row.id, lineId)
    await tx.delete(lineItem).where(eq(lineItem.id, lineId))
  })
}

/**
 * `DELETE /admin/draft-orders/:id`: the draft goes; an open draft's cart is soft-deleted with it
 * (a paid draft's cart belongs to its order).
 */
export async function deleteDraftOrder(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await requireDraftOrder(tx, id)
    await tx.delete(draftOrder).where(eq(draftOrder.id, id))
    if (row.cart_id && row.status === 'open') {
      await tx
        .update(cart)
        .set({ deleted_at: new Date() })
        .where(and(eq(cart.id, row.cart_id), isNull(cart.completed_at)))
    }
  })
}
