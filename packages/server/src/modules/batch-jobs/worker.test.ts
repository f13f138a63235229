import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.js'
import type { RunMode } from '../../config.js'
import { RedisEventBus } from '../../events/redis-bus.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { asAdmin } from '../../testing/factories/users.js'
import { testConfig } from '../../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js'

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

async function redisAnswers(): Promise<boolean> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

const runnable = Boolean(process.env.TEST_DATABASE_URL) && (await redisAnswers())

// Several processes need PostgreSQL; the events between them go through Redis.
describe.skipIf(!runnable)('batch jobs with a separate worker (PostgreSQL and Redis)', () => {
  // A queue of this file's own, so other test files never take these events.
  const queueName = `emporium-batch-test-${randomBytes(6).toString('hex')}`
  const logger = pino({ level: 'silent' })
  let database: TestDatabase
  let server: FastifyInstance
  let worker: FastifyInstance

  const appIn = async (mode: RunMode) => {
    const config = testConfig({ mode, redisUrl })
    const events = new RedisEventBus(database.db, { logger, url: redisUrl, queueName, consume: mode !== 'server' })
    const app = await buildApp({ config, database, events, logger: false })
    await app.ready()
    return app
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    server = await appIn('server')
    worker = await appIn('worker')
  })
  afterAll(async () => {
    await server?.close()
    await worker?.close()
    await database?.close()
  })

  it('runs a job created on an HTTP-only server in the worker process, woken by the event', async () => {
    const { headers } = await asAdmin(database.db)
    await makeProduct(database.db, { title: 'Worker export' })
    const created = await server.inject({
      method: 'POST',
      url: '/admin/batch-jobs',
      headers,
      payload: { type: 'product-export', context: {} },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().batch_job.id
    await vi.waitFor(
      async () => {
        const job = (await server.inject({ method: 'GET', url: `/admin/batch-jobs/${id}`, headers })).json().batch_job
        expect(job.status).toBe('completed')
        expect(job.result.file_key).toEqual(expect.any(String))
      },
      // Well under the runner's 15 s poll: the batch.created event reached the worker through Redis.
      { timeout: 10_000, interval: 100 },
    )
  })
})
