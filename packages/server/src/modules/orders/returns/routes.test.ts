import { desc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lineItem } from '../../carts/schema.js'
import { productVariant } from '../../catalog/schema.js'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { adminRequest, orderEvents } from '../admin/test-helpers.js'
import { order, orderReturn, payment, refund, returnItem } from '../schema.js'
import { returnOption, shippedOrder } from './test-helpers.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let request: ReturnType<typeof adminRequest>
let provider: TestPaymentProvider

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
})
beforeEach(() => provider.reset())

/** What a refused or failed call must leave untouched. */
async function snapshot(orderId: string) {
  const [row] = await db().select().from(order).where(eq(order.id, orderId))
  return {
    row,
    lines: await db().select().from(lineItem).where(eq(lineItem.order_id, orderId)).orderBy(lineItem.id),
    payments: await db().select().from(payment).where(eq(payment.order_id, orderId)),
    refunds: await db().select().from(refund).where(eq(refund.order_id, orderId)),
    returns: await db().select().from(orderReturn).where(eq(orderReturn.order_id, orderId)),
    events: await orderEvents(db(), orderId),
  }
}

const requestReturn = (orderId: string, payload: object) => request('POST', `/admin/orders/${orderId}/return`, payload)
const receive = (returnId: string, payload: object) => request('POST', `/admin/returns/${returnId}/receive`, payload)

async function requested(orderId: string, payload: object) {
  const res = await requestReturn(orderId, payload)
  expect(res.statusCode, res.body).toBe(200)
  const [row] = await db()
    .select()
    .from(orderReturn)
    .where(eq(orderReturn.order_id, orderId))
    .orderBy(desc(orderReturn.created_at), desc(orderReturn.id))
    .limit(1)
  return { res, row }
}

