import { randomBytes, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Queue } from 'bullmq'
import { eq, sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.js'
import type { Database } from '../db/connection.js'
import type { Db } from '../db/types.js'
import { testConfig } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import type { EventMeta } from './bus.js'
import { emit } from './outbox.js'
import { RedisEventBus, type RedisEventBusOptions } from './redis-bus.js'
import { outbox } from './schema.js'

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const logger = pino({ level: 'silent' })

/** Why Redis cannot be used, or undefined when a PING is answered. */
async function redisUnreachable(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  })
  let cause: Error | undefined
  client.on('error', (error: Error) => (cause ??= error))
  try {
    await client.connect()
    return (await client.ping()) === 'PONG' ? undefined : 'PING was not answered with PONG'
  } catch (error) {
    return (cause ?? (error as Error)).message
  } finally {
    client.disconnect()
  }
}

const unreachable = await redisUnreachable(redisUrl)
if (unreachable) console.warn(`Skipping the RedisEventBus tests: Redis at ${redisUrl} is unreachable (${unreachable})`)

describe.skipIf(unreachable !== undefined)(`RedisEventBus (Redis at ${redisUrl})`, () => {
  // A queue of this file's own, so test files running in parallel never take each other's jobs.
  const queueName = `emporium-events-test-${randomBytes(6).toString('hex')}`
  let database: TestDatabase
  let queue: Queue
  const buses: RedisEventBus[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    queue = new Queue(queueName, { connection: { url: redisUrl } })
  })
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.stop()))
  })
  afterAll(async () => {
    await queue?.obliterate({ force: true })
    await queue?.close()
    await database?.close()
  })

  function newBus(options: Partial<RedisEventBusOptions> = {}, db: Db = database.db): RedisEventBus {
    const bus = new RedisEventBus(db, { logger, url: redisUrl, queueName, pollIntervalMs: 50, ...options })
    buses.push(bus)
    return bus
  }

  function recorder() {
    const calls: { data: Record<string, unknown>; meta: EventMeta }[] = []
    const handler = async (data: Record<string, unknown>, meta: EventMeta) => {
      calls.push({ data, meta })
    }
    return { calls, handler }
  }

  const eventName = () => `test.${randomUUID()}`

  async function emitCommitted(name: string, data: Record<string, unknown> = {}, db: Db = database.db): Promise<void> {
    await db.transaction((tx) => emit(tx, name, data))
  }

  async function rowsOf(name: string) {
    return database.db.select().from(outbox).where(eq(outbox.event_name, name)).orderBy(outbox.id)
  }

  it('delivers an event once, after its transaction commits', async () => {
    const name = eventName()
    const bus = newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await database.db.transaction(async (tx) => {
      await emit(tx, name, { order_id: 'order_1' })
      if (onPostgres) {
        await bus.drain()
        expect(calls).toHaveLength(0)
      }
    })
    await bus.drain()
    await bus.drain()

    const [row] = await rowsOf(name)
    expect(calls).toEqual([{ data: { order_id: 'order_1' }, meta: { id: row.id, eventName: name } }])
    expect(row.delivered_at).toBeInstanceOf(Date)
    expect(await queue.getJobState(row.id)).toBe('completed')
  })

  it('never relays the events of a rolled-back transaction', async () => {
    const name = eventName()
    const bus = newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await expect(
      database.db.transaction(async (tx) => {
        await emit(tx, name, {})
        throw new Error('write failed')
      }),
    ).rejects.toThrow('write failed')
    await bus.drain()

    expect(calls).toHaveLength(0)
    expect(await rowsOf(name)).toHaveLength(0)
  })

  it('relays, after a restart, the events written while no bus ran', async () => {
    const name = eventName()
    const first = newBus()
    await first.start()
    await first.stop()

    await emitCommitted(name, { n: 1 })
    const second = newBus()
    const { calls, handler } = recorder()
    second.subscribe(name, handler)
    await second.drain()

    expect(calls.map((call) => call.data)).toEqual([{ n: 1 }])
  })

  it('only relays in a server-mode process; a worker started later runs the subscribers', async () => {
    const name = eventName()
    const server = newBus({ consume: false })
    const onServer = recorder()
    server.subscribe(name, onServer.handler)
    await server.start()

    await emitCommitted(name)
    await server.drain()
    await server.stop()
    const [row] = await rowsOf(name)
    expect(row.delivered_at).toBeInstanceOf(Date)
    expect(await queue.getJobState(row.id)).toBe('waiting')
    const worker = newBus()
    const onWorker = recorder()
    worker.subscribe(name, onWorker.handler)
    await worker.drain()

    expect(onServer.calls).toHaveLength(0)
    expect(onWorker.calls).toHaveLength(1)
  })

  it('does not enqueue an event twice when a relay died between adding the job and marking the row', async () => {
    const name = eventName()
    await emitCommitted(name)
    await newBus({ consume: false }).drain()
    // What a relay that died before marking leaves behind, once its lease has expired:
    await database.db
      .update(outbox)
      .set({ delivered_at: null, available_at: sql`now()` })
      .where(eq(outbox.event_name, name))
    const bus = newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await bus.drain()
    await sleep(200)

    expect(calls).toHaveLength(1)
    expect((await rowsOf(name))[0].delivered_at).toBeInstanceOf(Date)
  })

  it('retries a failing subscriber with backoff and keeps the job and the error after the last attempt', async () => {
    const name = eventName()
    await emitCommitted(name)
    const bus = newBus({ maxAttempts: 3, retryDelayMs: 50 })
    let calls = 0
    bus.subscribe(name, async () => {
      calls++
      throw new Error('mail server down')
    })
    const [row] = await rowsOf(name)

    await bus.drain()

    await vi.waitFor(async () => expect(await queue.getJobState(row.id)).toBe('failed'), { timeout: 5000 })
    const job = await queue.getJob(row.id)
    expect(job?.attemptsMade).toBe(3)
    expect(job?.failedReason).toBe('mail server down')
    expect(calls).toBe(3)
    expect((await rowsOf(name))[0]).toMatchObject({ last_error: 'mail server down' })
  })

  it('clears the recorded error when a retry succeeds', async () => {
    const name = eventName()
    await emitCommitted(name)
    const bus = newBus({ retryDelayMs: 50 })
    let calls = 0
    bus.subscribe(name, async () => {
      calls++
      if (calls === 1) throw new Error('flaky')
    })
    const [row] = await rowsOf(name)

    await bus.drain()

    await vi.waitFor(async () => expect(await queue.getJobState(row.id)).toBe('completed'), { timeout: 5000 })
    expect(calls).toBe(2)
    expect((await rowsOf(name))[0]).toMatchObject({ last_error: null })
  })

  it('runs again, on retry, only the subscribers that have not succeeded', async () => {
    const name = eventName()
    await emitCommitted(name)
    const bus = newBus({ retryDelayMs: 0 })
    const first = recorder()
    let secondCalls = 0
    bus.subscribe(name, first.handler)
    bus.subscribe(name, async () => {
      secondCalls++
      if (secondCalls === 1) throw new Error('flaky')
    })

    await bus.drain()

    expect(first.calls).toHaveLength(1)
    expect(secondCalls).toBe(2)
  })

  it('is started by the app when it is ready and closed with it', async () => {
    const name = eventName()
    const events = new RedisEventBus(database.db, { logger, url: redisUrl, queueName, pollIntervalMs: 60_000 })
    const app = await buildApp({ config: testConfig({ redisUrl }), database, logger: false, events })
    await app.ready()
    const { calls, handler } = recorder()
    app.events.subscribe(name, handler)

    await emitCommitted(name)
    app.events.kick()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    await app.close()
  })

  describe.skipIf(!onPostgres)('with two processes on one PostgreSQL database', () => {
    let second: Database
    beforeAll(async () => {
      second = await database.reopen()
    })
    afterAll(async () => {
      await second?.close()
    })

    it('delivers each of 100 events exactly once', async () => {
      const name = eventName()
      const deliveries = new Map<string, number>()
      const count = async (_data: Record<string, unknown>, meta: EventMeta) => {
        await sleep(Math.random() * 3)
        deliveries.set(meta.id, (deliveries.get(meta.id) ?? 0) + 1)
      }
      const one = newBus({ batchSize: 7, pollIntervalMs: 10 })
      const two = newBus({ batchSize: 7, pollIntervalMs: 10 }, second.db)
      one.subscribe(name, count)
      two.subscribe(name, count)
      await Promise.all([one.start(), two.start()])

      await Promise.all(
        Array.from({ length: 10 }, async (_, batch) => {
          for (let n = 0; n < 10; n++) {
            await emitCommitted(name, { n: batch * 10 + n }, batch % 2 ? second.db : database.db)
            one.kick()
            two.kick()
          }
        }),
      )
      await Promise.all([one.drain(), two.drain()])

      const rows = await rowsOf(name)
      expect(rows).toHaveLength(100)
      expect(rows.every((row) => row.delivered_at !== null)).toBe(true)
      expect(deliveries.size).toBe(100)
      expect([...deliveries.values()].every((times) => times === 1)).toBe(true)
    })
  })
})
