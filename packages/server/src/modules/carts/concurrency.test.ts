import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection.js'
import { makeCart } from '../../testing/factories/carts.js'
import { makeProduct, type ProductFixture } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { buildTestApp, useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

/**
 * Real parallel requests against one cart. On PostgreSQL they run on separate connections and meet
 * at the cart's advisory lock; PGlite has one connection and runs them one transaction at a time.
 * With TEST_DATABASE_URL, a second app over its own pool stands in for a second server process.
 */
const ctx = useTestApp()
const db = () => ctx.app.db
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
let region: RegionFixture
let second: { app: FastifyInstance; database: Database } | undefined

beforeAll(async () => {
  await ensureStore(db())
  region = await makeRegion(db(), { payment_providers: ['manual'] })
  if (onPostgres) {
    const database = await ctx.database.reopen()
    second = { database, app: await buildTestApp(database) }
  }
})

afterAll(async () => {
  await second?.app.close()
  await second?.database.close()
})

const priced = (inventory = 1000) => ({
  inventory_quantity: inventory,
  prices: [{ amount: 100, region_id: region.id }],
})

function add(app: FastifyInstance, cartId: string, variantId: string, quantity = 1) {
  return app.inject({
    method: 'POST',
    url: `/store/carts/${cartId}/line-items`,
    payload: { variant_id: variantId, quantity },
  })
}

async function linesOf(cartId: string): Promise<{ variant_id: string; quantity: number }[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/store/carts/${cartId}` })
  return res.json().cart.items
}

/** The apps taking turns: both processes on PostgreSQL, the one app on PGlite. */
const apps = () => (second ? [ctx.app, second.app] : [ctx.app])

describe('parallel line-item adds to one cart', () => {
  it('20 adds of different variants lose none', async () => {
    const cart = await makeCart(db(), { region_id: region.id })
    const products: ProductFixture[] = []
    for (let i = 0; i < 20; i++) products.push(await makeProduct(db(), { variants: [priced()] }))

    const results = await Promise.all(
      products.map((product, i) => add(apps()[i % apps().length], cart.id, product.variants[0].id)),
    )

    expect(results.map((res) => res.statusCode)).toEqual(Array(20).fill(200))
    const lines = await linesOf(cart.id)
    expect(lines).toHaveLength(20)
    expect(new Set(lines.map((line) => line.variant_id)).size).toBe(20)
    expect(lines.every((line) => line.quantity === 1)).toBe(true)
  })

  it('20 adds of the same variant sum their quantities on one line', async () => {
    const cart = await makeCart(db(), { region_id: region.id })
    const product = await makeProduct(db(), { variants: [priced()] })

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        add(apps()[i % apps().length], cart.id, product.variants[0].id, (i % 3) + 1),
      ),
    )

    expect(results.map((res) => res.statusCode)).toEqual(Array(20).fill(200))
    const expected = Array.from({ length: 20 }, (_, i) => (i % 3) + 1).reduce((sum, q) => sum + q, 0)
    expect(await linesOf(cart.id)).toMatchObject([{ variant_id: product.variants[0].id, quantity: expected }])
  })

  it('never puts more units on the cart than are in stock', async () => {
    const cart = await makeCart(db(), { region_id: region.id })
    const product = await makeProduct(db(), { variants: [priced(5)] })

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(apps()[i % apps().length], cart.id, product.variants[0].id)),
    )

    const statuses = results.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 400)).toHaveLength(7)
    expect(results.find((res) => res.statusCode === 400)?.json().code).toBe('insufficient_inventory')
    expect(await linesOf(cart.id)).toMatchObject([{ quantity: 5 }])
  })

  it.runIf(onPostgres)('serializes writes from two server processes', async () => {
    const cart = await makeCart(db(), { region_id: region.id })
    const product = await makeProduct(db(), { variants: [priced()] })
    const lineless = await makeProduct(db(), { variants: [priced()] })

    const adds = Array.from({ length: 10 }, (_, i) => add(apps()[i % 2], cart.id, product.variants[0].id))
    const other = add(second!.app, cart.id, lineless.variants[0].id, 3)
    const results = await Promise.all([...adds, other])

    expect(results.every((res) => res.statusCode === 200)).toBe(true)
    const lines = await linesOf(cart.id)
    expect(lines.find((line) => line.variant_id === product.variants[0].id)?.quantity).toBe(10)
    expect(lines.find((line) => line.variant_id === lineless.variants[0].id)?.quantity).toBe(3)
  })
})
