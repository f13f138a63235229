import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../testing/test-app.js'
import { customer } from '../../customers/schema.js'
import { orderEvents } from '../admin/test-helpers.js'
import { swap } from '../schema.js'
import { checkoutSwapCart, swappableOrder } from './test-helpers.js'

const ctx = useTestApp()
const db = () => ctx.app.db

const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, body: res.json() }
}

describe('store swaps', () => {
  it('a shopper swaps an item of their guest order, completes the cart and reads the swap by its cart', async () => {
    const setup = await swappableOrder(db())
    const created = await call('POST', '/store/swaps', {
      order_id: setup.order.id,
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.dear, quantity: 1 }],
      return_shipping_option: setup.returnOption.id,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const made = created.body.swap
    expect(made).toMatchObject({ order_id: setup.order.id, no_notification: true, payment_status: 'not_paid' })
    expect(made.return_order.shipping_method).toMatchObject({ shipping_option_id: setup.returnOption.id, price: 200 })
    expect(made.cart).toMatchObject({ id: made.cart_id, type: 'swap' })
    expect((await orderEvents(db(), made.id)).map((event) => event.name)).toEqual(['swap.created'])

    // The shopper picks shipping for the new item, then pays the difference.
    const shipped = await call('POST', `/store/carts/${made.cart_id}/shipping-methods`, { option_id: setup.option.id })
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
    // 33.00 − 11.00 + 2.20 of return shipping.
    expect(shipped.body.cart.total).toBe(2420)
    const done = await checkoutSwapCart(ctx.app, made.cart_id)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({ type: 'swap', data: { id: made.id, difference_due: 2420 } })
    expect(done.body.data.shipping_methods).toMatchObject([{ shipping_option_id: setup.option.id, swap_id: made.id }])

    const read = await call('GET', `/store/swaps/${made.cart_id}`)
    expect(read.status).toBe(200)
    expect(read.body.swap).toMatchObject({ id: made.id, payment: { amount: 2420 }, order: { id: setup.order.id } })
    expect(read.body.swap.additional_items[0].variant.id).toBe(setup.dear)
  })

  it('refuses an unknown cart, another customer’s order and a bad body, each in the envelope', async () => {
    expect(await call('GET', '/store/swaps/cart_nope')).toEqual({
      status: 404,
      body: { type: 'not_found', message: 'Swap with cart_id cart_nope was not found' },
    })
    const setup = await swappableOrder(db())
    await db().update(customer).set({ has_account: true }).where(eq(customer.id, setup.order.customer_id))
    const foreign = await call('POST', '/store/swaps', {
      order_id: setup.order.id,
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [],
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.type).toBe('not_found')
    const bad = await call('POST', '/store/swaps', { order_id: setup.order.id, return_items: [] })
    expect(bad.status).toBe(400)
    expect(bad.body.type).toBe('invalid_data')
    expect(await db().select().from(swap).where(eq(swap.order_id, setup.order.id))).toEqual([])
  })

  it('answers a retried create with the same Idempotency-Key with the same swap, made once', async () => {
    const setup = await swappableOrder(db())
    const body = {
      order_id: setup.order.id,
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
    }
    const key = { 'idempotency-key': `store-swap-${setup.order.id}` }
    const [first, second] = await Promise.all([
      call('POST', '/store/swaps', body, key),
      call('POST', '/store/swaps', body, key),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body.swap.id).toBe(first.body.swap.id)
    const third = await call('POST', '/store/swaps', body, key)
    expect(third.body.swap.id).toBe(first.body.swap.id)
    expect(await db().select().from(swap).where(eq(swap.order_id, setup.order.id))).toHaveLength(1)
  })
})
