import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/connection.js'
import type { Db } from '../db/types.js'
import { buildTestApp } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { InProcessEventBus, type EventBus, type EventBusOptions, type EventMeta } from './bus.js'
import { createEventBus } from './factory.js'
import { claimDueEvents, emit } from './outbox.js'
import { RedisEventBus } from './redis-bus.js'
import { outbox } from './schema.js'

const logger = pino({ level: 'silent' })
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

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

/** A subscriber that records what it was given. */
function recorder() {
  const calls: { data: Record<string, unknown>; meta: EventMeta }[] = []
  const handler = async (data: Record<string, unknown>, meta: EventMeta) => {
    calls.push({ data, meta })
  }
  return { calls, handler }
}

/** Each test uses its own event name, so rows left by other tests never reach its subscribers. */
const eventName = () => `test.${randomUUID()}`

async function emitCommitted(name: string, data: Record<string, unknown> = {}, db: Db = database.db): Promise<void> {
  await db.transaction((tx) => emit(tx, name, data))
}

async function rowsOf(name: string) {
  return database.db.select().from(outbox).where(eq(outbox.event_name, name)).orderBy(outbox.id)
}

async function makeDue(name: string): Promise<void> {
  await database.db
    .update(outbox)
    .set({ available_at: sql`now()` })
    .where(eq(outbox.event_name, name))
}

describe('InProcessEventBus', () => {
  it('delivers an event once, after its transaction commits', async () => {
    const name = eventName()
    const bus = newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await database.db.transaction(async (tx) => {
      await emit(tx, name, { order_id: 'order_1' })
      // Another connection cannot see the row before commit. (On PGlite the one connection is held
      // by this transaction, so the bus could not even query until it ends.)
      if (onPostgres) {
        await bus.drain()
        expect(calls).toHaveLength(0)
      }
    })
    await bus.drain()
    await bus.drain()

    expect(calls).toHaveLength(1)
    expect(calls[0].data).toEqual({ order_id: 'order_1' })
    expect(calls[0].meta.eventName).toBe(name)
    const [row] = await rowsOf(name)
    expect(calls[0].meta.id).toBe(row.id)
    expect(row).toMatchObject({ attempts: 1, last_error: null })
    expect(row.delivered_at).toBeInstanceOf(Date)
  })

  it('never delivers the events of a rolled-back transaction or savepoint', async () => {
    const name = eventName()
    const bus = newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await expect(
      database.db.transaction(async (tx) => {
        await emit(tx, name, { step: 'rolled back' })
        throw new Error('write failed')
      }),
    ).rejects.toThrow('write failed')
    await database.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await emit(savepoint, name, { step: 'savepoint' })
          throw new Error('inner step failed')
        })
        .catch(() => undefined)
      await emit(tx, name, { step: 'committed' })
    })
    await bus.drain()

    expect(calls.map((call) => call.data)).toEqual([{ step: 'committed' }])
    expect(await rowsOf(name)).toHaveLength(1)
  })

  it('delivers, after a restart, the events written while no bus ran', async () => {
    const name = eventName()
    const before = recorder()
    const first = newBus()
    first.subscribe(name, before.handler)
    await first.stop()

    await emitCommitted(name, { n: 1 })
    const after = recorder()
    const second = newBus()
    second.subscribe(name, after.handler)
    await second.drain()

    expect(before.calls).toHaveLength(0)
    expect(after.calls.map((call) => call.data)).toEqual([{ n: 1 }])
  })

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
    expect((await rowsOf(name))[0]).toMatchObject({ attempts: 2, last_error: null })
  })

  it('delivers after a kick once started, without a drain', async () => {
    const name = eventName()
    const bus = newBus({ pollIntervalMs: 60_000 })
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)
    await bus.start()

    await emitCommitted(name)
    bus.kick()

    await vi.waitFor(() => expect(calls).toHaveLength(1))
  })

  it('runs no subscribers in a server-mode process and leaves the events to a worker', async () => {
    const name = eventName()
    const server = createEventBus(database.db, { redisUrl: undefined, mode: 'server' }, logger)
    const worker = createEventBus(database.db, { redisUrl: undefined, mode: 'worker' }, logger)
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
    const withRedis = createEventBus(database.db, { redisUrl: 'redis://127.0.0.1:1', mode: 'shared' }, logger)
    const withoutRedis = createEventBus(database.db, { redisUrl: undefined, mode: 'shared' }, logger)

    expect(withRedis).toBeInstanceOf(RedisEventBus)
    expect(withoutRedis).toBeInstanceOf(InProcessEventBus)
  })

  it('is started by the app when it is ready and stopped when it closes', async () => {
    const name = eventName()
    const app = await buildTestApp(database)
    const { calls, handler } = recorder()
    app.events.subscribe(name, handler)

    await emitCommitted(name)
    app.events.kick()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    await app.close()
  })

  describe.skipIf(!onPostgres)('with two server processes on one PostgreSQL database', () => {
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
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()])

      const rows = await rowsOf(name)
      expect(rows).toHaveLength(100)
      expect(rows.every((row) => row.delivered_at !== null)).toBe(true)
      expect(deliveries.size).toBe(100)
      expect([...deliveries.values()].every((times) => times === 1)).toBe(true)
    })
  })
})
