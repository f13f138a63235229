/**
 * `GET /admin/dashboard` over a store of 1,000,000 orders spanning two years (`dashboard-orders.ts`),
 * for 30 days and for 12 months. The first read of a period tallies its closed days; the warm-up
 * takes that cost, the run measures the reads that follow.
 */
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { rowsOf } from '../../packages/server/src/db/raw-rows.js'
import { readDemoLogin } from '../../packages/server/src/seed/demo.js'
import { writeDashboardOrders } from './dashboard-orders.js'
import { benchConfig } from './env.js'
import type { Fixtures, Scenario } from './scenarios.js'

export const DASHBOARD_ORDER_COUNT = 1_000_000
let headers: Record<string, string> | undefined

async function prepare(url: string, databaseUrl: string, fixtures: Fixtures): Promise<string | undefined> {
  if (!fixtures.regionId) return 'no region (run bench:seed)'
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 })
  try {
    const { db } = database
    const login = await readDemoLogin(db, benchConfig(databaseUrl))
    if (!login?.password) return 'no demo admin login in bench/.emporium/data'
    const [{ currency }] = rowsOf<{ currency: string }>(
      await db.execute(sql`SELECT currency_code AS currency FROM region WHERE id = ${fixtures.regionId}`),
    )
    const variantIds = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM product_variant WHERE deleted_at IS NULL ORDER BY id LIMIT 500`),
    ).map((row) => row.id)
    if (variantIds.length === 0) return 'no variants (run bench:seed)'
    await writeDashboardOrders(db, {
      regionId: fixtures.regionId,
      currency,
      variantIds,
      count: DASHBOARD_ORDER_COUNT,
      spacingSeconds: 63,
    })
    const response = await fetch(`${url}/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login.email, password: login.password }),
    })
    if (!response.ok) return `admin login answered ${response.status}`
    const { access_token: token } = (await response.json()) as { access_token: string }
    headers = { authorization: `Bearer ${token}` }
    return undefined
  } finally {
    await database.close()
  }
}

const dashboardScenario = (period: string): Scenario => ({
  name: `admin dashboard ${period}`,
  target: 'server',
  missing: 'no admin session',
  setup: (server, fixtures) => prepare(server.url, server.databaseUrl, fixtures),
  steps: () => (headers ? [{ method: 'GET', path: `/admin/dashboard?period=${period}`, headers }] : undefined),
})

export const dashboardScenarios: Scenario[] = [dashboardScenario('30d'), dashboardScenario('365d')]
