import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { PoolStats } from '../db/connection.js'
import type { ReplicaStatus } from '../db/read-replicas.js'

/** What the metrics read at each scrape, besides what the request hooks count. */
export interface MetricsSources {
  /** PostgreSQL's pool; absent on PGlite. */
  poolStats?: () => PoolStats
  /** Events written and not delivered yet. */
  outboxBacklog: () => Promise<number>
  /** With Redis: jobs in the event queue. */
  queueDepth?: () => Promise<number>
  /** With `DATABASE_READ_URL`: each replica's state and counters, in the order configured. */
  replicas?: () => ReplicaStatus[]
}

export interface MetricsOptions {
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string
  sources: MetricsSources
}

/** Seconds: from a cached catalogue answer (a millisecond) to a slow admin export. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '')
  const b = Buffer.from(`Bearer ${expected}`)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Prometheus metrics at `/metrics` (`EMPORIUM_METRICS=true`): request rate and latency per route
 * (the route's pattern, never the raw URL, so ids do not multiply the series), the storefront
 * cache's hits and misses, the database pool, the outbox backlog, the event queue's depth and the
 * process's own (CPU, memory, event-loop delay). Each app has its own registry.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'emporium_' })
  const registers = [registry]
  const { sources } = options

  const requests = new Counter({
    name: 'emporium_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const durations = new Histogram({
    name: 'emporium_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  })
  const cache = new Counter({
    name: 'emporium_store_cache_requests_total',
    help: 'Anonymous catalogue requests the storefront cache answered (hit) or computed (miss).',
    labelNames: ['result'] as const,
    registers,
  })
  new Gauge({
    name: 'emporium_db_pool_connections',
    help: 'Database pool connections: open (total), unused (idle), and requests waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = sources.poolStats?.()
      if (!stats) return
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state])
    },
  })
  new Gauge({
    name: 'emporium_outbox_backlog',
    help: 'Events written to the outbox and not delivered yet.',
    registers,
    async collect() {
      this.set(await sources.outboxBacklog())
    },
  })
  const { replicas } = sources
  if (replicas) {
    // Labelled by position (1, 2…): a replica's URL holds its credentials.
    const each = (record: (replica: string, status: ReplicaStatus) => void) =>
      replicas().forEach((status, index) => record(String(index + 1), status))
    new Gauge({
      name: 'emporium_db_replica_up',
      help: 'Whether a read replica is in use (1) or skipped as down or lagging (0).',
      labelNames: ['replica'] as const,
      registers,
      collect() {
        each((replica, status) => this.set({ replica }, status.healthy ? 1 : 0))
      },
    })
    new Gauge({
      name: 'emporium_db_replica_lag_seconds',
      help: 'How far behind the primary a read replica was at its last probe (absent when it did not answer).',
      labelNames: ['replica'] as const,
      registers,
      collect() {
        this.reset()
        each((replica, status) => status.lagMs !== undefined && this.set({ replica }, status.lagMs / 1000))
      },
    })
    new Counter({
      name: 'emporium_db_replica_statements_total',
      help: 'Statements sent to a read replica; result "fallback" for those sent again to the primary because it could not be reached.',
      labelNames: ['replica', 'result'] as const,
      registers,
      collect() {
        this.reset()
        each((replica, status) => {
          this.inc({ replica, result: 'sent' }, status.reads)
          this.inc({ replica, result: 'fallback' }, status.fallbacks)
        })
      },
    })
  }
  const { queueDepth } = sources
  if (queueDepth) {
    new Gauge({
      name: 'emporium_event_queue_depth',
      help: 'Jobs in the Redis event queue: waiting, running or delayed for a retry.',
      registers,
      async collect() {
        this.set(await queueDepth())
      },
    })
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    const { method } = request
    requests.inc({ method, route, status: String(reply.statusCode) })
    durations.observe({ method, route }, reply.elapsedTime / 1000)
    const cached = reply.getHeader('x-cache')
    if (cached === 'hit' || cached === 'miss') cache.inc({ result: cached })
  })

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token && !sameToken(request.headers.authorization, options.token)) {
      return reply.code(401).send({ type: 'unauthorized', message: 'A metrics token is required' })
    }
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
