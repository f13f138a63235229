import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { CustomerOrder, CustomerOrdersLoader } from '../customers/seams.js'
import { loadOrders } from './loader.js'
import { order } from './schema.js'

/**
 * How many orders a customer answers with (`/store/auth`, admin `expand=orders`): the most recent
 * ones. A long-standing customer can have thousands; the full history is paged through
 * `/store/customers/me/orders` and `/admin/orders?customer_id=`.
 */
export const CUSTOMER_ORDERS_LIMIT = 50

/**
 * The most recent orders of each customer, newest first, with every column, their totals and, when
 * asked, their items: one ranked query for the whole page of customers, then the order loader's
 * batched queries.
 */
export const loadCustomerOrders: CustomerOrdersLoader = async (db, customerIds, options) => {
  const byCustomer = new Map<string, CustomerOrder[]>()
  if (customerIds.length === 0) return byCustomer
  const ranked = db
    .select({
      id: order.id,
      rank: sql<number>`row_number() over (partition by ${order.customer_id} order by ${order.created_at} desc, ${order.id} desc)`.as(
        'rank',
      ),
    })
    .from(order)
    .where(inArray(order.customer_id, customerIds))
    .as('ranked')
  const rows = await db
    .select({ order })
    .from(order)
    .innerJoin(ranked, and(eq(ranked.id, order.id), lte(ranked.rank, CUSTOMER_ORDERS_LIMIT)))
    .orderBy(desc(order.created_at), desc(order.id))
  const views = await loadOrders(
    db,
    rows.map((row) => row.order),
    { relations: new Set(options.items ? ['items'] : []) },
  )
  for (const view of views) {
    const customerId = view.customer_id
    if (!customerId) continue
    const list = byCustomer.get(customerId)
    if (list) list.push(view)
    else byCustomer.set(customerId, [view])
  }
  return byCustomer
}
