import { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { concurrently } from './fast-path/concurrent.js'
import { useGenericPlans } from './fast-path/generic-plans.js'
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

/** Whether `db` is the root handle over a PostgreSQL pool (not PGlite, not a transaction). */
function onPostgresPool(db: Db): boolean {
  return db instanceof NodePgDatabase
}

/**
 * Runs reads by key on one connection. On the PostgreSQL pool they run in a read-only transaction
 * that exists only to hold one connection: the statements `concurrently` sends side by side are
 * then pipelined there (one write, one wake-up of the server for a batch) instead of each taking a
 * connection of its own, and run on their generic plans (see `GENERIC_PLANS`). In a transaction
 * already, or on PGlite, `work` runs as it is.
 */
export function onOneConnection<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!onPostgresPool(db)) return work(db)
  return db.transaction(async (tx) => (await concurrently(tx, [() => useGenericPlans(tx), () => work(tx)]))[1], {
    accessMode: 'read only',
  })
}
