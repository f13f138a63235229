import type { BatchJobResult } from '../schema.js'
import type { RowError } from './import-rows.js'

/** How an import reports its row errors in the job's `result` (product and price-list imports). */

/** Row errors kept in a result; `error_count` says how many there were in all. */
const MAX_REPORTED_ERRORS = 1000

export const describeRowError = (error: RowError) => ({
  message: `Line ${error.line}${error.column ? `, column "${error.column}"` : ''}: ${error.message}`,
  code: 'invalid_row',
  line: error.line,
  column: error.column,
})

export class ErrorList {
  readonly kept: ReturnType<typeof describeRowError>[] = []
  total = 0

  constructor(previous: unknown[] = []) {
    for (const entry of previous) if (this.kept.length < MAX_REPORTED_ERRORS) this.kept.push(entry as never)
    this.total = this.kept.length
  }

  add(errors: RowError[]): void {
    for (const error of errors) {
      this.total++
      if (this.kept.length < MAX_REPORTED_ERRORS) this.kept.push(describeRowError(error))
    }
  }
}

/**
 * Where an import's processing starts: afresh, or resuming after an interruption, when the
 * batches up to `advancement_count` committed with their progress (their rows are skipped) and
 * `applied` holds their counts.
 */
export function resumePoint<Counts>(job: { result: BatchJobResult | null }, empty: () => Counts) {
  const previous = job.result ?? {}
  const resuming = previous.applied !== undefined
  const errors = new ErrorList(resuming ? (previous.errors ?? []) : [])
  if (resuming) errors.total = Number(previous.error_count ?? errors.kept.length)
  return {
    previous,
    resuming,
    total: previous.count ?? 0,
    resumeAfter: resuming ? (previous.advancement_count ?? 0) : 0,
    counts: (resuming ? (previous.applied as Counts | undefined) : undefined) ?? empty(),
    errors,
  }
}

/** The job's result after `seen` rows of `total`, saved with each committed batch. */
export function progressResult<Counts>(
  start: { previous: BatchJobResult; total: number; counts: Counts; errors: ErrorList },
  seen: number,
): BatchJobResult {
  return {
    ...start.previous,
    count: start.total,
    advancement_count: seen,
    progress: start.total === 0 ? 1 : Math.min(1, seen / start.total),
    applied: start.counts,
    error_count: start.errors.total,
    errors: start.errors.kept,
  }
}
