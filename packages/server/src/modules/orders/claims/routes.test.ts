import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { lineItem } from '../../carts/schema.js'
import { orderEvents } from '../admin/test-helpers.js'
import { claimOrder, order, orderReturn, payment, refund } from '../schema.js'

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

/**
 * A paid order, captured by the test provider, of 2 × 10.00 taxed 10 % with both units fulfilled,
 * and 1 × 5.00 not fulfilled: 25.00 + 2.50 tax = 27.50.
 */
async function fulfilledOrder(overrides: Parameters<typeof makeOrder>[1] = {}) {
  const region = await makeRegion(db(), { currency_code: 'usd', tax_rate: 10 })
  const made = await makeOrder(db(), {
    region_id: region.id,
    items: [
      { title: 'Two', unit_price: 1000, quantity: 2, tax_rate: 10 },
      { title: 'One', unit_price: 500, quantity: 1, tax_rate: 10 },
    ],
    payments: [{ amount: 2750, provider_id: 'test', captured: true }],
    ...overrides,
  })
  const lines = await db().select().from(lineItem).where(eq(lineItem.order_id, made.id))
  const two = lines.find((line) => line.title === 'Two')!
  const one = lines.find((line) => line.title === 'One')!
  await db().update(lineItem).set({ fulfilled_quantity: 2 }).where(eq(lineItem.id, two.id))
  return { region, order: made, two, one }
}

async function snapshot(orderId: string) {
  return {
    order: (await db().select().from(order).where(eq(order.id, orderId)))[0],
    payments: await db().select().from(payment).where(eq(payment.order_id, orderId)),
    refunds: await db().select().from(refund).where(eq(refund.order_id, orderId)),
    claims: await db().select().from(claimOrder).where(eq(claimOrder.order_id, orderId)),
    returns: await db().select().from(orderReturn).where(eq(orderReturn.order_id, orderId)),
    events: await orderEvents(db(), orderId),
  }
}

