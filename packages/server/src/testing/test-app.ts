import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import type { Database } from '../db/connection.js'
import { createTestDatabase, type TestDatabase } from './test-db.js'

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
    COOKIE_SECRET: 'test-cookie-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    // Tests log in far more often than people; the rate limit has its own test.
    AUTH_RATE_LIMIT: '100000',
    // A test reads what it just wrote; the storefront cache has its own test, which turns it on.
    STORE_CACHE_TTL_MS: '0',
    // Nor does a sweep delete keys behind a test's back; the sweep has its own test.
    IDEMPOTENCY_KEY_RETENTION_HOURS: '0',
    // Uploads and other files go to a scratch folder per test process, never the working tree.
    EMPORIUM_DATA_DIR: join(tmpdir(), `emporium-test-${process.pid}`),
  })
  return { ...base, ...overrides, featureFlags: { ...base.featureFlags, ...overrides.featureFlags } }
}

export async function buildTestApp(database: Database, config: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(config), database, logger: false })
  await app.ready()
  return app
}

export interface TestContext {
  app: FastifyInstance
  database: TestDatabase
}

/**
 * Per test file: a fresh database and an app over it, closed after the file. Use the returned
 * object's properties inside tests (they are set in `beforeAll`).
 */
export function useTestApp(config: Partial<Config> = {}): TestContext {
  const context = {} as TestContext
  beforeAll(async () => {
    context.database = await createTestDatabase()
    context.app = await buildTestApp(context.database, config)
  })
  afterAll(async () => {
    await context.app?.close()
    await context.database?.close()
  })
  return context
}
