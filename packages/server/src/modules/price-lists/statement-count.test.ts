import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { asCustomer, makeCustomerGroup } from '../../testing/factories/customers.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

/**
 * Price selection reads a constant number of statements whatever the number of price lists: the
 * storefront's product list and a line add send as many statements with 50 active lists (some for
 * the customer's group, with tiers) as with none.
 */
const ctx = useTestApp()
const db = () => ctx.app.db

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i
const BACKGROUND = /\bbatch_job\b|\boutbox\b/
type Query = (...args: unknown[]) => Promise<unknown>
let recording = false
let statements = 0

function wrap(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    const [first] = args
    const text = typeof first === 'string' ? first : String((first as { text?: string }).text ?? '')
    if (recording && !CONTROL.test(text) && !BACKGROUND.test(text)) statements++
    return query.apply(this, args)
  }
}

const client = pg.Client.prototype as unknown as { query: Query }
const pglite = PGlite.prototype as unknown as {
  query: Query
  transaction: (callback: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>
}
const originals = { client: client.query, pglite: pglite.query, transaction: pglite.transaction }

async function counted(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  statements = 0
  recording = true
  const res = await ctx.app.inject({ method, url, payload, headers })
  recording = false
  expect(res.statusCode, res.body).toBe(200)
  return { body: res.json(), statements }
}

let region: RegionFixture
let headers: Record<string, string>
let groupId: string
let variantIds: string[]

beforeAll(async () => {
  await ctx.app.events.stop()
  await ensureStore(db())
  region = await makeRegion(db(), { currency_code: 'usd', countries: [await freeCountry(db())] })
  const shopper = await asCustomer(db())
  headers = shopper.headers
  groupId = (await makeCustomerGroup(db(), { customer_ids: [shopper.customer.id] })).id
  const products = []
  for (let i = 0; i < 6; i++) {
    products.push(
      await makeProduct(db(), {
        variants: [{ inventory_quantity: 100, prices: [{ amount: 1000 + i, currency_code: 'usd' }] }],
      }),
    )
  }
  variantIds = products.map((product) => product.variants[0].id)
  client.query = wrap(originals.client)
  pglite.query = wrap(originals.pglite)
  pglite.transaction = function (this: unknown, callback) {
    return originals.transaction.call(this, (tx) => {
      tx.query = wrap(tx.query.bind(tx))
      return callback(tx)
    })
  }
}, 120_000)

afterAll(() => {
  Object.assign(client, { query: originals.client })
  Object.assign(pglite, originals)
})

/** What the product list and a line add send, and the prices they answer. */
async function measure() {
  const list = await counted('GET', `/store/products?region_id=${region.id}&limit=6`, undefined, headers)
  // A warm cart: the first line add of a new cart also reads what the cart's creation left.
  const cart = await ctx.app.inject({ method: 'POST', url: '/store/carts', payload: { region_id: region.id }, headers })
  const cartId: string = cart.json().cart.id
  await counted('POST', `/store/carts/${cartId}/line-items`, { variant_id: variantIds[1], quantity: 1 }, headers)
  const add = await counted(
    'POST',
    `/store/carts/${cartId}/line-items`,
    { variant_id: variantIds[0], quantity: 5 },
    headers,
  )
  const prices = list.body.products.map(
    (product: { variants: { calculated_price: number }[] }) => product.variants[0].calculated_price,
  )
  const line = add.body.cart.items.find((item: { variant_id: string }) => item.variant_id === variantIds[0])
  return { list: list.statements, add: add.statements, prices, unitPrice: line.unit_price as number }
}

describe('price selection statement count', () => {
  it('is the same with 50 active price lists as with none', async () => {
    // Once first: the process's first reads of a kind also fill its caches (regions, sessions).
    await measure()
    const none = await measure()
    expect(none.unitPrice).toBe(1000)

    const admin = (await asAdmin(db())).headers
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/admin/price-lists',
        headers: admin,
        payload: {
          name: `Load ${i}`,
          description: 'bench',
          type: 'sale',
          status: 'active',
          customer_groups: i % 2 === 0 ? [{ id: groupId }] : [],
          prices: variantIds.map((variant_id, index) => ({
            variant_id,
            amount: 990 - i + index,
            currency_code: 'usd',
            min_quantity: i % 3 === 0 ? 5 : undefined,
          })),
        },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const many = await measure()
    // The cheapest list that applies: list 49, for everyone, without tiers (990 − 49).
    expect(many.unitPrice).toBe(941)
    expect(many.prices.every((price: number, index: number) => price < 1000 + index)).toBe(true)
    expect(many.list).toBe(none.list)
    expect(many.add).toBe(none.add)
  }, 120_000)
})
