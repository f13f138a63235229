import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.js'

export type Schema = typeof schema

/**
 * The database handle every service takes first: the root database or an open transaction, on
 * PGlite or node-postgres alike. `transaction()` on a transaction opens a savepoint.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
