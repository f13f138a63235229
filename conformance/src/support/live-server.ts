import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import type { Config } from '../../../packages/server/src/config.js'
import { makeUser } from '../../../packages/server/src/testing/factories/users.js'
// Brings in the typing of the migrated-image context the server's global setup provides.
import type {} from '../../../packages/server/src/testing/global-setup.js'
import { buildTestApp } from '../../../packages/server/src/testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../../../packages/server/src/testing/test-db.js'
import { Medusa } from './medusa.js'
import { RouteRecorder, routesOfDocument } from './routes.js'
import { writeTally } from './tally.js'

export const BROWSER_ORIGIN = 'http://localhost:5173'

export interface LiveServer {
  app: FastifyInstance
  database: TestDatabase
  baseUrl: string
  /** medusa-js as a storefront uses it: no credentials. */
  store: Medusa
  /** medusa-js with an admin user's API token (`x-medusa-access-token`). */
  admin: Medusa
  /** medusa-js for a shopper logged in with a bearer token from `POST /store/auth/token`. */
  storeAs(token: string): Medusa
  recorder: RouteRecorder
}

/**
 * Per test file: the real server on a fresh database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), listening on a free port, and the real medusa-js clients pointed at it.
 * Every request a client makes is matched to the server's route (from its OpenAPI document), so a
 * file can prove it called each route it covers.
 */
export function liveServerForFile(name: string, config: Partial<Config> = {}): LiveServer {
  const server = {} as LiveServer
  let assertions = 0
  beforeAll(async () => {
    server.database = await createTestDatabase()
    server.app = await buildTestApp(server.database, {
      ...config,
      storeCors: BROWSER_ORIGIN,
      adminCors: BROWSER_ORIGIN,
    })
    server.baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
    server.recorder = new RouteRecorder(routesOfDocument(server.app.swagger()))
    const apiToken = `conformance-token-${Date.now()}`
    await makeUser(server.database.db, { api_token: apiToken, email: `owner-${Date.now()}@example.com` })
    const client = (options: Partial<ConstructorParameters<typeof Medusa>[0]>) =>
      server.recorder.attach(new Medusa({ baseUrl: server.baseUrl, maxRetries: 0, ...options }))
    server.store = client({})
    server.admin = client({ apiKey: apiToken })
    server.storeAs = (token) => client({ customHeaders: { Authorization: `Bearer ${token}` } })
  })
  afterEach(() => {
    assertions += expect.getState().assertionCalls
  })
  afterAll(async () => {
    if (server.recorder) writeTally(inject('conformanceTally'), name, server.recorder, assertions)
    await server.app?.close()
    await server.database?.close()
  })
  return server
}
