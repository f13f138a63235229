import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { outbox } from '../../../events/schema.js'
import type { TestPaymentProvider } from '../../../providers/payment-test.js'
import { freeCountry } from '../../../testing/factories/carts.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../../testing/factories/regions.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { makeTaxRate } from '../../../testing/factories/tax.js'
import { testConfig, useTestApp } from '../../../testing/test-app.js'
import { productVariant } from '../../catalog/schema.js'
import { cart as cartTable, lineItem } from '../../carts/schema.js'
import { ensureStore } from '../../store/service.js'
import { order } from '../schema.js'

const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, tax_inclusive_pricing: true } })
const db = () => ctx.app.db

let seq = 0
const uniqueEmail = (label: string) => `${label}-${++seq}-${Date.now()}@example.com`

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object, headers })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

async function get(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.json() }
}

beforeAll(async () => {
  await ensureStore(db())
})

interface ShopSetup {
  currency_code: string
  tax_rate: number
  includes_tax?: boolean
  unit_price: number
  shipping_price: number
  shipping_includes_tax?: boolean
}

/** A region with one country, the manual and test providers, a product and a shipping option priced in it. */
async function shop(setup: ShopSetup) {
  const region = await makeRegion(db(), {
    currency_code: setup.currency_code,
    tax_rate: setup.tax_rate,
    includes_tax: setup.includes_tax ?? false,
    countries: [await freeCountry(db())],
    payment_providers: ['manual', 'test'],
  })
  const product = await makeProduct(db(), {
    variants: [
      {
        inventory_quantity: 10,
        prices: [{ amount: setup.unit_price, currency_code: setup.currency_code, region_id: region.id }],
      },
    ],
  })
  const option = await makeShippingOption(db(), region.id, {
    amount: setup.shipping_price,
    includes_tax: setup.shipping_includes_tax ?? false,
  })
  return { region, product, variant: product.variants[0], option }
}

/**
 * The storefront's checkout as API calls: cart, line, email and address, shipping method from the
 * cart's options, payment sessions and the chosen provider. Answers the cart id before completion.
 */
async function checkout(
  region: RegionFixture,
  variantId: string,
  quantity: number,
  options: { provider?: string; context?: Record<string, unknown> } = {},
): Promise<string> {
  const created = await post('/store/carts', { region_id: region.id, context: options.context ?? {} })
  expect(created.status).toBe(200)
  const id: string = created.body.cart.id
  expect((await post(`/store/carts/${id}/line-items`, { variant_id: variantId, quantity })).status).toBe(200)
  const addressed = await post(`/store/carts/${id}`, {
    email: uniqueEmail('shopper'),
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_1: '1 Analytical Row',
      city: 'Capital',
      postal_code: '1234',
      country_code: region.countries[0].iso_2,
    },
  })
  expect(addressed.status).toBe(200)
  const offered = await get(`/store/shipping-options/${id}`)
  expect(offered.body.shipping_options).toHaveLength(1)
  const shipped = await post(`/store/carts/${id}/shipping-methods`, { option_id: offered.body.shipping_options[0].id })
  expect(shipped.status).toBe(200)
  expect((await post(`/store/carts/${id}/payment-sessions`)).status).toBe(200)
  const selected = await post(`/store/carts/${id}/payment-session`, { provider_id: options.provider ?? 'manual' })
  expect(selected.status).toBe(200)
  return id
}

async function placedEvents(orderIds: string[]) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.event_name, 'order.placed'), inArray(sql`${outbox.data}->>'id'`, orderIds)))
}

async function ordersOfCart(cartId: string) {
  return db().select().from(order).where(eq(order.cart_id, cartId))
}

async function stockOf(variantId: string) {
  const [row] = await db().select().from(productVariant).where(eq(productVariant.id, variantId))
  return row.inventory_quantity
}

