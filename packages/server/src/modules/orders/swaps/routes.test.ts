import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { generateId } from '../../../db/ids.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { cart, lineItem } from '../../carts/schema.js'
import { productVariant } from '../../catalog/schema.js'
import { orderEvents } from '../admin/test-helpers.js'
import { order, orderReturn, payment, refund, swap } from '../schema.js'
import { checkoutSwapCart, swappableOrder, swapSnapshot } from './test-helpers.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let headers: Record<string, string>
let provider: TestPaymentProvider

beforeAll(async () => {
  headers = (await asAdmin(db())).headers
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
})
beforeEach(() => provider.reset())

const post = (url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) })
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers })

type Setup = Awaited<ReturnType<typeof swappableOrder>>

/** A swap of one shirt (11.00 with tax) for one unit of `variant`, shipped free. */
async function swapFor(setup: Setup, variant: string, extra: object = {}) {
  const res = await post(`/admin/orders/${setup.order.id}/swaps`, {
    return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
    additional_items: [{ variant_id: variant, quantity: 1 }],
    custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    ...extra,
  })
  expect(res.statusCode, res.body).toBe(200)
  const swaps = res.json().order.swaps
  return swaps[swaps.length - 1]
}

describe('a swap for a dearer item', () => {
  it('charges the difference to the cent: cart, checkout, capture, fulfil, ship', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.dear)
    expect(created).toMatchObject({
      order_id: setup.order.id,
      fulfillment_status: 'not_fulfilled',
      payment_status: 'not_paid',
      difference_due: null,
      allow_backorder: true,
    })
    expect(created.return_order).toMatchObject({ status: 'requested', swap_id: created.id })
    expect(created.return_order.items).toMatchObject([{ item_id: setup.shirt.id, quantity: 1 }])
    expect(created.additional_items).toMatchObject([{ unit_price: 3000, quantity: 1, swap_id: created.id }])
    const [cartRow] = await db().select().from(cart).where(eq(cart.id, created.cart_id))
    expect(cartRow).toMatchObject({ type: 'swap', customer_id: setup.order.customer_id })

    // 30.00 + 3.00 tax for the new item, less 10.00 + 1.00 for the shirt back.
    const storeCart = await ctx.app.inject({ method: 'GET', url: `/store/carts/${created.cart_id}` })
    expect(storeCart.json().cart.total).toBe(2200)
    const done = await checkoutSwapCart(ctx.app, created.cart_id)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.type).toBe('swap')
    expect(done.body.data).toMatchObject({ id: created.id, difference_due: 2200, payment_status: 'awaiting' })
    expect(done.body.data.payment).toMatchObject({ amount: 2200, swap_id: created.id, captured_at: null })
    // Completing again answers the swap again.
    const again = await ctx.app.inject({ method: 'POST', url: `/store/carts/${created.cart_id}/complete` })
    expect(again.json()).toMatchObject({ type: 'swap', data: { id: created.id, difference_due: 2200 } })

    const processed = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`)
    expect(processed.statusCode, processed.body).toBe(200)
    expect(processed.json().order.swaps[0]).toMatchObject({ payment_status: 'captured' })
    expect(provider.callsTo('capturePayment')).toHaveLength(1)
    const [paid] = await db().select().from(payment).where(eq(payment.swap_id, created.id))
    expect(paid.captured_at).not.toBeNull()
    // Processing again changes nothing.
    expect((await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`)).statusCode).toBe(200)
    expect(provider.callsTo('capturePayment')).toHaveLength(1)
    expect(await db().select().from(refund).where(eq(refund.order_id, setup.order.id))).toEqual([])

    const fulfilled = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/fulfillments`)
    expect(fulfilled.statusCode, fulfilled.body).toBe(200)
    const afterFulfil = fulfilled.json().order.swaps[0]
    expect(afterFulfil.fulfillment_status).toBe('fulfilled')
    expect(afterFulfil.fulfillments).toHaveLength(1)
    const shipped = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/shipments`, {
      fulfillment_id: afterFulfil.fulfillments[0].id,
      tracking_numbers: ['TRACK-1'],
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(shipped.json().order.swaps[0].fulfillment_status).toBe('shipped')
    const cancelShipped = await post(
      `/admin/orders/${setup.order.id}/swaps/${created.id}/fulfillments/${afterFulfil.fulfillments[0].id}/cancel`,
    )
    expect(cancelShipped.statusCode).toBe(400)
    expect(cancelShipped.json().type).toBe('not_allowed')

    const events = (await orderEvents(db(), created.id)).map((event) => event.name)
    expect(events).toEqual([
      'swap.created',
      'swap.payment_completed',
      'swap.payment_captured',
      'swap.fulfillment_created',
      'swap.shipment_created',
    ])
  })

  it('takes the additional item from stock when the cart completes', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.dear)
    expect((await checkoutSwapCart(ctx.app, created.cart_id)).status).toBe(200)
    const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, setup.dear))
    expect(variant.inventory_quantity).toBe(4)
  })

  it('leaves the order and the swap exactly as before when the provider refuses the capture', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.dear)
    expect((await checkoutSwapCart(ctx.app, created.cart_id)).status).toBe(200)
    const before = await swapSnapshot(db(), setup.order.id)
    const [paymentBefore] = await db().select().from(payment).where(eq(payment.swap_id, created.id))
    provider.failNext('capturePayment')
    const res = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ type: 'payment_authorization_error' })
    expect(await swapSnapshot(db(), setup.order.id)).toEqual(before)
    expect((await db().select().from(payment).where(eq(payment.swap_id, created.id)))[0]).toEqual(paymentBefore)
    expect((await orderEvents(db(), created.id)).map((event) => event.name)).toContain('swap.payment_capture_failed')
    // The next attempt captures.
    const again = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`)
    expect(again.json().order.swaps[0].payment_status).toBe('captured')
  })
})

describe('a swap for a cheaper item', () => {
  it('completes without a payment and refunds the difference to the cent', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.cheap)
    // 5.00 + 0.50 for the new item, less 11.00 for the shirt.
    const done = await checkoutSwapCart(ctx.app, created.cart_id)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toMatchObject({ difference_due: -550, payment_status: 'awaiting', payment: null })
    expect(provider.callsTo('authorizePayment')).toHaveLength(0)

    const processed = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`)
    expect(processed.statusCode, processed.body).toBe(200)
    expect(processed.json().order.swaps[0].payment_status).toBe('difference_refunded')
    expect(processed.json().order).toMatchObject({ refunded_total: 550, payment_status: 'partially_refunded' })
    const refunds = await db().select().from(refund).where(eq(refund.order_id, setup.order.id))
    expect(refunds).toMatchObject([{ amount: 550, reason: 'swap' }])
    expect(provider.callsTo('refundPayment')).toHaveLength(1)
    expect((await orderEvents(db(), created.id)).map((event) => event.name)).toContain('swap.refund_processed')

    // Refunded: the swap can no longer be canceled.
    const cancel = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/cancel`)
    expect(cancel.json()).toEqual({ type: 'not_allowed', message: 'Swap with a refund cannot be canceled' })
  })

  it('leaves the order and the swap exactly as before when the provider refuses the refund', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.cheap)
    expect((await checkoutSwapCart(ctx.app, created.cart_id)).status).toBe(200)
    const before = await swapSnapshot(db(), setup.order.id)
    provider.failNext('refundPayment')
    const res = await post(`/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`)
    expect(res.statusCode).toBe(422)
    expect(await swapSnapshot(db(), setup.order.id)).toEqual(before)
    expect((await orderEvents(db(), created.id)).map((event) => event.name)).toContain('swap.process_refund_failed')
  })

  it('charges return shipping with the difference', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.cheap, { return_shipping: { option_id: setup.returnOption.id } })
    expect(created.return_order.shipping_method).toMatchObject({ price: 200 })
    const done = await checkoutSwapCart(ctx.app, created.cart_id)
    // -5.50 and 2.00 of return shipping, taxed at the region's 10 %.
    expect(done.body.data.difference_due).toBe(-550 + 220)
  })
})

describe('refusals', () => {
  it('refuses a swap on a canceled order, an unpaid or unfulfilled one, and bad items', async () => {
    const setup = await swappableOrder(db())
    const body = { return_items: [{ item_id: setup.shirt.id, quantity: 1 }] }
    const tooMany = await post(`/admin/orders/${setup.order.id}/swaps`, {
      return_items: [{ item_id: setup.shirt.id, quantity: 3 }],
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toMatch(/return_items|items/)
    const unknownVariant = await post(`/admin/orders/${setup.order.id}/swaps`, {
      ...body,
      additional_items: [{ variant_id: 'variant_nope', quantity: 1 }],
    })
    expect(unknownVariant.statusCode).toBeGreaterThanOrEqual(400)
    expect(unknownVariant.statusCode).toBeLessThan(500)
    const notReturnOption = await post(`/admin/orders/${setup.order.id}/swaps`, {
      ...body,
      return_shipping: { option_id: setup.option.id },
    })
    expect(notReturnOption.statusCode).toBe(400)
    expect(notReturnOption.json().message).toMatch(/return_shipping/)
    const badBody = await post(`/admin/orders/${setup.order.id}/swaps`, { return_items: [] })
    expect(badBody.statusCode).toBe(400)
    expect(badBody.json().type).toBe('invalid_data')
    expect(await db().select().from(swap).where(eq(swap.order_id, setup.order.id))).toEqual([])
    expect(await db().select().from(orderReturn).where(eq(orderReturn.order_id, setup.order.id))).toEqual([])

    await db().update(order).set({ payment_status: 'awaiting' }).where(eq(order.id, setup.order.id))
    const unpaid = await post(`/admin/orders/${setup.order.id}/swaps`, body)
    expect(unpaid.json()).toEqual({ type: 'not_allowed', message: 'Cannot swap an order that has not been captured' })
    await db().update(order).set({ status: 'canceled' }).where(eq(order.id, setup.order.id))
    const canceled = await post(`/admin/orders/${setup.order.id}/swaps`, body)
    expect(canceled.statusCode).toBe(400)
    expect(canceled.json()).toEqual({ type: 'not_allowed', message: 'Cannot create a swap on a canceled order' })
    expect((await post(`/admin/orders/order_nope/swaps`, body)).statusCode).toBe(404)
  })

  it('refuses to process, fulfil or cancel out of turn, and another order’s swap', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.dear)
    const base = `/admin/orders/${setup.order.id}/swaps/${created.id}`
    expect((await post(`${base}/process-payment`)).json()).toEqual({
      type: 'not_allowed',
      message: "Cannot process a swap that hasn't been confirmed by the customer",
    })
    expect((await post(`${base}/fulfillments`)).json()).toEqual({
      type: 'not_allowed',
      message: "Cannot fulfill a swap that hasn't been confirmed by the customer",
    })
    expect((await post(`${base}/fulfillments/ful_nope/cancel`)).statusCode).toBe(404)
    expect((await post(`${base}/shipments`, { fulfillment_id: 'ful_nope' })).statusCode).toBe(404)
    expect((await post(`${base}/cancel`)).json()).toEqual({
      type: 'not_allowed',
      message: 'Return must be canceled before the swap can be canceled',
    })
    const orderCancel = await post(`/admin/orders/${setup.order.id}/cancel`)
    expect(orderCancel.json()).toEqual({
      type: 'not_allowed',
      message: 'All swaps must be canceled before canceling an order',
    })
    const other = await swappableOrder(db())
    const foreign = await post(`/admin/orders/${other.order.id}/swaps/${created.id}/cancel`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().type).toBe('not_found')

    // With its return canceled the swap cancels, and its cart can no longer be completed.
    expect((await post(`/admin/returns/${created.return_order.id}/cancel`)).statusCode).toBe(200)
    const canceled = await post(`${base}/cancel`)
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(canceled.json().order.swaps[0]).toMatchObject({ fulfillment_status: 'canceled', payment_status: 'canceled' })
    expect((await post(`${base}/cancel`)).json().message).toBe('Swap has already been canceled')
    expect((await post(`${base}/process-payment`)).json().message).toBe('Canceled swap cannot be processed')
    const completion = await checkoutSwapCart(ctx.app, created.cart_id)
    expect(completion.status).toBe(400)
    expect(completion.body.message).toBe('Cart related to canceled swap cannot be completed')
  })

  it('refuses a swap cart with a fulfilment standing from being canceled', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.cheap)
    expect((await checkoutSwapCart(ctx.app, created.cart_id)).status).toBe(200)
    const base = `/admin/orders/${setup.order.id}/swaps/${created.id}`
    const fulfilled = await post(`${base}/fulfillments`)
    expect(fulfilled.statusCode, fulfilled.body).toBe(200)
    const fulfillmentId = fulfilled.json().order.swaps[0].fulfillments[0].id
    expect((await post(`${base}/fulfillments`)).json().message).toBe('The swap has no items left to fulfill')
    await post(`/admin/returns/${created.return_order.id}/cancel`)
    expect((await post(`${base}/cancel`)).json().message).toBe(
      'All fulfillments must be canceled before the swap can be canceled',
    )
    const canceledFulfillment = await post(`${base}/fulfillments/${fulfillmentId}/cancel`)
    expect(canceledFulfillment.statusCode, canceledFulfillment.body).toBe(200)
    expect(canceledFulfillment.json().order.swaps[0].fulfillment_status).toBe('canceled')
    const [line] = await db().select().from(lineItem).where(eq(lineItem.swap_id, created.id))
    expect(line.fulfilled_quantity).toBe(0)
    expect((await post(`${base}/cancel`)).statusCode).toBe(200)
  })
})

describe('reads', () => {
  it('lists swaps newest first and reads one with its relations and cart totals', async () => {
    const setup = await swappableOrder(db())
    const first = await swapFor(setup, setup.dear)
    await post(`/admin/returns/${first.return_order.id}/cancel`)
    const second = await swapFor(setup, setup.cheap)
    const list = await get('/admin/swaps?limit=1')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ limit: 1, offset: 0 })
    expect(list.json().swaps[0].id).toBe(second.id)
    expect(list.json().count).toBeGreaterThanOrEqual(2)
    const one = await get(`/admin/swaps/${first.id}`)
    expect(one.statusCode).toBe(200)
    expect(one.json().swap).toMatchObject({ id: first.id, order: { id: setup.order.id } })
    expect(one.json().swap.cart).toMatchObject({ id: first.cart_id, total: 2200 })
    expect(one.json().swap.additional_items[0].variant.id).toBe(setup.dear)
    expect((await get('/admin/swaps/swap_nope')).statusCode).toBe(404)
    const order = await get(`/admin/orders/${setup.order.id}?expand=swaps`)
    expect(order.json().order.swaps.map((entry: { id: string }) => entry.id)).toEqual([first.id, second.id])
  })
})

describe('expand=returnable_items', () => {
  it('lists the lines and additional items shipped more than returned, with their returnable quantities', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.cheap)
    const [extra] = await db().select().from(lineItem).where(eq(lineItem.swap_id, created.id))
    await db().update(lineItem).set({ fulfilled_quantity: 1, shipped_quantity: 1 }).where(eq(lineItem.id, extra.id))
    await db().update(lineItem).set({ returned_quantity: 1 }).where(eq(lineItem.id, setup.shirt.id))

    const res = await get(`/admin/orders/${setup.order.id}?expand=returnable_items`)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json().order
    expect(
      answer.returnable_items.map((line: { id: string; shipped_quantity: number; returned_quantity: number }) => [
        line.id,
        line.shipped_quantity - (line.returned_quantity ?? 0),
      ]),
    ).toEqual([
      [setup.shirt.id, 1],
      [extra.id, 1],
    ])
    // With the line's totals as the order answers them (net of the returned unit, v1); the default
    // relations stay when `expand` named only the include.
    expect(answer.returnable_items[0]).toMatchObject({ unit_price: 1000, quantity: 2, total: 1100 })
    expect(answer.items).toHaveLength(1)

    // Fully returned lines drop out; only the include and `fields` asked for are answered.
    await db().update(lineItem).set({ returned_quantity: 2 }).where(eq(lineItem.id, setup.shirt.id))
    const narrow = await get(`/admin/orders/${setup.order.id}?expand=returnable_items,payments&fields=id`)
    expect(narrow.statusCode, narrow.body).toBe(200)
    expect(Object.keys(narrow.json().order).sort()).toEqual(['id', 'payments', 'returnable_items'])
    expect(narrow.json().order.returnable_items.map((line: { id: string }) => line.id)).toEqual([extra.id])

    // Elsewhere it is no relation (v1): 400 naming it.
    const list = await get(`/admin/orders?expand=returnable_items`)
    expect(list.statusCode).toBe(400)
    expect(list.json()).toMatchObject({ type: 'invalid_data' })
    expect(list.json().message).toContain('returnable_items')
  })
})

describe('a return of a swap or a claim', () => {
  it('answers its swap and claim_order when expanded, in the list and on receipt', async () => {
    const setup = await swappableOrder(db())
    const created = await swapFor(setup, setup.cheap)
    const claimed = await post(`/admin/orders/${setup.order.id}/claims`, {
      type: 'replace',
      claim_items: [{ item_id: setup.shirt.id, quantity: 1, reason: 'wrong_item' }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      shipping_methods: [{ option_id: setup.option.id, price: 0 }],
      return_shipping: { option_id: setup.returnOption.id },
    })
    expect(claimed.statusCode, claimed.body).toBe(200)
    const [claim] = claimed.json().order.claims
    const returns = await db().select().from(orderReturn).where(eq(orderReturn.order_id, setup.order.id))
    const ofSwap = returns.find((row) => row.swap_id === created.id)!
    const ofClaim = returns.find((row) => row.claim_order_id === claim.id)!

    const res = await get('/admin/returns?limit=10&expand=swap,claim_order')
    expect(res.statusCode, res.body).toBe(200)
    const byId = new Map(res.json().returns.map((entry: { id: string }) => [entry.id, entry]))
    expect(byId.get(ofSwap.id)).toMatchObject({ swap: { id: created.id, order_id: setup.order.id }, claim_order: null })
    expect(byId.get(ofClaim.id)).toMatchObject({ swap: null, claim_order: { id: claim.id, type: 'replace' } })
    expect(byId.get(ofSwap.id)).not.toHaveProperty('order')
    // The defaults stay v1's: order and swap.
    const plain = await get('/admin/returns?limit=10')
    const entry = plain.json().returns.find((row: { id: string }) => row.id === ofSwap.id)
    expect(entry).toMatchObject({ order: { id: setup.order.id }, swap: { id: created.id } })
    expect(entry).not.toHaveProperty('claim_order')
    const bad = await get('/admin/returns?expand=nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ type: 'invalid_data', message: 'Requested fields [nope] are not valid' })

    const received = await post(`/admin/returns/${ofSwap.id}/receive`, {
      items: [{ item_id: setup.shirt.id, quantity: 1 }],
    })
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().return.swap).toMatchObject({ id: created.id })
  })
})

describe('a cheaper swap refunded over two payments', () => {
  it('keeps what the first refunded when the second refuses, and a retry refunds only the rest', async () => {
    const setup = await swappableOrder(db())
    // The order paid 3.00 by a manual payment first, then 19.00 by card.
    await db()
      .update(payment)
      .set({ amount: 300, provider_id: 'manual', created_at: new Date(Date.now() - 60_000) })
      .where(eq(payment.order_id, setup.order.id))
    await db()
      .insert(payment)
      .values({
        id: generateId('pay'),
        order_id: setup.order.id,
        amount: 1900,
        currency_code: 'usd',
        provider_id: 'test',
        data: {},
        captured_at: new Date(),
      })
    const created = await swapFor(setup, setup.cheap)
    expect((await checkoutSwapCart(ctx.app, created.cart_id)).status).toBe(200)
    const url = `/admin/orders/${setup.order.id}/swaps/${created.id}/process-payment`

    provider.failNext('refundPayment')
    const refused = await post(url)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toMatch(/^payment pay_\w+: .* 300 of 550 was refunded by earlier payments/)
    const note = `Swap ${created.id}`
    expect(await db().select().from(refund).where(eq(refund.order_id, setup.order.id))).toEqual([
      expect.objectContaining({ amount: 300, reason: 'swap', note }),
    ])
    expect((await db().select().from(swap).where(eq(swap.id, created.id)))[0].payment_status).toBe('awaiting')

    const retried = await post(url)
    expect(retried.statusCode, retried.body).toBe(200)
    const refunds = await db().select().from(refund).where(eq(refund.order_id, setup.order.id))
    expect(refunds.map((row) => row.amount).sort()).toEqual([250, 300])
    expect(refunds.every((row) => row.note === note)).toBe(true)
    expect((await db().select().from(swap).where(eq(swap.id, created.id)))[0].payment_status).toBe(
      'difference_refunded',
    )
  })
})
