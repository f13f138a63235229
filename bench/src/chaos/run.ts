/**
 * `npm run chaos`: the scaled-out topology as processes on this machine (its own PostgreSQL, a
 * streaming replica of it and Redis on free ports, two API processes in server mode reading the
 * catalogue from the replica, a worker), loaded with anonymous browsing and guest checkouts while
 * a killer sends `kill -9` to an API process, the worker or Redis, or crashes the replica, at
 * random moments and starts it again. Afterwards it lets the topology settle and checks the
 * invariants (invariants.ts) and that every catalogue read was answered. Exits 1 on any violation.
 *
 *   npm run chaos                 # one minute
 *   npm run chaos -- --long       # ten minutes
 *   npm run chaos -- --seconds 300 --shoppers 6
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { checkInvariants } from './invariants.js'
import { freePort, httpHealthy, Postgres, redisAnswers, serverRoot, Service, sleep, type Victim } from './services.js'
import { Shoppers } from './shoppers.js'

const { values } = parseArgs({
  options: {
    long: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    shoppers: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds ?? (values.long ? 600 : 60))
const shopperCount = Number(values.shoppers)
/** How long the topology may take to deliver what is pending once the killing stops. */
const SETTLE_MS = 120_000

const log = (message: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${message}`)
const random = (min: number, max: number) => min + Math.random() * (max - min)

const dir = mkdtempSync(join(tmpdir(), 'emporium-chaos-'))
// PostgreSQL's own user (when run as root) must reach its folder inside.
chmodSync(dir, 0o755)
const services: Service[] = []
let postgres: Postgres | undefined
let replica: Postgres | undefined

async function cleanUp(): Promise<void> {
  await Promise.all(services.map((service) => service.stop()))
  for (const cluster of [replica, postgres]) {
    try {
      cluster?.stop()
    } catch {
      // Already stopped.
    }
  }
  if (!values.keep) rmSync(dir, { recursive: true, force: true })
}

async function main(): Promise<number> {
  log(`own PostgreSQL and Redis in ${dir}`)
  postgres = await Postgres.create(join(dir, 'postgres'))
  replica = await postgres.replicate(join(dir, 'replica'))
  const redisPort = await freePort()
  const redis = new Service(
    'redis',
    'redis-server',
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      dir,
    ],
    {},
    () => redisAnswers(redisPort),
  )
  services.push(redis)
  await redis.start()

  const env = {
    DATABASE_URL: postgres.url,
    DATABASE_READ_URL: replica.url,
    // Every anonymous read reaches the database (and so the replica), not the micro-cache.
    STORE_CACHE_TTL_MS: '0',
    EMPORIUM_METRICS: 'true',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    EMPORIUM_DATA_DIR: join(dir, 'data'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    EMPORIUM_SHUTDOWN_TIMEOUT_MS: '10000',
  }
  const cli = (args: string[]) => ['--import', 'tsx', 'src/main.ts', ...args]
  log('migrating and seeding the demo store')
  execFileSync(process.execPath, cli(['seed']), { cwd: serverRoot, env: { ...process.env, ...env }, stdio: 'inherit' })

  const apiPorts = [await freePort(), await freePort()]
  const apis = apiPorts.map(
    (port, index) =>
      new Service(
        `api-${index + 1}`,
        process.execPath,
        cli(['start', '--no-migrate', '--no-seed']),
        { cwd: serverRoot, env: { ...env, PORT: String(port), EMPORIUM_MODE: 'server' } },
        () => httpHealthy(port),
      ),
  )
  const worker = new Service(
    'worker',
    process.execPath,
    cli(['worker']),
    { cwd: serverRoot, env: { ...env, EMPORIUM_MODE: 'worker' } },
    async (output) => output.includes('Emporium worker is delivering events'),
  )
  services.push(...apis, worker)
  await Promise.all([...apis, worker].map((service) => service.start()))

  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  try {
    const [region] = (
      await client.query<{ id: string }>(
        `SELECT r.id FROM region r JOIN country c ON c.region_id = r.id WHERE c.iso_2 = 'us' LIMIT 1`,
      )
    ).rows
    const variants = (
      await client.query<{ id: string; inventory_quantity: number }>(
        `SELECT v.id, v.inventory_quantity FROM product_variant v JOIN product p ON p.id = v.product_id
          WHERE v.manage_inventory AND NOT v.allow_backorder AND v.inventory_quantity > 0
            AND p.status = 'published' AND v.deleted_at IS NULL AND p.deleted_at IS NULL
          ORDER BY v.id LIMIT 8`,
      )
    ).rows
    // Plenty of each, so that checkouts fail on the chaos, not on an empty shelf.
    await client.query(`UPDATE product_variant SET inventory_quantity = 10000 WHERE id = ANY($1)`, [
      variants.map((variant) => variant.id),
    ])
    for (const variant of variants) variant.inventory_quantity = 10000
    if (!region || variants.length === 0) throw new Error('the demo store has no US region or no stocked variants')
    const startingStock = new Map(variants.map((variant) => [variant.id, variant.inventory_quantity]))

    log(
      `load: ${shopperCount} shoppers browsing and checking out for ${seconds} s; killing api-1, api-2, worker, redis and the replica at random`,
    )
    const shoppers = new Shoppers(apiPorts, { regionId: region.id, variantIds: [...startingStock.keys()] })
    const load = shoppers.run(shopperCount)
    const victims: Victim[] = [...apis, worker, redis, replica]
    // Drawn from a shuffled bag, so that even a short run kills each kind of process.
    let bag: Victim[] = []
    const killed: Record<string, number> = {}
    const endAt = Date.now() + seconds * 1000
    // Restarts run beside the killer (a process takes seconds to start): one that is down is not
    // picked again, and one API process always stays up, or no checkout could finish.
    const restarting = new Map<Victim, Promise<void>>()
    while (Date.now() < endAt) {
      await sleep(random(2_000, 6_000))
      if (Date.now() >= endAt) break
      if (bag.length === 0) bag = [...victims].sort(() => Math.random() - 0.5)
      const victim = bag.pop()!
      const otherApiDown =
        victim instanceof Service && apis.includes(victim) && apis.some((api) => api !== victim && restarting.has(api))
      if (restarting.has(victim) || otherApiDown) {
        bag.unshift(victim)
        continue
      }
      await victim.kill()
      killed[victim.name] = (killed[victim.name] ?? 0) + 1
      log(`kill -9 ${victim.name}`)
      restarting.set(
        victim,
        sleep(random(200, 2_000))
          .then(() => victim.restart())
          .then(() => {
            restarting.delete(victim)
            log(`${victim.name} is back`)
          }),
      )
    }
    await Promise.all(restarting.values())
    shoppers.stop()
    await load
    const { acknowledged, abandoned, retries, catalogueReads, failedReads } = shoppers.figures
    const replicaStatements = await replicaCounters(apiPorts)

    log('load stopped; letting the worker deliver what is pending')
    const settleUntil = Date.now() + SETTLE_MS
    const catalogue = { name: 'every anonymous catalogue read was answered 200', violations: failedReads }
    let checks = [...(await checkInvariants(client, acknowledged, startingStock)), catalogue]
    while (checks.some((check) => check.violations.length > 0) && Date.now() < settleUntil) {
      await sleep(2_000)
      checks = [...(await checkInvariants(client, acknowledged, startingStock)), catalogue]
    }

    const violations = checks.reduce((sum, check) => sum + check.violations.length, 0)
    const orders = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "order"`)).rows[0].n
    console.log('')
    console.log(`orders acknowledged: ${acknowledged.length} (orders in the database: ${orders})`)
    console.log(`checkouts abandoned: ${abandoned}; requests retried: ${retries}`)
    console.log(
      `catalogue reads answered: ${catalogueReads}; statements on the replica since the API processes' last start: ${replicaStatements.sent}, of which sent again to the primary: ${replicaStatements.fallback}`,
    )
    console.log(
      `processes killed: ${Object.values(killed).reduce((a, b) => a + b, 0)} (${Object.entries(killed)
        .map(([name, count]) => `${name} ×${count}`)
        .join(', ')})`,
    )
    for (const check of checks) {
      console.log(`${check.violations.length === 0 ? 'ok  ' : 'FAIL'} ${check.name}`)
      for (const violation of check.violations.slice(0, 10)) console.log(`       ${violation}`)
    }
    console.log(`invariants checked: ${checks.length}, violations: ${violations}`)
    console.log(
      `chaos: ${checks.length - checks.filter((c) => c.violations.length > 0).length} passed, ${checks.filter((c) => c.violations.length > 0).length} failed`,
    )
    return violations === 0 && acknowledged.length > 0 ? 0 : 1
  } finally {
    await client.end()
  }
}

/** The replica counters of each API process's `/metrics`, summed (they restart from 0 with a process). */
async function replicaCounters(ports: number[]): Promise<{ sent: number; fallback: number }> {
  const totals = { sent: 0, fallback: 0 }
  for (const port of ports) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((response) => response.text())
    for (const match of text.matchAll(
      /^emporium_db_replica_statements_total\{[^}]*result="(sent|fallback)"[^}]*\} (\d+)/gm,
    )) {
      totals[match[1] as 'sent' | 'fallback'] += Number(match[2])
    }
  }
  return totals
}

let code = 1
try {
  code = await main()
} catch (error) {
  console.error(error)
} finally {
  await cleanUp()
}
process.exit(code)