describe('checkout journey', () => {
  it('places a usd order with taxes on top, to the cent', async () => {
    // Arrange: 3 × 19.99 and 5.99 shipping at 8.25 %
    const { region, variant } = await shop({
      currency_code: 'usd',
      tax_rate: 8.25,
      unit_price: 1999,
      shipping_price: 599,
    })
    const cartId = await checkout(region, variant.id, 3)

    // Act
    const res = await post(`/store/carts/${cartId}/complete`)

    // Assert: 5997 + round(494.7525) + 599 + round(49.4175) = 5997 + 495 + 599 + 49
    expect(res.status).toBe(200)
    expect(res.headers['idempotency-key']).toEqual(expect.any(String))
    expect(res.body.type).toBe('order')
    const placed = res.body.data
    expect(placed).toMatchObject({
      object: 'order',
      cart_id: cartId,
      status: 'pending',
      payment_status: 'awaiting',
      fulfillment_status: 'not_fulfilled',
      currency_code: 'usd',
      region_id: region.id,
      subtotal: 5997,
      item_tax_total: 495,
      shipping_total: 599,
      shipping_tax_total: 49,
      tax_total: 544,
      discount_total: 0,
      total: 7140,
      paid_total: 7140,
      refundable_amount: 7140,
    })
    expect(placed.display_id).toEqual(expect.any(Number))
    expect(placed.items).toEqual([
      expect.objectContaining({ variant_id: variant.id, quantity: 3, unit_price: 1999, tax_total: 495, total: 6492 }),
    ])
    expect(placed.payments).toEqual([
      expect.objectContaining({ amount: 7140, currency_code: 'usd', provider_id: 'manual', order_id: placed.id }),
    ])
    expect(placed.shipping_address).toMatchObject({ first_name: 'Ada', country_code: region.countries[0].iso_2 })
    expect(await stockOf(variant.id)).toBe(7)
    expect(await placedEvents([placed.id])).toHaveLength(1)
    const [cartRow] = await db().select().from(cartTable).where(eq(cartTable.id, cartId))
    expect(cartRow.completed_at).not.toBeNull()
    expect(cartRow.payment_id).toBe(placed.payments[0].id)
    // Authorized in the transaction that placed the order, and written with its completion.
    expect(cartRow.payment_authorized_at).toBeInstanceOf(Date)
    expect(cartRow.payment_authorized_at!.getTime()).toBeLessThanOrEqual(cartRow.completed_at!.getTime())

    // The order reads back the same through the store routes.
    const byCart = await get(`/store/orders/cart/${cartId}`)
    expect(byCart.body.order).toMatchObject({ id: placed.id, total: 7140, tax_total: 544 })
    const again = await post(`/store/carts/${cartId}/complete`)
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(placed.id)
    expect(await placedEvents([placed.id])).toHaveLength(1)
  })

  it('places a eur order with tax-inclusive prices, to the cent', async () => {
    // 2 × 24.99 and 4.99 shipping, both gross at 21 %.
    const { region, variant } = await shop({
      currency_code: 'eur',
      tax_rate: 21,
      includes_tax: true,
      unit_price: 2499,
      shipping_price: 499,
      shipping_includes_tax: true,
    })
    const cartId = await checkout(region, variant.id, 2)

    const res = await post(`/store/carts/${cartId}/complete`)

    // 4998 gross: net round(4998 / 1.21) = round(4130.578…) = 4131, tax 867;
    // 499 gross: net round(412.396…) = 412, tax 87. Total = the gross paid, 5497.
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      currency_code: 'eur',
      subtotal: 4131,
      item_tax_total: 867,
      shipping_total: 412,
      shipping_tax_total: 87,
      tax_total: 954,
      total: 5497,
      paid_total: 5497,
    })
    expect(res.body.data.items[0]).toMatchObject({ includes_tax: true, unit_price: 2499, subtotal: 4131, total: 4998 })
  })

  it('places a jpy order in whole yen, with a product tax rate', async () => {
    // 3 × ¥1234 at the product's 8 % rate, ¥777 shipping at the region's 10 %.
    const { region, product, variant } = await shop({
      currency_code: 'jpy',
      tax_rate: 10,
      unit_price: 1234,
      shipping_price: 777,
    })
    await makeTaxRate(db(), { region_id: region.id, rate: 8, code: 'reduced', name: 'Reduced', products: [product.id] })
    const cartId = await checkout(region, variant.id, 3, { provider: 'test' })

    const res = await post(`/store/carts/${cartId}/complete`)

    // 3702 × 8 % = 296.16 → 296; 777 × 10 % = 77.7 → 78.
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      currency_code: 'jpy',
      subtotal: 3702,
      item_tax_total: 296,
      shipping_total: 777,
      shipping_tax_total: 78,
      tax_total: 374,
      total: 4853,
      paid_total: 4853,
    })
    expect(res.body.data.items[0].tax_lines).toEqual([expect.objectContaining({ rate: 8, code: 'reduced' })])
    expect(res.body.data.payments[0]).toMatchObject({
      provider_id: 'test',
      amount: 4853,
      data: { status: 'authorized' },
    })
  })
})

