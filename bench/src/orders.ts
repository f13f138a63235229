/**
 * `npm run orders -w @emporium/bench -- --count 10000` with DATABASE_URL: adds an order history to
 * a migrated and seeded store (the demo seed's US region and its variants), written in bulk
 * (`dashboard-orders.ts`) and spread over two years, for figures of the admin's order screens
 * (`e2e/admin-figures.mjs`). Running it again adds only what is missing.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { rowsOf } from '../../packages/server/src/db/raw-rows.js'
import { writeDashboardOrders } from './dashboard-orders.js'
import { positiveInt, redactUrl, requireDatabaseUrl } from './env.js'

const TWO_YEARS_S = 2 * 365 * 24 * 3600

const { values } = parseArgs({ options: { count: { type: 'string' } } })
const count = positiveInt('count', values.count, 10_000)
const url = requireDatabaseUrl('orders -w @emporium/bench -- --count 10000')
const database = await openDatabase({ url, poolSize: 2 })
try {
  const [region] = rowsOf<{ id: string; currency_code: string }>(
    await database.db.execute(sql`SELECT r.id, r.currency_code FROM region r JOIN country c ON c.region_id = r.id
      WHERE c.iso_2 = 'us' AND r.deleted_at IS NULL LIMIT 1`),
  )
  const variants = rowsOf<{ id: string }>(
    await database.db.execute(sql`SELECT id FROM product_variant WHERE deleted_at IS NULL ORDER BY id LIMIT 50`),
  )
  if (!region || variants.length === 0) {
    process.stderr.write('error: the store has no US region or no variants: start it once (`npm start`) to seed it\n')
    process.exit(1)
  }
  const started = Date.now()
  await writeDashboardOrders(database.db, {
    regionId: region.id,
    currency: region.currency_code,
    variantIds: variants.map((variant) => variant.id),
    count,
    spacingSeconds: Math.max(1, Math.floor(TWO_YEARS_S / count)),
  })
  process.stdout.write(`${count} orders in ${redactUrl(url)} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
} finally {
  await database.close()
}
