import { PGlite } from '@electric-sql/pglite'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

/**
 * The cart's write path must not grow with the cart: a request issues a fixed, small number of
 * statements however many lines the cart has. Statements are counted where both drivers send
 * them (node-postgres clients, pooled or in a transaction, and PGlite with its transactions);
 * transaction control (BEGIN, COMMIT, savepoints), which PGlite sends out of sight, is left out
 * so both count alike.
 */

const ctx = useTestApp()
const db = () => ctx.app.db

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i
/** The batch-job runner polls in the background, whatever the request. */
const BACKGROUND = /\bbatch_job\b/

type Query = (...args: unknown[]) => Promise<unknown>
const recorded: string[] = []
let recording = false
/**
 * Round trips to PostgreSQL, counted per connection: a statement sent on a connection while none
 * of its statements is waiting for an answer starts one; statements sent while others are in
 * flight there (pipelined) share it. Transaction control counts, since node-postgres sends it like
 * any other statement.
 */
let roundTrips = 0
const inFlight = new Map<unknown, number>()

function textOf(args: unknown[]): string {
  const [first] = args
  return typeof first === 'string' ? first : String((first as { text?: string }).text ?? '')
}

function record(args: unknown[]) {
  if (!recording) return
  const text = textOf(args)
  if (!CONTROL.test(text) && !BACKGROUND.test(text)) recorded.push(text)
}

function wrap(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    record(args)
    return query.apply(this, args)
  }
}

/** node-postgres's query, which also counts round trips; it answers by promise or by callback. */
function wrapClient(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    record(args)
    if (!recording || BACKGROUND.test(textOf(args))) return query.apply(this, args)
    const waiting = inFlight.get(this) ?? 0
    if (waiting === 0) roundTrips++
    inFlight.set(this, waiting + 1)
    const answered = () => void inFlight.set(this, (inFlight.get(this) ?? 1) - 1)
    const last = args.at(-1)
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        answered()
        return (last as (...values: unknown[]) => unknown)(...results)
      }
      return query.apply(this, args)
    }
    const result = query.apply(this, args)
    void result.then(answered, answered)
    return result
  }
}

