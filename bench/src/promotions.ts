import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { migrate } from '../../packages/server/src/db/migrate.js'
import { positiveInt, redactUrl, requireDatabaseUrl } from './env.js'

const USAGE = `Usage: npm run bench:promotions -- [--price-lists N] [--discounts N] [--remove]

Puts promotions into the bench store of DATABASE_URL, to measure what they cost the catalogue and
the cart: N active price lists (default 50) pricing every variant a little below its USD price
(every other one for a customer group of its own, every third with a tier from 2 units), and N
discounts (default 100, percentage, valid in every region). Their ids start with "pl_bench_",
"drule_bench_" and "disc_bench_"; --remove deletes them again.`

const { values } = parseArgs({
  options: {
    'price-lists': { type: 'string' },
    discounts: { type: 'string' },
    remove: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const url = requireDatabaseUrl('bench:promotions')
const lists = positiveInt('price-lists', values['price-lists'], 50)
const discounts = positiveInt('discounts', values.discounts, 100)
const database = await openDatabase({ url, poolSize: 1 })
const { db } = database
console.log(`Database: PostgreSQL (${redactUrl(url)})`)

try {
  await migrate(database)
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM price_list WHERE id LIKE 'pl\_bench\_%'`)
    await tx.execute(sql`DELETE FROM discount_regions WHERE discount_id LIKE 'disc\_bench\_%'`)
    await tx.execute(sql`DELETE FROM discount WHERE id LIKE 'disc\_bench\_%'`)
    await tx.execute(sql`DELETE FROM discount_rule WHERE id LIKE 'drule\_bench\_%'`)
    await tx.execute(sql`DELETE FROM customer_group WHERE id = 'cgrp_bench'`)
    if (values.remove) return
    await tx.execute(sql`INSERT INTO customer_group (id, name) VALUES ('cgrp_bench', 'Bench members')`)
    await tx.execute(sql`INSERT INTO price_list (id, name, description, type, status)
      SELECT 'pl_bench_' || i, 'Bench list ' || i, 'bench', 'sale', 'active' FROM generate_series(1, ${lists}) i`)
    await tx.execute(sql`INSERT INTO price_list_customer_groups (price_list_id, customer_group_id)
      SELECT 'pl_bench_' || i, 'cgrp_bench' FROM generate_series(1, ${lists}) i WHERE i % 2 = 0`)
    await tx.execute(sql`INSERT INTO money_amount (id, currency_code, amount, min_quantity, price_list_id, variant_id)
      SELECT 'ma_bench_' || i || '_' || ma.id, 'usd', greatest(ma.amount - i, 0), CASE WHEN i % 3 = 0 THEN 2 END,
        'pl_bench_' || i, ma.variant_id
      FROM generate_series(1, ${lists}) i
      JOIN money_amount ma ON ma.currency_code = 'usd' AND ma.price_list_id IS NULL AND ma.region_id IS NULL
        AND ma.deleted_at IS NULL`)
    await tx.execute(sql`INSERT INTO discount_rule (id, type, value, allocation)
      SELECT 'drule_bench_' || i, 'percentage', 5 + i % 20, 'total' FROM generate_series(1, ${discounts}) i`)
    await tx.execute(sql`INSERT INTO discount (id, code, rule_id)
      SELECT 'disc_bench_' || i, 'BENCH' || i, 'drule_bench_' || i FROM generate_series(1, ${discounts}) i`)
    await tx.execute(sql`INSERT INTO discount_regions (discount_id, region_id)
      SELECT 'disc_bench_' || i, r.id FROM generate_series(1, ${discounts}) i CROSS JOIN region r
      WHERE r.deleted_at IS NULL`)
  })
  await db.execute(sql`ANALYZE price_list, price_list_customer_groups, money_amount, discount`)
  const result = (await db.execute(sql`SELECT
      (SELECT count(*) FROM price_list WHERE id LIKE 'pl\_bench\_%')::int AS lists,
      (SELECT count(*) FROM money_amount WHERE price_list_id LIKE 'pl\_bench\_%')::int AS prices,
      (SELECT count(*) FROM discount WHERE id LIKE 'disc\_bench\_%')::int AS discounts`)) as unknown as {
    rows: { lists: number; prices: number; discounts: number }[]
  }
  const [counts] = result.rows
  console.log(`Bench promotions: ${counts.lists} price lists (${counts.prices} prices), ${counts.discounts} discounts`)
} finally {
  await database.close()
}
