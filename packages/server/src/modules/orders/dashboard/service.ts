import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { rowsOf } from '../../../db/raw-rows.js'
import { DASHBOARD_PERIODS, type Dashboard, type DashboardPeriod } from './contract.js'
import { nextDay, productsQuery, salesQuery, tallyClosedDays, type ProductRow, type SalesRow } from './tally.js'

/** Orders to fulfil are counted up to here: the figure stays cheap at any order count. */
export const DASHBOARD_COUNT_CAP = 1000
const TOP = 5

/** The period's UTC dates, oldest first, ending with `today`. */
export function periodDays(period: DashboardPeriod, today: string): string[] {
  const days: string[] = []
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - (DASHBOARD_PERIODS[period] - 1))
  for (let i = 0; i < DASHBOARD_PERIODS[period]; i += 1) {
    days.push(date.toISOString().slice(0, 10))
    date.setUTCDate(date.getUTCDate() + 1)
  }
  return days
}

/**
 * The home dashboard's figures for the period ending today: closed days come from the daily tally
 * (tallied on first read), today is counted live.
 */
export async function dashboard(db: Db, period: DashboardPeriod, now = new Date()): Promise<Dashboard> {
  const today = now.toISOString().slice(0, 10)
  const days = periodDays(period, today)
  const from = days[0]!
  await tallyClosedDays(db, from, today)
  const tomorrow = nextDay(today)
  const [closedSales, todaySales, closedProducts, todayProducts, toFulfil, fulfilCount] = await Promise.all([
    db.execute(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, currency_code, orders, sales FROM dashboard_day_sales
      WHERE day >= ${from}::date AND day < ${today}::date`),
    db.execute(salesQuery(today, tomorrow)),
    db.execute(sql`SELECT product_id, sum(quantity)::bigint AS quantity FROM dashboard_day_product
      WHERE day >= ${from}::date AND day < ${today}::date GROUP BY product_id`),
    db.execute(productsQuery(today, tomorrow)),
    db.execute(sql`SELECT id, display_id, email, currency_code, created_at FROM "order"
      WHERE status IN ('pending', 'requires_action') AND fulfillment_status IN ('not_fulfilled', 'partially_fulfilled')
      ORDER BY created_at, id LIMIT ${TOP}`),
    db.execute(sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM "order"
      WHERE status IN ('pending', 'requires_action') AND fulfillment_status IN ('not_fulfilled', 'partially_fulfilled')
      LIMIT ${DASHBOARD_COUNT_CAP + 1}) AS open`),
  ])
  const sales = [...rowsOf<SalesRow>(closedSales), ...rowsOf<SalesRow>(todaySales)]
  const top = topProducts([...rowsOf<ProductRow>(closedProducts), ...rowsOf<ProductRow>(todayProducts)])
  const count = rowsOf<{ count: number }>(fulfilCount)[0]!.count
  return {
    period,
    from,
    to: today,
    ...salesFigures(sales, days),
    top_products: await withProducts(db, top),
    orders_to_fulfil: {
      count: Math.min(count, DASHBOARD_COUNT_CAP),
      more: count > DASHBOARD_COUNT_CAP,
      orders: rowsOf<Dashboard['orders_to_fulfil']['orders'][number]>(toFulfil),
    },
  }
}

/** Totals per currency and every day of the period for each of them (drivers answer bigint as text). */
function salesFigures(rows: SalesRow[], days: string[]): Pick<Dashboard, 'totals' | 'days'> {
  const byCurrency = new Map<string, Map<string, { orders: number; sales: number }>>()
  for (const row of rows) {
    const perDay = byCurrency.get(row.currency_code) ?? new Map()
    byCurrency.set(row.currency_code, perDay)
    perDay.set(row.day, { orders: Number(row.orders), sales: Number(row.sales) })
  }
  const currencies = [...byCurrency.keys()].sort()
  const totals = currencies.map((currency_code) => {
    const perDay = [...byCurrency.get(currency_code)!.values()]
    const orders = perDay.reduce((sum, day) => sum + day.orders, 0)
    const sales = perDay.reduce((sum, day) => sum + day.sales, 0)
    return { currency_code, orders, sales, average_order_value: orders ? Math.round(sales / orders) : 0 }
  })
  const series = currencies.flatMap((currency_code) =>
    days.map((date) => ({
      date,
      currency_code,
      ...(byCurrency.get(currency_code)!.get(date) ?? { orders: 0, sales: 0 }),
    })),
  )
  return { totals, days: series }
}

function topProducts(rows: { product_id: string; quantity: number }[]) {
  const units = new Map<string, number>()
  for (const row of rows) units.set(row.product_id, (units.get(row.product_id) ?? 0) + Number(row.quantity))
  return [...units]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, TOP)
    .map(([product_id, quantity]) => ({ product_id, quantity }))
}

/** Titles and thumbnails of the top products in one statement; a deleted product keeps its units. */
async function withProducts(db: Db, top: { product_id: string; quantity: number }[]) {
  if (top.length === 0) return []
  const ids = `{${top.map((entry) => entry.product_id).join(',')}}`
  const found = rowsOf<{ id: string; title: string; thumbnail: string | null }>(
    await db.execute(sql`SELECT id, title, thumbnail FROM product WHERE id = ANY(${ids}::text[])`),
  )
  const byId = new Map(found.map((row) => [row.id, row]))
  return top.map((entry) => ({
    ...entry,
    title: byId.get(entry.product_id)?.title ?? null,
    thumbnail: byId.get(entry.product_id)?.thumbnail ?? null,
  }))
}
