/**
 * Records the statements a server process sends to PostgreSQL, for `npm run bench:floor`. The
 * runner asks over IPC: `capture:start` begins an empty record and answers `{ capturing: true }`;
 * `capture:stop` ends it and answers `{ captured }`, every statement sent in between, in order.
 */
import { createRequire } from 'node:module'
import pg from 'pg'

export interface CapturedStatement {
  text: string
  /** As node-postgres sends them: text, or null. */
  values: (string | null)[]
}

/** node-postgres turns a value into the text it sends with this; not in its typings. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string | Buffer | null
}

/** `client.query(text, values)` or `client.query({ text, values, name })`, as node-postgres takes them. */
function describe(args: unknown[]): CapturedStatement | undefined {
  const [first, second] = args
  const config =
    typeof first === 'string' ? { text: first, values: second } : (first as { text?: unknown; values?: unknown })
  if (typeof config?.text !== 'string') return undefined
  const values = Array.isArray(config.values) ? config.values : Array.isArray(second) ? second : []
  return {
    text: config.text,
    values: values.map((value) => {
      const prepared = prepareValue(value)
      return prepared === null ? null : prepared.toString()
    }),
  }
}

/** Wraps every node-postgres client's `query` of this process, and answers the runner's requests. */
export function installStatementCapture(): void {
  let captured: CapturedStatement[] | undefined
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (captured) {
      const statement = describe(args)
      if (statement) captured.push(statement)
    }
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
  process.on('message', (message) => {
    if (message === 'capture:start') {
      captured = []
      process.send?.({ capturing: true })
    }
    if (message === 'capture:stop') {
      process.send?.({ captured: captured ?? [] })
      captured = undefined
    }
  })
}
