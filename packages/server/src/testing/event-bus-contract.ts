import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { encodeTime } from 'ulid'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/connection.js'
import type { Db } from '../db/types.js'
import type { EventBus, EventBusOptions, EventMeta } from '../events/bus.js'
import { emit } from '../events/outbox.js'
import { outbox } from '../events/schema.js'
import type { TestDatabase } from './test-db.js'

export type OutboxRow = typeof outbox.$inferSelect

/** A subscriber that records what it was given. */
export function recorder() {
  const calls: { data: Record<string, unknown>; meta: EventMeta }[] = []
  const handler = async (data: Record<string, unknown>, meta: EventMeta) => {
    calls.push({ data, meta })
  }
  return { calls, handler }
}

/** Each test uses its own event name, so rows left by other tests never reach its subscribers. */
export const eventName = () => `test.${randomUUID()}`

export async function emitCommitted(db: Db, name: string, data: Record<string, unknown> = {}): Promise<void> {
  await db.transaction((tx) => emit(tx, name, data))
}

export async function rowsOf(db: Db, name: string): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(eq(outbox.event_name, name)).orderBy(outbox.id)
}

export interface EventBusContractSubject {
  /** The suite's database; called only inside tests, once the file's `beforeAll` has created it. */
  database(): TestDatabase
  /** A bus the file stops after each test. */
  newBus(options?: Partial<EventBusOptions>, db?: Db): EventBus
  /** A ready app whose `events` is this kind of bus; the test closes it. */
  startApp(): Promise<FastifyInstance>
  /** Checks of this kind of bus on the row of an event delivered once. */
  checkDelivered?(row: OutboxRow): Promise<void>
  /** Checks of this kind of bus on the row of an event whose retry succeeded. */
  checkRetrySucceeded?(row: OutboxRow): Promise<void>
}

/**
 * The delivery guarantees every event bus gives, whatever carries the events: once after commit,
 * never for a rollback, across restarts, once per subscriber across retries, and exactly once
 * when two processes share the outbox. Call it inside the bus's own `describe`.
 */
