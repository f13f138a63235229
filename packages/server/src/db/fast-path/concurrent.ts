import { NodePgTransaction } from 'drizzle-orm/node-postgres'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { corkForThisTurn } from './cork.js'
import { findPgError } from '../pg-error.js'
import type { Db } from '../types.js'

type Results<T extends readonly (() => PromiseLike<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>
}

/** Sends the batch's statements in one write: the connection is corked while `send` sends them. */
function corked<T>(tx: object, send: () => T): T {
  corkForThisTurn((tx as unknown as { session?: { client?: { connection?: object } } }).session?.client?.connection)
  return send()
}

/**
 * Sends a transaction's last statements (as `concurrently` does) without waiting for their answers,
 * so the COMMIT behind them goes out in the same write and both cost one round trip (PostgreSQL;
 * PGlite runs them now). Await `answers` after the transaction has resolved: if a statement failed,
 * PostgreSQL has answered the COMMIT with a rollback, and `answers` rejects with the statement's
 * error. Nothing may be sent in the transaction after them.
 */
export async function lastBatch<const T extends readonly (() => PromiseLike<unknown>)[]>(
  tx: Db,
  tasks: T,
): Promise<{ answers: Promise<Results<T>> }> {
  const pipelined = tx instanceof NodePgTransaction
  const answers = concurrently(tx, tasks)
  if (!pipelined) return { answers: Promise.resolve(await answers) }
  answers.catch(() => undefined) // the caller awaits it once the transaction is over
  return { answers }
}

/** SQLSTATE of a statement refused because an earlier one failed its transaction. */
const IN_FAILED_TRANSACTION = '25P02'

/** A drizzle statement not yet sent: `execute()` sends it at once, where awaiting sends it a microtask or two later. */
interface Statement {
  execute(): Promise<unknown>
  then: unknown
}

const isStatement = (value: unknown): value is Statement =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof Promise) &&
  typeof (value as Partial<Statement>).execute === 'function' &&
  typeof (value as Partial<Statement>).then === 'function'

/** Starts the tasks in order; a task that answers a statement builder has it sent before the next starts. */
function start(tasks: readonly (() => PromiseLike<unknown>)[]): PromiseLike<unknown>[] {
  return tasks.map((task) => {
    const result = task()
    return isStatement(result) ? result.execute() : result
  })
}

/**
 * Runs independent statements side by side: on the pool, each on a connection of its own; in a
 * PostgreSQL transaction, pipelined on its one connection (the pool's clients pipeline), so the
 * batch costs one round trip and the server runs them in the order they were sent. A PGlite
 * transaction takes them one after another.
 *
 * Order: a task that answers a statement builder (`tx.select()…`, `tx.update()…`, `tx.execute(sql)`,
 * not awaited) has it sent before the next task starts, so it runs before everything the later tasks
 * send. A statement that must come first (a lock; a delete before an insert) goes that way, earlier
 * in the list. An async task sends when it gets to it.
 *
 * In a transaction every task is waited for, failed or not, before anything is thrown: a task still
 * running must not send a statement after the caller's rollback has ended the transaction. The
 * error thrown is the failure that aborted it, not the refusals of the statements behind it.
 */
export async function concurrently<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db,
  tasks: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(start(tasks))) as Results<T>
  if (db instanceof NodePgTransaction) {
    const settled = await Promise.allSettled(corked(db, () => start(tasks)))
    const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
    if (failures.length > 0) {
      throw failures.find((error) => findPgError(error)?.code !== IN_FAILED_TRANSACTION) ?? failures[0]
    }
    return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as Results<T>
  }
  const results: unknown[] = []
  for (const task of tasks) results.push(await task())
  return results as Results<T>
}
