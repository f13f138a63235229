import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildTestApp } from '../../../server/src/testing/test-app.js'
// Brings in the typing of the migrated-image context the server's global setup provides.
import type {} from '../../../server/src/testing/global-setup.js'
import { createTestDatabase, type TestDatabase } from '../../../server/src/testing/test-db.js'

export interface LiveServer {
  app: FastifyInstance
  database: TestDatabase
  /** Where the hooks' client reaches the server. */
  baseUrl: string
}

/**
 * Per test file: the real server on a fresh database, listening on a free port, so the hooks go
 * through real HTTP. The test page's origin is allowed by CORS, as a deployed shop's would be.
 */
export function liveServerForFile(): LiveServer {
  const server = {} as LiveServer
  beforeAll(async () => {
    const origin = window.location.origin
    server.database = await createTestDatabase()
    server.app = await buildTestApp(server.database, { storeCors: origin, adminCors: origin })
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' })
    server.baseUrl = address
  })
  afterAll(async () => {
    await server.app?.close()
    await server.database?.close()
  })
  return server
}
