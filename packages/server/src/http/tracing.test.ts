import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { openDatabase, type Database } from '../db/connection.js'
import { makeProduct } from '../testing/factories/catalog.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { testConfig } from '../testing/test-app.js'
import { startTracing } from '../tracing.js'

/**
 * EMPORIUM_TRACING against a stand-in OTLP collector (a local HTTP server receiving the exporter's
 * JSON): a request is a span named by its route, and on PostgreSQL its statements are its children.
 */
interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[]
}
const received: OtlpSpan[] = []
let collector: Server
let stopTracing: () => Promise<void>
let database: TestDatabase
let traced: Database
let app: FastifyInstance
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }
      for (const resource of payload.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`
  stopTracing = startTracing()
  database = await createTestDatabase()
  traced = onPostgres
    ? await openDatabase({ url: process.env.TEST_DATABASE_URL, searchPath: database.schema, traceStatements: true })
    : database
  app = await buildApp({ config: testConfig({ tracing: true }), database: traced, logger: false })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  if (traced !== database) await traced?.close()
  await database?.close()
  await new Promise<void>((resolve) => collector.close(() => resolve()))
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT
})

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((each) => each.key === key)?.value
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue))
}

describe('OpenTelemetry tracing', () => {
  it('exports a span per request named by its route, with the statements it sent as children', async () => {
    const product = await makeProduct(app.db)
    const res = await app.inject({ method: 'GET', url: `/store/products/${product.id}` })
    expect(res.statusCode).toBe(200)
    await stopTracing() // flushes what the batch processor holds

    const request = received.find((span) => span.name === 'GET /store/products/:id')
    expect(request).toBeDefined()
    expect(attribute(request!, 'http.route')).toBe('/store/products/:id')
    expect(attribute(request!, 'http.response.status_code')).toBe(200)
    expect(attribute(request!, 'url.path')).toBe(`/store/products/${product.id}`)
    if (onPostgres) {
      const statements = received.filter(
        (span) =>
          span.name === 'db.query' && span.traceId === request!.traceId && span.parentSpanId === request!.spanId,
      )
      expect(statements.length).toBeGreaterThan(0)
      expect(statements.some((span) => /from "product"/i.test(String(attribute(span, 'db.query.text'))))).toBe(true)
    }
  })

  it('is off unless EMPORIUM_TRACING turns it on', () => {
    const base = { JWT_SECRET: 'j', COOKIE_SECRET: 'c' }
    expect(loadConfig(base).tracing).toBe(false)
    expect(loadConfig({ ...base, EMPORIUM_TRACING: 'true' }).tracing).toBe(true)
    expect(() => loadConfig({ ...base, EMPORIUM_TRACING: 'maybe' })).toThrow(/EMPORIUM_TRACING must be true or false/)
  })
})
