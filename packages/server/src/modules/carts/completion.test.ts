import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeCheckoutReadyCart } from '../../testing/factories/carts.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { makeTaxRate } from '../../testing/factories/tax.js'
import { useTestApp } from '../../testing/test-app.js'
import { region as regionTable } from '../regions/schema.js'
import { ensureStore } from '../store/service.js'
import { lineItemTaxLine, shippingMethodTaxLine } from './schema.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import {
  cartTotals,
  clearCartTaxLines,
  markCartCompleted,
  retrieveCartForCompletion,
  setCartPayment,
  cartTaxLineWrites,
  updatePaymentSessionState,
} from './service.js'

/** The service functions the orders module completes carts with. */
const ctx = useTestApp()
const db = () => ctx.app.db
const flags = { tax_inclusive_pricing: false, sales_channels: true }

beforeAll(async () => {
  await ensureStore(db())
})

describe('cart completion helpers', () => {
  it('makeCheckoutReadyCart: email, addresses, a shipping method and a selected manual session for the total', async () => {
    const ready = await makeCheckoutReadyCart(db(), { quantity: 2, unit_price: 1500, shipping_price: 700 })
    expect(ready.details.cart.email).toMatch(/@example\.com$/)
    expect(ready.details.shipping_address?.country_code).toBe(ready.region.countries[0].iso_2)
    expect(ready.details.billing_address).not.toBeNull()
    expect(ready.details.shipping_methods).toHaveLength(1)
    expect(ready.details.totals.total).toBe(3700)
    expect(ready.details.payment_sessions).toMatchObject([
      { provider_id: 'manual', is_selected: true, is_initiated: true, status: 'pending', amount: 3700 },
    ])

    const res = await ctx.app.inject({ method: 'GET', url: `/store/carts/${ready.cart.id}` })
    expect(res.json().cart).toMatchObject({ total: 3700, payment_session: { provider_id: 'manual' } })
  })

  it('stores the tax lines, and a completed cart is totalled with them', async () => {
    const region = await makeRegion(db(), { countries: ['nz'], tax_rate: 15, payment_providers: ['manual'] })
    const ready = await makeCheckoutReadyCart(db(), { region, unit_price: 2000, shipping_price: 1000 })
    await makeTaxRate(db(), { region_id: region.id, rate: 9, code: 'SHIP', shipping_options: [ready.option.id] })

    const completed = await db().transaction(async (tx) => {
      const details = await retrieveCartForCompletion(tx, ready.cart.id, flags)
      expect(cartTotals(details)).toMatchObject({ item_tax_total: 300, shipping_tax_total: 90, total: 3390 })
      const { writes, stored } = await cartTaxLineWrites(tx, details)
      await concurrently(tx, writes)
      // The cart as the writes leave it, told before they run: the lines they store, with their totals.
      expect(stored.taxes).toBe('stored')
      expect(stored.totals).toMatchObject({ item_tax_total: 300, shipping_tax_total: 90, total: 3390 })
      const written = await tx.select().from(lineItemTaxLine).where(eq(lineItemTaxLine.item_id, details.items[0].id))
      expect(stored.items[0].tax_lines).toMatchObject(
        written.map(({ id, rate, name, code }) => ({ id, rate, name, code })),
      )
      await setCartPayment(tx, ready.cart.id, { payment_authorized_at: new Date() })
      const authorizedAt = new Date()
      const session = await updatePaymentSessionState(tx, details.payment_sessions[0].id, {
        status: 'authorized',
        data: { charge: 'ch_1', 'quoted "key"': [1, null] },
        payment_authorized_at: authorizedAt,
      })
      expect(session).toMatchObject({
        status: 'authorized',
        data: { charge: 'ch_1', 'quoted "key"': [1, null] },
        payment_authorized_at: authorizedAt,
      })
      return markCartCompleted(tx, ready.cart.id)
    })
    expect(completed.completed_at).toBeInstanceOf(Date)

    const itemLines = await db()
      .select()
      .from(lineItemTaxLine)
      .where(
        inArray(
          lineItemTaxLine.item_id,
          ready.details.items.map((item) => item.id),
        ),
      )
    expect(itemLines).toMatchObject([{ rate: 15, name: 'default', code: 'default' }])
    const methodLines = await db()
      .select()
      .from(shippingMethodTaxLine)
      .where(eq(shippingMethodTaxLine.shipping_method_id, ready.details.shipping_methods[0].id))
    expect(methodLines).toMatchObject([{ rate: 9, code: 'SHIP' }])

    // Rates changing later do not change what the completed cart was charged.
    await db().update(regionTable).set({ tax_rate: 25 }).where(eq(regionTable.id, region.id))
    const res = await ctx.app.inject({ method: 'GET', url: `/store/carts/${ready.cart.id}` })
    expect(res.json().cart).toMatchObject({
      completed_at: expect.any(String),
      payment_authorized_at: expect.any(String),
      item_tax_total: 300,
      shipping_tax_total: 90,
      total: 3390,
      payment_session: { status: 'authorized' },
    })

    const again = await db()
      .transaction((tx) => markCartCompleted(tx, ready.cart.id))
      .catch((error: unknown) => error)
    expect(again).toMatchObject({ type: 'not_allowed', code: 'cart_incompatible_state' })
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/store/carts/${ready.cart.id}/line-items`,
      payload: { variant_id: ready.product.variants[0].id, quantity: 1 },
    })
    expect(late.statusCode).toBe(400)
    expect(late.json().code).toBe('cart_incompatible_state')
  })

  it('clears stored tax lines when completion is abandoned', async () => {
    const ready = await makeCheckoutReadyCart(db())
    await db().transaction(async (tx) => {
      const storeTaxLines = async () =>
        concurrently(
          tx,
          (await cartTaxLineWrites(tx, await retrieveCartForCompletion(tx, ready.cart.id, flags))).writes,
        )
      await storeTaxLines()
      // Twice is the same as once: the previous lines are replaced.
      await storeTaxLines()
    })
    const stored = () =>
      db()
        .select()
        .from(lineItemTaxLine)
        .where(
          inArray(
            lineItemTaxLine.item_id,
            ready.details.items.map((item) => item.id),
          ),
        )
    expect(await stored()).toHaveLength(1)
    await db().transaction((tx) => clearCartTaxLines(tx, ready.cart.id))
    expect(await stored()).toEqual([])
  })
})
