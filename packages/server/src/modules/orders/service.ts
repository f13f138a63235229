import { and, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { BareStatus, NotFound } from '../../core/errors.js'
import { dateConditions, likePattern, listAnswer, type ListAnswer, listTotal, whereAll } from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import { address, customer } from '../customers/schema.js'
import {
  customerOrdersPaging,
  type StoreGetCustomersCustomerOrdersParams,
  type StoreGetOrdersParams,
} from './contract.js'

import { loadOrders, storeOrderSelection, type OrderSelection, type OrderView } from './loader.js'
import { order } from './schema.js'

export type { OrderView } from './loader.js'

async function findOne(db: Db, where: SQL, selection: OrderSelection): Promise<OrderView | undefined> {
  const rows = await db.select().from(order).where(where).limit(1)
  const [view] = await loadOrders(db, rows, selection)
  return view
}

/** `GET /store/orders/:id`: anyone holding the id may read the order, as in v1. */
export async function retrieveOrder(db: Db, id: string, selection: OrderSelection): Promise<OrderView> {
  const found = await findOne(db, eq(order.id, id), selection)
  if (!found) throw NotFound.entity('Order', id)
  return found
}

/** The order placed from a cart (at most one: `order.cart_id` is unique). */
export async function retrieveOrderByCartId(db: Db, cartId: string, selection: OrderSelection): Promise<OrderView> {
  const found = await findOne(db, eq(order.cart_id, cartId), selection)
  if (!found) throw new NotFound(`Order with cart id: ${cartId} was not found`)
  return found
}

/**
 * `GET /store/orders?display_id=&email=`: a guest finds their order by its number and e-mail
 * (case-insensitive). Anything but exactly one match is v1's bare 404, so a wrong e-mail and an
 * unknown number look alike.
 */
export async function lookupGuestOrder(db: Db, query: StoreGetOrdersParams): Promise<OrderView> {
  const rows = await db
    .select()
    .from(order)
    .where(and(eq(order.display_id, query.display_id), sql`lower(${order.email}) = ${query.email.toLowerCase()}`))
    .limit(2)
  if (rows.length !== 1) throw new BareStatus(404, 'Not Found')
  const [view] = await loadOrders(db, rows, storeOrderSelection(query))
  return view
}

const asList = <T extends string>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value]

/** `q` over the order's e-mail and number, its shipping address first name, its customer's names and phone. */
function searchCondition(q: string): SQL | undefined {
  const pattern = likePattern(q)
  return or(
    ilike(order.email, pattern),
    sql`${order.display_id}::text ILIKE ${pattern}`,
    exists(
      sql`(SELECT 1 FROM ${address} WHERE ${address.id} = ${order.shipping_address_id} AND ${ilike(address.first_name, pattern)})`,
    ),
    exists(
      sql`(SELECT 1 FROM ${customer} WHERE ${customer.id} = ${order.customer_id} AND ${or(
        ilike(customer.first_name, pattern),
        ilike(customer.last_name, pattern),
        ilike(customer.phone, pattern),
      )})`,
    ),
  )
}

/**
 * `GET /store/customers/me/orders`: the customer's own orders only, newest first. Every filter
 * applies within that customer's orders, which the (customer_id, created_at) index reaches first.
 */
export async function listCustomerOrders(
  db: Db,
  customerId: string,
  query: StoreGetCustomersCustomerOrdersParams,
): Promise<ListAnswer<'orders', OrderView>> {
  const ids = toList(query.id)
  const statuses = asList(query.status)
  const fulfillmentStatuses = asList(query.fulfillment_status)
  const paymentStatuses = asList(query.payment_status)
  const where = whereAll([
    eq(order.customer_id, customerId),
    ids ? inArray(order.id, ids) : undefined,
    statuses ? inArray(order.status, statuses) : undefined,
    fulfillmentStatuses ? inArray(order.fulfillment_status, fulfillmentStatuses) : undefined,
    paymentStatuses ? inArray(order.payment_status, paymentStatuses) : undefined,
    query.display_id !== undefined ? eq(order.display_id, query.display_id) : undefined,
    query.cart_id !== undefined ? eq(order.cart_id, query.cart_id) : undefined,
    query.email !== undefined ? sql`lower(${order.email}) = ${query.email.toLowerCase()}` : undefined,
    query.region_id !== undefined ? eq(order.region_id, query.region_id) : undefined,
    query.currency_code !== undefined ? eq(order.currency_code, query.currency_code.toLowerCase()) : undefined,
    query.tax_rate !== undefined ? eq(order.tax_rate, query.tax_rate) : undefined,
    ...dateConditions(order.created_at, query.created_at, 'created_at'),
    ...dateConditions(order.updated_at, query.updated_at, 'updated_at'),
    ...dateConditions(order.canceled_at, query.canceled_at, 'canceled_at'),
    query.q ? searchCondition(query.q) : undefined,
  ])
  const selection = storeOrderSelection(query, true)
  const page = customerOrdersPaging.page(query)
  const rows = await db
    .select()
    .from(order)
    .where(where)
    .orderBy(desc(order.created_at), desc(order.id))
    .limit(page.limit)
    .offset(page.offset)
  const total = await listTotal(db, order, where, { rows: rows.length, ...page })
  return listAnswer('orders', await loadOrders(db, rows, selection), total, page)
}
