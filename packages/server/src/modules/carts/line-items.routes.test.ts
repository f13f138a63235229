import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { idempotencyKey } from '../../core/idempotency.js'
import { testPaymentProvider } from '../../providers/payment-test.js'
import { freeCountry, makeCart } from '../../testing/factories/carts.js'
import { makeProduct, type VariantFixture } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { asCustomer } from '../../testing/factories/customers.js'
import { useTestApp } from '../../testing/test-app.js'
import { productVariant } from '../catalog/schema.js'
import { lineItem } from './schema.js'
import { ensureStore } from '../store/service.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let region: RegionFixture

async function send(method: 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method, url, payload, headers })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

async function variant(overrides: VariantFixture = {}, product: Parameters<typeof makeProduct>[1] = {}) {
  const created = await makeProduct(db(), {
    variants: [{ prices: [{ amount: 1000, region_id: region.id }], ...overrides }],
    ...product,
  })
  return created.variants[0]
}

const cartIn = () => makeCart(db(), { region_id: region.id })
const add = (cartId: string, payload: object, headers: Record<string, string> = {}) =>
  send('POST', `/store/carts/${cartId}/line-items`, payload, headers)

beforeAll(async () => {
  await ensureStore(db())
  region = await makeRegion(db(), { countries: [await freeCountry(db())], payment_providers: ['manual', 'test'] })
})

