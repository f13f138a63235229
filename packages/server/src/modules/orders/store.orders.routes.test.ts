import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeOrder } from '../../testing/factories/orders.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import { installRecordingFulfillmentProvider } from '../../testing/factories/fulfillment.js'
import { asAdmin } from '../../testing/factories/users.js'
import { cart, lineItem } from '../carts/schema.js'
import { adminRequest } from './admin/test-helpers.js'

const ctx = useTestApp()

let seq = 0
const uniqueEmail = (label: string) => `${label}-${++seq}-${Date.now()}@example.com`

/** An order of 2 × 1000 at 10 % and 500 shipping at 10 %, paid in full: 2000 + 200 + 500 + 50 = 2750. */
async function paidOrder(overrides: Parameters<typeof makeOrder>[1] = {}) {
  const product = await makeProduct(ctx.app.db)
  return makeOrder(ctx.app.db, {
    items: [{ unit_price: 1000, quantity: 2, tax_rate: 10, variant_id: product.variants[0].id }],
    shipping: [{ price: 500, tax_rate: 10 }],
    payments: [{ amount: 2750 }],
    ...overrides,
  })
}

describe('GET /store/orders/:id', () => {
  it('answers the default fields and relations with the totals', async () => {
    // Arrange
    const created = await paidOrder()

    // Act
    const res = await ctx.app.inject({ method: 'GET', url: `/store/orders/${created.id}` })

    // Assert
    expect(res.statusCode).toBe(200)
    const { order } = res.json()
    expect(Object.keys(order).sort()).toEqual(
      [
        'id',
        'status',
        'fulfillment_status',
        'payment_status',
        'display_id',
        'cart_id',
        'customer_id',
        'email',
        'region_id',
        'currency_code',
        'tax_rate',
        'created_at',
        'shipping_address',
        'fulfillments',
        'items',
        'shipping_methods',
        'discounts',
        'customer',
        'payments',
        'region',
        'subtotal',
        'discount_total',
        'shipping_total',
        'item_tax_total',
        'shipping_tax_total',
        'tax_total',
        'gift_card_total',
        'gift_card_tax_total',
        'total',
        'paid_total',
        'refunded_total',
        'refundable_amount',
      ].sort(),
    )
    expect(order).toMatchObject({
      id: created.id,
      status: 'pending',
      payment_status: 'awaiting',
      display_id: created.display_id,
      subtotal: 2000,
      item_tax_total: 200,
      shipping_total: 500,
      shipping_tax_total: 50,
      tax_total: 250,
      discount_total: 0,
      gift_card_total: 0,
      total: 2750,
      paid_total: 2750,
      refunded_total: 0,
      refundable_amount: 2750,
      fulfillments: [],
      discounts: [],
    })
    expect(order.items).toHaveLength(1)
    expect(order.items[0]).toMatchObject({
      order_id: created.id,
      quantity: 2,
      subtotal: 2000,
      tax_total: 200,
      total: 2200,
      refundable: 2200,
      tax_lines: [{ rate: 10, name: 'default', code: 'default' }],
    })
    expect(order.items[0].variant.id).toBe(order.items[0].variant_id)
    expect(order.shipping_methods[0]).toMatchObject({ price: 500, subtotal: 500, tax_total: 50, total: 550 })
    expect(order.shipping_methods[0].shipping_option.id).toBe(order.shipping_methods[0].shipping_option_id)
    expect(order.customer).toMatchObject({ id: created.customer_id, email: created.email })
    expect(order.customer).not.toHaveProperty('password_hash')
    expect(order.region.id).toBe(created.region_id)
    expect(order.shipping_address.postal_code).toBe('2100')
    expect(order.payments).toEqual([expect.objectContaining({ amount: 2750, order_id: created.id })])
  })

  it('answers the fulfilments with their tracking links, and the lookups do too', async () => {
    // Arrange: two fulfilments through the admin, the first shipped with a tracking number
    const carrier = await installRecordingFulfillmentProvider(ctx.app, ctx.app.db)
    const region = await makeRegion(ctx.app.db)
    const [placed] = await ctx.app.db
      .insert(cart)
      .values({ id: generateId('cart'), region_id: region.id, completed_at: new Date() })
      .returning()
    const made = await makeOrder(ctx.app.db, {
      cart_id: placed.id,
      region_id: region.id,
      items: [{ title: 'Mug', unit_price: 1000, quantity: 2 }],
      shipping: [{ price: 500 }],
      shipping_provider_id: carrier.id,
    })
    const admin = adminRequest(ctx.app, (await asAdmin(ctx.app.db)).headers)
    const [{ id: itemId }] = await ctx.app.db
      .select({ id: lineItem.id })
      .from(lineItem)
      .where(eq(lineItem.order_id, made.id))
    const first = await admin('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: itemId, quantity: 1 }],
    })
    const second = await admin('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: itemId, quantity: 1 }],
    })
    const [shippedId, openId] = [first.json().order.fulfillments[0].id, second.json().order.fulfillments[1].id]
    const shipped = await admin('POST', `/admin/orders/${made.id}/shipment`, {
      fulfillment_id: shippedId,
      tracking_numbers: ['TRACK-7'],
    })
    expect(shipped.statusCode).toBe(200)

    // Act
    const byId = await ctx.app.inject({ method: 'GET', url: `/store/orders/${made.id}` })
    const byCart = await ctx.app.inject({ method: 'GET', url: `/store/orders/cart/${placed.id}` })
    const trimmed = await ctx.app.inject({ method: 'GET', url: `/store/orders/${made.id}?expand=fulfillments` })

    // Assert
    expect(byId.statusCode).toBe(200)
    const { fulfillments } = byId.json().order
    expect(fulfillments.map((f: { id: string }) => f.id)).toEqual([shippedId, openId])
    expect(fulfillments[0]).toMatchObject({ order_id: made.id, provider_id: carrier.id, tracking_numbers: ['TRACK-7'] })
    expect(fulfillments[0].shipped_at).not.toBeNull()
    expect(fulfillments[0].tracking_links).toEqual([
      expect.objectContaining({ tracking_number: 'TRACK-7', fulfillment_id: shippedId }),
    ])
    expect(fulfillments[1]).toMatchObject({ shipped_at: null, tracking_links: [] })
    // The store answers no fulfilment items (not a store relation), and no tracking links unless expanded.
    expect(fulfillments[0]).not.toHaveProperty('items')
    expect(byCart.json().order.fulfillments).toEqual(fulfillments)
    expect(trimmed.json().order.fulfillments[0]).not.toHaveProperty('tracking_links')
  })

  it('counts only what has not been returned', async () => {
    const created = await makeOrder(ctx.app.db, {
      items: [{ unit_price: 1000, quantity: 3, returned_quantity: 1, tax_rate: 25 }],
      payments: [{ amount: 3750, amount_refunded: 1250 }],
    })

    const { order } = (await ctx.app.inject({ method: 'GET', url: `/store/orders/${created.id}` })).json()

    expect(order).toMatchObject({
      subtotal: 2000,
      tax_total: 500,
      total: 2500,
      paid_total: 3750,
      refunded_total: 1250,
      refundable_amount: 2500,
    })
  })

  it('selects fields and relations within the allow-lists', async () => {
    const created = await paidOrder()

    const picked = await ctx.app.inject({
      method: 'GET',
      url: `/store/orders/${created.id}?fields=email,object&expand=billing_address,items`,
    })
    const adjusted = await ctx.app.inject({ method: 'GET', url: `/store/orders/${created.id}?fields=-email,%2Bobject` })
    const badField = await ctx.app.inject({ method: 'GET', url: `/store/orders/${created.id}?fields=metadata` })
    const badRelation = await ctx.app.inject({ method: 'GET', url: `/store/orders/${created.id}?expand=cart` })

    expect(picked.statusCode).toBe(200)
    const order = picked.json().order
    expect(order).toMatchObject({
      id: created.id,
      email: created.email,
      object: 'order',
      billing_address: null,
      total: 2750,
    })
    expect(order).not.toHaveProperty('status')
    expect(order).not.toHaveProperty('customer')
    expect(order.items).toHaveLength(1)
    expect(order.items[0]).not.toHaveProperty('variant')
    expect(adjusted.json().order).toMatchObject({ object: 'order', status: 'pending' })
    expect(adjusted.json().order).not.toHaveProperty('email')
    expect(badField.statusCode).toBe(400)
    expect(badField.json()).toEqual({ type: 'invalid_data', message: 'Requested fields [metadata] are not valid' })
    expect(badRelation.statusCode).toBe(400)
    expect(badRelation.json().message).toBe('Requested fields [cart] are not valid')
  })

  it('answers 404 for an unknown order and 400 for unknown query keys', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/store/orders/order_missing' })
    const extra = await ctx.app.inject({ method: 'GET', url: '/store/orders/order_missing?foo=bar' })

    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ type: 'not_found', message: 'Order with id order_missing was not found' })
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toEqual({ type: 'invalid_data', message: 'property foo should not exist' })
  })
})

