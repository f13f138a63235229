import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Queue } from 'bullmq'
import { eq, sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.js'
import type { Db } from '../db/types.js'
import {
  describeEventBusContract,
  emitCommitted as emitCommittedTo,
  eventName,
  recorder,
  rowsOf as rowsIn,
} from '../testing/event-bus-contract.js'
import { testConfig } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { RedisEventBus, type RedisEventBusOptions } from './redis-bus.js'
import { outbox } from './schema.js'
import { redisUnreachable, testRedisUrl } from '../testing/redis.js'

const redisUrl = testRedisUrl
const logger = pino({ level: 'silent' })

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

  const emitCommitted = (name: string, data: Record<string, unknown> = {}) => emitCommittedTo(database.db, name, data)
  const rowsOf = (name: string) => rowsIn(database.db, name)

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

  describeEventBusContract({
    database: () => database,
    newBus,
    async startApp() {
      const events = new RedisEventBus(database.db, { logger, url: redisUrl, queueName, pollIntervalMs: 60_000 })
      const app = await buildApp({ config: testConfig({ redisUrl }), database, logger: false, events })
      await app.ready()
      return app
    },
    async checkDelivered(row) {
      expect(await queue.getJobState(row.id)).toBe('completed')
    },
  })
})
