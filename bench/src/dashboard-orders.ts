/**
 * A large order history for the dashboard scenarios, written in bulk SQL: `count` orders placed
 * one every `spacingSeconds` back from now (1,000,000 at 63 s span two years), one line of one of
 * the given variants and one payment each; the newest 2,000 are open and not fulfilled, the rest
 * completed and fulfilled. Ids start `order_dash_`, so a second run adds only what is missing.
 */
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../packages/server/src/db/raw-rows.js'
import type { Db } from '../../packages/server/src/db/types.js'

export const DASHBOARD_PREFIX = 'order_dash_'
const CHUNK = 100_000

export async function writeDashboardOrders(
  db: Db,
  options: { regionId: string; currency: string; variantIds: string[]; count: number; spacingSeconds: number },
): Promise<number> {
  const { regionId, currency, variantIds, count, spacingSeconds } = options
  const [{ made }] = rowsOf<{ made: number }>(
    await db.execute(sql`SELECT count(*)::int AS made FROM "order" WHERE id LIKE ${`${DASHBOARD_PREFIX}%`}`),
  )
  await db.execute(sql`INSERT INTO customer (id, email, first_name, last_name)
    VALUES ('cus_bench_dash', 'bench-dash@example.com', 'Bench', 'Buyer') ON CONFLICT (id) DO NOTHING`)
  const variants = `{${variantIds.join(',')}}`
  for (let from = made + 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1)
    const range = sql`generate_series(${from}::int, ${to}::int) AS g`
    const orderId = sql`${DASHBOARD_PREFIX} || lpad(g::text, 7, '0')`
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO "order" (id, customer_id, email, region_id, currency_code, status,
          fulfillment_status, payment_status, tax_rate, created_at)
        SELECT ${orderId}, 'cus_bench_dash', 'bench-dash@example.com', ${regionId}, ${currency},
          CASE WHEN g > ${count - 2000} THEN 'pending' ELSE 'completed' END,
          CASE WHEN g > ${count - 2000} THEN 'not_fulfilled' ELSE 'fulfilled' END,
          'captured', 0, now() - (${count} - g) * ${spacingSeconds} * interval '1 second'
        FROM ${range}`)
      await tx.execute(sql`INSERT INTO line_item (id, order_id, title, unit_price, quantity, variant_id, has_shipping)
        SELECT 'item_dash_' || lpad(g::text, 7, '0'), ${orderId}, 'Bench line', 1000, 1 + g % 3,
          (${variants}::text[])[1 + g % ${variantIds.length}], true
        FROM ${range}`)
      await tx.execute(sql`INSERT INTO payment (id, order_id, amount, currency_code, provider_id, captured_at)
        SELECT 'pay_dash_' || lpad(g::text, 7, '0'), ${orderId}, 1000 * (1 + g % 3), ${currency}, 'manual', now()
        FROM ${range}`)
    })
  }
  await db.execute(sql`ANALYZE "order"`)
  await db.execute(sql`ANALYZE line_item`)
  await db.execute(sql`ANALYZE payment`)
  return count - made
}
