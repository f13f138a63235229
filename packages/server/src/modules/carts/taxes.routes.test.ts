import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

const ctx = useTestApp()
const db = () => ctx.app.db

async function call(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method, url, payload, headers })
  return { status: res.statusCode, body: res.json() }
}

/** A cart of 2 × 10.00 with 5.00 shipping in a region taxing at 10 %, automatically or not. */
async function cartIn(automaticTaxes: boolean) {
  const region = await makeRegion(db(), {
    currency_code: 'usd',
    tax_rate: 10,
    automatic_taxes: automaticTaxes,
    countries: [await freeCountry(db())],
  })
  const product = await makeProduct(db(), {
    variants: [{ inventory_quantity: 10, prices: [{ amount: 1000, currency_code: 'usd' }] }],
  })
  const option = await makeShippingOption(db(), region.id, { amount: 500 })
  const created = await call('POST', '/store/carts', {
    region_id: region.id,
    items: [{ variant_id: product.variants[0].id, quantity: 2 }],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const shipped = await call('POST', `/store/carts/${created.body.cart.id}/shipping-methods`, { option_id: option.id })
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
  return created.body.cart.id as string
}

const totalsOf = (cart: Record<string, unknown>) => ({
  subtotal: cart.subtotal,
  item_tax_total: cart.item_tax_total,
  shipping_tax_total: cart.shipping_tax_total,
  tax_total: cart.tax_total,
  total: cart.total,
})

beforeAll(async () => {
  await ensureStore(db())
})

describe('POST /store/carts/:id/taxes', () => {
  it('computes the taxes of a region without automatic taxes, without storing them', async () => {
    const id = await cartIn(false)
    const before = await call('GET', `/store/carts/${id}`)
    expect(totalsOf(before.body.cart)).toMatchObject({ tax_total: 0, total: 2500 })

    const forced = await call('POST', `/store/carts/${id}/taxes`)

    expect(forced.status, JSON.stringify(forced.body)).toBe(200)
    expect(totalsOf(forced.body.cart)).toEqual({
      subtotal: 2000,
      item_tax_total: 200,
      shipping_tax_total: 50,
      tax_total: 250,
      total: 2750,
    })
    expect(forced.body.cart.items[0].tax_lines).toMatchObject([{ rate: 10 }])
    expect(forced.body.cart.shipping_methods[0].tax_lines).toMatchObject([{ rate: 10 }])
    // v1 computes them for the answer; the cart stores tax lines only when it completes.
    const after = await call('GET', `/store/carts/${id}`)
    expect(totalsOf(after.body.cart)).toEqual(totalsOf(before.body.cart))
  })

  it('answers the same cart as GET in a region with automatic taxes', async () => {
    const id = await cartIn(true)

    const forced = await call('POST', `/store/carts/${id}/taxes`)
    const read = await call('GET', `/store/carts/${id}`)

    expect(forced.status).toBe(200)
    expect(totalsOf(forced.body.cart)).toEqual(totalsOf(read.body.cart))
    expect(forced.body.cart.tax_total).toBe(250)
  })

  it('replays the stored answer for the same Idempotency-Key', async () => {
    const id = await cartIn(false)
    const headers = { 'idempotency-key': `taxes-${id}` }

    const first = await call('POST', `/store/carts/${id}/taxes`, undefined, headers)
    const again = await call('POST', `/store/carts/${id}/taxes`, undefined, headers)

    expect(first.status).toBe(200)
    expect(again).toEqual(first)
  })

  it('answers 404 for an unknown cart and 400 naming an unknown query parameter', async () => {
    const unknown = await call('POST', '/store/carts/cart_missing/taxes')
    expect(unknown.status).toBe(404)
    expect(unknown.body.type).toBe('not_found')
    expect(unknown.body.message).toContain('cart_missing')

    const id = await cartIn(false)
    const badQuery = await call('POST', `/store/carts/${id}/taxes?force=true`)
    expect(badQuery.status).toBe(400)
    expect(badQuery.body.message).toMatch(/force/)
  })
})