describe('free orders', () => {
  it('places an order that costs nothing without a payment session or payment', async () => {
    const { region, variant, option } = await shop({
      currency_code: 'usd',
      tax_rate: 10,
      unit_price: 0,
      shipping_price: 0,
    })
    const created = await post('/store/carts', {
      region_id: region.id,
      items: [{ variant_id: variant.id, quantity: 1 }],
    })
    const id: string = created.body.cart.id
    expect((await post(`/store/carts/${id}`, { email: uniqueEmail('free') })).status).toBe(200)
    expect((await post(`/store/carts/${id}/shipping-methods`, { option_id: option.id })).status).toBe(200)

    const res = await post(`/store/carts/${id}/complete`)

    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ total: 0, paid_total: 0, payments: [] })
    expect(await placedEvents([res.body.data.id])).toHaveLength(1)
  })
})

// The manual provider authorizes in the cart's transaction (`local`); the test provider, like a real
// gateway, outside it, between the stages of the completion. Each race holds on both paths.
describe.each(['manual', 'test'])('completion races (%s provider)', (provider) => {
  /** The gateway's authorizations of one cart: one, however many completions race (the test provider records them). */
  const authorizationsOf = (cartId: string) =>
    (ctx.app.providers.paymentProviders.get('test') as TestPaymentProvider).calls.filter(
      (call) => call.method === 'authorizePayment' && call.data?.resource_id === cartId,
    ).length

  it('answers ten identical requests with one Idempotency-Key with one order and ten identical answers', async () => {
    const { region, variant } = await shop({ currency_code: 'usd', tax_rate: 0, unit_price: 1000, shipping_price: 500 })
    const cartId = await checkout(region, variant.id, 1, { provider })
    const headers = { 'idempotency-key': `complete-${cartId}` }

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({ method: 'POST', url: `/store/carts/${cartId}/complete`, headers }),
      ),
    )

    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((res) => res.body)).size).toBe(1)
    expect(answers.every((res) => res.headers['idempotency-key'] === headers['idempotency-key'])).toBe(true)
    const orders = await ordersOfCart(cartId)
    expect(orders).toHaveLength(1)
    expect(answers[0].json().data.id).toBe(orders[0].id)
    expect(await placedEvents([orders[0].id])).toHaveLength(1)
    expect(await stockOf(variant.id)).toBe(9)
    if (provider === 'test') expect(authorizationsOf(cartId)).toBe(1)
  })

  it('makes one order of ten completions of one cart without a key', async () => {
    const { region, variant } = await shop({ currency_code: 'usd', tax_rate: 0, unit_price: 1000, shipping_price: 500 })
    const cartId = await checkout(region, variant.id, 2, { provider })

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.app.inject({ method: 'POST', url: `/store/carts/${cartId}/complete` })),
    )

    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200))
    const orders = await ordersOfCart(cartId)
    expect(orders).toHaveLength(1)
    expect(new Set(answers.map((res) => res.json().data.id))).toEqual(new Set([orders[0].id]))
    expect(await placedEvents([orders[0].id])).toHaveLength(1)
    expect(await stockOf(variant.id)).toBe(8)
    if (provider === 'test') expect(authorizationsOf(cartId)).toBe(1)
  })

  it('sells the last unit once when two carts complete at the same time', async () => {
    const { region, variant } = await shop({ currency_code: 'usd', tax_rate: 0, unit_price: 1000, shipping_price: 500 })
    const first = await checkout(region, variant.id, 1, { provider })
    const second = await checkout(region, variant.id, 1, { provider })
    await db().update(productVariant).set({ inventory_quantity: 1 }).where(eq(productVariant.id, variant.id))

    const answers = await Promise.all([first, second].map((id) => post(`/store/carts/${id}/complete`)))

    expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
    const refused = answers.find((res) => res.status === 409)!
    expect(refused.body).toEqual({
      errors: [
        {
          message: `Variant with id: ${variant.id} does not have the required inventory`,
          type: 'not_allowed',
          code: 'insufficient_inventory',
        },
      ],
    })
    expect(await stockOf(variant.id)).toBe(0)
    const placed = await db()
      .select()
      .from(order)
      .where(inArray(order.cart_id, [first, second]))
    expect(placed).toHaveLength(1)
  })
})

