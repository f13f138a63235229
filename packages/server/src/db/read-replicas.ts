import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import type { Database } from './connection.js'
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
 * A statement that fails on a replica because it went away marks it down at once.
 */

export interface ReplicaOptions {
  maxLagMs: number
  probeIntervalMs?: number
  /** A probe slower than this counts as a replica that is down. */
  probeTimeoutMs?: number
}

interface Replica {
  database: Database
  healthy: boolean
  lagMs: number | undefined
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
  const code = (error as { code?: string }).code ?? ''
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) ||
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P03' ||
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(String(error))
  )
}

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
    this.replicas = replicas.map((database) => ({ database, healthy: false, lagMs: undefined }))
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
        return replica.database.db
      }
    }
    return this.primary
  }

  /** Each replica's state, for `/ready`, metrics and tests. */
  status(): { healthy: boolean; lagMs: number | undefined }[] {
    return this.replicas.map(({ healthy, lagMs }) => ({ healthy, lagMs }))
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

  /** Marks the replica that served a failed statement down when the failure is a lost connection. */
  reportFailure(error: unknown): void {
    if (!isConnectionFailure(error)) return
    // Which one failed is not known here; the next probe brings back those that answer.
    for (const replica of this.replicas) replica.healthy = false
    void this.probe()
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
