import type pg from 'pg'
import { corkForThisTurn } from './cork.js'

type ClientClass = typeof pg.Client

const BEGIN = /^\s*begin\b/i
const BEGIN_RESULT = { command: 'BEGIN', rowCount: null, rows: [], fields: [] }

/**
 * A pool client whose transactions do not wait for BEGIN's answer: drizzle awaits BEGIN before the
 * transaction's first statement, a round trip (and a wake-up of the server) that carries nothing.
 * Here BEGIN is held in the connection's buffer and goes out in one write with the statements that
 * follow it in the same turn of the event loop; the connection pipelines, so the server runs them
 * in order. BEGIN's own answer is checked with the next statement's: if it failed, that statement's
 * promise rejects with BEGIN's error. BEGIN fails only with the connection (or for a malformed
 * transaction mode, a programming error), and the next statement then fails or is sent outside a
 * transaction, as it would be after any unchecked BEGIN.
 *
 * Only drizzle's BEGIN (a query config object, answered by promise) is held; a plain `'BEGIN'`
 * string, as the migrator sends, keeps its round trip.
 */
export function withEarlyBegin(Base: ClientClass): ClientClass {
  class EarlyBeginClient extends Base {
    private pendingBegin: Promise<unknown> | undefined

    override query(...args: unknown[]): never {
      const send = super.query as (...queryArgs: unknown[]) => Promise<unknown>
      const [config] = args
      const text = typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : undefined
      const byPromise = typeof args.at(-1) !== 'function'
      if (byPromise && typeof text === 'string' && BEGIN.test(text)) {
        corkForThisTurn((this as unknown as { connection?: object }).connection)
        const begun = send.apply(this, args)
        begun.catch(() => undefined) // reported with the next statement
        this.pendingBegin = begun
        return Promise.resolve(BEGIN_RESULT) as never
      }
      const begun = this.pendingBegin
      this.pendingBegin = undefined
      const result = send.apply(this, args)
      // A callback or a submittable (a cursor) answers otherwise; BEGIN's failure then goes unreported.
      if (!begun || !byPromise || typeof result?.then !== 'function') return result as never
      return begun.then(
        () => result,
        (error: unknown) => {
          result.catch(() => undefined)
          throw error
        },
      ) as never
    }
  }
  return EarlyBeginClient
}
