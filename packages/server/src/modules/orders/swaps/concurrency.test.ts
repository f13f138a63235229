import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { productVariant } from '../../catalog/schema.js'
import { adminRequest } from '../admin/test-helpers.js'
import { orderReturn, refund, swap } from '../schema.js'
import { checkoutSwapCart, swappableOrder } from './test-helpers.js'

// Real parallel requests; on PostgreSQL (TEST_DATABASE_URL) they run on separate connections.
const ctx = useTestApp()
const db = () => ctx.app.db
let request: ReturnType<typeof adminRequest>
let provider: TestPaymentProvider
let headers: Record<string, string>

beforeAll(async () => {
  headers = (await asAdmin(db())).headers
  request = adminRequest(ctx.app, headers)
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
})
beforeEach(() => provider.reset())

async function confirmedSwap(variant: 'cheap' | 'dear') {
  const setup = await swappableOrder(db())
  const created = await request('POST', `/admin/orders/${setup.order.id}/swaps`, {
    return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
    additional_items: [{ variant_id: setup[variant], quantity: 1 }],
    custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
  })
  expect(created.statusCode, created.body).toBe(200)
  const row = created.json().order.swaps[0]
  expect((await checkoutSwapCart(ctx.app, row.cart_id)).status).toBe(200)
  return { orderId: setup.order.id, swapId: row.id as string }
}

describe('swaps under concurrency', () => {
  it('two process-payment of a dearer swap at once: one capture', async () => {
    const { orderId, swapId } = await confirmedSwap('dear')
    const answers = await Promise.all(
      [0, 1].map(() => request('POST', `/admin/orders/${orderId}/swaps/${swapId}/process-payment`)),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200])
    expect(provider.callsTo('capturePayment')).toHaveLength(1)
    expect((await db().select().from(swap).where(eq(swap.id, swapId)))[0].payment_status).toBe('captured')
  })

  it('two process-payment of a cheaper swap at once: one refund of the difference', async () => {
    const { orderId, swapId } = await confirmedSwap('cheap')
    const answers = await Promise.all(
      [0, 1, 2].map(() => request('POST', `/admin/orders/${orderId}/swaps/${swapId}/process-payment`)),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200])
    expect(await db().select().from(refund).where(eq(refund.order_id, orderId))).toEqual([
      expect.objectContaining({ amount: 550, reason: 'swap' }),
    ])
    expect(provider.callsTo('refundPayment')).toHaveLength(1)
  })

  it('a swap cart completed twice at once: one confirmation, stock taken once', async () => {
    const setup = await swappableOrder(db())
    const created = await request('POST', `/admin/orders/${setup.order.id}/swaps`, {
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    })
    const cartId = created.json().order.swaps[0].cart_id
    const answers = await Promise.all(
      [0, 1].map(() => ctx.app.inject({ method: 'POST', url: `/store/carts/${cartId}/complete` })),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200])
    expect(answers.map((res) => res.json().type)).toEqual(['swap', 'swap'])
    const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, setup.cheap))
    expect(variant.inventory_quantity).toBe(4)
  })

  it('three creates with one Idempotency-Key at once: one swap, one return, the same answer', async () => {
    const setup = await swappableOrder(db())
    const body = {
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    }
    const key = `swap-${setup.order.id}`
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/admin/orders/${setup.order.id}/swaps`,
        headers: { ...headers, 'idempotency-key': key },
        payload: body,
      })
    const answers = await Promise.all([0, 1, 2].map(send))
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200])
    expect(answers.map((res) => res.headers['idempotency-key'])).toEqual([key, key, key])
    const made = await db().select().from(swap).where(eq(swap.order_id, setup.order.id))
    expect(made).toEqual([expect.objectContaining({ idempotency_key: key })])
    expect(await db().select().from(orderReturn).where(eq(orderReturn.order_id, setup.order.id))).toHaveLength(1)
    expect(new Set(answers.map((res) => res.body)).size).toBe(1)
    expect(answers[0].json().order.swaps.map((entry: { id: string }) => entry.id)).toEqual([made[0].id])
    const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, setup.cheap))
    expect(variant.inventory_quantity).toBe(4)

    // A retry later replays the answer; the same key on another body is refused.
    const retried = await send()
    expect(retried.body).toBe(answers[0].body)
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/admin/orders/${setup.order.id}/swaps`,
      headers: { ...headers, 'idempotency-key': key },
      payload: { ...body, no_notification: true },
    })
    expect(other.statusCode).toBe(422)
    expect(other.json().type).toBe('duplicate_error')
    expect(await db().select().from(swap).where(eq(swap.order_id, setup.order.id))).toHaveLength(1)
  })
})