describe('POST /store/carts/:id/line-items', () => {
  it('adds a line, merges the same variant and metadata, keeps other metadata apart', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const first = await add(cart.id, { variant_id: shirt.id, quantity: 1 })
    expect(first.status).toBe(200)
    expect(first.body.cart.items).toMatchObject([{ variant_id: shirt.id, quantity: 1, unit_price: 1000 }])
    // The line-items answer also carries the customer and the region's tax rates.
    expect(first.body.cart).toHaveProperty('customer', null)
    expect(first.body.cart.region).toHaveProperty('tax_rates', [])

    const merged = await add(cart.id, { variant_id: shirt.id, quantity: 2 })
    expect(merged.body.cart.items).toMatchObject([{ quantity: 3 }])
    const engraved = await add(cart.id, { variant_id: shirt.id, quantity: 1, metadata: { engraving: 'A' } })
    expect(engraved.body.cart.items).toHaveLength(2)
    expect(engraved.body.cart.subtotal).toBe(4000)
  })

  it("answers with the cart's customer, under a key of its own and under the client's", async () => {
    const { customer: shopper } = await asCustomer(db())
    const cart = await makeCart(db(), { region_id: region.id, customer_id: shopper.id, email: shopper.email })
    const shirt = await variant()

    const own = await add(cart.id, { variant_id: shirt.id, quantity: 1 })
    const keyed = await add(cart.id, { variant_id: shirt.id, quantity: 1 }, { 'idempotency-key': `line-${cart.id}` })

    for (const answer of [own, keyed]) {
      expect(answer.status).toBe(200)
      expect(answer.body.cart.customer).toMatchObject({ id: shopper.id, email: shopper.email })
    }
    expect(keyed.body.cart.items).toMatchObject([{ quantity: 2 }])
  })

  it('prices the merged quantity with quantity tiers', async () => {
    const cart = await cartIn()
    const bulk = await variant({
      inventory_quantity: 100,
      prices: [
        { amount: 1000, region_id: region.id },
        { amount: 800, region_id: region.id, min_quantity: 10 },
      ],
    })
    expect((await add(cart.id, { variant_id: bulk.id, quantity: 5 })).body.cart.items[0].unit_price).toBe(1000)
    const tiered = await add(cart.id, { variant_id: bulk.id, quantity: 5 })
    expect(tiered.body.cart.items[0]).toMatchObject({ quantity: 10, unit_price: 800, subtotal: 8000 })
  })

  it('rejects bad input, naming the field', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const cases: [object, number, RegExp][] = [
      [{ variant_id: shirt.id, quantity: 0 }, 400, /quantity must be >= 1/],
      [{ variant_id: shirt.id, quantity: 1.5 }, 400, /quantity must be a integer/],
      [{ variant_id: shirt.id, quantity: '1' }, 400, /quantity/],
      [{ quantity: 1 }, 400, /variant_id is required/],
      [{ variant_id: shirt.id, quantity: 1, extra: true }, 400, /property extra should not exist/],
      [{ variant_id: 'variant_missing', quantity: 1 }, 400, /some variant has not been found: variant_missing/],
    ]
    for (const [payload, status, message] of cases) {
      const res = await add(cart.id, payload)
      expect(res.status, JSON.stringify(payload)).toBe(status)
      expect(res.body.message).toMatch(message)
    }
    // What an add checks is read with the cart's lock, before the cart is known: the cart's 404 comes first.
    const missing = await add('cart_missing', { variant_id: 'variant_missing', quantity: 1 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toMatch(/Cart with id cart_missing was not found/)
  })

  it('refuses unpublished products, other channels and variants without a price here', async () => {
    const channel = await makeSalesChannel(db())
    const cart = await makeCart(db(), { region_id: region.id, sales_channel_id: channel.id })
    const draft = await variant({}, { status: 'proposed', sales_channel_ids: [channel.id] })
    const elsewhere = await variant({}, { sales_channel_ids: [(await makeSalesChannel(db())).id] })
    const yen = await variant({ prices: [{ amount: 100, currency_code: 'jpy' }] }, { sales_channel_ids: [channel.id] })

    const cases: [string, RegExp][] = [
      [draft.id, /not published/],
      [elsewhere.id, /not available in the cart's sales channel/],
      [yen.id, /Cannot generate line item for variant "Variant 1" without a price/],
    ]
    for (const [variantId, message] of cases) {
      const res = await add(cart.id, { variant_id: variantId, quantity: 1 })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ type: 'invalid_data', message: expect.stringMatching(message) })
    }
  })

  it('checks stock: no more units than in stock unless backorders are allowed or stock is unmanaged', async () => {
    const cart = await cartIn()
    const scarce = await variant({ inventory_quantity: 3 })
    const backorder = await variant({ inventory_quantity: 0, allow_backorder: true })
    const unmanaged = await variant({ inventory_quantity: 0, manage_inventory: false })

    expect((await add(cart.id, { variant_id: scarce.id, quantity: 2 })).status).toBe(200)
    const over = await add(cart.id, { variant_id: scarce.id, quantity: 2 })
    expect(over.status).toBe(400)
    expect(over.body).toEqual({
      type: 'not_allowed',
      code: 'insufficient_inventory',
      message: `Variant with id: ${scarce.id} does not have the required inventory`,
    })
    // A second line of the same variant (other metadata) draws on the same stock.
    expect((await add(cart.id, { variant_id: scarce.id, quantity: 2, metadata: { gift: true } })).status).toBe(400)
    expect((await add(cart.id, { variant_id: backorder.id, quantity: 5 })).status).toBe(200)
    expect((await add(cart.id, { variant_id: unmanaged.id, quantity: 5 })).status).toBe(200)
  })

  it('marks every line not shipped on a cart without shipping methods', async () => {
    const cart = await cartIn()
    const first = await add(cart.id, { variant_id: (await variant()).id, quantity: 1 })
    // A line that says it is shipped on a cart without methods (left so by an older release, say).
    await db().update(lineItem).set({ has_shipping: true }).where(eq(lineItem.id, first.body.cart.items[0].id))

    const corrected = await add(cart.id, { variant_id: (await variant()).id, quantity: 1 })
    expect(corrected.body.cart.items.map((item: { has_shipping: boolean }) => item.has_shipping)).toEqual([
      false,
      false,
    ])
    const stored = await db()
      .select({ shipped: lineItem.has_shipping })
      .from(lineItem)
      .where(eq(lineItem.cart_id, cart.id))
    expect(stored.map((line) => line.shipped)).toEqual([false, false])
  })

  it('refuses a completed cart', async () => {
    const cart = await makeCart(db(), { region_id: region.id, completed_at: new Date() })
    const res = await add(cart.id, { variant_id: (await variant()).id, quantity: 1 })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cart_incompatible_state')
  })
})

