import { and, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { adminRequest, orderEvents } from '../admin/test-helpers.js'
import { order, payment, refund } from '../schema.js'

const ctx = useTestApp()
let request: ReturnType<typeof adminRequest>
let provider: TestPaymentProvider
const db = () => ctx.app.db

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
})
beforeEach(() => provider.reset())

const paidOrder = (overrides: Parameters<typeof makeOrder>[1] = {}) =>
  makeOrder(db(), {
    items: [{ unit_price: 5000, quantity: 2 }],
    payments: [{ amount: 10000, provider_id: 'test' }],
    ...overrides,
  })

/** What a failed call must leave untouched: the order's row and its payments. */
async function snapshot(orderId: string) {
  const [row] = await db().select().from(order).where(eq(order.id, orderId))
  const payments = await db().select().from(payment).where(eq(payment.order_id, orderId))
  const refunds = await db().select().from(refund).where(eq(refund.order_id, orderId))
  return { row, payments, refunds, events: await orderEvents(db(), orderId) }
}

describe('POST /admin/orders/:id/capture', () => {
  it('captures every payment through its provider and marks the order captured', async () => {
    const made = await paidOrder()
    const res = await request('POST', `/admin/orders/${made.id}/capture`)
    expect(res.statusCode).toBe(200)
    expect(res.json().order.payment_status).toBe('captured')
    expect(res.json().order.payments[0].captured_at).toBeTruthy()
    expect(provider.callsTo('capturePayment')).toHaveLength(1)
    const events = await orderEvents(db(), made.id)
    expect(events.map((e) => e.name)).toEqual(['order.payment_captured'])
    expect(events[0].data.payment_id).toBe(res.json().order.payments[0].id)

    // Again: nothing left to capture, the provider is not called.
    const again = await request('POST', `/admin/orders/${made.id}/capture`)
    expect(again.statusCode).toBe(200)
    expect(provider.callsTo('capturePayment')).toHaveLength(1)
  })

  it('refuses a canceled order', async () => {
    const made = await paidOrder({ status: 'canceled' })
    const res = await request('POST', `/admin/orders/${made.id}/capture`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'not_allowed', message: 'A canceled order cannot capture payment' })
    expect(provider.callsTo('capturePayment')).toHaveLength(0)
  })

  it('leaves the order exactly as it was when the provider refuses', async () => {
    const made = await paidOrder()
    const before = await snapshot(made.id)
    provider.failNext('capturePayment')
    const res = await request('POST', `/admin/orders/${made.id}/capture`)
    expect(res.statusCode).toBe(422)
    expect(res.json().type).toBe('payment_authorization_error')
    expect(await snapshot(made.id)).toEqual(before)
    // The claim was released: a later capture goes through.
    expect((await request('POST', `/admin/orders/${made.id}/capture`)).json().order.payment_status).toBe('captured')
  })
})

