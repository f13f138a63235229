import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { asCustomer } from '../../../testing/factories/customers.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { orderEvents } from '../admin/test-helpers.js'
import { orderReturn } from '../schema.js'
import { returnOption, shippedOrder } from './test-helpers.js'

const ctx = useTestApp()
const db = () => ctx.app.db

const storeReturn = (payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/store/returns', headers, payload })

async function reasonId(): Promise<string> {
  const { headers } = await asAdmin(db())
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/admin/return-reasons',
    headers,
    payload: { value: `store-${Date.now()}-${Math.random()}`, label: 'Too big' },
  })
  return res.json().return_reason.id
}

describe('POST /store/returns', () => {
  it("returns a guest order's items with a reason and return shipping; replays by Idempotency-Key", async () => {
    const made = await shippedOrder(db())
    const option = await returnOption(db(), made.region_id, 500)
    const reason = await reasonId()
    const payload = {
      order_id: made.id,
      items: [{ item_id: made.lines[0].id, quantity: 1, reason_id: reason, note: 'too big' }],
      return_shipping: { option_id: option.id },
    }
    const res = await storeReturn(payload, { 'idempotency-key': `store-return-${made.id}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().return).toMatchObject({
      status: 'requested',
      order_id: made.id,
      refund_amount: 4500,
      items: [{ item_id: made.lines[0].id, quantity: 1, reason_id: reason, reason: { id: reason, label: 'Too big' } }],
    })
    const replay = await storeReturn(payload, { 'idempotency-key': `store-return-${made.id}` })
    expect(replay.statusCode).toBe(200)
    expect(replay.json().return.id).toBe(res.json().return.id)
    expect(await db().select().from(orderReturn).where(eq(orderReturn.order_id, made.id))).toHaveLength(1)
    expect((await orderEvents(db(), made.id)).map((event) => event.name)).toEqual(['order.return_requested'])
  })

  it("lets a customer return their own order only: someone else's is a 404", async () => {
    const owner = await asCustomer(db())
    const stranger = await asCustomer(db())
    const made = await shippedOrder(db(), { customer_id: owner.customer.id, email: owner.customer.email })
    const payload = { order_id: made.id, items: [{ item_id: made.lines[0].id, quantity: 1 }] }
    for (const headers of [{}, stranger.headers]) {
      const res = await storeReturn(payload, headers)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ type: 'not_found', message: `Order with id ${made.id} was not found` })
    }
    expect((await storeReturn(payload, owner.headers)).statusCode).toBe(200)
  })

  it('refuses what cannot be returned, naming the field', async () => {
    const made = await shippedOrder(db())
    const other = await shippedOrder(db())
    const plain = await makeShippingOption(db(), made.region_id)
    const item = made.lines[0].id
    const cases: [object, number, string][] = [
      [{ order_id: made.id, items: [{ item_id: item, quantity: 5 }] }, 400, 'items'],
      [{ order_id: made.id, items: [{ item_id: other.lines[0].id, quantity: 1 }] }, 400, 'items'],
      [
        { order_id: made.id, items: [{ item_id: item, quantity: 1 }], return_shipping: { option_id: plain.id } },
        400,
        'option_id',
      ],
      [{ order_id: made.id, items: [{ item_id: item, quantity: 1 }], refund: 5 }, 400, 'refund'],
      [{ order_id: made.id }, 400, 'items'],
      [{ order_id: 'order_missing', items: [{ item_id: item, quantity: 1 }] }, 404, 'order_missing'],
    ]
    for (const [payload, status, field] of cases) {
      const res = await storeReturn(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(res.json().message).toContain(field)
    }
    expect(await db().select().from(orderReturn).where(eq(orderReturn.order_id, made.id))).toEqual([])
  })
})