describe('Idempotency-Key on POST /store/carts/:id/line-items', () => {
  const keyRow = async (value: string) =>
    (await db().select().from(idempotencyKey).where(eq(idempotencyKey.idempotency_key, value)))[0]

  beforeEach(() => testPaymentProvider(ctx.app.providers.paymentProviders).reset())

  it('answers with a key when none is sent, and exposes the header', async () => {
    const cart = await cartIn()
    const res = await add(cart.id, { variant_id: (await variant()).id, quantity: 1 })
    expect(res.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers['access-control-expose-headers']).toBe('Idempotency-Key')
    expect(await keyRow(res.headers['idempotency-key'] as string)).toMatchObject({
      recovery_point: 'finished',
      response_code: 200,
      request_method: 'POST',
      request_path: `/store/carts/${cart.id}/line-items`,
      locked_at: null,
    })
  })

  it('keeps the key it made up: sent back, it replays the answer; a refused add leaves no key', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const first = await add(cart.id, { variant_id: shirt.id, quantity: 1 })
    const value = first.headers['idempotency-key'] as string
    const again = await add(cart.id, { variant_id: shirt.id, quantity: 1 }, { 'idempotency-key': value })
    expect(again.body).toEqual(first.body)
    expect(again.body.cart.items).toMatchObject([{ quantity: 1 }])

    const refused = await add(cart.id, { variant_id: shirt.id, quantity: 100_000 })
    expect(refused.status).toBe(400)
    expect(await keyRow(refused.headers['idempotency-key'] as string)).toBeUndefined()
  })

  it('replays the stored answer for the same key without adding again', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const headers = { 'idempotency-key': `retry-${cart.id}` }
    const first = await add(cart.id, { variant_id: shirt.id, quantity: 2 }, headers)
    const again = await add(cart.id, { quantity: 2, variant_id: shirt.id }, headers)
    expect(again.status).toBe(200)
    expect(again.headers['idempotency-key']).toBe(headers['idempotency-key'])
    expect(again.body).toEqual(first.body)
    const current = await ctx.app.inject({ method: 'GET', url: `/store/carts/${cart.id}` })
    expect(current.json().cart.items).toMatchObject([{ quantity: 2 }])
  })

  it('stores the answer as it was sent, and replays it byte for byte', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const addRaw = (headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/store/carts/${cart.id}/line-items`,
        payload: { variant_id: shirt.id, quantity: 1 },
        headers,
      })
    // A key made up by the server, then one sent by the client: each path stores the answer.
    const own = await addRaw()
    const client = await addRaw({ 'idempotency-key': `bytes-${cart.id}` })
    for (const first of [own, client]) {
      const value = first.headers['idempotency-key'] as string
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
      expect((await keyRow(value)).response_body).toBe(first.body)
      const replayed = await addRaw({ 'idempotency-key': value })
      expect(replayed.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(replayed.body).toBe(first.body)
    }
    expect(client.json().cart.items).toMatchObject([{ quantity: 2 }])
  })

  it('refuses a key used for another request with 422', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const headers = { 'idempotency-key': `reused-${cart.id}` }
    await add(cart.id, { variant_id: shirt.id, quantity: 1 }, headers)
    const otherBody = await add(cart.id, { variant_id: shirt.id, quantity: 5 }, headers)
    expect(otherBody.status).toBe(422)
    expect(otherBody.body).toMatchObject({ type: 'duplicate_error', code: 'invalid_request_error' })
    const otherCart = await add((await cartIn()).id, { variant_id: shirt.id, quantity: 1 }, headers)
    expect(otherCart.status).toBe(422)
    expect(
      (await add(cart.id, { variant_id: shirt.id, quantity: 1 }, { 'idempotency-key': 'x'.repeat(256) })).status,
    ).toBe(400)
  })

  it('answers 409 while another request holds the key, and runs once the lock is old', async () => {
    const cart = await cartIn()
    const shirt = await variant()
    const value = `busy-${cart.id}`
    const payload = { variant_id: shirt.id, quantity: 1 }
    // A request that failed in its first stage leaves the key at `started`.
    await db().update(productVariant).set({ inventory_quantity: 0 }).where(eq(productVariant.id, shirt.id))
    expect((await add(cart.id, payload, { 'idempotency-key': value })).status).toBe(400)
    expect(await keyRow(value)).toMatchObject({ recovery_point: 'started', locked_at: null })

    await db()
      .update(idempotencyKey)
      .set({ locked_at: sql`now()` })
      .where(eq(idempotencyKey.idempotency_key, value))
    const busy = await add(cart.id, payload, { 'idempotency-key': value })
    expect(busy.status).toBe(409)
    expect(busy.body).toEqual({
      type: 'conflict',
      code: 'invalid_state_error',
      message:
        'The request conflicted with another request. You may retry the request with the provided Idempotency-Key.',
    })

    await db()
      .update(idempotencyKey)
      .set({ locked_at: sql`now() - interval '2 seconds'` })
      .where(eq(idempotencyKey.idempotency_key, value))
    await db().update(productVariant).set({ inventory_quantity: 10 }).where(eq(productVariant.id, shirt.id))
    const retried = await add(cart.id, payload, { 'idempotency-key': value })
    expect(retried.status).toBe(200)
    expect(retried.body.cart.items).toMatchObject([{ quantity: 1 }])
  })

  it('resumes at set-payment-sessions after a provider failure, adding the line once', async () => {
    const testOnly = await makeRegion(db(), { payment_providers: ['test'] })
    const product = await makeProduct(db(), { variants: [{ prices: [{ amount: 1000, region_id: testOnly.id }] }] })
    const created = await send('POST', '/store/carts', {
      region_id: testOnly.id,
      items: [{ variant_id: product.variants[0].id, quantity: 1 }],
    })
    const cartId = created.body.cart.id
    const sessions = await send('POST', `/store/carts/${cartId}/payment-sessions`)
    expect(sessions.body.cart.payment_session).toMatchObject({ provider_id: 'test', is_initiated: true, amount: 1000 })

    const provider = testPaymentProvider(ctx.app.providers.paymentProviders)
    provider.failNext('updatePayment')
    const headers = { 'idempotency-key': `resume-${cartId}` }
    const payload = { variant_id: product.variants[0].id, quantity: 2 }
    const failed = await add(cartId, payload, headers)
    expect(failed.status).toBe(422)
    expect(await keyRow(headers['idempotency-key'])).toMatchObject({ recovery_point: 'set-payment-sessions' })

    const resumed = await add(cartId, payload, headers)
    expect(resumed.status).toBe(200)
    expect(resumed.body.cart.items).toMatchObject([{ quantity: 3 }])
    expect(resumed.body.cart.payment_session).toMatchObject({ amount: 3000, data: { amount: 3000 } })
    expect(provider.callsTo('updatePayment').map((call) => (call.context as { amount: number }).amount)).toEqual([
      3000, 3000,
    ])
  })
})

describe('POST /store/carts/:id/line-items/:line_id', () => {
  it('sets the quantity, re-prices it, merges metadata, and removes the line at 0', async () => {
    const cart = await cartIn()
    const bulk = await variant({
      prices: [
        { amount: 1000, region_id: region.id },
        { amount: 900, region_id: region.id, min_quantity: 5 },
      ],
    })
    const added = await add(cart.id, { variant_id: bulk.id, quantity: 1, metadata: { a: 1, b: 2 } })
    const lineId = added.body.cart.items[0].id
    const url = `/store/carts/${cart.id}/line-items/${lineId}`

    const updated = await send('POST', url, { quantity: 5, metadata: { b: '', c: 3 } })
    expect(updated.status).toBe(200)
    expect(updated.body.cart.items).toMatchObject([{ quantity: 5, unit_price: 900, metadata: { a: 1, c: 3 } }])
    expect(updated.body.cart.total).toBe(4500)

    const tooMany = await send('POST', url, { quantity: 11 })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.code).toBe('insufficient_inventory')
    expect((await send('POST', url, { quantity: -1 })).status).toBe(400)
    expect((await send('POST', url, {})).body.message).toMatch(/quantity is required/)

    const removed = await send('POST', url, { quantity: 0 })
    expect(removed.body.cart.items).toEqual([])
    expect(removed.body.cart.total).toBe(0)
  })

  it("counts the variant's units on the cart's other lines, and none of another cart's", async () => {
    const cart = await cartIn()
    const elsewhere = await cartIn()
    const scarce = await variant({ inventory_quantity: 5 })
    expect((await add(elsewhere.id, { variant_id: scarce.id, quantity: 4 })).status).toBe(200)
    expect((await add(cart.id, { variant_id: scarce.id, quantity: 1 })).status).toBe(200)
    const both = await add(cart.id, { variant_id: scarce.id, quantity: 1, metadata: { gift: true } })
    const gift = both.body.cart.items.find((item: { metadata: unknown }) => item.metadata !== null)
    const url = `/store/carts/${cart.id}/line-items/${gift.id}`

    expect((await send('POST', url, { quantity: 4 })).status).toBe(200)
    const over = await send('POST', url, { quantity: 5 })
    expect(over.status).toBe(400)
    expect(over.body.code).toBe('insufficient_inventory')
  })

  it('answers 400 for a line that is not on the cart', async () => {
    const cart = await cartIn()
    const other = await makeCart(db(), { region_id: region.id, items: [{}] })
    const res = await send('POST', `/store/carts/${cart.id}/line-items/${other.items[0].id}`, { quantity: 2 })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ type: 'invalid_data', message: 'Could not find the line item' })
  })
})

describe('DELETE /store/carts/:id/line-items/:line_id', () => {
  it('removes the line; an unknown line leaves the cart as it is', async () => {
    const cart = await makeCart(db(), { region_id: region.id, items: [{ unit_price: 100 }, { unit_price: 200 }] })
    const removed = await send('DELETE', `/store/carts/${cart.id}/line-items/${cart.items[0].id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.cart.items.map((item: { id: string }) => item.id)).toEqual([cart.items[1].id])
    expect(removed.body.cart.subtotal).toBe(200)

    const unknown = await send('DELETE', `/store/carts/${cart.id}/line-items/item_missing`)
    expect(unknown.status).toBe(200)
    expect(unknown.body.cart.items).toHaveLength(1)

    const completed = await makeCart(db(), { region_id: region.id, completed_at: new Date(), items: [{}] })
    const refused = await send('DELETE', `/store/carts/${completed.id}/line-items/${completed.items[0].id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('cart_incompatible_state')
  })
})
