import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateId } from '../../../db/ids.js'
import { freeCountry } from '../../../testing/factories/carts.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { useTestApp } from '../../../testing/test-app.js'
import { productVariant } from '../../catalog/schema.js'
import { cart as cartTable, shippingMethod } from '../../carts/schema.js'
import { address } from '../../customers/schema.js'
import { ensureStore } from '../../store/service.js'
import { order } from '../schema.js'

const ctx = useTestApp()
const db = () => ctx.app.db

let seq = 0
const uniqueEmail = (label: string) => `${label}-${++seq}-${Date.now()}@example.com`

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object, headers })
  return { status: res.statusCode, body: res.json() }
}

beforeAll(async () => {
  await ensureStore(db())
})

async function shop() {
  const region = await makeRegion(db(), { countries: [await freeCountry(db())], payment_providers: ['manual', 'test'] })
  const product = await makeProduct(db(), {
    variants: [{ inventory_quantity: 10, prices: [{ amount: 1000, currency_code: 'usd', region_id: region.id }] }],
  })
  const option = await makeShippingOption(db(), region.id, { amount: 500 })
  return { region, variant: product.variants[0], option }
}

type Shop = Awaited<ReturnType<typeof shop>>
type Step = 'items' | 'email' | 'address' | 'shipping' | 'payment'
const ALL_STEPS: Step[] = ['items', 'email', 'address', 'shipping', 'payment']

/** The API checkout up to completion, each step only when asked for. */
async function steps(s: Shop, cartId: string, wanted: Step[]) {
  const ok = (res: { status: number }) => expect(res.status).toBe(200)
  if (wanted.includes('items'))
    ok(await post(`/store/carts/${cartId}/line-items`, { variant_id: s.variant.id, quantity: 1 }))
  if (wanted.includes('email')) ok(await post(`/store/carts/${cartId}`, { email: uniqueEmail('shopper') }))
  if (wanted.includes('address')) {
    ok(
      await post(`/store/carts/${cartId}`, {
        shipping_address: {
          first_name: 'Ada',
          address_1: '1 Row',
          city: 'Town',
          country_code: s.region.countries[0].iso_2,
        },
      }),
    )
  }
  if (wanted.includes('shipping')) ok(await post(`/store/carts/${cartId}/shipping-methods`, { option_id: s.option.id }))
  if (wanted.includes('payment')) {
    ok(await post(`/store/carts/${cartId}/payment-sessions`))
    ok(await post(`/store/carts/${cartId}/payment-session`, { provider_id: 'manual' }))
  }
}

async function newCart(s: Shop): Promise<string> {
  const res = await post('/store/carts', { region_id: s.region.id })
  return res.body.cart.id
}

/** Nothing was written: no order, the cart open, the stock untouched. */
async function expectUntouched(s: Shop, cartId: string) {
  expect(await db().select().from(order).where(eq(order.cart_id, cartId))).toEqual([])
  const [row] = await db().select().from(cartTable).where(eq(cartTable.id, cartId))
  expect(row.completed_at).toBeNull()
  const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, s.variant.id))
  expect(variant.inventory_quantity).toBe(10)
}

async function complete(cartId: string) {
  return post(`/store/carts/${cartId}/complete`)
}

