import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/types.js'

type Results<T extends readonly (() => PromiseLike<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>
}

/**
 * Runs independent reads side by side on the pool, but one after another inside a transaction:
 * a transaction holds one connection, which takes one query at a time (node-postgres warns, and
 * will refuse, when a second query is sent before the first answers).
 */
export async function concurrently<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db,
  tasks: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(tasks.map((task) => task()))) as Results<T>
  const results: unknown[] = []
  for (const task of tasks) results.push(await task())
  return results as Results<T>
}