describe('POST /admin/orders/:id/return', () => {
  it('refunds the lines with their tax less return shipping with its tax, to the cent (v1)', async () => {
    // Two units of 50.00 at 25 % tax; return shipping 10.00 at the order's 25 %.
    const made = await shippedOrder(db(), {
      items: [{ unit_price: 5000, quantity: 2, tax_rate: 25 }],
      payments: [{ amount: 12500, provider_id: 'test', captured: true }],
      tax_rate: 25,
    })
    const option = await returnOption(db(), made.region_id, 1000)
    const { res, row } = await requested(made.id, {
      items: [{ item_id: made.lines[0].id, quantity: 1, note: 'scratched' }],
      return_shipping: { option_id: option.id },
    })
    // 6250 for the unit with its tax, less 1250 of shipping with tax.
    expect(row).toMatchObject({ status: 'requested', refund_amount: 5000, order_id: made.id })
    expect(res.json().order.returns).toEqual([
      expect.objectContaining({
        id: row.id,
        refund_amount: 5000,
        items: [expect.objectContaining({ item_id: made.lines[0].id, quantity: 1, note: 'scratched' })],
        shipping_method: expect.objectContaining({ price: 1000, shipping_option_id: option.id }),
      }),
    ])
    expect((await orderEvents(db(), made.id)).map((event) => event.name)).toEqual(['order.return_requested'])

    // Received: the refund goes out through the provider and the order says what came back.
    const received = await receive(row.id, { items: [{ item_id: made.lines[0].id, quantity: 1 }] })
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().return).toMatchObject({
      status: 'received',
      refund_amount: 5000,
      swap: null,
      items: [
        { item_id: made.lines[0].id, quantity: 1, requested_quantity: 1, received_quantity: 1, is_requested: true },
      ],
    })
    expect(provider.callsTo('refundPayment')).toHaveLength(1)
    const after = await snapshot(made.id)
    expect(after.row).toMatchObject({ fulfillment_status: 'partially_returned', payment_status: 'partially_refunded' })
    expect(after.lines[0].returned_quantity).toBe(1)
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 5000, reason: 'return' })])
    expect(after.events.map((event) => event.name)).toEqual([
      'order.return_requested',
      'order.refund_created',
      'order.items_returned',
    ])
  })

  it('with receive_now returns everything at once: returned and refunded', async () => {
    const made = await shippedOrder(db())
    const res = await requestReturn(made.id, {
      items: [{ item_id: made.lines[0].id, quantity: 2 }],
      receive_now: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().order).toMatchObject({
      fulfillment_status: 'returned',
      payment_status: 'refunded',
      refunded_total: 10000,
      returns: [expect.objectContaining({ status: 'received', refund_amount: 10000 })],
    })
  })

  it('takes the refund the merchant names (negative as 0), never above what the order can refund', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    const above = await requestReturn(made.id, { items: [{ item_id: item, quantity: 1 }], refund: 10001 })
    expect(above.statusCode).toBe(400)
    expect(above.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('refund') })
    const { row } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }], refund: -5 })
    expect(row.refund_amount).toBe(0)
    const received = await receive(row.id, { items: [{ item_id: item, quantity: 1 }] })
    expect(received.statusCode).toBe(200)
    expect(provider.callsTo('refundPayment')).toHaveLength(0)
    expect((await snapshot(made.id)).row.payment_status).toBe('captured')
  })

  it('refuses what v1 refuses, each a 4xx in the envelope, changing nothing', async () => {
    const made = await shippedOrder(db())
    const other = await shippedOrder(db())
    const item = made.lines[0].id
    const plainOption = await makeShippingOption(db(), made.region_id)
    const foreignOption = await returnOption(db(), other.region_id)
    const before = await snapshot(made.id)
    const cases: [object, number, string][] = [
      [{ items: [{ item_id: item, quantity: 3 }] }, 400, 'items'],
      [
        {
          items: [
            { item_id: item, quantity: 1 },
            { item_id: item, quantity: 2 },
          ],
        },
        400,
        'items',
      ],
      [{ items: [{ item_id: other.lines[0].id, quantity: 1 }] }, 400, 'items'],
      [{ items: [{ item_id: item, quantity: 1, reason_id: 'rr_missing' }] }, 400, 'items'],
      [{ items: [{ item_id: item, quantity: 1 }], return_shipping: { option_id: plainOption.id } }, 400, 'option_id'],
      [{ items: [{ item_id: item, quantity: 1 }], return_shipping: { option_id: foreignOption.id } }, 400, 'option_id'],
      [{ items: [] }, 400, 'items'],
      [{ items: [{ item_id: item, quantity: 0 }] }, 400, 'quantity'],
      [{ items: [{ item_id: item, quantity: 1 }], location_id: 'sloc_missing' }, 404, 'sloc_missing'],
    ]
    for (const [payload, status, field] of cases) {
      const res = await requestReturn(made.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(Object.keys(res.json()).sort()).toEqual(['message', 'type'])
      expect(res.json().message, JSON.stringify(payload)).toContain(field)
    }
    expect(await snapshot(made.id)).toEqual(before)

    const canceled = await shippedOrder(db(), { status: 'canceled' })
    const unfulfilled = await shippedOrder(db())
    await db().update(order).set({ fulfillment_status: 'not_fulfilled' }).where(eq(order.id, unfulfilled.id))
    const unpaid = await shippedOrder(db())
    await db().update(order).set({ payment_status: 'awaiting' }).where(eq(order.id, unpaid.id))
    for (const [target, message] of [
      [canceled, 'A canceled order cannot have its items returned'],
      [unfulfilled, "Can't return an unfulfilled or already returned order"],
      [unpaid, "Can't return an order with payment unprocessed"],
    ] as const) {
      const res = await requestReturn(target.id, { items: [{ item_id: target.lines[0].id, quantity: 1 }] })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ type: 'not_allowed', message })
    }
    expect((await requestReturn('order_missing', { items: [{ item_id: item, quantity: 1 }] })).statusCode).toBe(404)
  })

  it('counts the units open returns already claim', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    await requested(made.id, { items: [{ item_id: item, quantity: 2 }] })
    const more = await requestReturn(made.id, { items: [{ item_id: item, quantity: 1 }] })
    expect(more.statusCode).toBe(400)
    expect(more.json().message).toContain('(0)')
  })
})

