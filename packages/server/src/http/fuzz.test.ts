import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { expect, it } from 'vitest'
import { makeFuzzIdentities, seedFuzzData, ValuePool, type FuzzIdentities } from '../testing/fuzz-data.js'
import {
  answerProblem,
  draftArb,
  materialize,
  operationsOf,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
} from '../testing/openapi-fuzz.js'
import { useTestApp } from '../testing/test-app.js'

/**
 * Every route of the OpenAPI document, fed requests generated from its schemas: none may answer a
 * 5xx, and a 4xx carries the wire envelope. `FUZZ_RUNS` sets the number of requests (spread evenly
 * over the routes), `FUZZ_SEED` the seed, `FUZZ_ONLY` a text the routes to fuzz must contain
 * (`FUZZ_ONLY='POST /store/carts'`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000)
const SEED = Number(process.env.FUZZ_SEED ?? 31)
const ONLY = process.env.FUZZ_ONLY

// Every flag on, so flagged routes go past their 404.
const ctx = useTestApp({
  featureFlags: {
    sales_channels: true,
    publishable_api_keys: true,
    order_editing: true,
    analytics: true,
    product_categories: true,
    tax_inclusive_pricing: true,
    inventoryService: true,
  },
})

/**
 * Deletions last, so the routes before them find the seeded rows: the storefront's before the
 * admin's, which take away regions and products that carts need, and a row's parts (a product's
 * variants) before the row.
 */
function fuzzOrder(a: Operation, b: Operation): number {
  const rank = (operation: Operation) =>
    ({ GET: 0, POST: 1, DELETE: 2 })[operation.method] * 2 + (operation.path.startsWith('/admin') ? 1 : 0)
  const depth = (operation: Operation) => (operation.method === 'DELETE' ? operation.path.split('/').length : 0)
  return rank(a) - rank(b) || depth(b) - depth(a)
}

/** A seed per route, so that one route's requests do not depend on how many routes come before it. */
function routeSeed(operation: Operation): number {
  let hash = SEED | 0
  for (const char of `${operation.method} ${operation.path}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return hash
}

/** The identities still work (a request may have changed a password), or fresh ones. */
async function liveIdentities(app: FastifyInstance, pool: ValuePool, current: FuzzIdentities) {
  const admin = await app.inject({ method: 'GET', url: '/admin/auth', headers: current.admin })
  const customer = await app.inject({ method: 'GET', url: '/store/auth', headers: current.customer })
  return admin.statusCode === 200 && customer.statusCode === 200 ? current : makeFuzzIdentities(app.db, pool)
}

const shown = (text: string | Buffer | undefined) => {
  const value = String(text ?? '')
  return value.length > 600 ? `${value.slice(0, 600)}… (${value.length} characters)` : value
}

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${shown(request.url)}\nheaders: ${JSON.stringify(request.headers)}\nbody: ${shown(request.payload)}`

it(
  'answers every route without a 5xx, and every 4xx with the wire envelope',
  { timeout: Math.max(600_000, RUNS * 200) },
  async () => {
    const { app } = ctx
    const pool = new ValuePool()
    await seedFuzzData(app.db, pool)
    let identities = await makeFuzzIdentities(app.db, pool)
    const operations = operationsOf(app.swagger() as OpenApiDocument)
      .filter((operation) => !ONLY || `${operation.method} ${operation.path}`.includes(ONLY))
      .sort(fuzzOrder)
    const runsPerRoute = Math.max(1, Math.ceil(RUNS / operations.length))
    const statuses = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }
    const failures: string[] = []

    for (const operation of operations) {
      identities = await liveIdentities(app, pool, identities)
      const store = operation.path.startsWith('/store')
      const drafts = fc.oneof(draftArb(operation, 0, store), draftArb(operation, 1, store))
      const details = await fc.check(
        fc.asyncProperty(drafts, async (draft) => {
          const request = materialize(operation, draft, pool, identities)
          const answer = await app.inject(request)
          statuses[`${Math.floor(answer.statusCode / 100)}xx` as keyof typeof statuses] += 1
          if (answer.statusCode < 300 && String(answer.headers['content-type']).startsWith('application/json')) {
            pool.harvest(answer.json())
          }
          const problem = answerProblem(answer)
          if (problem)
            throw new Error(`${problem}\n${describeRequest(request)}\n→ ${answer.statusCode} ${shown(answer.body)}`)
        }),
        { seed: routeSeed(operation), numRuns: runsPerRoute },
      )
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
        failures.push(
          `${operation.method} ${operation.path} (seed ${details.seed}, path ${details.counterexamplePath}): ${error}`,
        )
      }
    }

    const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0)
    console.log(
      `fuzz: ${requests} requests over ${operations.length} routes (FUZZ_SEED=${SEED}): ` +
        Object.entries(statuses)
          .map(([kind, count]) => `${count} × ${kind}`)
          .join(', '),
    )
    expect(failures, `${failures.length} routes failed; replay with FUZZ_SEED=${SEED}`).toEqual([])
  },
)
