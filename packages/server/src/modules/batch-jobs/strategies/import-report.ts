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
