import { PGlite } from '@electric-sql/pglite'
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

function record(args: unknown[]) {
  if (!recording) return
  const [first] = args
  const text = typeof first === 'string' ? first : String((first as { text?: string }).text ?? '')
  if (!CONTROL.test(text) && !BACKGROUND.test(text)) recorded.push(text)
}

function wrap(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    record(args)
    return query.apply(this, args)
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
  client.query = wrap(originals.client)
  pglite.query = wrap(originals.pglite)
  pglite.transaction = function (this: unknown, callback) {
    return originals.transaction.call(this, (tx) => {
      tx.query = wrap(tx.query.bind(tx))
      return callback(tx)
    })
  }
  return () => Object.assign(client, { query: originals.client }) && Object.assign(pglite, originals)
}

let restore: (() => unknown) | undefined
afterEach(() => {
  recording = false
  restore?.()
  restore = undefined
})

async function counted(method: 'GET' | 'POST', url: string, payload?: object) {
  recorded.length = 0
  restore ??= countStatements()
  recording = true
  const res = await ctx.app.inject({ method, url, payload })
  recording = false
  expect(res.statusCode, res.body).toBe(200)
  return { body: res.json(), statements: [...recorded] }
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

/** A whole checkout on a cart of `lines` lines; answers the statements of each step. */
async function checkout(lines: number) {
  const steps: Record<string, number> = {}
  const created = await counted('POST', '/store/carts', { region_id: region.id })
  steps.create = created.statements.length
  const id: string = created.body.cart.id
  for (let line = 0; line < lines; line++) {
    const added = await counted('POST', `/store/carts/${id}/line-items`, { variant_id: variantIds[line], quantity: 1 })
    expect(added.body.cart.items).toHaveLength(line + 1)
    steps.line_item = added.statements.length
  }
  const addressed = await counted('POST', `/store/carts/${id}`, {
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
  steps.update = addressed.statements.length
  steps.shipping = (
    await counted('POST', `/store/carts/${id}/shipping-methods`, { option_id: optionId })
  ).statements.length
  steps.sessions = (await counted('POST', `/store/carts/${id}/payment-sessions`)).statements.length
  steps.select = (
    await counted('POST', `/store/carts/${id}/payment-session`, { provider_id: 'manual' })
  ).statements.length
  steps.get = (await counted('GET', `/store/carts/${id}`)).statements.length
  const completed = await counted('POST', `/store/carts/${id}/complete`)
  expect(completed.body.type).toBe('order')
  steps.complete = completed.statements.length
  return steps
}

describe('cart write path statement count', () => {
  it('issues the same statements for a cart of one line and of four', async () => {
    const one = await checkout(1)
    const four = await checkout(4)

    expect(four).toEqual(one)
    // A read of the whole cart is one statement, plus its region (with its tax rates), the
    // options of its shipping methods, the tax overrides of its lines and the products the answer
    // shows; writes add the lock, the touch of the row, their own rows and the event. A request
    // without an Idempotency-Key writes the key it makes up once, finished. Completion reads
    // the cart twice (to store its tax lines and plan the payment, then to place the order) and
    // answers the order.
    expect(one).toEqual({
      create: 6,
      line_item: 14,
      update: 15,
      shipping: 17,
      sessions: 20,
      select: 12,
      get: 5,
      complete: 42,
    })
  })
})