describe('POST /admin/returns/:id/receive and /cancel', () => {
  it('refuses a received or canceled return, and canceling a received one', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    const { row: first } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }] })
    expect((await receive(first.id, { items: [{ item_id: item, quantity: 1 }] })).statusCode).toBe(200)
    const again = await receive(first.id, { items: [{ item_id: item, quantity: 1 }] })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      type: 'not_allowed',
      message: `Return with id ${first.id} has already been received`,
    })
    const cancelReceived = await request('POST', `/admin/returns/${first.id}/cancel`)
    expect(cancelReceived.statusCode).toBe(400)
    expect(cancelReceived.json()).toEqual({
      type: 'not_allowed',
      message: "Can't cancel a return which has been returned",
    })

    const { row: second } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }] })
    const canceled = await request('POST', `/admin/returns/${second.id}/cancel`)
    expect(canceled.statusCode).toBe(200)
    expect(canceled.json().order.returns.map((entry: { status: string }) => entry.status)).toEqual([
      'received',
      'canceled',
    ])
    const late = await receive(second.id, { items: [{ item_id: item, quantity: 1 }] })
    expect(late.statusCode).toBe(400)
    expect(late.json()).toEqual({ type: 'not_allowed', message: 'Cannot receive a canceled return' })
    expect((await receive('ret_missing', { items: [{ item_id: item, quantity: 1 }] })).statusCode).toBe(404)
  })

  it('records a mismatch: fewer units received than requested', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    const { row } = await requested(made.id, { items: [{ item_id: item, quantity: 2 }] })
    const res = await receive(row.id, { items: [{ item_id: item, quantity: 1 }], refund: 5000 })
    expect(res.statusCode).toBe(200)
    expect(res.json().return.items).toEqual([
      expect.objectContaining({ quantity: 1, requested_quantity: 2, received_quantity: 1, is_requested: false }),
    ])
    expect(await db().select().from(returnItem).where(eq(returnItem.return_id, row.id))).toHaveLength(1)
    expect((await snapshot(made.id)).row).toMatchObject({
      fulfillment_status: 'partially_returned',
      payment_status: 'partially_refunded',
    })
  })

  it('sets requires_action instead of refunding more than the order can refund', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    const { row } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }] })
    const res = await receive(row.id, { items: [{ item_id: item, quantity: 1 }], refund: 20000 })
    expect(res.statusCode).toBe(200)
    const after = await snapshot(made.id)
    expect(after.row.fulfillment_status).toBe('requires_action')
    expect(after.refunds).toEqual([])
    expect(after.events.map((event) => event.name)).toContain('order.return_action_required')
  })

  it('restocks the variant once', async () => {
    const product = await makeProduct(db(), { variants: [{ inventory_quantity: 4, manage_inventory: true }] })
    const variantId = product.variants[0].id
    const made = await shippedOrder(db(), { items: [{ unit_price: 5000, quantity: 2, variant_id: variantId }] })
    const { row } = await requested(made.id, { items: [{ item_id: made.lines[0].id, quantity: 2 }] })
    expect((await receive(row.id, { items: [{ item_id: made.lines[0].id, quantity: 2 }] })).statusCode).toBe(200)
    const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, variantId))
    expect(variant.inventory_quantity).toBe(6)
  })

  it('leaves the order and the return exactly as they were when the refund fails at the provider', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    const { row } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }] })
    const before = await snapshot(made.id)
    provider.failNext('refundPayment')
    const res = await receive(row.id, { items: [{ item_id: item, quantity: 1 }] })
    expect(res.statusCode).toBe(422)
    expect(res.json().type).toBe('payment_authorization_error')
    expect(await snapshot(made.id)).toEqual(before)
    // The claim was released: the receipt goes through afterwards.
    expect((await receive(row.id, { items: [{ item_id: item, quantity: 1 }] })).statusCode).toBe(200)
  })

  it('rejects bad input naming the field', async () => {
    for (const [payload, field] of [
      [{}, 'items'],
      [{ items: [{ item_id: 'x', quantity: -1 }] }, 'quantity'],
      [{ items: [{ item_id: 'x', quantity: 1 }], refund: 'a' }, 'refund'],
    ] as const) {
      const res = await receive('ret_any', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toContain(field)
    }
  })
})

describe('GET /admin/returns', () => {
  it('lists returns newest first with their order, paged', async () => {
    const made = await shippedOrder(db())
    const item = made.lines[0].id
    const { row: first } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }] })
    const { row: second } = await requested(made.id, { items: [{ item_id: item, quantity: 1 }] })
    const res = await request('GET', '/admin/returns?limit=2')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ offset: 0, limit: 2 })
    expect(body.count).toBeGreaterThanOrEqual(2)
    expect(body.returns.map((entry: { id: string }) => entry.id)).toEqual([second.id, first.id])
    expect(body.returns[0]).toMatchObject({ swap: null, order: { id: made.id, object: 'order' } })
    expect((await request('GET', '/admin/returns?limit=x')).statusCode).toBe(400)
  })
})