describe('refund claims', () => {
  it('refunds the claimed units to the cent through the provider, with reason, note, tags and images', async () => {
    const { order: made, two } = await fulfilledOrder()
    const res = await post(`/admin/orders/${made.id}/claims`, {
      type: 'refund',
      claim_items: [
        {
          item_id: two.id,
          quantity: 1,
          reason: 'production_failure',
          note: 'Cracked',
          tags: ['Broken', ' broken', 'fragile'],
          images: ['https://example.com/crack.jpg'],
        },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const [claim] = res.json().order.claims
    // One of two units of 20.00 + 2.00 tax.
    expect(claim).toMatchObject({ type: 'refund', payment_status: 'refunded', refund_amount: 1100 })
    expect(claim.claim_items[0]).toMatchObject({ reason: 'production_failure', note: 'Cracked', quantity: 1 })
    expect(claim.claim_items[0].item.id).toBe(two.id)
    expect(claim.claim_items[0].tags.map((tag: { value: string }) => tag.value).sort()).toEqual(['broken', 'fragile'])
    expect(claim.claim_items[0].images[0].url).toBe('https://example.com/crack.jpg')
    expect(res.json().order).toMatchObject({ refunded_total: 1100, payment_status: 'partially_refunded' })
    const refunds = await db().select().from(refund).where(eq(refund.order_id, made.id))
    expect(refunds).toMatchObject([{ amount: 1100, reason: 'claim' }])
    expect(provider.callsTo('refundPayment')).toHaveLength(1)
    const claimEvents = await orderEvents(db(), claim.id)
    expect(claimEvents.map((event) => event.name)).toEqual(['claim.created', 'claim.refund_processed'])

    // A refunded claim stays: it cannot be canceled.
    const cancel = await post(`/admin/orders/${made.id}/claims/${claim.id}/cancel`)
    expect(cancel.json()).toEqual({ type: 'not_allowed', message: 'Claim with a refund cannot be canceled' })
  })

  it('leaves the order and its claims exactly as before when the provider refuses the refund', async () => {
    const { order: made, two } = await fulfilledOrder()
    const before = await snapshot(made.id)
    provider.failNext('refundPayment')
    const res = await post(`/admin/orders/${made.id}/claims`, {
      type: 'refund',
      claim_items: [{ item_id: two.id, quantity: 2, reason: 'wrong_item' }],
      refund_amount: 1500,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().type).toBe('payment_authorization_error')
    expect(await snapshot(made.id)).toEqual(before)
    // The claim on the order was released: the same claim goes through now.
    const again = await post(`/admin/orders/${made.id}/claims`, {
      type: 'refund',
      claim_items: [{ item_id: two.id, quantity: 2, reason: 'wrong_item' }],
      refund_amount: 1500,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().order.claims[0].refund_amount).toBe(1500)
  })

  it('claims the last units once when two claims race', async () => {
    const { order: made, two } = await fulfilledOrder()
    const claim = () =>
      post(`/admin/orders/${made.id}/claims`, { type: 'refund', claim_items: [{ item_id: two.id, quantity: 2 }] })
    const both = await Promise.all([claim(), claim()])
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400])
    expect(both.find((res) => res.statusCode === 400)!.json().type).toBe('not_allowed')
    const refunds = await db().select().from(refund).where(eq(refund.order_id, made.id))
    expect(refunds.map((row) => row.amount)).toEqual([2200])
  })
})

describe('claims with a return', () => {
  it('creates the return of the claimed items with the claim, and keeps the claim while it is open', async () => {
    const { region, order: made, two } = await fulfilledOrder()
    const returnOption = await makeShippingOption(db(), region.id, { amount: 300, is_return: true })
    const option = await makeShippingOption(db(), region.id, { amount: 700 })
    const product = await makeProduct(db(), { variants: [{ prices: [{ amount: 1000, currency_code: 'usd' }] }] })
    const res = await post(`/admin/orders/${made.id}/claims`, {
      type: 'replace',
      claim_items: [{ item_id: two.id, quantity: 1, reason: 'wrong_item' }],
      additional_items: [{ variant_id: product.variants[0].id, quantity: 1 }],
      shipping_methods: [{ option_id: option.id }],
      return_shipping: { option_id: returnOption.id, price: 0 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const claim = res.json().order.claims[0]
    expect(claim.return_order).toMatchObject({ status: 'requested', claim_order_id: claim.id, refund_amount: 0 })
    expect(claim.return_order.items).toMatchObject([{ item_id: two.id, quantity: 1 }])
    expect(res.json().order.returns.map((entry: { id: string }) => entry.id)).toContain(claim.return_order.id)
    const cancel = await post(`/admin/orders/${made.id}/claims/${claim.id}/cancel`)
    expect(cancel.json()).toEqual({
      type: 'not_allowed',
      message: 'All returns must be canceled before the claim can be canceled',
    })
  })

  it('refunds a claim with a return once, and writes nothing when the provider refuses', async () => {
    const { region, order: made, two } = await fulfilledOrder()
    const returnOption = await makeShippingOption(db(), region.id, { amount: 300, is_return: true })
    const body = {
      type: 'refund',
      claim_items: [{ item_id: two.id, quantity: 2, reason: 'production_failure' }],
      return_shipping: { option_id: returnOption.id },
    }
    const before = await snapshot(made.id)
    provider.failNext('refundPayment')
    expect((await post(`/admin/orders/${made.id}/claims`, body)).statusCode).toBe(422)
    expect(await snapshot(made.id)).toEqual(before)
    const res = await post(`/admin/orders/${made.id}/claims`, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().order.claims[0]).toMatchObject({ refund_amount: 2200, payment_status: 'refunded' })
    expect(res.json().order.claims[0].return_order.items).toMatchObject([{ item_id: two.id, quantity: 2 }])
  })
})

describe('replace claims', () => {
  it('ships replacements: fulfil, ship, and cancel a fulfilment; updates and cancels a claim', async () => {
    const { region, order: made, two } = await fulfilledOrder()
    const option = await makeShippingOption(db(), region.id, { amount: 700 })
    const product = await makeProduct(db(), { variants: [{ prices: [{ amount: 1000, currency_code: 'usd' }] }] })
    const body = {
      type: 'replace',
      claim_items: [{ item_id: two.id, quantity: 1, reason: 'missing_item' }],
      additional_items: [{ variant_id: product.variants[0].id, quantity: 1 }],
      shipping_methods: [{ option_id: option.id, price: 0 }],
    }
    const created = await post(`/admin/orders/${made.id}/claims`, body)
    expect(created.statusCode, created.body).toBe(200)
    const claim = created.json().order.claims[0]
    expect(claim).toMatchObject({ type: 'replace', payment_status: 'na', fulfillment_status: 'not_fulfilled' })
    expect(claim.additional_items).toMatchObject([{ unit_price: 1000, quantity: 1, claim_order_id: claim.id }])
    expect(claim.shipping_methods).toMatchObject([{ shipping_option_id: option.id, price: 0 }])
    expect(provider.callsTo('refundPayment')).toHaveLength(0)

    const updated = await post(`/admin/orders/${made.id}/claims/${claim.id}`, {
      claim_items: [
        {
          id: claim.claim_items[0].id,
          note: 'Box empty',
          images: [{ url: 'https://x.test/a.jpg' }],
          tags: [{ value: 'Lost' }],
        },
      ],
      metadata: { ticket: '42' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const changed = updated.json().order.claims[0]
    expect(changed.metadata).toEqual({ ticket: '42' })
    expect(changed.claim_items[0]).toMatchObject({
      note: 'Box empty',
      tags: [{ value: 'lost' }],
      images: [{ url: 'https://x.test/a.jpg' }],
    })

    const fulfilled = await post(`/admin/orders/${made.id}/claims/${claim.id}/fulfillments`)
    expect(fulfilled.statusCode, fulfilled.body).toBe(200)
    const afterFulfil = fulfilled.json().order.claims[0]
    expect(afterFulfil.fulfillment_status).toBe('fulfilled')
    const fulfillmentId = afterFulfil.fulfillments[0].id
    expect((await post(`/admin/orders/${made.id}/claims/${claim.id}/fulfillments`)).json().type).toBe('not_allowed')

    const shipped = await post(`/admin/orders/${made.id}/claims/${claim.id}/shipments`, {
      fulfillment_id: fulfillmentId,
      tracking_numbers: ['TRACK1'],
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(shipped.json().order.claims[0]).toMatchObject({ fulfillment_status: 'shipped' })
    expect(shipped.json().order.claims[0].fulfillments[0].tracking_links[0].tracking_number).toBe('TRACK1')
    const late = await post(`/admin/orders/${made.id}/claims/${claim.id}/fulfillments/${fulfillmentId}/cancel`)
    expect(late.statusCode).toBe(400)
    expect((await post(`/admin/orders/${made.id}/claims/${claim.id}/cancel`)).json()).toMatchObject({
      type: 'not_allowed',
    })

    // A second claim (the other unit): fulfilled, its fulfilment canceled, then the claim canceled.
    const second = (await post(`/admin/orders/${made.id}/claims`, body)).json().order.claims[1]
    const booked = (await post(`/admin/orders/${made.id}/claims/${second.id}/fulfillments`)).json().order.claims[1]
    const foreign = await post(`/admin/orders/${made.id}/claims/${second.id}/fulfillments/${fulfillmentId}/cancel`)
    expect(foreign.statusCode).toBe(404)
    const undone = await post(
      `/admin/orders/${made.id}/claims/${second.id}/fulfillments/${booked.fulfillments[0].id}/cancel`,
    )
    expect(undone.json().order.claims[1].fulfillment_status).toBe('canceled')
    const canceled = await post(`/admin/orders/${made.id}/claims/${second.id}/cancel`)
    expect(canceled.json().order.claims[1].canceled_at).toBeTruthy()
    expect((await post(`/admin/orders/${made.id}/claims/${second.id}`, { metadata: { a: 1 } })).json()).toEqual({
      type: 'not_allowed',
      message: 'Canceled claims cannot be updated',
    })
    const names = (await orderEvents(db(), second.id)).map((event) => event.name)
    expect(names).toEqual(['claim.created', 'claim.fulfillment_created', 'claim.canceled'])
  })
})

describe('claim refusals (4xx with the envelope)', () => {
  it('refuses a canceled order, more than fulfilled, foreign items, bad input and returns', async () => {
    const { order: made, two, one } = await fulfilledOrder()
    const canceled = await makeOrder(db(), { status: 'canceled', canceled_at: new Date() })
    const [canceledLine] = await db().select().from(lineItem).where(eq(lineItem.order_id, canceled.id))
    const claim = (orderId: string, payload: object) => post(`/admin/orders/${orderId}/claims`, payload)

    expect(
      (await claim(canceled.id, { type: 'refund', claim_items: [{ item_id: canceledLine.id, quantity: 1 }] })).json(),
    ).toEqual({ type: 'not_allowed', message: 'Cannot create a claim on a canceled order' })
    expect((await claim(made.id, { type: 'refund', claim_items: [{ item_id: two.id, quantity: 3 }] })).json()).toEqual({
      type: 'not_allowed',
      message: `claim_items: cannot claim more of item ${two.id} than has been fulfilled (2)`,
    })
    expect((await claim(made.id, { type: 'refund', claim_items: [{ item_id: one.id, quantity: 1 }] })).statusCode).toBe(
      400,
    )
    expect(
      (await claim(made.id, { type: 'refund', claim_items: [{ item_id: canceledLine.id, quantity: 1 }] })).json(),
    ).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('is not a line of this order') })
    const badReason = await claim(made.id, {
      type: 'refund',
      claim_items: [{ item_id: two.id, quantity: 1, reason: 'meh' }],
    })
    expect(badReason.statusCode).toBe(400)
    expect(badReason.json().message).toContain('reason')
    const badType = await claim(made.id, { type: 'exchange', claim_items: [{ item_id: two.id, quantity: 1 }] })
    expect(badType.json().message).toContain('type')
    expect(
      (
        await claim(made.id, {
          type: 'refund',
          claim_items: [{ item_id: two.id, quantity: 1 }],
          additional_items: [{ variant_id: 'variant_x', quantity: 1 }],
        })
      ).json().type,
    ).toBe('invalid_data')
    const notReturn = await claim(made.id, {
      type: 'refund',
      claim_items: [{ item_id: two.id, quantity: 1 }],
      return_shipping: { option_id: 'so_x' },
    })
    expect(notReturn.json()).toMatchObject({
      type: 'invalid_data',
      message: expect.stringContaining('return_shipping.option_id'),
    })
    expect(provider.callsTo('refundPayment')).toHaveLength(0)
    expect(
      (
        await claim(made.id, {
          type: 'refund',
          claim_items: [{ item_id: two.id, quantity: 1 }],
          refund_amount: 999_999,
        })
      ).json(),
    ).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('refundable amount') })
    expect((await post(`/admin/orders/${made.id}/claims/claim_nope/cancel`)).statusCode).toBe(404)
    // Nothing above left a claim behind.
    expect(await db().select().from(claimOrder).where(eq(claimOrder.order_id, made.id))).toEqual([])
  })
})
