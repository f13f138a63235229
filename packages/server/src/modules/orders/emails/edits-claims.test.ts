import { beforeAll, describe, expect, it } from 'vitest'
import type { NotificationMessage, NotificationProvider } from '../../../providers/notification.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeGuestCustomer } from '../../../testing/factories/customers.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { ensureStore } from '../../store/service.js'
import { customer } from '../../customers/schema.js'
import { lineItem } from '../../carts/schema.js'
import { eq } from 'drizzle-orm'

const ctx = useTestApp()
const sent: NotificationMessage[] = []
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  headers = (await asAdmin(ctx.app.db)).headers
  const logProvider = ctx.app.providers.notification
  const capturing: NotificationProvider = {
    id: logProvider.id,
    send: async (db, message) => {
      sent.push(message)
      await logProvider.send(db, message)
    },
  }
  ctx.app.providers.notification = capturing
})

const admin = (url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers, payload })

describe('order edit and claim e-mails', () => {
  it('asks the customer, in their language and once, to accept what is left to pay', async () => {
    const db = ctx.app.db
    const email = `edit-mail-${Date.now()}@example.com`
    const shopper = await makeGuestCustomer(db, { email })
    await db
      .update(customer)
      .set({ metadata: { locale: 'de' } })
      .where(eq(customer.id, shopper.id))
    const region = await makeRegion(db, { currency_code: 'eur' })
    const product = await makeProduct(db, { variants: [{ prices: [{ amount: 1250, currency_code: 'eur' }] }] })
    const made = await makeOrder(db, { email, customer_id: shopper.id, region_id: region.id, currency_code: 'eur' })
    const edit = (await admin('/admin/order-edits', { order_id: made.id })).json().order_edit
    await admin(`/admin/order-edits/${edit.id}/items`, { variant_id: product.variants[0].id, quantity: 1 })
    await admin(`/admin/order-edits/${edit.id}/request`)
    await ctx.app.events.drain()
    await ctx.app.events.drain()

    const mails = sent.filter((message) => message.event_name === 'order-edit.requested')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: email, resource_type: 'order', resource_id: made.id })
    expect(mails[0].content!.subject).toBe(`Änderungen an Bestellung #${made.display_id} warten auf Ihre Bestätigung`)
    expect(mails[0].content!.text).toContain('12,50')
  })

  it('tells the customer a claim is registered, once, with what is refunded', async () => {
    const db = ctx.app.db
    const email = `claim-mail-${Date.now()}@example.com`
    const made = await makeOrder(db, {
      email,
      items: [{ unit_price: 2000, quantity: 1 }],
      payments: [{ amount: 2000, captured: true }],
    })
    const [line] = await db.select().from(lineItem).where(eq(lineItem.order_id, made.id))
    await db.update(lineItem).set({ fulfilled_quantity: 1 }).where(eq(lineItem.id, line.id))
    const res = await admin(`/admin/orders/${made.id}/claims`, {
      type: 'refund',
      claim_items: [{ item_id: line.id, quantity: 1, reason: 'wrong_item' }],
    })
    expect(res.statusCode, res.body).toBe(200)
    await ctx.app.events.drain()
    await ctx.app.events.drain()
    const mails = sent.filter((message) => message.event_name === 'claim.created' && message.resource_id === made.id)
    expect(mails).toHaveLength(1)
    expect(mails[0].content!.subject).toBe(`We have registered your claim on order #${made.display_id}`)
    expect(mails[0].content!.text).toContain('$20.00')
  })
})