describe('stock', () => {
  const serverKey = () => ({})
  const clientKey = (cartId: string) => ({ 'idempotency-key': `stock-${cartId}` })
  // A provider answering in-process authorizes in the order's transaction: the stock-out rolls the
  // authorization back with the order, so the session stays as it was; any other provider's
  // authorization was committed first, and is cancelled.
  it.each([
    ['a key made up by the server', serverKey, false],
    ["a client's key", clientKey, false],
    ['a key made up by the server, a provider answering in-process', serverKey, true],
    ["a client's key, a provider answering in-process", clientKey, true],
  ])(
    'under %s, refuses with 409 and writes nothing when the stock ran out, then completes once restocked',
    async (_label, headersFor, local) => {
      const provider = ctx.app.providers.paymentProviders.get('test')!
      Object.defineProperty(provider, 'local', { value: local, configurable: true })
      onTestFinished(() => void delete (provider as { local?: boolean }).local)
      const { region, variant } = await shop({
        currency_code: 'usd',
        tax_rate: 10,
        unit_price: 1000,
        shipping_price: 500,
      })
      const cartId = await checkout(region, variant.id, 2, { provider: 'test' })
      await db().update(productVariant).set({ inventory_quantity: 1 }).where(eq(productVariant.id, variant.id))
      const outboxBefore = await db().select({ id: outbox.id }).from(outbox)

      const refused = await post(`/store/carts/${cartId}/complete`, undefined, headersFor(cartId))

      expect(refused.status).toBe(409)
      expect(refused.body.errors[0]).toMatchObject({ code: 'insufficient_inventory', type: 'not_allowed' })
      expect(await ordersOfCart(cartId)).toEqual([])
      expect(await stockOf(variant.id)).toBe(1)
      const outboxAfter = await db().select({ id: outbox.id, event_name: outbox.event_name }).from(outbox)
      expect(outboxAfter.filter((row) => !outboxBefore.some((old) => old.id === row.id))).toEqual([])
      const cart = (await get(`/store/carts/${cartId}`)).body.cart
      expect(cart).toMatchObject({ completed_at: null, payment_authorized_at: null, payment_id: null })
      expect(cart.payment_session.status).toBe(local ? 'pending' : 'canceled')
      // The key is finished: the same key answers the same 409, even once the stock is back.
      await db().update(productVariant).set({ inventory_quantity: 5 }).where(eq(productVariant.id, variant.id))
      const replay = await post(`/store/carts/${cartId}/complete`, undefined, {
        'idempotency-key': String(refused.headers['idempotency-key']),
      })
      expect(replay.status).toBe(409)
      expect(replay.body).toEqual(refused.body)
      expect(await ordersOfCart(cartId)).toEqual([])

      const placed = await post(`/store/carts/${cartId}/complete`)
      expect(placed.status).toBe(200)
      expect(placed.body.data).toMatchObject({ total: 2750, paid_total: 2750 })
      expect(await stockOf(variant.id)).toBe(3)
    },
  )
})

