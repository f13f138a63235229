import type { Db } from '../../db/types.js'
import type { FileProvider } from '../../providers/file.js'
import type { CatalogFlags } from '../catalog/products/products.js'
import type { BatchJobResult, BatchJobRow } from './schema.js'

/** What a strategy may use while it runs a job (handed to it by the runner). */
export interface JobRun {
  readonly job: BatchJobRow
  /** Root handle, for reads outside `inBatch`; never used while a batch transaction is open. */
  readonly db: Db
  readonly files: FileProvider
  readonly flags: CatalogFlags
  /** Rows a strategy puts in one batch (one transaction). */
  readonly batchRows: number
  /** Throws `Interrupted` when the job was canceled, its claim lost, or the runner is stopping. */
  checkpoint(): void
  /**
   * One batch in one transaction: the job row is locked and checked (canceled → `Interrupted`),
   * `work` runs with the transaction, and the result it returns is saved in that same transaction,
   * so progress and the batch's writes commit together.
   */
  inBatch(work: (tx: Db) => Promise<BatchJobResult>): Promise<void>
}

/** How one job type validates its context, pre-processes (dry run) and processes. */
export interface BatchJobStrategy {
  readonly type: string
  /**
   * Checks and normalises `context` at creation; throws `InvalidData` (or `NotFound` for a record it
   * names) with a message naming the field. `db` is the request's root handle, for reads only.
   */
  prepareContext(context: Record<string, unknown>, files: FileProvider, db: Db): Promise<Record<string, unknown>>
  /** Validates and counts without writing; the result is shown before the job is confirmed. */
  preProcess(run: JobRun): Promise<BatchJobResult>
  /** Does the work in batches; may be started again after an interruption (see `result`). */
  process(run: JobRun): Promise<BatchJobResult>
}

export type InterruptReason = 'canceled' | 'lost' | 'stopping'

/** Thrown inside a run when it must stop between batches; never a job failure. */
export class Interrupted extends Error {
  constructor(readonly reason: InterruptReason) {
    super(`batch job run interrupted (${reason})`)
    this.name = 'Interrupted'
  }
}
