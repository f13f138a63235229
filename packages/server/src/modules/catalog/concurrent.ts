import { NodePgTransaction } from 'drizzle-orm/node-postgres'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { findPgError } from '../../db/pg-errors.js'
import type { Db } from '../../db/types.js'

type Results<T extends readonly (() => PromiseLike<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>
}

interface Corkable {
  cork(): void
  uncork(): void
}

/**
 * Holds back the connection's writes while `start` sends the batch's first statements (drizzle
 * sends a statement a microtask or two after it is awaited), so the batch goes out in one write
 * instead of one per statement. The socket is uncorked once the microtasks have run.
 */
function corked<T>(tx: object, start: () => T): T {
  const session = (tx as unknown as { session?: { client?: { connection?: { stream?: Partial<Corkable> } } } })
    .session
  const stream = session?.client?.connection?.stream
  if (!stream?.cork || !stream.uncork) return start()
  stream.cork()
  try {
    return start()
  } finally {
    setImmediate(() => stream.uncork!())
  }
}

/** SQLSTATE of a statement refused because an earlier one failed its transaction. */
const IN_FAILED_TRANSACTION = '25P02'

/**
 * Runs independent statements side by side: on the pool, each on a connection of its own; in a
 * PostgreSQL transaction, pipelined on its one connection (the pool's clients pipeline), so the
 * batch costs one round trip and the server runs them in the order they were sent. A PGlite
 * transaction takes them one after another.
 *
 * In a transaction every task is waited for, failed or not, before anything is thrown: a task still
 * running must not send a statement after the caller's rollback has ended the transaction. The
 * error thrown is the failure that aborted it, not the refusals of the statements behind it.
 */
export async function concurrently<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db,
  tasks: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(tasks.map((task) => task()))) as Results<T>
  if (db instanceof NodePgTransaction) {
    const settled = await Promise.allSettled(corked(db, () => tasks.map((task) => task())))
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
