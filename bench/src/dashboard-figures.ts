/**
 * `npm run figures:dashboard -w @emporium/bench` with DATABASE_URL: the dashboard's reads timed
 * in-process on a database of its own holding 1,000,000 orders (`dashboard-orders.ts`): the first
 * read of 12 months (which tallies 364 closed days), then warm reads of each period.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { migrate } from '../../packages/server/src/db/migrate.js'
import { dashboard } from '../../packages/server/src/modules/orders/dashboard/service.js'
import { makeProduct } from '../../packages/server/src/testing/factories/catalog.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { DASHBOARD_ORDER_COUNT } from './dashboard-scenarios.js'
import { writeDashboardOrders } from './dashboard-orders.js'
import { redactUrl, requireDatabaseUrl } from './env.js'

const url = requireDatabaseUrl('figures:dashboard -w @emporium/bench')
const database = await openDatabase({ url, poolSize: 4 })
const { db } = database
const time = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  const ms = performance.now() - started
  process.stdout.write(`${label.padEnd(34)} ${ms.toFixed(1).padStart(9)} ms\n`)
  return ms
}
try {
  await migrate(database)
  const region = await makeRegion(db, { currency_code: 'usd' })
  const variantIds: string[] = []
  for (let i = 0; i < 50; i += 1) variantIds.push(...(await makeProduct(db)).variants.map((variant) => variant.id))
  process.stdout.write(`database ${redactUrl(url)}\n`)
  await time(`write ${DASHBOARD_ORDER_COUNT} orders`, () =>
    writeDashboardOrders(db, {
      regionId: region.id,
      currency: 'usd',
      variantIds,
      count: DASHBOARD_ORDER_COUNT,
      spacingSeconds: 63,
    }),
  )
  await db.execute(sql`DELETE FROM dashboard_day`)
  await time('365d, first read (tallies)', () => dashboard(db, '365d'))
  for (const period of ['7d', '30d', '90d', '365d'] as const) {
    const runs: number[] = []
    for (let i = 0; i < 5; i += 1) runs.push(await time(`${period}, warm`, () => dashboard(db, period)))
    runs.sort((a, b) => a - b)
    process.stdout.write(`${period} median of 5: ${runs[2]!.toFixed(1)} ms\n`)
  }
} finally {
  await database.close()
}