/** Counts every statement of both drivers, the ones sent inside transactions included. */
function countStatements() {
  const client = pg.Client.prototype as unknown as { query: Query }
  const pglite = PGlite.prototype as unknown as {
    query: Query
    transaction: (callback: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>
  }
  const originals = { client: client.query, pglite: pglite.query, transaction: pglite.transaction }
  client.query = wrapClient(originals.client)
  pglite.query = wrap(originals.pglite)
  pglite.transaction = function (this: unknown, callback) {
    return originals.transaction.call(this, (tx) => {
      tx.query = wrap(tx.query.bind(tx))
      return callback(tx)
    })
  }
  return () => Object.assign(client, { query: originals.client }) && Object.assign(pglite, originals)
}

/**
 * Statements drizzle builds (turns into SQL text); one kept by `prepared` is built once per process.
 * Transaction control is left out: drizzle builds it for PostgreSQL only, and it is one word long.
 */
let built = 0
function countBuilds() {
  const original = PgDialect.prototype.sqlToQuery
  PgDialect.prototype.sqlToQuery = function (this: PgDialect, ...args: Parameters<typeof original>) {
    const query = original.apply(this, args)
    if (recording && !CONTROL.test(query.sql)) built++
    return query
  }
  return () => void (PgDialect.prototype.sqlToQuery = original)
}

let restore: (() => unknown) | undefined
let restoreBuilds: (() => unknown) | undefined
afterEach(() => {
  recording = false
  restore?.()
  restore = undefined
  restoreBuilds?.()
  restoreBuilds = undefined
})

async function counted(method: 'GET' | 'POST', url: string, payload?: object) {
  recorded.length = 0
  roundTrips = 0
  built = 0
  inFlight.clear()
  restore ??= countStatements()
  restoreBuilds ??= countBuilds()
  recording = true
  const res = await ctx.app.inject({ method, url, payload })
  recording = false
  expect(res.statusCode, res.body).toBe(200)
  return { body: res.json(), statements: [...recorded], roundTrips, built }
}

let region: RegionFixture
let variantIds: string[]
let optionId: string

beforeAll(async () => {
  // Background outbox polling would add statements of its own to the count.
  await ctx.app.events.stop()
  await ensureStore(db())
  region = await makeRegion(db(), {
    currency_code: 'usd',
    tax_rate: 10,
    countries: [await freeCountry(db())],
    payment_providers: ['manual'],
  })
  const products = []
  for (let i = 0; i < 4; i++) {
    products.push(
      await makeProduct(db(), {
        variants: [{ inventory_quantity: 100, prices: [{ amount: 1000 + i, currency_code: 'usd' }] }],
      }),
    )
  }
  variantIds = products.map((product) => product.variants[0].id)
  optionId = (await makeShippingOption(db(), region.id, { amount: 500 })).id
}, 120_000)

type Counts = Awaited<ReturnType<typeof counted>>

/** A whole checkout on a cart of `lines` lines; answers what each step sent. */
async function checkout(lines: number) {
  const steps: Record<string, Counts> = {}
  steps.create = await counted('POST', '/store/carts', { region_id: region.id })
  const id: string = steps.create.body.cart.id
  for (let line = 0; line < lines; line++) {
    steps.line_item = await counted('POST', `/store/carts/${id}/line-items`, {
      variant_id: variantIds[line],
      quantity: 1,
    })
    expect(steps.line_item.body.cart.items).toHaveLength(line + 1)
  }
  steps.update = await counted('POST', `/store/carts/${id}`, {
    email: `count-${lines}-${Date.now()}@example.com`,
    shipping_address: {
      first_name: 'Ada',
      last_name: 'L',
      address_1: '1 Row',
      city: 'C',
      postal_code: '1',
      country_code: region.countries[0].iso_2,
    },
  })
  steps.shipping = await counted('POST', `/store/carts/${id}/shipping-methods`, { option_id: optionId })
  steps.sessions = await counted('POST', `/store/carts/${id}/payment-sessions`)
  steps.select = await counted('POST', `/store/carts/${id}/payment-session`, { provider_id: 'manual' })
  steps.get = await counted('GET', `/store/carts/${id}`)
  steps.complete = await counted('POST', `/store/carts/${id}/complete`)
  expect(steps.complete.body.type).toBe('order')
  const each = (pick: (counts: Counts) => number) =>
    Object.fromEntries(Object.entries(steps).map(([step, counts]) => [step, pick(counts)]))
  return {
    statements: each((counts) => counts.statements.length),
    roundTrips: each((counts) => counts.roundTrips),
    built: each((counts) => counts.built),
  }
}

/**
 * Each step's count is at most its bound: a refactor that saves a statement passes, one that adds
 * one fails, naming the step. Lower a bound when a change saves one, so it cannot creep back.
 */
function expectAtMost(counts: Record<string, number>, bounds: Record<string, number>): void {
  expect(Object.keys(counts).sort()).toEqual(Object.keys(bounds).sort())
  for (const [step, bound] of Object.entries(bounds)) expect(counts[step], step).toBeLessThanOrEqual(bound)
}

describe('cart write path statement count', () => {
  it('issues the same statements for a cart of one line and of four, in few round trips', async () => {
    const one = await checkout(1)
    const four = await checkout(4)

    expect(four.statements).toEqual(one.statements)
    // A new cart without lines is one statement: it reads and checks what the cart is made of and
    // inserts it. A read of the whole cart is one statement (its region with its tax rates, the
    // options of its shipping methods and the tax overrides of its lines included), plus the
    // products the answer shows; writes add the lock, the touch of the row with its event (one statement) and their own rows. A line add
    // reads everything it checks (region, variants, channel, lines, shipped profiles) in one
    // statement by the cart's id, so it checks the sales channel even for a cart with none (it is
    // sent with the lock, before the cart is known); its lines need no correction of `has_shipping`. A request without an
    // Idempotency-Key writes the key it makes up once, finished. Completion reads the cart once,
    // under its lock: the manual provider authorizes in-process, so the order is placed in the
    // same transaction, the cart's row written once (completed, paid, authorized), and answered by
    // one read of the order's relations sent with its writes. Selecting the session already
    // selected (the region's only provider's) writes nothing: the cart, read without the lock,
    // tells so and is the answer.
    expectAtMost(one.statements, {
      create: 1,
      line_item: 6,
      update: 12,
      shipping: 7,
      sessions: 7,
      select: 1,
      get: 1,
      complete: 17,
    })
    // Building SQL costs the server more than sending it: the hot statements are built once
    // (`prepared`), so a checkout after the first builds only what depends on the request: the
    // address and cart updates of the fields it sends.
    expectAtMost(four.built, {
      create: 0,
      line_item: 0,
      update: 2,
      shipping: 0,
      sessions: 0,
      select: 0,
      get: 0,
      complete: 0,
    })
    if (ctx.database.kind === 'postgres') {
      // Statements that do not wait for each other's answers are sent together (pipelined), so a
      // request costs fewer round trips than statements; BEGIN and COMMIT count. A statement sent
      // after an answer shares the round trip of statements still in flight on its connection, if
      // any, so steps with such follow-ups vary by one or two with the machine's timing: these are
      // upper bounds. A transaction's BEGIN goes out with its first statement, its last writes
      // (and the read of the cart they change) with its COMMIT; the reads of a line add, an update
      // and a shipping method go out with the cart's lock, an update's address writes with the
      // cart's. A line add takes two in its transaction, the lock with the reads, then the writes
      // with the read of the cart and the COMMIT, and one more, after it, for the finished key it
      // made up, which it shares with the requests finishing beside it. The manual providers answer from the server's own process, so they are asked under
      // the cart's lock: a shipping method is checked and written in one transaction, and so are
      // the payment sessions with the provider's answer (and the cart they leave, and its
      // customer, read behind them). A selection that changes nothing takes no lock. Completion
      // takes three: the cart's lock and read, then the authorization, tax lines, stock, order and
      // the order's answer in one batch, and the finished key with the COMMIT. Before pipelining
      // the same steps took 8, 18, 17, 19, 28, 14, 5 and 50: 154 for the seven requests of a
      // checkout (all but the GET), against 15 now.
      const bounds = {
        create: 1,
        line_item: 3,
        update: 2,
        shipping: 2,
        sessions: 3,
        select: 1,
        get: 1,
        complete: 3,
      }
      for (const [step, bound] of Object.entries(bounds)) {
        expect(one.roundTrips[step], step).toBeLessThanOrEqual(bound)
        expect(four.roundTrips[step], step).toBeLessThanOrEqual(bound)
      }
    }
  })
})
