import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { migrationFiles } from '../db/migrate.js'
import { rowsOf } from '../db/raw-rows.js'

/** How long one check may take before the process counts as not ready. */
const CHECK_TIMEOUT_MS = 2000

type Check = () => Promise<void>

function withTimeout(check: Check): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer))
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * `/health` says the process is alive; `/ready` says it can serve: the database answers, every
 * migration this build carries is applied, and Redis (when configured) answers. A load balancer
 * or an orchestrator's readiness probe sends traffic only while it answers 200; a 503 names what
 * failed.
 */
export function registerReadiness(app: FastifyInstance): void {
  const expected = migrationFiles()
  let redis: Redis | undefined
  const { redisUrl } = app.config
  if (redisUrl) {
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    redis.on('error', () => {
      // Reported by the check that fails; ioredis reconnects by itself.
    })
    app.addHook('onClose', async () => {
      redis?.disconnect()
    })
  }

  const checks: Record<string, Check> = {
    database: async () => {
      await app.db.execute(sql`SELECT 1`)
    },
    migrations: async () => {
      const applied = new Set(
        rowsOf<{ name: string }>(await app.db.execute(sql`SELECT name FROM emporium_migration`)).map((row) => row.name),
      )
      const missing = expected.filter((name) => !applied.has(name))
      if (missing.length > 0) throw new Error(`not applied: ${missing.join(', ')}`)
    },
    ...(redis
      ? {
          redis: async () => {
            if (redis.status === 'wait' || redis.status === 'end') await redis.connect()
            await redis.ping()
          },
        }
      : {}),
  }

  // A request reaching a stopping process (on a kept-alive connection) tells the balancer to stop
  // sending more, before the port closes.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })

  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (closing) return reply.code(503).send({ ready: false, failed: { shutdown: 'the process is stopping' } })
    const names = Object.keys(checks)
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name])))
    const failed = Object.fromEntries(
      outcomes.flatMap((outcome, index) =>
        outcome.status === 'rejected' ? [[names[index], reason(outcome.reason)]] : [],
      ),
    )
    if (Object.keys(failed).length > 0) return reply.code(503).send({ ready: false, failed })
    return { ready: true, checked: names }
  })
}
