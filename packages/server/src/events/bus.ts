import type { FastifyBaseLogger } from 'fastify'
import { Sweeper } from '../db/sweeper.js'
import type { Db } from '../db/types.js'
import {
  claimDueEvents,
  deleteDeliveredEvents,
  describeError,
  extendClaims,
  markDelivered,
  markFailed,
  releaseClaims,
  type ClaimedEvent,
} from './outbox.js'

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
  /** Deletes delivered events past their retention (also done on a timer once started); answers how many. */
  sweep(): Promise<number>
  /** With Redis: jobs queued and not finished (waiting, running or delayed for a retry). */
  queueDepth?(): Promise<number>
}

export interface EventBusOptions {
  logger: FastifyBaseLogger
  /** How often the outbox is polled; a kick after each write delivers sooner. */
  pollIntervalMs?: number
  /**
   * How long a kick waits before its round starts, so that the events of the writes made meanwhile
   * go in the same round: a busy store pays one claim and one settling statement for many events,
   * not for every write. 0 starts the round at once.
   */
  kickDelayMs?: number
  /** Rows claimed per round. */
  batchSize?: number
  /** Deliveries tried before an event is parked. */
  maxAttempts?: number
  /** Delay before the first retry of a failed delivery; it doubles with each further attempt. */
  retryDelayMs?: number
  /** How long a claim keeps other processes off its rows; renewed while subscribers run. */
  leaseMs?: number
  /** How long delivered events stay in the outbox before the sweep deletes them; 0 keeps them. */
  retentionMs?: number
  /** How often the sweep runs (the first time shortly after start). */
  sweepIntervalMs?: number
  /**
   * Whether this process runs subscribers. A `server`-mode process does not: it writes events and
   * leaves them to a `worker` process (with Redis it still moves them from the outbox to the queue).
   */
  consume?: boolean
}

type Settings = Required<Omit<EventBusOptions, 'logger'>>

const DEFAULTS: Settings = {
  pollIntervalMs: 1000,
  kickDelayMs: 50,
  batchSize: 50,
  maxAttempts: 5,
  retryDelayMs: 5000,
  leaseMs: 60_000,
  retentionMs: 7 * 24 * 60 * 60 * 1000,
  sweepIntervalMs: 60 * 60 * 1000,
  consume: true,
}
const FIRST_SWEEP_DELAY_MS = 5000
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000
/** Bounds the memory kept about partly delivered events that another process may have finished. */
const MAX_REMEMBERED_PROGRESS = 10_000

/**
 * What every outbox-driven bus shares: subscribers, the poll timer, and delivery rounds that run one
 * at a time within a process (kicks arriving during a round coalesce into one more round).
 */
export abstract class OutboxDispatcher implements EventBus {
  protected readonly subscribers = new Map<string, Subscriber[]>()
  protected readonly settings: Settings
  protected readonly logger: FastifyBaseLogger
  /** Set while stopping: rounds finish the event in hand and hand the rest back. */
  protected closing = false
  private started = false
  private timer: NodeJS.Timeout | undefined
  /** A kick waiting out `kickDelayMs`; later kicks join it. */
  private kickTimer: NodeJS.Timeout | undefined
  private readonly sweeper: Sweeper
  private rounds: Promise<void> = Promise.resolve()
  private roundQueued = false

  constructor(
    protected readonly db: Db,
    options: EventBusOptions,
  ) {
    this.logger = options.logger
    this.settings = {
      pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
      kickDelayMs: options.kickDelayMs ?? DEFAULTS.kickDelayMs,
      batchSize: options.batchSize ?? DEFAULTS.batchSize,
      maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
      retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      retentionMs: options.retentionMs ?? DEFAULTS.retentionMs,
      sweepIntervalMs: options.sweepIntervalMs ?? DEFAULTS.sweepIntervalMs,
      consume: options.consume ?? DEFAULTS.consume,
    }
    this.sweeper = new Sweeper({
      deleteBatch: (limit) => deleteDeliveredEvents(this.db, this.settings.retentionMs, limit),
      intervalMs: this.settings.sweepIntervalMs,
      firstDelayMs: FIRST_SWEEP_DELAY_MS,
      logger: this.logger,
      removedMessage: 'deleted delivered events past their retention from the outbox',
      failedMessage: 'outbox sweep failed; it runs again later',
    })
  }

  subscribe(eventName: string, handler: Subscriber): void {
    this.subscribers.set(eventName, [...(this.subscribers.get(eventName) ?? []), handler])
  }

  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    await this.onStart()
    this.timer = setInterval(() => this.kick(), this.settings.pollIntervalMs)
    this.timer.unref()
    this.kick()
    if (this.settings.retentionMs > 0) this.sweeper.start()
  }

  async stop(): Promise<void> {
    this.started = false
    clearInterval(this.timer)
    clearTimeout(this.kickTimer)
    this.timer = undefined
    this.kickTimer = undefined
    this.closing = true
    try {
      await Promise.all([this.rounds, this.sweeper.stop()])
      await this.onStop()
    } finally {
      this.closing = false
    }
  }

  kick(): void {
    if (!this.started || this.roundQueued || this.kickTimer) return
    if (this.settings.kickDelayMs <= 0) {
      this.queueRound()
      return
    }
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined
      this.queueRound()
    }, this.settings.kickDelayMs)
    this.kickTimer.unref()
  }

  /** Queues one more round; a round already queued takes the kick. */
  private queueRound(): void {
    if (!this.started || this.roundQueued) return
    this.roundQueued = true
    this.oneAtATime(() => {
      this.roundQueued = false
      return this.processDue()
    }).catch((error: unknown) => this.logger.error({ err: error }, 'event delivery round failed'))
  }

  drain(): Promise<void> {
    // Queued behind any round in progress, so rows that round has claimed are settled when this resolves.
    return this.oneAtATime(() => this.processDue())
  }

  /** Deletes delivered events older than the retention; parked and undelivered events stay. */
  sweep(): Promise<number> {
    return this.sweeper.sweep()
  }

  /** One round: handles due outbox rows until none is left (or the bus is stopping). */
  protected abstract processDue(): Promise<void>

  protected async onStart(): Promise<void> {}

  protected async onStop(): Promise<void> {}

  private oneAtATime(round: () => Promise<void>): Promise<void> {
    const run = this.rounds.then(round)
    this.rounds = run.catch(() => undefined)
    return run
  }
}

