import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { makeProduct } from '../testing/factories/catalog.js'
import { customerHeaders, makeCustomer } from '../testing/factories/customers.js'
import { makeRegion } from '../testing/factories/regions.js'
import { asAdmin } from '../testing/factories/users.js'
import { canMakeClusters, startReplicatedCluster, type ReplicatedCluster } from '../testing/pg-replica.js'
import { testConfig } from '../testing/test-app.js'
import { openDatabase, type Database } from './connection.js'
import { migrate } from './migrate.js'

/**
 * `DATABASE_READ_URL` against a real streaming replica: a primary and a `pg_basebackup` copy of
 * it, each a cluster of its own on a free port, made for this file. Replay is paused on the
 * replica to tell which server answered: a product written after the pause exists on the primary
 * only.
 */
const runs = Boolean(process.env.TEST_DATABASE_URL) && canMakeClusters()

describe.skipIf(!runs)('read replicas', () => {
  let cluster: ReplicatedCluster
  let primary: Database
  let replicaAdmin: pg.Client
  let app: FastifyInstance

  const build = async (maxLagMs: number) => {
    const replica = await openDatabase({ url: cluster.replicaUrl, poolSize: 4 })
    const built = await buildApp({
      config: testConfig({ databaseReadMaxLagMs: maxLagMs, metricsEnabled: true }),
      database: primary,
      readDatabases: [replica],
      logger: false,
    })
    await built.ready()
    return built
  }
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })
  /** A product on the primary that the paused replica has not replayed. */
  const unreplayedProduct = async () => {
    await replicaAdmin.query('SELECT pg_wal_replay_pause()')
    return makeProduct(primary.db)
  }

  beforeAll(async () => {
    cluster = await startReplicatedCluster()
    primary = await openDatabase({ url: cluster.primaryUrl, poolSize: 4 })
    await migrate(primary)
    replicaAdmin = new pg.Client({ connectionString: cluster.replicaUrl })
    // The last test stops the replica under this connection.
    replicaAdmin.on('error', () => undefined)
    await replicaAdmin.connect()
    app = await build(60_000)
  }, 300_000)

  afterAll(async () => {
    await app?.close()
    await replicaAdmin?.end().catch(() => undefined)
    await primary?.close()
    cluster?.destroy()
  })

  it('serves anonymous catalogue reads from the replica, and reads after writes from the primary', async () => {
    const product = await unreplayedProduct()
    try {
      await app.replicas!.probe()
      expect(app.replicas!.status()).toEqual([
        { healthy: true, lagMs: expect.any(Number), reads: expect.any(Number), fallbacks: 0 },
      ])

      const anonymous = await get(`/store/products/${product.id}`)
      const sentToReplica = app.replicas!.status()[0].reads
      expect(sentToReplica).toBeGreaterThan(0)
      const customer = await makeCustomer(primary.db)
      const signedIn = await get(`/store/products/${product.id}`, await customerHeaders(customer.id))
      const { headers } = await asAdmin(primary.db)
      const admin = await get(`/admin/products/${product.id}`, headers)

      expect(anonymous.statusCode).toBe(404) // the replica has not replayed it yet
      expect(signedIn.statusCode).toBe(200)
      expect(admin.statusCode).toBe(200)

      // A cart reads what it just wrote: always the primary.
      const region = await makeRegion(primary.db)
      const cart = await app.inject({ method: 'POST', url: '/store/carts', payload: { region_id: region.id } })
      expect(cart.statusCode).toBe(200)
      const added = await app.inject({
        method: 'POST',
        url: `/store/carts/${cart.json().cart.id}/line-items`,
        payload: { variant_id: product.variants[0].id, quantity: 1 },
      })
      expect(added.statusCode).toBe(200)
      expect((await get(`/store/carts/${cart.json().cart.id}`)).json().cart.items).toHaveLength(1)
      // Nothing but the anonymous read went to the replica.
      expect(app.replicas!.status()[0].reads).toBe(sentToReplica)
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()')
    }
    await sleep(300)
    expect((await get(`/store/products/${product.id}`)).statusCode).toBe(200)
  })

  it('skips a replica lagging beyond DATABASE_READ_MAX_LAG_MS until it catches up', async () => {
    const strict = await build(500)
    try {
      const product = await unreplayedProduct()
      try {
        await sleep(1200)
        await strict.replicas!.probe()
        expect(strict.replicas!.status()[0]).toMatchObject({ healthy: false, lagMs: expect.any(Number) })
        expect(strict.replicas!.status()[0].lagMs).toBeGreaterThan(500)
        const res = await strict.inject({ method: 'GET', url: `/store/products/${product.id}` })
        expect(res.statusCode).toBe(200) // from the primary
      } finally {
        await replicaAdmin.query('SELECT pg_wal_replay_resume()')
      }
      await sleep(300)
      await strict.replicas!.probe()
      expect(strict.replicas!.status()[0].healthy).toBe(true)
    } finally {
      await strict.close()
    }
  })

  it('keeps answering when the replica stops mid-run, from the primary, and uses it again once back', async () => {
    const product = await makeProduct(primary.db)
    await sleep(300)
    await app.replicas!.probe()
    expect(app.replicas!.status()[0].healthy).toBe(true)

    const statuses: { at: number; status: number }[] = []
    let stoppedAt = Number.POSITIVE_INFINITY
    const stopping = sleep(500).then(async () => {
      await cluster.stopReplica()
      stoppedAt = Date.now()
    })
    const until = Date.now() + 5000
    while (Date.now() < until) {
      const res = await get(`/store/products/${product.id}`)
      statuses.push({ at: Date.now(), status: res.statusCode })
      await sleep(20)
    }
    await stopping

    expect(stoppedAt).toBeLessThan(until)
    // Statements that cannot reach the replica go to the primary: no request fails, before or after.
    expect(statuses.filter((entry) => entry.at > stoppedAt).length).toBeGreaterThan(10)
    expect(statuses.filter((entry) => entry.status !== 200)).toEqual([])
    expect(app.replicas!.status()[0]).toMatchObject({ healthy: false, lagMs: undefined })
    expect(app.replicas!.status()[0].fallbacks).toBeGreaterThan(0)
    const metrics = (await get('/metrics')).body
    expect(metrics).toContain('emporium_db_replica_up{replica="1"} 0')
    expect(metrics).toMatch(/emporium_db_replica_statements_total\{replica="1",result="fallback"\} [1-9]/)
    expect(metrics).not.toContain(cluster.replicaUrl)

    cluster.startReplica()
    await app.replicas!.probe()
    expect(app.replicas!.status()[0].healthy).toBe(true)
    expect((await get(`/store/products/${product.id}`)).statusCode).toBe(200)
  }, 60_000)
})
