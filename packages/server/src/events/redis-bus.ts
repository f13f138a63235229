import { setTimeout as sleep } from 'node:timers/promises'
import { Queue, Worker, type Job } from 'bullmq'
import type { Db } from '../db/types.js'
import { OutboxDispatcher, type EventBusOptions } from './bus.js'
import { claimDueEvents, describeError, markDelivered, recordError, releaseClaims } from './outbox.js'

export interface RedisEventBusOptions extends EventBusOptions {
  /** `redis://…` */
  url: string
  /** BullMQ queue name; processes that share a queue share its events (tests use their own). */
  queueName?: string
  /** Jobs one worker process runs at the same time. */
  concurrency?: number
  /**
   * How long completed jobs stay in Redis. A relay that added a job and died before marking its row
   * adds it again once the lease expires; BullMQ ignores that add only while the first job exists.
   */
  keepCompletedSeconds?: number
  /** How long jobs that used up their attempts stay in Redis for inspection. */
  keepFailedSeconds?: number
}

type EventData = Record<string, unknown>

const IDLE_CHECK_MS = 20

/**
 * Delivery through Redis. The outbox stays the source of truth: a relay claims due rows exactly as
 * the in-process bus does, adds one BullMQ job per row with the row id as job id (so a relay that
 * dies between adding and marking cannot enqueue an event twice), then marks the rows relayed
 * (`delivered_at`). A BullMQ worker runs the subscribers, in processes whose mode consumes events;
 * failed jobs retry with BullMQ's attempts and exponential backoff, and the last subscriber error is
 * written to the row's `last_error`.
 */
export class RedisEventBus extends OutboxDispatcher {
  private readonly url: string
  private readonly queueName: string
  private readonly concurrency: number
  private readonly keepCompletedSeconds: number
  private readonly keepFailedSeconds: number
  private queue: Queue<EventData> | undefined
  private worker: Worker<EventData> | undefined

  constructor(db: Db, options: RedisEventBusOptions) {
    super(db, options)
    this.url = options.url
    this.queueName = options.queueName ?? 'emporium-events'
    this.concurrency = options.concurrency ?? 5
    this.keepCompletedSeconds = options.keepCompletedSeconds ?? 24 * 60 * 60
    this.keepFailedSeconds = options.keepFailedSeconds ?? 7 * 24 * 60 * 60
  }

  override async drain(): Promise<void> {
    await super.drain()
    if (!this.settings.consume) return
    this.ensureWorker()
    await this.waitUntilIdle()
  }

  protected override async onStart(): Promise<void> {
    if (this.settings.consume) this.ensureWorker()
  }

  protected override async onStop(): Promise<void> {
    const { worker, queue } = this
    this.worker = undefined
    this.queue = undefined
    // The worker first: it finishes the jobs it is running before it closes.
    await worker?.close()
    await queue?.close()
  }

  /** The relay. */
  protected async processDue(): Promise<void> {
    while (!this.closing) {
      const events = await claimDueEvents(this.db, this.settings.batchSize, this.settings.leaseMs)
      if (events.length === 0) return
      try {
        await this.ensureQueue().addBulk(
          events.map((event) => ({ name: event.event_name, data: event.data, opts: { jobId: event.id } })),
        )
      } catch (error) {
        // Redis is unreachable: the rows wait in the outbox and are relayed when it is back.
        await releaseClaims(this.db, events, this.settings.retryDelayMs)
        throw error
      }
      await markDelivered(this.db, events, { clearError: false })
      // A short batch emptied the outbox (events written since come with kicks of their own).
      if (events.length < this.settings.batchSize) return
    }
  }

  async queueDepth(): Promise<number> {
    const counts = await this.ensureQueue().getJobCounts('waiting', 'active', 'delayed', 'prioritized')
    return Object.values(counts).reduce((sum, count) => sum + count, 0)
  }

  private ensureQueue(): Queue<EventData> {
    if (this.queue) return this.queue
    this.queue = new Queue<EventData>(this.queueName, {
      connection: { url: this.url },
      defaultJobOptions: {
        attempts: this.settings.maxAttempts,
        backoff: { type: 'exponential', delay: this.settings.retryDelayMs },
        removeOnComplete: { age: this.keepCompletedSeconds },
        removeOnFail: { age: this.keepFailedSeconds },
      },
    })
    this.queue.on('error', (error) => this.logger.error({ err: error }, 'event queue connection failed'))
    return this.queue
  }

  private ensureWorker(): void {
    if (this.worker) return
    this.worker = new Worker<EventData>(this.queueName, (job) => this.runSubscribers(job), {
      connection: { url: this.url },
      concurrency: this.concurrency,
    })
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'event worker failed'))
  }

  private async runSubscribers(job: Job<EventData>): Promise<void> {
    // Jobs are only ever added by the relay, with the outbox row id as job id.
    const eventId = job.id!
    const handlers = this.subscribers.get(job.name) ?? []
    const done = new Set(succeededSubscribers(job.progress))
    try {
      for (const [index, handler] of handlers.entries()) {
        if (done.has(index)) continue
        await handler(job.data, { id: eventId, eventName: job.name })
        done.add(index)
        // Kept in the job, so a retry runs only the subscribers that have not succeeded yet.
        if (done.size < handlers.length) await job.updateProgress({ succeeded: [...done] })
      }
    } catch (error) {
      const message = describeError(error)
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      this.logger.error(
        { err: error, event: job.name, eventId, attempts: job.attemptsMade + 1 },
        final ? 'subscriber failed; event parked' : 'subscriber failed; will retry',
      )
      await recordError(this.db, [eventId], message).catch((dbError: unknown) =>
        this.logger.error({ err: dbError, eventId }, 'could not record the subscriber error'),
      )
      throw error instanceof Error ? error : new Error(message)
    }
    if (job.attemptsMade > 0) await recordError(this.db, [eventId], null)
  }

  private async waitUntilIdle(): Promise<void> {
    const queue = this.ensureQueue()
    for (;;) {
      // Delayed jobs (retries waiting for their backoff) are not due yet.
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized')
      if (Object.values(counts).every((count) => count === 0)) return
      await sleep(IDLE_CHECK_MS)
    }
  }
}

function succeededSubscribers(progress: unknown): number[] {
  const succeeded = (progress as { succeeded?: unknown } | null)?.succeeded
  return Array.isArray(succeeded) ? succeeded.filter((index): index is number => typeof index === 'number') : []
}