/**
 * In-process delivery. Claims due outbox rows under a lease (see `claimDueEvents`: several processes
 * never take the same row), runs the subscribers with no transaction open (they write through their
 * own handles; on PGlite a root query inside an open transaction waits forever), then marks each row
 * delivered. The lease is renewed while subscribers run, so a slow batch is not taken over by another
 * process; a process that dies leaves the lease to expire and the rows are delivered again then.
 */
export class InProcessEventBus extends OutboxDispatcher {
  /** Subscribers that already succeeded, per event waiting for a retry in this process. */
  private readonly progress = new Map<string, Set<number>>()

  override async start(): Promise<void> {
    if (!this.settings.consume) {
      this.logger.info('events are delivered by a worker process (EMPORIUM_MODE=server)')
      return
    }
    await super.start()
  }

  protected async processDue(): Promise<void> {
    if (!this.settings.consume) return
    while (!this.closing) {
      const events = await claimDueEvents(this.db, this.settings.batchSize, this.settings.leaseMs)
      const delivered = events.length > 0 ? await this.deliverBatch(events) : 0
      // A short batch emptied the outbox (events written since come with kicks of their own),
      // unless some of it failed and may be due again at once.
      if (events.length < this.settings.batchSize && delivered === events.length) return
    }
  }

  /** Delivers a claimed batch; answers how many of its events were delivered. */
  private async deliverBatch(events: ClaimedEvent[]): Promise<number> {
    const lease = new Lease(this.db, events, this.settings.leaseMs, this.logger)
    // The batch's deliveries are recorded together once it is through: one statement and one
    // commit a batch, not one an event, so delivery keeps up with a busy store. A process that dies
    // before then delivers them again, as it would any event it had not marked.
    const delivered: ClaimedEvent[] = []
    try {
      for (const event of events) {
        if (this.closing) break
        if (await this.deliverOne(event, lease)) delivered.push(event)
      }
    } finally {
      try {
        await lease.settle(delivered, (db) => markDelivered(db, delivered, { clearError: true }))
      } finally {
        await lease.end()
      }
    }
    return delivered.length
  }

  /** Runs the event's subscribers; answers whether they all succeeded (a failure is recorded here). */
  private async deliverOne(event: ClaimedEvent, lease: Lease): Promise<boolean> {
    const handlers = this.subscribers.get(event.event_name) ?? []
    const done = this.progress.get(event.id) ?? new Set<number>()
    try {
      for (const [index, handler] of handlers.entries()) {
        if (done.has(index)) continue
        await handler(event.data, { id: event.id, eventName: event.event_name })
        done.add(index)
      }
    } catch (error) {
      const park = event.attempts >= this.settings.maxAttempts
      this.logger.error(
        { err: error, event: event.event_name, eventId: event.id, attempts: event.attempts },
        park ? 'subscriber failed; event parked' : 'subscriber failed; will retry',
      )
      this.rememberProgress(event.id, park ? undefined : done)
      const retryInMs = Math.min(this.settings.retryDelayMs * 2 ** (event.attempts - 1), MAX_RETRY_DELAY_MS)
      await lease.settle([event], (db) => markFailed(db, event, describeError(error), { retryInMs, park }))
      return false
    }
    this.progress.delete(event.id)
    return true
  }

  /**
   * A retry here skips the subscribers that already succeeded. This is best effort: a retry taken by
   * another process, or after a restart, runs every subscriber of the event again.
   */
  private rememberProgress(eventId: string, done: Set<number> | undefined): void {
    this.progress.delete(eventId)
    if (!done || done.size === 0) return
    this.progress.set(eventId, done)
    if (this.progress.size > MAX_REMEMBERED_PROGRESS) this.progress.delete(this.progress.keys().next().value!)
  }
}

/** Keeps a claimed batch's lease alive while its subscribers run, and hands back what was not delivered. */
class Lease {
  private readonly held: Map<string, ClaimedEvent>
  private readonly heartbeat: NodeJS.Timeout
  private writes: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    events: ClaimedEvent[],
    leaseMs: number,
    logger: FastifyBaseLogger,
  ) {
    this.held = new Map(events.map((event) => [event.id, event]))
    this.heartbeat = setInterval(() => {
      this.write(() => extendClaims(db, [...this.held.values()], leaseMs)).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not extend the outbox lease'),
      )
    }, leaseMs / 3)
    this.heartbeat.unref()
  }

  settle(events: ClaimedEvent[], write: (db: Db) => Promise<void>): Promise<void> {
    if (events.length === 0) return Promise.resolve()
    for (const event of events) this.held.delete(event.id)
    return this.write(() => write(this.db))
  }

  async end(): Promise<void> {
    clearInterval(this.heartbeat)
    const unsettled = [...this.held.values()]
    this.held.clear()
    await this.write(() => releaseClaims(this.db, unsettled))
  }

  // One write at a time: a heartbeat already on its way must not land after, and undo, the
  // `available_at` a failed delivery has just set for its retry.
  private write(fn: () => Promise<void>): Promise<void> {
    const run = this.writes.then(fn)
    this.writes = run.catch(() => undefined)
    return run
  }
}