export function describeEventBusContract(subject: EventBusContractSubject): void {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
  const db = () => subject.database().db

  it('delivers an event once, after its transaction commits', async () => {
    const name = eventName()
    const bus = subject.newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await db().transaction(async (tx) => {
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

    const [row] = await rowsOf(db(), name)
    expect(calls).toEqual([{ data: { order_id: 'order_1' }, meta: { id: row.id, eventName: name } }])
    expect(row.delivered_at).toBeInstanceOf(Date)
    await subject.checkDelivered?.(row)
  })

  it('never delivers the events of a rolled-back transaction or savepoint', async () => {
    const name = eventName()
    const bus = subject.newBus()
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)

    await expect(
      db().transaction(async (tx) => {
        await emit(tx, name, { step: 'rolled back' })
        throw new Error('write failed')
      }),
    ).rejects.toThrow('write failed')
    await db().transaction(async (tx) => {
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
    expect(await rowsOf(db(), name)).toHaveLength(1)
  })

  it('delivers, after a restart, the events written while no bus ran', async () => {
    const name = eventName()
    const before = recorder()
    const first = subject.newBus()
    first.subscribe(name, before.handler)
    await first.start()
    await first.stop()

    await emitCommitted(db(), name, { n: 1 })
    const after = recorder()
    const second = subject.newBus()
    second.subscribe(name, after.handler)
    await second.drain()

    expect(before.calls).toHaveLength(0)
    expect(after.calls.map((call) => call.data)).toEqual([{ n: 1 }])
  })

  it('runs again, on retry, only the subscribers that have not succeeded', async () => {
    const name = eventName()
    await emitCommitted(db(), name)
    const bus = subject.newBus({ retryDelayMs: 0 })
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
    await subject.checkRetrySucceeded?.((await rowsOf(db(), name))[0])
  })

  it('delivers after a kick once started, without a drain', async () => {
    const name = eventName()
    const bus = subject.newBus({ pollIntervalMs: 60_000 })
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)
    await bus.start()

    await emitCommitted(db(), name)
    bus.kick()

    await vi.waitFor(() => expect(calls).toHaveLength(1))
  })

  it('gathers the events of the kicks made within its delay into one round', async () => {
    const name = eventName()
    const bus = subject.newBus({ pollIntervalMs: 60_000, kickDelayMs: 300 })
    const { calls, handler } = recorder()
    bus.subscribe(name, handler)
    await bus.start()

    for (let n = 0; n < 3; n++) {
      await emitCommitted(db(), name, { n })
      bus.kick()
    }

    await vi.waitFor(() => expect(calls).toHaveLength(3))
    // Rows settled by one statement share its clock: one round took all three, not one each.
    const settled = new Set((await rowsOf(db(), name)).map((row) => row.delivered_at?.getTime()))
    expect(settled.size).toBe(1)
  })

  it('is started by the app when it is ready and stopped when it closes', async () => {
    const name = eventName()
    const app = await subject.startApp()
    const { calls, handler } = recorder()
    app.events.subscribe(name, handler)

    await emitCommitted(db(), name)
    app.events.kick()
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    await app.close()
  })

  describe.skipIf(!onPostgres)('with two processes on one PostgreSQL database', () => {
    let second: Database
    beforeAll(async () => {
      second = await subject.database().reopen()
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
      const one = subject.newBus({ batchSize: 7, pollIntervalMs: 10 })
      const two = subject.newBus({ batchSize: 7, pollIntervalMs: 10 }, second.db)
      one.subscribe(name, count)
      two.subscribe(name, count)
      await Promise.all([one.start(), two.start()])

      await Promise.all(
        Array.from({ length: 10 }, async (_, batch) => {
          for (let n = 0; n < 10; n++) {
            await emitCommitted(batch % 2 ? second.db : db(), name, { n: batch * 10 + n })
            one.kick()
            two.kick()
          }
        }),
      )
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()])

      const rows = await rowsOf(db(), name)
      expect(rows).toHaveLength(100)
      expect(rows.every((row) => row.delivered_at !== null)).toBe(true)
      expect(deliveries.size).toBe(100)
      expect([...deliveries.values()].every((times) => times === 1)).toBe(true)
    })
  })

  describe('retention', () => {
    const DAY = 24 * 60 * 60 * 1000
    /** Outbox rows written `createdDaysAgo` days ago (ids carry their time), in one statement. */
    async function writeAged(
      name: string,
      rows: { count?: number; createdDaysAgo: number; deliveredDaysAgo: number | null; error?: string }[],
    ): Promise<void> {
      for (const [index, row] of rows.entries()) {
        const idPrefix = `evt_${encodeTime(Date.now() - row.createdDaysAgo * DAY, 10)}${index}`
        const deliveredAt =
          row.deliveredDaysAgo === null
            ? sql`NULL`
            : sql`now() - ${row.deliveredDaysAgo * 86400}::float8 * interval '1 second'`
        await db().execute(sql`
          INSERT INTO outbox (id, event_name, data, created_at, available_at, delivered_at, attempts, last_error)
          SELECT ${idPrefix} || lpad(n::text, 15, '0'), ${name}, '{}'::jsonb,
                 now() - ${row.createdDaysAgo * 86400}::float8 * interval '1 second', now() + interval '1 hour',
                 ${deliveredAt}, 1, ${row.error ?? null}
          FROM generate_series(1, ${row.count ?? 1}) AS n`)
      }
    }

    it('deletes delivered events past their retention, a batch at a time, and keeps the rest', async () => {
      const name = eventName()
      await writeAged(name, [
        { count: 2100, createdDaysAgo: 9, deliveredDaysAgo: 8 },
        { createdDaysAgo: 9, deliveredDaysAgo: 8, error: 'parked: subscriber kept failing' },
        { createdDaysAgo: 9, deliveredDaysAgo: null },
        { createdDaysAgo: 9, deliveredDaysAgo: 1 },
        { createdDaysAgo: 0, deliveredDaysAgo: 0 },
      ])
      const bus = subject.newBus({ retentionMs: 7 * DAY })

      expect(await bus.sweep()).toBe(2100)

      const kept = await rowsOf(db(), name)
      expect(kept.map((row) => [row.last_error, row.delivered_at === null])).toEqual([
        ['parked: subscriber kept failing', false],
        [null, true],
        [null, false],
        [null, false],
      ])
      expect(await bus.sweep()).toBe(0)
    })

    it('sweeps by itself once started, and never with a retention of 0', async () => {
      const swept = eventName()
      const kept = eventName()
      await writeAged(swept, [{ count: 3, createdDaysAgo: 3, deliveredDaysAgo: 3 }])
      const keeping = subject.newBus({ retentionMs: 0, sweepIntervalMs: 10 })
      await keeping.start()
      await sleep(100)
      expect(await rowsOf(db(), swept)).toHaveLength(3)
      await keeping.stop()

      await writeAged(kept, [{ count: 2, createdDaysAgo: 0, deliveredDaysAgo: 0 }])
      const sweeping = subject.newBus({ retentionMs: 2 * DAY, sweepIntervalMs: 10 })
      await sweeping.start()

      await vi.waitFor(async () => expect(await rowsOf(db(), swept)).toHaveLength(0))
      expect(await rowsOf(db(), kept)).toHaveLength(2)
    })
  })
}
