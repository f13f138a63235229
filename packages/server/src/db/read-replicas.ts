import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import type { Database } from './connection.js'
import * as schema from './schema.js'
import type { Db } from './types.js'

/**
 * Read replicas (`DATABASE_READ_URL`): the work that may read a moment-old copy of the data (an
 * anonymous catalogue read) runs inside `readFromReplica`, and `db` (the object the whole app
 * holds as `app.db`) sends its statements to a healthy replica there, and to the primary
 * everywhere else. Whatever reads after its own write (carts, checkout, customers, admin) never
 * enters that scope, so it always sees the primary.
 *
 * Each replica is probed every `probeIntervalMs`: one that does not answer, or that has applied
 * the primary's changes more than `maxLagMs` late, is skipped until a probe finds it well again.
 * A statement that cannot reach its replica (the server went away, or refuses connections) marks
 * it down at once and is sent to the primary instead, so a replica stopping costs no request.
 */

export interface ReplicaOptions {
  maxLagMs: number
  probeIntervalMs?: number
  /** A probe slower than this counts as a replica that is down. */
  probeTimeoutMs?: number
}

interface Replica {
  database: Database
  /** The replica's connections behind a fallback to the primary's; what requests are sent to. */
  routed: Db
  healthy: boolean
  lagMs: number | undefined
  /** Statements sent to it, and of those, sent again to the primary because it could not be reached. */
  reads: number
  fallbacks: number
}

/** A replica's state as `status()` reports it. */
export interface ReplicaStatus {
  healthy: boolean
  lagMs: number | undefined
  reads: number
  fallbacks: number
}

/**
 * How far behind the primary a replica is: 0 when it has applied all it received (an idle primary
 * sends nothing, so the last replay's age would overstate it), else the age of the last replayed
 * transaction. A server that is not a standby is its own primary: 0.
 */
const LAG_QUERY = sql`SELECT CASE
  WHEN NOT pg_is_in_recovery() THEN 0
  WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
  ELSE COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0)
END AS lag_ms`

/** Errors that say the server or the connection is gone, not that a statement was wrong. */
function isConnectionFailure(error: unknown): boolean {
  // Drizzle wraps the driver's error: look at the causes too.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(String(current)))
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Socket errors, and the server shutting down (57P01) or not accepting connections yet (57P03). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P03'])

/**
 * A pool that sends to `replica` (calling `onSent`) and, when the replica cannot be reached, calls
 * `onLost` and sends the same statement (or hands out a connection) from `primary`. It inherits
 * from the replica's pool so drizzle still treats it as a pool (a transaction takes a connection of
 * its own).
 */
function withFallback(replica: pg.Pool, primary: pg.Pool, onSent: () => void, onLost: () => void): pg.Pool {
  const pool = Object.create(replica) as pg.Pool
  const fallBack = <T>(attempt: () => Promise<T>, again: () => Promise<T>): Promise<T> => {
    onSent()
    return attempt().catch((error: unknown) => {
      if (!isConnectionFailure(error)) throw error
      onLost()
      return again()
    })
  }
  pool.query = ((...args: Parameters<pg.Pool['query']>) =>
    fallBack(
      () => (replica.query as (...a: unknown[]) => Promise<unknown>)(...args),
      () => (primary.query as (...a: unknown[]) => Promise<unknown>)(...args),
    )) as pg.Pool['query']
  pool.connect = (() =>
    fallBack(
      () => replica.connect(),
      () => primary.connect(),
    )) as pg.Pool['connect']
  return pool
}

/** The pool under a node-postgres drizzle database. */
const poolOf = (db: Db): pg.Pool => (db as unknown as { $client: pg.Pool }).$client

export class ReadReplicas {
  private readonly replicas: Replica[]
  private readonly scope = new AsyncLocalStorage<boolean>()
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  private next = 0
  /** The object to use as the app's database: the primary, or a replica inside `readFromReplica`. */
  readonly db: Db

  constructor(
    private readonly primary: Db,
    replicas: Database[],
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = replicas.map((database) => {
      const replica: Replica = {
        database,
        routed: database.db,
        healthy: false,
        lagMs: undefined,
        reads: 0,
        fallbacks: 0,
      }
      const lost = () => {
        replica.fallbacks += 1
        this.markDown(replica)
      }
      const sent = () => (replica.reads += 1)
      replica.routed = drizzle(withFallback(poolOf(database.db), poolOf(primary), sent, lost), {
        schema,
      }) as unknown as Db
      return replica
    })
    this.db = new Proxy(primary, {
      get: (_target, property) => {
        const target = this.pick()
        const value = Reflect.get(target, property, target) as unknown
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
  }

  /** Runs `work` (and everything it awaits) with reads sent to a replica while one is healthy. */
  readFromReplica<T>(work: () => T): T {
    return this.scope.run(true, work)
  }

  /** Which database a statement issued now goes to. */
  private pick(): Db {
    if (!this.scope.getStore()) return this.primary
    const count = this.replicas.length
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(this.next + i) % count]
      if (replica.healthy) {
        this.next = (this.next + i + 1) % count
        return replica.routed
      }
    }
    return this.primary
  }

  /** Each replica's state and counters, for metrics and tests. */
  status(): ReplicaStatus[] {
    return this.replicas.map(({ healthy, lagMs, reads, fallbacks }) => ({ healthy, lagMs, reads, fallbacks }))
  }

  /** Probes every replica once; `start` repeats it. */
  async probe(): Promise<void> {
    const timeoutMs = this.options.probeTimeoutMs ?? 1000
    await Promise.all(
      this.replicas.map(async (replica) => {
        let timer: NodeJS.Timeout | undefined
        try {
          const answer = await Promise.race([
            replica.database.db.execute(LAG_QUERY),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error('probe timed out')), timeoutMs)
            }),
          ])
          const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as { lag_ms: unknown }[]
          replica.lagMs = Number(rows[0]?.lag_ms ?? 0)
          replica.healthy = replica.lagMs <= this.options.maxLagMs
        } catch {
          replica.healthy = false
          replica.lagMs = undefined
        } finally {
          clearTimeout(timer)
        }
      }),
    )
  }

  /** Skips a replica that could not be reached until a probe finds it answering again. */
  private markDown(replica: Replica): void {
    replica.healthy = false
    replica.lagMs = undefined
  }

  async start(): Promise<void> {
    await this.probe()
    const interval = this.options.probeIntervalMs ?? 1000
    const loop = () => {
      if (this.stopped) return
      this.timer = setTimeout(() => void this.probe().finally(loop), interval)
      this.timer.unref()
    }
    loop()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.timer = undefined
    await Promise.all(this.replicas.map((replica) => replica.database.close()))
  }
}
