import { sql } from 'drizzle-orm'
import { prepared } from './prepared.js'
import type { Db } from '../types.js'

/**
 * Lets the current transaction commit without waiting for its WAL to reach the disk
 * (`synchronous_commit = off` for this transaction only). For writes worth less than the flush:
 * a crash of the database server may lose the last fraction of a second of them, never corrupts
 * anything, and a later durable commit flushes them too. A select-list expression, so it can share
 * a statement with other work.
 */
export const RELAXED_COMMIT = sql`set_config('synchronous_commit', 'off', true)`

/** Relaxes the commit of the transaction `tx` (see `RELAXED_COMMIT`) in a statement of its own. */
export async function relaxCommit(tx: Db): Promise<void> {
  await relaxStatement(tx, {})
}

const relaxStatement = prepared('relax_commit', (db) => db.execute(sql`SELECT ${RELAXED_COMMIT}`))