describe('completing an incomplete cart', () => {
  const cases: { missing: Step; status: number; body: Record<string, unknown> }[] = [
    {
      missing: 'email',
      status: 400,
      body: { type: 'invalid_data', message: 'email is required to complete the cart' },
    },
    {
      missing: 'items',
      status: 400,
      body: { type: 'invalid_data', message: 'Cannot create an order from a cart without items' },
    },
    {
      missing: 'address',
      status: 400,
      body: { type: 'invalid_data', message: 'shipping_address is required to complete the cart' },
    },
    {
      missing: 'shipping',
      status: 400,
      body: {
        type: 'invalid_data',
        message: 'shipping_methods: the cart needs a shipping method for every shipping profile of its items',
      },
    },
    {
      missing: 'payment',
      status: 400,
      body: { type: 'not_allowed', message: 'You cannot complete a Cart without a payment session.' },
    },
  ]

  for (const { missing, status, body } of cases) {
    it(`refuses a cart without ${missing}, which stays usable and completes once fixed`, async () => {
      // Arrange
      const s = await shop()
      const cartId = await newCart(s)
      // A region with one country gives every new cart a shipping address in it; take it away.
      if (missing === 'address')
        await db().update(cartTable).set({ shipping_address_id: null }).where(eq(cartTable.id, cartId))
      await steps(
        s,
        cartId,
        ALL_STEPS.filter((step) => step !== missing),
      )

      // Act
      const refused = await complete(cartId)

      // Assert
      expect(refused.status).toBe(status)
      expect(refused.body).toEqual(body)
      await expectUntouched(s, cartId)
      // Fixing the cart (shipping and payment follow a new line or address) completes it.
      await steps(s, cartId, missing === 'items' ? ['items', 'shipping', 'payment'] : [missing])
      const placed = await complete(cartId)
      expect(placed.status).toBe(200)
      expect(placed.body.data).toMatchObject({ cart_id: cartId, total: 1500 })
    })
  }

  it('refuses a line of quantity 0 and leaves the cart completable', async () => {
    const s = await shop()
    const cartId = await newCart(s)
    await steps(s, cartId, ALL_STEPS)

    const zero = await post(`/store/carts/${cartId}/line-items`, { variant_id: s.variant.id, quantity: 0 })

    expect(zero.status).toBe(400)
    expect(zero.body).toMatchObject({ type: 'invalid_data', message: expect.stringMatching(/^quantity /) })
    const placed = await complete(cartId)
    expect(placed.status).toBe(200)
    expect(placed.body.data.items).toEqual([expect.objectContaining({ quantity: 1 })])
  })

  it("refuses a shipping address or a shipping method outside the cart's region", async () => {
    const s = await shop()
    const other = await shop()
    const cartId = await newCart(s)
    await steps(s, cartId, ALL_STEPS)
    const [row] = await db().select().from(cartTable).where(eq(cartTable.id, cartId))
    const foreignCountry = other.region.countries[0].iso_2
    await db().update(address).set({ country_code: foreignCountry }).where(eq(address.id, row.shipping_address_id!))

    const wrongCountry = await complete(cartId)

    expect(wrongCountry.status).toBe(400)
    expect(wrongCountry.body).toEqual({
      type: 'invalid_data',
      message: `shipping_address.country_code ${foreignCountry} is not in the cart's region`,
    })
    await expectUntouched(s, cartId)

    await steps(s, cartId, ['address'])
    const foreignMethod = generateId('sm')
    await db()
      .insert(shippingMethod)
      .values({ id: foreignMethod, shipping_option_id: other.option.id, cart_id: cartId, price: 0 })

    const wrongOption = await complete(cartId)

    expect(wrongOption.status).toBe(400)
    expect(wrongOption.body).toEqual({
      type: 'invalid_data',
      message: `shipping_methods: the shipping option ${other.option.id} is not available in the cart's region`,
    })
    await expectUntouched(s, cartId)
    await db().delete(shippingMethod).where(eq(shippingMethod.id, foreignMethod))
    expect((await complete(cartId)).status).toBe(200)
  })

  it('answers 404 for an unknown cart and 400 for unknown query keys', async () => {
    const unknown = await complete('cart_missing')
    const extra = await post('/store/carts/cart_missing/complete?foo=1')

    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ type: 'not_found', message: 'Cart with id cart_missing was not found' })
    expect(extra.status).toBe(400)
    expect(extra.body).toEqual({ type: 'invalid_data', message: 'property foo should not exist' })
  })

  it('refuses an Idempotency-Key already used for another cart', async () => {
    const s = await shop()
    const first = await newCart(s)
    const second = await newCart(s)
    await steps(s, first, ALL_STEPS)
    const headers = { 'idempotency-key': `shared-${first}` }
    expect((await post(`/store/carts/${first}/complete`, undefined, headers)).status).toBe(200)

    const reused = await post(`/store/carts/${second}/complete`, undefined, headers)

    expect(reused.status).toBe(422)
    expect(reused.body.type).toBe('duplicate_error')
  })

  it('serves the deprecated /complete-cart alias', async () => {
    const s = await shop()
    const cartId = await newCart(s)
    await steps(s, cartId, ALL_STEPS)

    const res = await post(`/store/carts/${cartId}/complete-cart`)

    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ type: 'order', data: { cart_id: cartId } })
  })
})
