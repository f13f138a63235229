/**
 * The admin's order screens: a page of 20 orders and one order, with their default relations and
 * totals, over a store of 10,000 orders. The setup writes the orders straight to the database
 * (two lines, a shipping method and a captured payment each) when the store has fewer.
 */
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { rowsOf } from '../../packages/server/src/db/raw-rows.js'
import type { Db } from '../../packages/server/src/db/types.js'
import { readDemoLogin } from '../../packages/server/src/seed/demo.js'
import { benchConfig } from './env.js'
import type { Fixtures, Scenario } from './scenarios.js'

/** Orders the store holds while the admin order scenarios run. */
const ORDER_COUNT = 10_000
/** Benchmark orders are recognised by this id prefix, so a second run adds only what is missing. */
const PREFIX = 'order_bench_'

interface AdminSession {
  headers: Record<string, string>
  newestOrderId: string
}

async function writeOrders(db: Db, regionId: string): Promise<void> {
  const [{ made }] = rowsOf<{ made: number }>(
    await db.execute(sql`SELECT count(*)::int AS made FROM "order" WHERE id LIKE ${`${PREFIX}%`}`),
  )
  if (made >= ORDER_COUNT) return
  const [{ currency }] = rowsOf<{ currency: string }>(
    await db.execute(sql`SELECT currency_code AS currency FROM region WHERE id = ${regionId}`),
  )
  const [option] = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM shipping_option WHERE region_id = ${regionId} AND deleted_at IS NULL AND is_return = false LIMIT 1`,
    ),
  )
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO customer (id, email, first_name, last_name)
      VALUES ('cus_bench_orders', 'bench-orders@example.com', 'Bench', 'Buyer') ON CONFLICT (id) DO NOTHING`)
    await tx.execute(sql`INSERT INTO address (id, first_name, last_name, address_1, city, country_code, postal_code)
      VALUES ('addr_bench_orders', 'Bench', 'Buyer', '1 Load Street', 'Springfield', 'us', '12345')
      ON CONFLICT (id) DO NOTHING`)
    const range = sql`generate_series(${made + 1}::int, ${ORDER_COUNT}::int) AS g`
    const orderId = sql`${PREFIX} || lpad(g::text, 6, '0')`
    await tx.execute(sql`INSERT INTO "order" (id, customer_id, email, region_id, currency_code, shipping_address_id,
        payment_status, tax_rate, created_at)
      SELECT ${orderId}, 'cus_bench_orders', 'bench-orders+' || g || '@example.com', ${regionId}, ${currency},
        'addr_bench_orders', 'captured', 0, now() - (${ORDER_COUNT} - g) * interval '1 minute'
      FROM ${range}`)
    await tx.execute(sql`INSERT INTO line_item (id, order_id, title, unit_price, quantity, has_shipping)
      SELECT 'item_bench_' || lpad(g::text, 6, '0') || '_' || k, ${orderId}, 'Bench line ' || k, 1000 * k, k, true
      FROM ${range}, generate_series(1, 2) AS k`)
    if (option) {
      await tx.execute(sql`INSERT INTO shipping_method (id, shipping_option_id, order_id, price)
        SELECT 'sm_bench_' || lpad(g::text, 6, '0'), ${option.id}, ${orderId}, 500 FROM ${range}`)
    }
    await tx.execute(sql`INSERT INTO payment (id, order_id, amount, currency_code, provider_id, captured_at)
      SELECT 'pay_bench_' || lpad(g::text, 6, '0'), ${orderId}, 5500, ${currency}, 'manual', now() FROM ${range}`)
  })
  await db.execute(sql`ANALYZE "order"`)
}

async function prepareSession(url: string, databaseUrl: string, fixtures: Fixtures): Promise<AdminSession | string> {
  if (!fixtures.regionId) return 'no region (run bench:seed)'
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 })
  try {
    const { db } = database
    const login = await readDemoLogin(db, benchConfig(databaseUrl))
    if (!login?.password) return 'no demo admin login in bench/.emporium/data'
    await writeOrders(db, fixtures.regionId)
    const response = await fetch(`${url}/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login.email, password: login.password }),
    })
    if (!response.ok) return `admin login answered ${response.status}`
    const { access_token: token } = (await response.json()) as { access_token: string }
    return {
      headers: { authorization: `Bearer ${token}` },
      newestOrderId: `${PREFIX}${String(ORDER_COUNT).padStart(6, '0')}`,
    }
  } finally {
    await database.close()
  }
}

let session: AdminSession | undefined

const adminOrderScenario = (name: string, path: (session: AdminSession) => string): Scenario => ({
  name,
  target: 'server',
  missing: 'no admin session',
  async setup(server, fixtures) {
    const prepared = await prepareSession(server.url, server.databaseUrl, fixtures)
    if (typeof prepared === 'string') return prepared
    session = prepared
    return undefined
  },
  steps: () => (session ? [{ method: 'GET', path: path(session), headers: session.headers }] : undefined),
})

export const orderScenarios: Scenario[] = [
  adminOrderScenario('admin orders list', () => '/admin/orders?limit=20'),
  adminOrderScenario('admin order', (current) => `/admin/orders/${current.newestOrderId}`),
]