describe('POST /admin/orders/:id/refund', () => {
  it('refunds in parts, never above the refundable amount, with reasons and notes', async () => {
    const made = await paidOrder({ payments: [{ amount: 10000, provider_id: 'test', captured: true }] })
    const first = await request('POST', `/admin/orders/${made.id}/refund`, {
      amount: 3000,
      reason: 'discount',
      note: 'late',
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().order).toMatchObject({
      payment_status: 'partially_refunded',
      refunded_total: 3000,
      refundable_amount: 7000,
    })
    expect(first.json().order.refunds).toMatchObject([{ amount: 3000, reason: 'discount', note: 'late' }])
    expect(provider.callsTo('refundPayment')[0].amount).toBe(3000)

    const above = await request('POST', `/admin/orders/${made.id}/refund`, { amount: 7001, reason: 'other' })
    expect(above.statusCode).toBe(400)
    expect(above.json().message).toContain('amount')
    expect(provider.callsTo('refundPayment')).toHaveLength(1)

    const rest = await request('POST', `/admin/orders/${made.id}/refund`, { amount: 7000, reason: 'return' })
    expect(rest.json().order).toMatchObject({ payment_status: 'refunded', refunded_total: 10000, refundable_amount: 0 })
    const names = (await orderEvents(db(), made.id)).map((e) => e.name)
    expect(names).toEqual(['order.refund_created', 'order.refund_created'])
  })

  it('refuses what was not captured, bad reasons and amounts, and canceled orders', async () => {
    const uncaptured = await paidOrder()
    const res = await request('POST', `/admin/orders/${uncaptured.id}/refund`, { amount: 100, reason: 'other' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('captured')
    const badReason = await request('POST', `/admin/orders/${uncaptured.id}/refund`, { amount: 100, reason: 'whim' })
    expect(badReason.statusCode).toBe(400)
    const zero = await request('POST', `/admin/orders/${uncaptured.id}/refund`, { amount: 0, reason: 'other' })
    expect(zero.statusCode).toBe(400)
    const canceled = await paidOrder({ status: 'canceled' })
    const refused = await request('POST', `/admin/orders/${canceled.id}/refund`, { amount: 100, reason: 'other' })
    expect(refused.statusCode).toBe(400)
  })

  it('leaves the order exactly as it was when the provider refuses', async () => {
    const made = await paidOrder({ payments: [{ amount: 10000, provider_id: 'test', captured: true }] })
    const before = await snapshot(made.id)
    provider.failNext('refundPayment')
    const res = await request('POST', `/admin/orders/${made.id}/refund`, { amount: 500, reason: 'other' })
    expect(res.statusCode).toBe(422)
    expect(await snapshot(made.id)).toEqual(before)
  })
})

describe('POST /admin/orders/:id/cancel', () => {
  it('cancels payments and the order, with its event', async () => {
    const made = await paidOrder()
    const res = await request('POST', `/admin/orders/${made.id}/cancel`)
    expect(res.statusCode).toBe(200)
    expect(res.json().order).toMatchObject({
      status: 'canceled',
      payment_status: 'canceled',
      fulfillment_status: 'canceled',
    })
    expect(res.json().order.canceled_at).toBeTruthy()
    expect(res.json().order.payments[0].canceled_at).toBeTruthy()
    expect(provider.callsTo('cancelPayment')).toHaveLength(1)
    expect((await orderEvents(db(), made.id)).map((e) => e.name)).toEqual(['order.canceled'])
    // Capturing a canceled order is refused.
    expect((await request('POST', `/admin/orders/${made.id}/capture`)).statusCode).toBe(400)
  })

  it('refuses an order with refunds, and leaves it as it was when the provider refuses', async () => {
    const refunded = await paidOrder({ payments: [{ amount: 10000, provider_id: 'test', captured: true }] })
    await request('POST', `/admin/orders/${refunded.id}/refund`, { amount: 100, reason: 'other' })
    const res = await request('POST', `/admin/orders/${refunded.id}/cancel`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Order with refund(s) cannot be canceled')

    const made = await paidOrder()
    const before = await snapshot(made.id)
    provider.failNext('cancelPayment')
    expect((await request('POST', `/admin/orders/${made.id}/cancel`)).statusCode).toBe(422)
    expect(await snapshot(made.id)).toEqual(before)
  })
})

describe('a refund split over several payments', () => {
  it('records what an earlier payment refunded when a later one is refused, names the failure, changes nothing else', async () => {
    const made = await paidOrder({
      payments: [
        { amount: 6000, provider_id: 'manual', captured: true },
        { amount: 4000, provider_id: 'test', captured: true },
      ],
    })
    // The manual payment first, whatever the clock's resolution.
    await db()
      .update(payment)
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where(and(eq(payment.order_id, made.id), eq(payment.provider_id, 'manual')))
    const [manual, card] = (await db().select().from(payment).where(eq(payment.order_id, made.id))).sort((a, b) =>
      a.provider_id === 'manual' ? -1 : b.provider_id === 'manual' ? 1 : 0,
    )
    provider.failNext('refundPayment')
    const res = await request('POST', `/admin/orders/${made.id}/refund`, {
      amount: 8000,
      reason: 'other',
      note: 'split',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().type).toBe('payment_authorization_error')
    expect(res.json().message).toBe(
      `payment ${card.id}: Test payment provider failure. 6000 of 8000 was refunded by earlier payments and is recorded; nothing else changed`,
    )
    // The money the gateway gave back is on the books; the refused payment is untouched.
    expect(await db().select().from(refund).where(eq(refund.order_id, made.id))).toEqual([
      expect.objectContaining({ payment_id: manual.id, amount: 6000, reason: 'other', note: 'split' }),
    ])
    const after = await db().select().from(payment).where(eq(payment.order_id, made.id))
    expect(after.find((row) => row.id === manual.id)!.amount_refunded).toBe(6000)
    expect(after.find((row) => row.id === card.id)).toEqual(card)
    const [row] = await db().select().from(order).where(eq(order.id, made.id))
    expect(row.payment_status).toBe('partially_refunded')
    expect((await orderEvents(db(), made.id)).map((e) => e.name)).toEqual(['order.refund_created'])
  })
})

describe('/admin/payments/:id', () => {
  it('reads, captures and refunds one payment, keeping its order in step', async () => {
    const made = await paidOrder()
    const [row] = await db().select().from(payment).where(eq(payment.order_id, made.id))
    const read = await request('GET', `/admin/payments/${row.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().payment).toMatchObject({ id: row.id, amount: 10000, captured_at: null })

    const notCaptured = await request('POST', `/admin/payments/${row.id}/refund`, { amount: 10, reason: 'other' })
    expect(notCaptured.statusCode).toBe(400)

    const captured = await request('POST', `/admin/payments/${row.id}/capture`)
    expect(captured.statusCode).toBe(200)
    expect(captured.json().payment.captured_at).toBeTruthy()
    const [afterCapture] = await db().select().from(order).where(eq(order.id, made.id))
    expect(afterCapture.payment_status).toBe('captured')

    const refunded = await request('POST', `/admin/payments/${row.id}/refund`, {
      amount: 2500,
      reason: 'claim',
      note: 'dent',
    })
    expect(refunded.statusCode).toBe(200)
    expect(refunded.json().refund).toMatchObject({
      payment_id: row.id,
      order_id: made.id,
      amount: 2500,
      reason: 'claim',
    })
    const above = await request('POST', `/admin/payments/${row.id}/refund`, { amount: 7501, reason: 'other' })
    expect(above.statusCode).toBe(400)
    expect((await request('GET', `/admin/payments/${row.id}`)).json().payment.amount_refunded).toBe(2500)
    expect((await request('GET', '/admin/payments/pay_missing')).statusCode).toBe(404)
  })

  it('leaves the payment as it was when the provider refuses a capture or a refund', async () => {
    const made = await paidOrder()
    const [row] = await db().select().from(payment).where(eq(payment.order_id, made.id))
    provider.failNext('capturePayment')
    expect((await request('POST', `/admin/payments/${row.id}/capture`)).statusCode).toBe(422)
    expect((await request('GET', `/admin/payments/${row.id}`)).json().payment.captured_at).toBeNull()
    await request('POST', `/admin/payments/${row.id}/capture`)
    provider.failNext('refundPayment')
    expect((await request('POST', `/admin/payments/${row.id}/refund`, { amount: 5, reason: 'other' })).statusCode).toBe(
      422,
    )
    expect((await request('GET', `/admin/payments/${row.id}`)).json().payment.amount_refunded).toBe(0)
  })
})
