import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/types.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { freeCountry } from '../../../testing/factories/carts.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { lineItem } from '../../carts/schema.js'
import { order, payment, refund, swap } from '../schema.js'

/**
 * A captured, fulfilled order of 2 shirts at 10.00 taxed 10 % (22.00, paid through the `test`
 * provider) in a region offering `test`, with a cheaper (5.00) and a dearer (30.00) variant to
 * swap for, a shipping option at 0 and a return option at 2.00.
 */
export async function swappableOrder(db: Db) {
  const country = await freeCountry(db)
  const region = await makeRegion(db, {
    currency_code: 'usd',
    tax_rate: 10,
    countries: [country],
    payment_providers: ['test'],
  })
  const prices = (amount: number) => [{ amount, currency_code: 'usd', region_id: region.id }]
  const cheap = await makeProduct(db, { variants: [{ inventory_quantity: 5, prices: prices(500) }] })
  const dear = await makeProduct(db, { variants: [{ inventory_quantity: 5, prices: prices(3000) }] })
  const made = await makeOrder(db, {
    region_id: region.id,
    tax_rate: 10,
    status: 'pending',
    fulfillment_status: 'fulfilled',
    payment_status: 'captured',
    shipping_address: { country_code: country },
    items: [{ title: 'Shirt', unit_price: 1000, quantity: 2, tax_rate: 10 }],
    payments: [{ amount: 2200, provider_id: 'test', captured: true }],
  })
  const [shirt] = await db.select().from(lineItem).where(eq(lineItem.order_id, made.id))
  await db.update(lineItem).set({ fulfilled_quantity: 2, shipped_quantity: 2 }).where(eq(lineItem.id, shirt.id))
  const option = await makeShippingOption(db, region.id, { amount: 0 })
  const returnOption = await makeShippingOption(db, region.id, { amount: 200, is_return: true })
  return {
    region,
    order: made,
    shirt,
    cheap: cheap.variants[0].id,
    dear: dear.variants[0].id,
    option,
    returnOption,
  }
}

/** Everything a swap's payment may change: the order, its payments and refunds, its swaps. */
export async function swapSnapshot(db: Db, orderId: string) {
  return {
    order: (await db.select().from(order).where(eq(order.id, orderId)))[0],
    payments: await db.select().from(payment).where(eq(payment.order_id, orderId)),
    refunds: await db.select().from(refund).where(eq(refund.order_id, orderId)),
    swaps: await db.select().from(swap).where(eq(swap.order_id, orderId)),
  }
}

/** The shopper's checkout of a swap's cart: a payment session of `test` when something is due, then completion. */
export async function checkoutSwapCart(app: FastifyInstance, cartId: string) {
  const call = async (url: string, payload?: object) => {
    const res = await app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) })
    return { status: res.statusCode, body: res.json() }
  }
  const cart = await app.inject({ method: 'GET', url: `/store/carts/${cartId}` })
  if (cart.json().cart.total > 0) {
    await call(`/store/carts/${cartId}/payment-sessions`)
    const selected = await call(`/store/carts/${cartId}/payment-session`, { provider_id: 'test' })
    if (selected.status !== 200) throw new Error(JSON.stringify(selected.body))
  }
  return call(`/store/carts/${cartId}/complete`)
}
