import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { withEarlyBegin } from './fast-path/early-begin.js'
import { namingClient, type NamingLimits } from './fast-path/named-statements.js'
import * as schema from './schema.js'
import { withStatementSpans } from './traced-statements.js'
import type { Db } from './types.js'

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Run raw SQL scripts (several statements each) in one transaction on one connection; used by the
   * migrator, whose files drizzle's single-statement `execute` cannot run.
   */
  script<T>(fn: (run: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>
  /** PostgreSQL only: the pool's connections, for metrics. */
  poolStats?(): PoolStats
  close(): Promise<void>
}

export interface PoolStats {
  /** Open connections. */
  total: number
  /** Open connections no request is using. */
  idle: number
  /** Requests waiting for a connection. */
  waiting: number
}

export interface DatabaseOptions {
  /** `postgres://…`; when absent, PGlite. */
  url?: string
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  dataDir?: string
  /** PGlite only: start from a dump made by `dumpDataDir` (test images). */
  loadDataDir?: Blob
  /** PostgreSQL only: the schema to use (tests isolate each file in its own). */
  searchPath?: string
  poolSize?: number
  /**
   * PostgreSQL only: name statements so the server plans each once per connection (default true);
   * limits for tests.
   */
  preparedStatements?: boolean | NamingLimits
  /** PostgreSQL only: each statement an OpenTelemetry span (EMPORIUM_TRACING). */
  traceStatements?: boolean
}

/** How long an idle pool connection stays open. */
const IDLE_CONNECTION_MS = 5 * 60_000

// int8 (count(*), bigserial) as JS numbers: every count we return fits.
pg.types.setTypeParser(20, (value) => Number(value))

function clientFor(preparedStatements: boolean | NamingLimits): typeof pg.Client {
  if (preparedStatements === false) return withEarlyBegin(pg.Client)
  return withEarlyBegin(preparedStatements === true ? namingClient() : namingClient(preparedStatements))
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options)
  return openPglite(options)
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // Statements sent side by side on one connection (see `concurrently`) go out without waiting
    // for each other's answers: one round trip, and one wake-up of the server, for the batch. A
    // transaction's BEGIN goes out with its first statements (see `withEarlyBegin`).
    pipeline: true,
    max: options.poolSize ?? 10,
    // A connection keeps its parsed statements and their plans (see `namingClient`); closed after
    // node-postgres's default 10 idle seconds, a shop's next request would pay for all of them
    // again on a new connection (the whole-cart read alone plans for about 18 ms the first times).
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    Client: options.traceStatements
      ? withStatementSpans(clientFor(options.preparedStatements ?? true))
      : clientFor(options.preparedStatements ?? true),
    options: options.searchPath ? `-c search_path=${options.searchPath},public` : undefined,
  })
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  })
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    script: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(async (text) => {
          const res = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[]
          return (Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows) as Record<string, unknown>[]
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: async () => {
      await settle(pool)
      await pool.end()
    },
  }
}

/**
 * Waits (up to 5 s) until no client is checked out for two checks in a row: at shutdown a request
 * whose caller already hung up may still be between queries, and ending the pool under it would
 * fail that work half-way.
 */
async function settle(pool: pg.Pool, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let quietChecks = 0
  while (quietChecks < 2 && Date.now() < deadline) {
    const busy = pool.totalCount - pool.idleCount + pool.waitingCount
    quietChecks = busy === 0 ? quietChecks + 1 : 0
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const inMemory = !options.dataDir || options.dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(options.dataDir!, { recursive: true })
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    script: (fn) =>
      client.transaction((tx) =>
        fn(async (text) => ((await tx.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
      ),
    close: () => client.close(),
  }
}
