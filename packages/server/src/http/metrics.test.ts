import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rowsOf } from '../db/raw-rows.js'
import { emit } from '../events/outbox.js'
import { redisUnreachable, testRedisUrl } from '../testing/redis.js'
import { buildTestApp, useTestApp } from '../testing/test-app.js'

const redisMissing = await redisUnreachable()
const ctx = useTestApp({ metricsEnabled: true, storeCacheTtlMs: 60_000 })

let other: FastifyInstance | undefined
afterEach(async () => {
  await other?.close()
  other = undefined
})

/** One sample's value from a Prometheus text answer, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const present = (match[2] ?? '').split(',')
    if (wanted.every((label) => present.includes(label))) return Number(match[3])
  }
  return undefined
}

const scrape = async (app: FastifyInstance, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('text/plain')
  return res.body
}

describe('/metrics', () => {
  it('counts requests per route pattern, latency, cache hits and the outbox backlog while load runs', async () => {
    const before = await scrape(ctx.app)
    const listed = (text: string) =>
      sample(text, 'emporium_http_requests_total', { method: 'GET', route: '/store/regions', status: '200' }) ?? 0
    const missing = (text: string) =>
      sample(text, 'emporium_http_requests_total', { method: 'GET', route: '/store/products/:id', status: '404' }) ?? 0
    // An event due in an hour: the relay leaves it alone, so it is in the backlog at every scrape.
    await ctx.app.db.transaction(async (tx) => {
      await emit(tx, 'metrics.test', { id: 'pending' })
      await tx.execute(
        sql`UPDATE outbox SET available_at = now() + interval '1 hour' WHERE event_name = 'metrics.test'`,
      )
    })

    // Load: 40 requests at once, while scrapes run beside them.
    const load = Promise.all([
      ...Array.from({ length: 30 }, () => ctx.app.inject({ method: 'GET', url: '/store/regions' })),
      ...Array.from({ length: 10 }, (_, n) => ctx.app.inject({ method: 'GET', url: `/store/products/prod_none_${n}` })),
    ])
    const during = await scrape(ctx.app)
    const answers = await load
    // onResponse runs once the answer has left, which may be after inject resolved.
    let after = ''
    await vi.waitFor(async () => {
      after = await scrape(ctx.app)
      expect(listed(after) - listed(before)).toBe(30)
      expect(missing(after) - missing(before)).toBe(10)
    })

    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(30)
    expect(listed(during)).toBeGreaterThanOrEqual(listed(before))
    // Ids never become labels: the ten products are one series.
    expect(missing(after) - missing(before)).toBe(10)
    expect(after).not.toContain('prod_none_')
    const observed = (text: string) =>
      sample(text, 'emporium_http_request_duration_seconds_count', { method: 'GET', route: '/store/regions' }) ?? 0
    expect(observed(after) - observed(before)).toBe(30)
    // The first regions request computes the answer; the others are served from the cache.
    const hits = (text: string) => sample(text, 'emporium_store_cache_requests_total', { result: 'hit' }) ?? 0
    expect(hits(after) - hits(before)).toBeGreaterThan(0)
    expect(sample(after, 'emporium_outbox_backlog')).toBeGreaterThanOrEqual(1)
    await ctx.app.db.execute(sql`DELETE FROM outbox WHERE event_name = 'metrics.test'`)
    expect(sample(after, 'emporium_process_cpu_user_seconds_total')).toBeGreaterThan(0)
    if (ctx.database.kind === 'postgres') {
      expect(sample(after, 'emporium_db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
    }
  })

  it('asks for the token when one is set, and is absent unless turned on', async () => {
    other = await buildTestApp(ctx.database, { metricsEnabled: true, metricsToken: 'scrape-secret' })
    const refused = await other.inject({ method: 'GET', url: '/metrics' })
    const wrong = await other.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ type: 'unauthorized', message: 'A metrics token is required' })
    expect(wrong.statusCode).toBe(401)
    expect(await scrape(other, { authorization: 'Bearer scrape-secret' })).toContain('emporium_http_requests_total')
    await other.close()

    other = await buildTestApp(ctx.database)
    expect((await other.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
  })
})

describe('/ready', () => {
  it('answers 200 with what it checked when the database is migrated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ready: true, checked: ['database', 'migrations'] })
  })

  it('answers 503 naming a migration the database lacks', async () => {
    const [{ name }] = rowsOf<{ name: string }>(
      await ctx.app.db.execute(
        sql`DELETE FROM emporium_migration WHERE name = (SELECT max(name) FROM emporium_migration) RETURNING name`,
      ),
    )
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ ready: false, failed: { migrations: `not applied: ${name}` } })
    } finally {
      await ctx.app.db.execute(sql`INSERT INTO emporium_migration (name) VALUES (${name})`)
    }
  })

  it.skipIf(redisMissing !== undefined)(
    'checks Redis when one is configured, and the metrics show the event queue',
    async () => {
      other = await buildTestApp(ctx.database, { redisUrl: testRedisUrl, mode: 'server', metricsEnabled: true })
      const res = await other.inject({ method: 'GET', url: '/ready' })
      expect(res.json()).toEqual({ ready: true, checked: ['database', 'migrations', 'redis'] })
      expect(sample(await scrape(other), 'emporium_event_queue_depth')).toBeGreaterThanOrEqual(0)
    },
  )

  it('names Redis when it does not answer', async () => {
    other = await buildTestApp(ctx.database, { redisUrl: 'redis://127.0.0.1:1', mode: 'server' })
    const res = await other.inject({ method: 'GET', url: '/ready' })
    expect(res.statusCode).toBe(503)
    expect(Object.keys(res.json().failed)).toEqual(['redis'])
  })
})