describe('GET /store/orders/cart/:cart_id', () => {
  it('finds the order placed from a cart, and 404s for a cart without one', async () => {
    const region = await makeRegion(ctx.app.db)
    const [placed, open] = await ctx.app.db
      .insert(cart)
      .values([
        { id: generateId('cart'), region_id: region.id, completed_at: new Date() },
        { id: generateId('cart'), region_id: region.id },
      ])
      .returning()
    const created = await paidOrder({ cart_id: placed.id, region_id: region.id })

    const found = await ctx.app.inject({ method: 'GET', url: `/store/orders/cart/${placed.id}` })
    const none = await ctx.app.inject({ method: 'GET', url: `/store/orders/cart/${open.id}` })

    expect(found.statusCode).toBe(200)
    expect(found.json().order).toMatchObject({ id: created.id, cart_id: placed.id, total: 2750 })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({ type: 'not_found', message: `Order with cart id: ${open.id} was not found` })
  })
})

describe('GET /store/orders (guest lookup)', () => {
  it('finds the order by number and e-mail, whatever the case of the e-mail', async () => {
    const email = uniqueEmail('guest')
    const created = await paidOrder({ email })

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/store/orders?display_id=${created.display_id}&email=${encodeURIComponent(email.toUpperCase())}&shipping_address[postal_code]=9999`,
    })

    expect(res.statusCode).toBe(200)
    expect(res.json().order).toMatchObject({ id: created.id, email, total: 2750 })
    expect(res.json().order.items).toHaveLength(1)
  })

  it('answers a bare 404 when the number and the e-mail do not match one order', async () => {
    const email = uniqueEmail('guest')
    const created = await paidOrder({ email })
    const other = await paidOrder()

    const wrongEmail = await ctx.app.inject({
      method: 'GET',
      url: `/store/orders?display_id=${created.display_id}&email=${encodeURIComponent(other.email)}`,
    })
    const unknownNumber = await ctx.app.inject({
      method: 'GET',
      url: `/store/orders?display_id=999999&email=${encodeURIComponent(email)}`,
    })

    for (const res of [wrongEmail, unknownNumber]) {
      expect(res.statusCode).toBe(404)
      expect(res.body).toBe('Not Found')
    }
  })

  it('rejects missing or malformed parameters naming the field', async () => {
    const email = encodeURIComponent(uniqueEmail('guest'))
    const cases: [string, string][] = [
      [`/store/orders?email=${email}`, 'display_id is required'],
      ['/store/orders?display_id=1', 'email is required'],
      [`/store/orders?display_id=abc&email=${email}`, 'display_id must be a integer'],
      ['/store/orders?display_id=1&email=not-an-email', 'email must be a valid email'],
      [
        `/store/orders?display_id=1&email=${email}&shipping_address[city]=x`,
        'property shipping_address.city should not exist',
      ],
    ]
    for (const [url, message] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ type: 'invalid_data', message })
    }
  })
})
