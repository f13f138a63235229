import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from './types.js'

/** Whether `db` is an open transaction rather than the root database. */
export function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction
}

/**
 * Runs `work` in a transaction: the caller's, when `db` already is one, else a new one. A nested
 * call gains nothing from a savepoint of its own (its failure fails the caller's transaction
 * anyway) and would pay two round trips for it.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work)
}
