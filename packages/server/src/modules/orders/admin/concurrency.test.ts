import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { lineItem } from '../../carts/schema.js'
import { payment } from '../schema.js'
import { adminRequest } from './test-helpers.js'

/**
 * Real parallel admin requests on one order: on PostgreSQL (TEST_DATABASE_URL) they run on
 * separate connections and meet at the order's operation claim; PGlite runs them one at a time.
 */
const ctx = useTestApp()
let request: ReturnType<typeof adminRequest>
let provider: TestPaymentProvider
const db = () => ctx.app.db

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
})
beforeEach(() => provider.reset())

describe('parallel operations on one order', () => {
  it('two captures at once capture once', async () => {
    for (let round = 0; round < 3; round++) {
      provider.reset()
      const made = await makeOrder(db(), { payments: [{ amount: 1000, provider_id: 'test' }] })
      const answers = await Promise.all([
        request('POST', `/admin/orders/${made.id}/capture`),
        request('POST', `/admin/orders/${made.id}/capture`),
      ])
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200])
      expect(answers.map((res) => res.json().order.payment_status)).toEqual(['captured', 'captured'])
      expect(provider.callsTo('capturePayment')).toHaveLength(1)
    }
  })

  it('two refunds together above the paid amount: one succeeds, the other is a 400', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await makeOrder(db(), { payments: [{ amount: 1000, provider_id: 'test', captured: true }] })
      const answers = await Promise.all([
        request('POST', `/admin/orders/${made.id}/refund`, { amount: 600, reason: 'other' }),
        request('POST', `/admin/orders/${made.id}/refund`, { amount: 600, reason: 'other' }),
      ])
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400])
      const [row] = await db().select().from(payment).where(eq(payment.order_id, made.id))
      expect(row.amount_refunded).toBe(600)
      const order = (await request('GET', `/admin/orders/${made.id}`)).json().order
      expect(order.refunded_total).toBeLessThanOrEqual(order.paid_total)
      expect(order.refunds).toHaveLength(1)
    }
  })

  it('two fulfilments of the last units: one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await makeOrder(db(), { items: [{ quantity: 2 }], shipping: [{ price: 100 }] })
      const [line] = await db().select().from(lineItem).where(eq(lineItem.order_id, made.id))
      const fulfil = () =>
        request('POST', `/admin/orders/${made.id}/fulfillment`, { items: [{ item_id: line.id, quantity: 2 }] })
      const answers = await Promise.all([fulfil(), fulfil()])
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400])
      const [after] = await db().select().from(lineItem).where(eq(lineItem.id, line.id))
      expect(after.fulfilled_quantity).toBe(2)
      expect((await request('GET', `/admin/orders/${made.id}`)).json().order.fulfillments).toHaveLength(1)
    }
  })

  it('calls the payment provider with no transaction open: the order stays readable meanwhile', async () => {
    const made = await makeOrder(db(), { payments: [{ amount: 1000, provider_id: 'test' }] })
    const hold = provider.hold()
    const capture = request('POST', `/admin/orders/${made.id}/capture`)
    await hold.reached
    // On PGlite's one connection, a transaction held across the call would block this read.
    const read = await request('GET', `/admin/orders/${made.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().order.payment_status).toBe('awaiting')
    hold.release()
    expect((await capture).json().order.payment_status).toBe('captured')
  })
})