// A provider that answers in-process authorizes in the transaction that checks the cart, any other
// outside of it: both ways must end alike, and ask the provider once per completion.
describe.each([false, true])('payment outcomes (provider answering in-process: %s)', (local) => {
  const provider = () => ctx.app.providers.paymentProviders.get('test')!
  let authorizations = 0
  beforeEach(() => {
    const authorize = provider().authorizePayment
    authorizations = 0
    Object.defineProperties(provider(), {
      local: { value: local, configurable: true },
      authorizePayment: {
        value: (...args: Parameters<typeof authorize>) => (authorizations++, authorize.apply(provider(), args)),
        configurable: true,
      },
    })
  })
  afterEach(() => {
    delete (provider() as { local?: boolean }).local
    delete (provider() as { authorizePayment?: unknown }).authorizePayment
  })

  it('keeps the cart completable after a refused authorization, and the retry with the key succeeds', async () => {
    const { region, variant } = await shop({ currency_code: 'usd', tax_rate: 0, unit_price: 1000, shipping_price: 500 })
    const cartId = await checkout(region, variant.id, 1, { provider: 'test', context: { test_outcome: 'fail' } })
    const headers = { 'idempotency-key': `retry-${cartId}` }

    const failed = await post(`/store/carts/${cartId}/complete`, undefined, headers)

    expect(authorizations).toBe(1)
    expect(failed.status).toBe(400)
    expect(failed.body).toEqual({ type: 'not_allowed', message: 'Payment authorization failed' })
    expect(await ordersOfCart(cartId)).toEqual([])
    const cart = (await get(`/store/carts/${cartId}`)).body.cart
    expect(cart).toMatchObject({ completed_at: null, payment_authorized_at: null })
    expect(cart.payment_session.status).toBe('error')

    expect((await post(`/store/carts/${cartId}`, { context: { test_outcome: 'authorize' } })).status).toBe(200)
    const retried = await post(`/store/carts/${cartId}/complete`, undefined, headers)

    expect(retried.status).toBe(200)
    expect(authorizations).toBe(2)
    expect(retried.body.type).toBe('order')
    expect(retried.body.data.payments[0]).toMatchObject({ provider_id: 'test', amount: 1500 })
  })

  it('answers 422 when the provider throws, and completes on a later try', async () => {
    const { region, variant } = await shop({ currency_code: 'usd', tax_rate: 0, unit_price: 1000, shipping_price: 500 })
    const cartId = await checkout(region, variant.id, 1, { provider: 'test', context: { test_outcome: 'throw' } })

    const thrown = await post(`/store/carts/${cartId}/complete`)

    expect(thrown.status).toBe(422)
    expect(thrown.body).toEqual({ type: 'payment_authorization_error', message: 'Payment authorization failed' })
    expect(await ordersOfCart(cartId)).toEqual([])
    await post(`/store/carts/${cartId}`, { context: { test_outcome: 'authorize' } })
    expect((await post(`/store/carts/${cartId}/complete`)).status).toBe(200)
  })

  it('answers the cart when the payment needs more action, without tax lines or order', async () => {
    const { region, variant } = await shop({
      currency_code: 'usd',
      tax_rate: 10,
      unit_price: 1000,
      shipping_price: 500,
    })
    const cartId = await checkout(region, variant.id, 1, {
      provider: 'test',
      context: { test_outcome: 'requires_more' },
    })

    const res = await post(`/store/carts/${cartId}/complete`)

    expect(res.status).toBe(200)
    expect(authorizations).toBe(1)
    expect(res.body).toMatchObject({
      type: 'cart',
      payment_status: 'requires_more',
      data: { id: cartId, object: 'cart', completed_at: null, total: 1650 },
    })
    expect(await ordersOfCart(cartId)).toEqual([])
    const storedLines = await db().execute(
      sql`SELECT count(*)::int AS n FROM line_item_tax_line t JOIN ${lineItem} l ON l.id = t.item_id WHERE l.cart_id = ${cartId}`,
    )
    expect((storedLines as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0)
  })
})
