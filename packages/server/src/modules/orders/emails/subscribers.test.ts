import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { NotificationMessage, NotificationProvider } from '../../../providers/notification.js'
import { emit } from '../../../events/outbox.js'
import { makeCheckoutReadyCart } from '../../../testing/factories/carts.js'
import { makeGuestCustomer } from '../../../testing/factories/customers.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { customer } from '../../customers/schema.js'
import { ensureStore } from '../../store/service.js'
import { order } from '../schema.js'

const ctx = useTestApp()
/** Every message the app hands its provider, with the rendered e-mail, before the log provider stores it. */
const sent: NotificationMessage[] = []

beforeAll(async () => {
  await ensureStore(ctx.app.db)
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

const sentFor = (orderId: string, event?: string) =>
  sent.filter((message) => message.resource_id === orderId && (!event || message.event_name === event))

async function deliver(event: string, data: Record<string, unknown>) {
  await emit(ctx.app.db, event, data)
  await ctx.app.events.drain()
}

describe('order e-mails', () => {
  it('confirms an order placed at checkout, listed by /admin/notifications with what it showed', async () => {
    const email = 'placed-mail@example.com'
    const shopper = await makeGuestCustomer(ctx.app.db, { email })
    const { cart } = await makeCheckoutReadyCart(ctx.app.db, { email, customer_id: shopper.id, quantity: 2 })
    const completed = await ctx.app.inject({ method: 'POST', url: `/store/carts/${cart.id}/complete` })
    expect(completed.json(), completed.body).toMatchObject({ type: 'order' })
    const placed = completed.json().data
    await ctx.app.events.drain()

    const [message] = sentFor(placed.id, 'order.placed')
    expect(message).toMatchObject({ to: 'placed-mail@example.com', resource_type: 'order' })
    expect(message.content).toMatchObject({ locale: 'en', subject: `Order #${placed.display_id} confirmed` })
    expect(message.content!.html).toContain(placed.items[0].title)
    expect(message.content!.text).toContain(`2 × ${placed.items[0].title}`)

    const { headers } = await asAdmin(ctx.app.db)
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/admin/notifications?resource_id=${placed.id}&event_name=order.placed&fields=%2Bdata`,
      headers,
    })
    expect(listed.statusCode).toBe(200)
    const body = listed.json()
    expect(body.count).toBe(1)
    expect(body.notifications[0]).toMatchObject({
      to: 'placed-mail@example.com',
      provider_id: 'log',
      data: { locale: 'en', order: { id: placed.id, display_id: placed.display_id, total: placed.total } },
    })
  })

  it("writes in the order's language, else its customer's, else the store default", async () => {
    const german = await makeOrder(ctx.app.db, {
      currency_code: 'eur',
      items: [{ title: 'Wollmütze', unit_price: 1990 }],
    })
    await ctx.app.db
      .update(order)
      .set({ metadata: { locale: 'de-DE' } })
      .where(eq(order.id, german.id))
    await deliver('order.placed', { id: german.id, no_notification: null })
    const [de] = sentFor(german.id)
    expect(de.content!.subject).toBe(`Bestellung #${german.display_id} bestätigt`)
    expect(de.content!.text).toMatch(/Gesamt: 19,90\s€/)
    expect(de.data.locale).toBe('de')

    const french = await makeOrder(ctx.app.db, { currency_code: 'eur' })
    await ctx.app.db
      .update(customer)
      .set({ metadata: { locale: 'fr' } })
      .where(eq(customer.id, french.customer_id))
    await deliver('order.placed', { id: french.id })
    expect(sentFor(french.id)[0].content!.subject).toBe(`Commande n° ${french.display_id} confirmée`)

    const plain = await makeOrder(ctx.app.db)
    await deliver('order.placed', { id: plain.id })
    expect(sentFor(plain.id)[0].content!.locale).toBe('en')
  })

  it("sends nothing for an order with no_notification, unless the event's own flag says otherwise", async () => {
    const quiet = await makeOrder(ctx.app.db)
    await ctx.app.db.update(order).set({ no_notification: true }).where(eq(order.id, quiet.id))
    await deliver('order.placed', { id: quiet.id, no_notification: null })
    await deliver('order.canceled', { id: quiet.id })
    expect(sentFor(quiet.id)).toEqual([])

    await deliver('order.canceled', { id: quiet.id, no_notification: false })
    expect(sentFor(quiet.id, 'order.canceled')).toHaveLength(1)

    const loud = await makeOrder(ctx.app.db)
    await deliver('order.placed', { id: loud.id, no_notification: true })
    expect(sentFor(loud.id)).toEqual([])
  })

  it('sends one e-mail when an event is delivered twice', async () => {
    const placed = await makeOrder(ctx.app.db)
    await emit(ctx.app.db, 'order.placed', { id: placed.id })
    await emit(ctx.app.db, 'order.placed', { id: placed.id })
    await ctx.app.events.drain()
    await deliver('order.placed', { id: placed.id })
    expect(sentFor(placed.id, 'order.placed')).toHaveLength(1)
  })

  it('tells the shopper of a canceled order', async () => {
    const canceled = await makeOrder(ctx.app.db, { status: 'canceled', items: [{ title: 'Desk lamp' }] })
    await deliver('order.canceled', { id: canceled.id, no_notification: false })
    const [message] = sentFor(canceled.id, 'order.canceled')
    expect(message.content!.subject).toBe(`Order #${canceled.display_id} canceled`)
    expect(message.content!.text).toContain('Desk lamp')
  })

  it('tells the shopper of a shipment with its tracking numbers, and of a refund with its amount', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const admin = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload })
    const made = await makeOrder(ctx.app.db, {
      email: 'after-sale@example.com',
      items: [{ title: 'Teapot', unit_price: 4000, quantity: 1 }],
      shipping: [{ price: 500 }],
      payments: [{ amount: 4500, captured: true }],
    })
    const [line] = (await ctx.app.inject({ method: 'GET', url: `/admin/orders/${made.id}`, headers })).json().order
      .items

    const fulfilled = await admin(`/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: line.id, quantity: 1 }],
    })
    const [fulfillment] = fulfilled.json().order.fulfillments
    const shipped = await admin(`/admin/orders/${made.id}/shipment`, {
      fulfillment_id: fulfillment.id,
      tracking_numbers: ['TRACK-42'],
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    const refunded = await admin(`/admin/orders/${made.id}/refund`, { amount: 1500, reason: 'other', note: 'dented' })
    expect(refunded.statusCode, refunded.body).toBe(200)
    await ctx.app.events.drain()

    const [shipment] = sentFor(made.id, 'order.shipment_created')
    expect(shipment).toMatchObject({ to: 'after-sale@example.com' })
    expect(shipment.content!.text).toContain('TRACK-42')
    const [refund] = sentFor(made.id, 'order.refund_created')
    expect(refund).toMatchObject({ to: 'after-sale@example.com' })
    expect(refund.content!.text).toMatch(/15[.,]00/)
  })

  it('resends an order e-mail to another address in its language, rendered afresh', async () => {
    const placed = await makeOrder(ctx.app.db, { currency_code: 'eur' })
    await ctx.app.db
      .update(order)
      .set({ metadata: { locale: 'fr' } })
      .where(eq(order.id, placed.id))
    await deliver('order.placed', { id: placed.id })
    const { headers } = await asAdmin(ctx.app.db)
    const [original] = (
      await ctx.app.inject({ method: 'GET', url: `/admin/notifications?resource_id=${placed.id}`, headers })
    ).json().notifications

    const resent = await ctx.app.inject({
      method: 'POST',
      url: `/admin/notifications/${original.id}/resend`,
      headers,
      payload: { to: 'accounts@example.com' },
    })
    expect(resent.statusCode).toBe(200)
    expect(resent.json().notification.resends).toMatchObject([{ to: 'accounts@example.com', resource_id: placed.id }])
    const again = sentFor(placed.id, 'order.placed').at(-1)!
    expect(again).toMatchObject({ to: 'accounts@example.com', parent_id: original.id })
    expect(again.content!.subject).toBe(`Commande n° ${placed.display_id} confirmée`)
  })
})

describe('staff and account e-mails', () => {
  it('renders the invite e-mail with its link', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites',
      headers,
      payload: { user: 'mail-invitee@example.com', role: 'member' },
    })
    expect(invited.statusCode).toBe(200)
    await ctx.app.events.drain()
    const message = sent.find((m) => m.event_name === 'invite.created' && m.to === 'mail-invitee@example.com')!
    expect(message.content!.subject).toBe('You are invited to manage the store')
    expect(message.content!.html).toContain(`href="${String(message.data.link).replaceAll('&', '&amp;')}"`)
    expect(message.content!.text).toContain(String(message.data.link))
  })
})
