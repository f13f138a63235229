import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { rowsOf } from '../../../db/raw-rows.js'
import { inTransaction } from '../../../db/transactions.js'

export interface SalesRow {
  day: string
  currency_code: string
  orders: number
  sales: number
}

export interface ProductRow {
  day: string
  product_id: string
  quantity: number
}

/** The orders placed in [start, end) that count: every order but the canceled ones. */
const placed = (start: string, end: string) =>
  sql`o.created_at >= ${start}::timestamp AT TIME ZONE 'UTC' AND o.created_at < ${end}::timestamp AT TIME ZONE 'UTC'
    AND o.status <> 'canceled'`

const dayOf = sql`(o.created_at AT TIME ZONE 'UTC')::date`

/** Orders and what their payments took, per UTC day and currency, over [start, end). */
export const salesQuery = (start: string, end: string): SQL => sql`
  SELECT to_char(${dayOf}, 'YYYY-MM-DD') AS day, o.currency_code, count(*)::int AS orders,
    coalesce(sum(p.amount), 0)::bigint AS sales
  FROM "order" o
  LEFT JOIN LATERAL (SELECT sum(amount) AS amount FROM payment WHERE payment.order_id = o.id) p ON true
  WHERE ${placed(start, end)}
  GROUP BY 1, 2`

/** Units sold per UTC day and product over [start, end); lines without a variant are left out. */
export const productsQuery = (start: string, end: string): SQL => sql`
  SELECT to_char(${dayOf}, 'YYYY-MM-DD') AS day, v.product_id, sum(li.quantity)::bigint AS quantity
  FROM "order" o
  JOIN line_item li ON li.order_id = o.id
  JOIN product_variant v ON v.id = li.variant_id
  WHERE ${placed(start, end)}
  GROUP BY 1, 2`

/**
 * Tallies the days before `today` in [from, today) that are not tallied yet, in one pass over their
 * orders. Two requests racing tally a day once: each claims its days by inserting their
 * `dashboard_day` row, and counts only the days it claimed.
 */
export async function tallyClosedDays(db: Db, from: string, today: string): Promise<void> {
  const missing = rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS day
      FROM generate_series(${from}::date, ${today}::date - 1, interval '1 day') AS d
      WHERE NOT EXISTS (SELECT 1 FROM dashboard_day WHERE dashboard_day.day = d::date)`),
  ).map((row) => row.day)
  if (missing.length === 0) return
  await inTransaction(db, async (tx) => {
    const claimed = rowsOf<{ day: string }>(
      await tx.execute(sql`
        INSERT INTO dashboard_day (day)
        SELECT unnest(${`{${missing.join(',')}}`}::date[])
        ON CONFLICT (day) DO NOTHING
        RETURNING to_char(day, 'YYYY-MM-DD') AS day`),
    ).map((row) => row.day)
    if (claimed.length === 0) return
    const days = `{${claimed.join(',')}}`
    const start = claimed.reduce((a, b) => (a < b ? a : b))
    const end = nextDay(claimed.reduce((a, b) => (a > b ? a : b)))
    await tx.execute(sql`
      INSERT INTO dashboard_day_sales (day, currency_code, orders, sales)
      SELECT day::date, currency_code, orders, sales FROM (${salesQuery(start, end)}) AS s
      WHERE day::date = ANY(${days}::date[])`)
    await tx.execute(sql`
      INSERT INTO dashboard_day_product (day, product_id, quantity)
      SELECT day::date, product_id, quantity FROM (${productsQuery(start, end)}) AS s
      WHERE day::date = ANY(${days}::date[])`)
  })
}

/** The UTC date after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
