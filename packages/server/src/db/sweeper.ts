import type { FastifyBaseLogger } from 'fastify'

/** Rows one sweep statement deletes; short statements keep locks and WAL bursts small. */
const SWEEP_BATCH = 1000

export interface SweeperOptions {
  /** Deletes at most `limit` rows past their retention in one statement; answers how many went. */
  deleteBatch: (limit: number) => Promise<number>
  /** How often the sweep runs once started. */
  intervalMs: number
  /** Delay of the first sweep after start (at most `intervalMs`). */
  firstDelayMs: number
  logger: FastifyBaseLogger
  /** Logged, with the count, after a sweep that deleted rows. */
  removedMessage: string
  /** Logged, with the error, after a sweep that failed; it runs again at the next interval. */
  failedMessage: string
}

/**
 * Deletes rows past their retention on a timer, a batch at a time until none is left. Several
 * processes may sweep the same table: their statements skip the rows another one is deleting.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> = Promise.resolve()
  private started = false
  private stopping = false

  constructor(private readonly options: SweeperOptions) {}

  start(): void {
    if (this.started) return
    this.started = true
    this.schedule(Math.min(this.options.firstDelayMs, this.options.intervalMs))
  }

  /** Stops the timer and waits for a sweep in progress, which ends after its current batch. */
  async stop(): Promise<void> {
    this.started = false
    clearTimeout(this.timer)
    this.timer = undefined
    this.stopping = true
    try {
      await this.running
    } finally {
      this.stopping = false
    }
  }

  /** Sweeps now; answers how many rows went. */
  async sweep(): Promise<number> {
    let removed = 0
    for (;;) {
      const batch = await this.options.deleteBatch(SWEEP_BATCH)
      removed += batch
      if (batch < SWEEP_BATCH || this.stopping) return removed
    }
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.running = this.sweep()
        .then((removed) => {
          if (removed > 0) this.options.logger.info({ removed }, this.options.removedMessage)
        })
        .catch((error: unknown) => this.options.logger.warn({ err: error }, this.options.failedMessage))
        .finally(() => {
          if (this.started && !this.timer) this.schedule(this.options.intervalMs)
        })
    }, delayMs)
    this.timer.unref()
  }
}
