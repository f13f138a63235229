import { catalogFlags } from '../catalog/seams.js'
import type { FastifyInstance } from 'fastify'
import { adminBatchJobRoutes } from './admin.routes.js'
import { BatchJobRunner, type BatchJobRunnerOptions } from './runner.js'
import type { BatchJobStrategy } from './strategy.js'
import { orderExportStrategy } from './strategies/order-export.js'
import { priceListImportStrategy } from './strategies/price-list-import.js'
import { productExportStrategy } from './strategies/product-export.js'
import { productImportStrategy } from './strategies/product-import.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs batch jobs in processes that consume work (`shared` and `worker` modes). */
    batchJobs: BatchJobRunner
  }
}

export const BATCH_JOB_STRATEGIES: ReadonlyMap<string, BatchJobStrategy> = new Map(
  [productExportStrategy, productImportStrategy, orderExportStrategy, priceListImportStrategy].map((strategy) => [
    strategy.type,
    strategy,
  ]),
)

export type RunnerTuning = Partial<
  Pick<BatchJobRunnerOptions, 'pollIntervalMs' | 'leaseMs' | 'batchRows' | 'maxRunAttempts'>
>

/** A runner over the app's database, files and flags (tests make their own with small batches). */
export function createBatchJobRunner(app: FastifyInstance, tuning: RunnerTuning = {}): BatchJobRunner {
  return new BatchJobRunner(app.db, {
    ...tuning,
    logger: app.log,
    files: app.providers.file,
    flags: catalogFlags(app),
    strategies: BATCH_JOB_STRATEGIES,
  })
}

/**
 * Batch jobs: the admin routes, and the runner. Jobs run where events are consumed: in this process
 * by default, in `emporium worker` processes when the server runs with `EMPORIUM_MODE=server`. The
 * runner polls the database (a job left by a stopped or dead process is resumed there), and the
 * `batch.created` / `batch.confirmed` events, delivered through Redis when `REDIS_URL` is set,
 * wake it at once.
 */
export async function batchJobsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminBatchJobRoutes, { strategies: BATCH_JOB_STRATEGIES })
  const runner = createBatchJobRunner(app)
  app.decorate('batchJobs', runner)
  app.events.subscribe('batch.created', async () => runner.kick())
  app.events.subscribe('batch.confirmed', async () => runner.kick())
  if (app.config.mode !== 'server') {
    app.addHook('onReady', async () => runner.start())
    app.addHook('preClose', async () => runner.stop())
  }
}
