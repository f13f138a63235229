import { randomUUID } from 'node:crypto'
import { setImmediate as setImmediatePromise } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { findPgError } from '../../db/pg-error.js'
import { fromPgError } from '../../core/pg-errors.js'
import type { Db } from '../../db/types.js'
import { describeError } from '../../events/outbox.js'
import { AppError } from '../../core/errors.js'
import type { FileProvider } from '../../providers/file.js'
import type { CatalogFlags } from '../catalog/products/products.js'
import { claimDueJob, markCompleted, markFailed, markPreProcessed, releaseClaim, renewLease } from './lifecycle.js'
import { batchJob, type BatchJobResult, type BatchJobRow } from './schema.js'
import { Interrupted, type BatchJobStrategy, type JobRun } from './strategy.js'

/** Why a run failed, for staff: a database error is told by its kind, never with its SQL or values. */
function failureMessage(error: unknown): string {
  const known = error instanceof AppError ? error : fromPgError(error)
  if (known) return known.message
  const code = findPgError(error)?.code
  return code ? `The database refused a statement (SQLSTATE ${code})` : describeError(error)
}

export interface BatchJobRunnerOptions {
  logger: FastifyBaseLogger
  files: FileProvider
  flags: CatalogFlags
  strategies: ReadonlyMap<string, BatchJobStrategy>
  /** How often due jobs are looked for; the `batch.created`/`batch.confirmed` events kick at once. */
  pollIntervalMs?: number
  /** How long a claim keeps other runners off a job; renewed every third of it while the job runs. */
  leaseMs?: number
  /** Rows per batch (one transaction each). */
  batchRows?: number
  /** Processing runs started (first run and resumes) before an interrupted job is failed. */
  maxRunAttempts?: number
}

type Settings = Required<Pick<BatchJobRunnerOptions, 'pollIntervalMs' | 'leaseMs' | 'batchRows' | 'maxRunAttempts'>>

// Jobs are started by the `batch.created` / `batch.confirmed` events; the poll only finds the ones a
// stopped or dead process left behind (and any wake-up that was missed), so it can be slow.
// 1,000 rows: an import batch commits in well under a second with bulk writes, and its memory (the
// rows, their plans, one statement's parameters) stays a few megabytes; larger batches gain little.
const DEFAULTS: Settings = { pollIntervalMs: 15_000, leaseMs: 30_000, batchRows: 1000, maxRunAttempts: 3 }

/**
 * Runs batch jobs in this process, one at a time. Jobs are claimed from the database under a lease
 * (see lifecycle.ts), so several processes share the work and a job whose process died is resumed
 * by another once its lease runs out. Stopping finishes the batch in hand and hands the job back.
 */
export class BatchJobRunner {
  readonly settings: Settings
  private started = false
  private stopping = false
  private timer: NodeJS.Timeout | undefined
  private rounds: Promise<void> = Promise.resolve()
  private roundQueued = false

  constructor(
    private readonly db: Db,
    private readonly options: BatchJobRunnerOptions,
  ) {
    this.settings = {
      pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      batchRows: options.batchRows ?? DEFAULTS.batchRows,
      maxRunAttempts: options.maxRunAttempts ?? DEFAULTS.maxRunAttempts,
    }
  }

  /** Starts polling; jobs left processing by a stopped or dead process are picked up right away. */
  start(): void {
    if (this.started) return
    this.started = true
    this.stopping = false
    this.timer = setInterval(() => this.kick(), this.settings.pollIntervalMs)
    this.timer.unref()
    this.kick()
  }

  async stop(): Promise<void> {
    this.started = false
    clearInterval(this.timer)
    this.timer = undefined
    this.stopping = true
    try {
      await this.rounds
    } finally {
      this.stopping = false
    }
  }

  /** Asks for a round soon (a job was created or confirmed). */
  kick(): void {
    if (!this.started || this.roundQueued) return
    this.roundQueued = true
    this.oneAtATime(() => {
      this.roundQueued = false
      return this.runDue()
    }).catch((error: unknown) => this.options.logger.error({ err: error }, 'batch job round failed'))
  }

  /** Runs every due job now; resolves when none is left (tests, tools). */
  drain(): Promise<void> {
    return this.oneAtATime(() => this.runDue())
  }

  private oneAtATime(round: () => Promise<void>): Promise<void> {
    const run = this.rounds.then(round)
    this.rounds = run.catch(() => undefined)
    return run
  }

  private async runDue(): Promise<void> {
    while (!this.stopping) {
      const job = await claimDueJob(this.db, randomUUID(), this.settings.leaseMs)
      if (!job) return
      await this.run(job)
    }
  }

  private async run(job: BatchJobRow): Promise<void> {
    const { logger } = this.options
    const strategy = this.options.strategies.get(job.type)
    if (!strategy) {
      await markFailed(this.db, job, `No strategy handles batch jobs of type ${job.type}`)
      return
    }
    let lost = false
    const heartbeat = setInterval(() => {
      renewLease(this.db, job, this.settings.leaseMs)
        .then((held) => (lost ||= !held))
        .catch((error: unknown) => logger.warn({ err: error, job: job.id }, 'could not renew a batch job lease'))
    }, this.settings.leaseMs / 3)
    const run = this.jobRun(job, () => lost)
    try {
      if (job.status === 'created') {
        await markPreProcessed(this.db, job, await strategy.preProcess(run))
      } else if (job.run_attempts > this.settings.maxRunAttempts) {
        await markFailed(
          this.db,
          job,
          `Processing was interrupted ${job.run_attempts - 1} times (the process running it stopped); giving up`,
        )
      } else {
        if (job.run_attempts > 1) logger.info({ job: job.id, attempt: job.run_attempts }, 'resuming a batch job')
        const result = await strategy.process(run)
        if (!(await markCompleted(this.db, job, result)) && result.file_key) {
          // Canceled at the last moment: the file it wrote is of no use.
          await this.options.files.delete(result.file_key).catch(() => undefined)
        }
      }
    } catch (error) {
      if (error instanceof Interrupted) {
        if (error.reason === 'stopping') await releaseClaim(this.db, job)
        return
      }
      logger.error({ err: error, job: job.id }, 'batch job failed')
      await markFailed(this.db, job, failureMessage(error))
    } finally {
      clearInterval(heartbeat)
    }
  }

  private jobRun(job: BatchJobRow, isLost: () => boolean): JobRun {
    const { db } = this
    const { leaseMs, batchRows } = this.settings
    const checkpoint = () => {
      if (this.stopping) throw new Interrupted('stopping')
      if (isLost()) throw new Interrupted('lost')
    }
    return {
      job,
      db,
      files: this.options.files,
      flags: this.options.flags,
      batchRows,
      checkpoint,
      async inBatch(work: (tx: Db) => Promise<BatchJobResult>): Promise<void> {
        // Lets requests waiting for the database in this process through between two batches
        // (PGlite runs one statement at a time, and a long import must not hold it without a pause).
        await setImmediatePromise()
        checkpoint()
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ status: batchJob.status, claim_token: batchJob.claim_token })
            .from(batchJob)
            .where(eq(batchJob.id, job.id))
            .for('update')
          if (row?.status === 'canceled') throw new Interrupted('canceled')
          if (row?.claim_token !== job.claim_token || row?.status !== job.status) throw new Interrupted('lost')
          const result = await work(tx)
          await tx
            .update(batchJob)
            .set({
              result,
              lease_expires_at: sql`now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'`,
              updated_at: sql`now()`,
            })
            .where(eq(batchJob.id, job.id))
        })
      },
    }
  }
}
