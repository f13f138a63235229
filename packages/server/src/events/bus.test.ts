import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../db/types.js'
import {
  describeEventBusContract,
  emitCommitted as emitCommittedTo,
  eventName,
  recorder,
  rowsOf as rowsIn,
} from '../testing/event-bus-contract.js'
import { buildTestApp } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { InProcessEventBus, type EventBus, type EventBusOptions } from './bus.js'
import { createEventBus } from './factory.js'
import { claimDueEvents } from './outbox.js'
import { RedisEventBus } from './redis-bus.js'
import { outbox } from './schema.js'

const logger = pino({ level: 'silent' })

let database: TestDatabase
const buses: EventBus[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.stop()))
})
afterAll(async () => {
  await database?.close()
})

function newBus(options: Partial<EventBusOptions> = {}, db: Db = database.db): InProcessEventBus {
  const bus = new InProcessEventBus(db, { logger, ...options })
  buses.push(bus)
  return bus
}

const emitCommitted = (name: string, data: Record<string, unknown> = {}) => emitCommittedTo(database.db, name, data)
const rowsOf = (name: string) => rowsIn(database.db, name)

async function makeDue(name: string): Promise<void> {
  await database.db
    .update(outbox)
    .set({ available_at: sql`now()` })
    .where(eq(outbox.event_name, name))
}

/** The database, watched: every raw statement the bus sends through it (claims, deliveries) is kept. */
function watchStatements(): { sent: string[]; watched: Db } {
  const sent: string[] = []
  const dialect = new PgDialect()
  const watched = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver)
      return (query: SQL) => {
        sent.push(dialect.sqlToQuery(query).sql)
        return target.execute(query)
      }
    },
  })
  return { sent, watched }
}

