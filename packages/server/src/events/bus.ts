import type { FastifyBaseLogger } from 'fastify'
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/types.js'
import { outbox } from './schema.js'

export interface EventMeta {
  id: string
  eventName: string
}

export type Subscriber = (data: Record<string, unknown>, meta: EventMeta) => Promise<void>

export interface EventBus {
  /** Registers a handler; every handler of an event runs once per delivered event. */
  subscribe(eventName: string, handler: Subscriber): void
  /** Starts polling the outbox (and, with Redis, consuming the queue). */
  start(): Promise<void>
  stop(): Promise<void>
  /** Asks for a delivery round soon, e.g. after a request committed a write. */
  kick(): void
  /** Delivers everything pending now; resolves when the outbox holds nothing due. */
  drain(): Promise<void>
}

export interface EventBusOptions {
  logger: FastifyBaseLogger
  pollIntervalMs?: number
  batchSize?: number
  maxAttempts?: number
}

type OutboxRow = typeof outbox.$inferSelect

const RETRY_DELAY_MS = 5_000
const LEASE_MS = 60_000

/**
 * In-process delivery: claims due outbox rows with `FOR UPDATE SKIP LOCKED` (so several processes
 * never deliver one event twice), runs the subscribers, and marks the row delivered in the same
 * transaction. A failing subscriber leaves the row for a later attempt.
 */
export class InProcessEventBus implements EventBus {
  private readonly subscribers = new Map<string, Subscriber[]>()
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = true

  constructor(
    private readonly db: Db,
    private readonly options: EventBusOptions,
  ) {}

  subscribe(eventName: string, handler: Subscriber): void {
    this.subscribers.set(eventName, [...(this.subscribers.get(eventName) ?? []), handler])
  }

  async start(): Promise<void> {
    this.stopped = false
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs ?? 1000)
    this.timer.unref()
    this.kick()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.running
  }

  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'event delivery round failed'))
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          this.kick()
        }
      })
  }

  async drain(): Promise<void> {
    for (;;) {
      const delivered = await this.deliverBatch()
      if (delivered === 0) return
    }
  }

  /**
   * Claims a batch by pushing its rows' `available_at` past a lease, then runs the subscribers with
   * no transaction open (they write through their own handles; on PGlite a nested root query would
   * wait forever). A process that dies mid-batch leaves the lease to expire, and the rows are
   * delivered again then.
   */
  private async deliverBatch(): Promise<number> {
    const rows = await this.claim()
    for (const row of rows) await this.deliverOne(row)
    return rows.length
  }

  private async claim(): Promise<OutboxRow[]> {
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.delivered_at), lte(outbox.available_at, new Date())))
      .orderBy(asc(outbox.id))
      .limit(this.options.batchSize ?? 50)
      .for('update', { skipLocked: true })
    return this.db
      .update(outbox)
      .set({ available_at: new Date(Date.now() + LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning()
  }

  private async deliverOne(row: OutboxRow): Promise<void> {
    const handlers = this.subscribers.get(row.event_name) ?? []
    try {
      for (const handler of handlers) await handler(row.data, { id: row.id, eventName: row.event_name })
      await this.db.update(outbox).set({ delivered_at: new Date(), last_error: null }).where(eq(outbox.id, row.id))
    } catch (error) {
      const giveUp = row.attempts >= (this.options.maxAttempts ?? 5)
      this.options.logger.error(
        { err: error, event: row.event_name, eventId: row.id, attempts: row.attempts },
        'subscriber failed',
      )
      await this.db
        .update(outbox)
        .set({
          last_error: String((error as Error).message ?? error).slice(0, 1000),
          available_at: new Date(Date.now() + RETRY_DELAY_MS * row.attempts),
          // After the last attempt the event is parked (delivered_at set, last_error kept) for staff to see.
          ...(giveUp ? { delivered_at: new Date() } : {}),
        })
        .where(eq(outbox.id, row.id))
    }
  }
}
