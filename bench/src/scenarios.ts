import type autocannon from 'autocannon'
import { checkoutScenarios } from './checkout-scenarios.js'
import { dashboardScenarios } from './dashboard-scenarios.js'
import { orderScenarios } from './order-scenarios.js'

/** What the scenarios need from the seeded database, read once before the load starts. */
export interface Fixtures {
  publishableKey: string | undefined
  /** A region in USD (the demo seed's North America). */
  regionId: string | undefined
  /** The newest published product in the default sales channel. */
  productId: string | undefined
  productCount: number
  searchWord: string
}

/** The per-connection scratchpad autocannon hands to `setupRequest` and `onResponse`. */
export type Context = Record<string, unknown>

/**
 * One request of an iteration. `setupRequest` and `onResponse` are autocannon's own hooks; they
 * receive the per-connection context, which autocannon empties when it starts a new iteration.
 */
export interface Step extends Omit<autocannon.Request, 'setupRequest' | 'onResponse'> {
  setupRequest?: (request: autocannon.Request, context: Context) => autocannon.Request | undefined
  onResponse?: (status: number, body: string, context: Context) => void
}

export interface Scenario {
  name: string
  /** Which process answers: the real server, or the bare `http` ceiling. */
  target: 'server' | 'ceiling'
  /**
   * Environment the server runs with for this scenario, on top of the usual. The runner starts one
   * server process per distinct set, the first time a scenario asks for it: e.g.
   * `{ STORE_CACHE_TTL_MS: '0' }` measures a route without the storefront cache.
   */
  serverEnv?: Record<string, string>
  /** Concurrent connections, when not the run's `--connections`: e.g. 10 shoppers checking out. */
  connections?: number
  /**
   * Runs once before `steps`, against the process the scenario loads, to make what the steps need
   * (carts to add to, a shipping option); `seconds` is how long the load will last, warm-up
   * included. Resolves to why the scenario cannot run, reported as
   * skipped, or `undefined` when ready; a rejection is reported as `skipped: setup failed: …`.
   */
  setup?(server: { url: string; databaseUrl: string; seconds: number }, fixtures: Fixtures): Promise<string | undefined>
  /**
   * The requests one iteration makes, in order; `undefined` when the seeded data lacks what the
   * scenario needs (it is then reported as skipped with `missing`).
   *
   * Several steps make a flow, e.g. a checkout: create a cart, add an item, set the address,
   * complete. Each of the 50 connections sends the steps one after another and starts over at the
   * end. Pass values from one step to the next through the context: an `onResponse` stores
   * (`context.cartId = JSON.parse(body).cart.id`), a later `setupRequest` reads and returns a copy
   * of the request (`({ ...request, path: \`/store/carts/${context.cartId}/line-items\` })`).
   * Returning `undefined` from a later step's `setupRequest` abandons the iteration and starts over
   * (the first step must always return a request). Requests per second then count every step; the
   * report also gives iterations per second.
   */
  steps(fixtures: Fixtures): Step[] | undefined
  /** Said in the report when `steps` returns `undefined`. */
  missing?: string
}

const storefront = (fixtures: Fixtures): Record<string, string> =>
  fixtures.publishableKey ? { 'x-publishable-api-key': fixtures.publishableKey } : {}

const json = (fixtures: Fixtures) => ({ ...storefront(fixtures), 'content-type': 'application/json' })

/**
 * The same scenario against a server whose storefront cache is off, so every request does the
 * route's whole work: the report shows both figures side by side, each as a ratio of the ceiling.
 */
const uncached = (scenario: Scenario): Scenario => ({
  ...scenario,
  name: `${scenario.name} (uncached)`,
  serverEnv: { ...scenario.serverEnv, STORE_CACHE_TTL_MS: '0' },
})

const regions: Scenario = {
  name: 'regions',
  target: 'server',
  steps: () => [{ method: 'GET', path: '/store/regions' }],
}

const productsList: Scenario = {
  name: 'products list',
  target: 'server',
  missing: 'no region in the database',
  steps: (fixtures) =>
    fixtures.regionId
      ? [
          {
            method: 'GET',
            path: `/store/products?limit=20&region_id=${fixtures.regionId}`,
            headers: storefront(fixtures),
          },
        ]
      : undefined,
}

const product: Scenario = {
  name: 'product',
  target: 'server',
  missing: 'no published product (run bench:seed)',
  steps: (fixtures) =>
    fixtures.productId
      ? [
          {
            method: 'GET',
            path: `/store/products/${fixtures.productId}${fixtures.regionId ? `?region_id=${fixtures.regionId}` : ''}`,
            headers: storefront(fixtures),
          },
        ]
      : undefined,
}

/**
 * Scenarios run in this order. Add carts and checkout here as they land; the runner probes each
 * flow once before loading it and skips it when a route answers "Route … not found".
 */
export const scenarios: Scenario[] = [
  {
    name: 'ceiling',
    target: 'ceiling',
    steps: () => [{ method: 'GET', path: '/' }],
  },
  regions,
  uncached(regions),
  productsList,
  uncached(productsList),
  product,
  uncached(product),
  {
    name: 'search',
    target: 'server',
    steps: (fixtures) => [
      {
        method: 'POST',
        path: '/store/products/search',
        headers: json(fixtures),
        body: JSON.stringify({ q: fixtures.searchWord }),
      },
    ],
  },
  ...checkoutScenarios,
  ...orderScenarios,
  ...dashboardScenarios,
]

/** The names `--only a,b` gives, or undefined without it; exits naming any that is unknown. */
export function namedScenarios(only: string | undefined): string[] | undefined {
  const names = only?.split(',').map((name) => name.trim())
  const unknown = names?.filter((name) => !scenarios.some((scenario) => scenario.name === name)) ?? []
  if (unknown.length > 0) {
    process.stderr.write(
      `error: unknown scenario(s) ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}\n`,
    )
    process.exit(1)
  }
  return names
}

/**
 * Runs the scenario's setup against the process it loads, then answers its steps, or why it
 * cannot run (its setup's answer, a failed setup, or the data it misses).
 */
export async function readySteps(
  scenario: Scenario,
  server: { url: string; databaseUrl: string; seconds: number },
  fixtures: Fixtures,
): Promise<{ steps: Step[]; skipped?: undefined } | { steps?: undefined; skipped: string }> {
  const unready = await scenario
    .setup?.(server, fixtures)
    .catch((error: unknown) => `setup failed: ${(error as Error).message}`)
  const steps = unready ? undefined : scenario.steps(fixtures)
  return steps ? { steps } : { skipped: unready ?? scenario.missing ?? 'missing data' }
}