describe('InProcessEventBus', () => {
  it('hands back, when stopped mid-batch, the claimed events it has not started', async () => {
    const name = eventName()
    for (const n of [1, 2, 3]) await emitCommitted(name, { n })
    const first = newBus({ pollIntervalMs: 60_000 })
    const seenByFirst: unknown[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    first.subscribe(name, async (data) => {
      seenByFirst.push(data.n)
      await gate
    })

    await first.start()
    await vi.waitFor(() => expect(seenByFirst).toEqual([1]))
    const stopping = first.stop()
    release()
    await stopping
    const second = newBus()
    const { calls, handler } = recorder()
    second.subscribe(name, handler)
    await second.drain()

    expect(seenByFirst).toEqual([1])
    expect(calls.map((call) => call.data.n)).toEqual([2, 3])
    const rows = await rowsOf(name)
    expect(rows.map((row) => [row.attempts, row.delivered_at !== null])).toEqual([
      [1, true],
      [1, true],
      [1, true],
    ])
  })

  it('delivers an event claimed by a process that died once the claim expires', async () => {
    const name = eventName()
    await emitCommitted(name)
    await claimDueEvents(database.db, 1000, 1000)
    const bus = newBus({ leaseMs: 1000 })
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await bus.drain()
    expect(calls).toHaveLength(0)
    await sleep(1100)
    await bus.drain()

    expect(calls).toHaveLength(1)
    expect((await rowsOf(name))[0]).toMatchObject({ attempts: 2 })
  })

  it('renews the claim while a slow subscriber runs, so no other process takes the event', async () => {
    const name = eventName()
    await emitCommitted(name)
    let runs = 0
    const slow = newBus({ leaseMs: 300 })
    slow.subscribe(name, async () => {
      runs++
      await sleep(1200)
    })
    const other = newBus({ leaseMs: 300 })
    other.subscribe(name, async () => {
      runs++
    })

    const slowDrain = slow.drain()
    await vi.waitFor(() => expect(runs).toBe(1))
    for (let i = 0; i < 10; i++) {
      await other.drain()
      await sleep(100)
    }
    await slowDrain

    expect(runs).toBe(1)
    expect((await rowsOf(name))[0].delivered_at).toBeInstanceOf(Date)
  })

  it('retries a failing subscriber with growing delays and parks the event after the last attempt', async () => {
    const name = eventName()
    await emitCommitted(name)
    const bus = newBus({ maxAttempts: 3, retryDelayMs: 60_000 })
    let calls = 0
    bus.subscribe(name, async () => {
      calls++
      throw new Error('mail server down')
    })

    await bus.drain()
    await bus.drain()
    const [afterFirst] = await rowsOf(name)
    expect(calls).toBe(1)
    expect(afterFirst).toMatchObject({ attempts: 1, last_error: 'mail server down', delivered_at: null })
    expect(afterFirst.available_at.getTime() - Date.now()).toBeGreaterThan(50_000)

    await makeDue(name)
    await bus.drain()
    const [afterSecond] = await rowsOf(name)
    expect(calls).toBe(2)
    expect(afterSecond).toMatchObject({ attempts: 2, delivered_at: null })
    expect(afterSecond.available_at.getTime() - Date.now()).toBeGreaterThan(110_000)

    await makeDue(name)
    await bus.drain()
    await makeDue(name)
    await bus.drain()
    const [parked] = await rowsOf(name)
    expect(calls).toBe(3)
    expect(parked).toMatchObject({ attempts: 3, last_error: 'mail server down' })
    expect(parked.delivered_at).toBeInstanceOf(Date)
  })

  it('keeps delivering other events while one fails, and records errors that are not Error objects', async () => {
    const failing = eventName()
    const working = eventName()
    await emitCommitted(failing)
    await emitCommitted(working)
    const bus = newBus({ retryDelayMs: 60_000 })
    const { calls, handler } = recorder()
    bus.subscribe(failing, async () => {
      throw 'plain string failure'
    })
    bus.subscribe(working, handler)

    await bus.drain()

    expect(calls).toHaveLength(1)
    expect((await rowsOf(failing))[0]).toMatchObject({ last_error: 'plain string failure', delivered_at: null })
  })

  it('records the deliveries of a batch in one statement, around a failure in the same batch', async () => {
    const name = eventName()
    for (const n of [1, 2, 3]) await emitCommitted(name, { n })
    const { sent, watched } = watchStatements()
    const bus = newBus({ retryDelayMs: 60_000 }, watched)
    bus.subscribe(name, async (data) => {
      if (data.n === 2) throw new Error('second fails')
    })

    await bus.drain()

    const rows = await rowsOf(name)
    expect(rows.map((row) => [row.data.n, row.delivered_at !== null, row.last_error])).toEqual([
      [1, true, null],
      [2, false, 'second fails'],
      [3, true, null],
    ])
    expect(sent.filter((text) => /SET delivered_at = now\(\)/.test(text))).toHaveLength(1)
  })

  it('ends a round on a short batch instead of claiming again to find the outbox empty', async () => {
    const name = eventName()
    for (const n of [1, 2]) await emitCommitted(name, { n })
    const { sent, watched } = watchStatements()
    const bus = newBus({ batchSize: 2 }, watched)
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await bus.drain()
    expect(calls).toHaveLength(2)
    // A full batch may have left more behind: the round claims once more.
    expect(sent.filter((text) => /FOR UPDATE SKIP LOCKED/.test(text))).toHaveLength(2)

    await emitCommitted(name, { n: 3 })
    sent.length = 0
    await bus.drain()
    expect(calls).toHaveLength(3)
    expect(sent.filter((text) => /FOR UPDATE SKIP LOCKED/.test(text))).toHaveLength(1)
  })

  it('runs no subscribers in a server-mode process and leaves the events to a worker', async () => {
    const name = eventName()
    const server = createEventBus(database.db, { redisUrl: undefined, mode: 'server', outboxRetentionDays: 7 }, logger)
    const worker = createEventBus(database.db, { redisUrl: undefined, mode: 'worker', outboxRetentionDays: 7 }, logger)
    buses.push(server, worker)
    const onServer = recorder()
    const onWorker = recorder()
    server.subscribe(name, onServer.handler)
    worker.subscribe(name, onWorker.handler)
    await server.start()

    await emitCommitted(name)
    server.kick()
    await server.drain()
    expect(onServer.calls).toHaveLength(0)
    await worker.drain()

    expect(onWorker.calls).toHaveLength(1)
  })

  it('uses the Redis bus when REDIS_URL is set, without connecting before it starts', () => {
    const withRedis = createEventBus(
      database.db,
      { redisUrl: 'redis://127.0.0.1:1', mode: 'shared', outboxRetentionDays: 7 },
      logger,
    )
    const withoutRedis = createEventBus(
      database.db,
      { redisUrl: undefined, mode: 'shared', outboxRetentionDays: 7 },
      logger,
    )

    expect(withRedis).toBeInstanceOf(RedisEventBus)
    expect(withoutRedis).toBeInstanceOf(InProcessEventBus)
  })

  describeEventBusContract({
    database: () => database,
    newBus,
    startApp: () => buildTestApp(database),
    async checkDelivered(row) {
      expect(row).toMatchObject({ attempts: 1, last_error: null })
    },
    async checkRetrySucceeded(row) {
      expect(row).toMatchObject({ attempts: 2, last_error: null })
    },
  })
})
