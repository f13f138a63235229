import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { emit } from '../../../events/outbox.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { adminApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'
import { ensureStore } from '../../store/service.js'
import { order, payment } from '../schema.js'

const ctx = useTestApp()
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  headers = (await asAdmin(ctx.app.db)).headers
})

const timeline = (id: string, auth = headers) =>
  ctx.app.inject({ method: 'GET', url: `/admin/orders/${id}/timeline`, headers: auth })

describe('GET /admin/orders/:id/timeline', () => {
  it("tells an order's history oldest first: placed, payments, notes, e-mails, canceled", async () => {
    const placed = await makeOrder(ctx.app.db, {
      email: 'timeline@example.com',
      payments: [{ amount: 1000 }],
      created_at: new Date(Date.now() - 60_000),
    })
    const [pay] = await ctx.app.db.select().from(payment).where(eq(payment.order_id, placed.id))
    await ctx.app.db
      .update(payment)
      .set({ created_at: new Date(Date.now() - 50_000), captured_at: new Date(Date.now() - 40_000) })
      .where(eq(payment.id, pay.id))
    await emit(ctx.app.db, 'order.placed', { id: placed.id })
    await ctx.app.events.drain()
    const { user, headers: author } = await asAdmin(ctx.app.db)
    const noted = await ctx.app.inject({
      method: 'POST',
      url: '/admin/notes',
      headers: author,
      payload: { resource_id: placed.id, resource_type: 'order', value: 'Asked for gift wrap' },
    })
    expect(noted.statusCode).toBe(200)
    const canceledAt = new Date(Date.now() + 1000)
    await ctx.app.db.update(order).set({ status: 'canceled', canceled_at: canceledAt }).where(eq(order.id, placed.id))

    const res = await timeline(placed.id)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.order_id).toBe(placed.id)
    expect(body.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'order.placed',
      'payment.authorized',
      'payment.captured',
      'notification',
      'note',
      'order.canceled',
    ])
    const [first, , captured, mail, note, canceled] = body.timeline
    expect(first).toMatchObject({
      id: `order.placed:${placed.id}`,
      resource_id: placed.id,
      data: { display_id: placed.display_id, email: 'timeline@example.com', currency_code: 'usd' },
    })
    expect(captured).toMatchObject({ resource_id: pay.id, data: { amount: 1000, provider_id: 'manual' } })
    expect(mail).toMatchObject({ data: { event_name: 'order.placed', to: 'timeline@example.com', parent_id: null } })
    expect(mail.data).not.toHaveProperty('data')
    expect(note).toMatchObject({
      resource_id: noted.json().note.id,
      data: { value: 'Asked for gift wrap', author: { id: user.id, email: user.email } },
    })
    expect(new Date(canceled.created_at).getTime()).toBe(canceledAt.getTime())
  })

  it('tells each fulfilment created and shipped, and each refund, from the admin order routes', async () => {
    const made = await makeOrder(ctx.app.db, {
      items: [{ title: 'Kettle', unit_price: 3000, quantity: 1 }],
      shipping: [{ price: 500 }],
      payments: [{ amount: 3500, captured: true }],
    })
    const { get, post } = adminApi(ctx, { headers })
    const [line] = (await get(`/admin/orders/${made.id}`)).json().order.items
    const [fulfilled] = (
      await post(`/admin/orders/${made.id}/fulfillment`, { items: [{ item_id: line.id, quantity: 1 }] })
    ).json().order.fulfillments
    await post(`/admin/orders/${made.id}/shipment`, { fulfillment_id: fulfilled.id, tracking_numbers: ['T-9'] })
    await post(`/admin/orders/${made.id}/refund`, { amount: 700, reason: 'other' })

    const entries: { kind: string; resource_id: string; data: Record<string, unknown> }[] = (
      await timeline(made.id)
    ).json().timeline
    const shipped = entries.find((entry) => entry.kind === 'fulfillment.shipped')
    expect(entries.find((entry) => entry.kind === 'fulfillment.created')?.resource_id).toBe(fulfilled.id)
    expect(shipped).toMatchObject({ resource_id: fulfilled.id, data: { tracking_numbers: ['T-9'] } })
    expect(entries.find((entry) => entry.kind === 'refund')).toMatchObject({ data: { amount: 700, reason: 'other' } })
  })

  it("leaves out other orders' records and deleted notes", async () => {
    const mine = await makeOrder(ctx.app.db)
    const other = await makeOrder(ctx.app.db)
    const write = (resourceId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/admin/notes',
        headers,
        payload: { resource_id: resourceId, resource_type: 'order', value: 'x' },
      })
    const kept = (await write(mine.id)).json().note
    const gone = (await write(mine.id)).json().note
    await write(other.id)
    await ctx.app.inject({ method: 'DELETE', url: `/admin/notes/${gone.id}`, headers })

    const entries = (await timeline(mine.id)).json().timeline
    expect(
      entries.filter((e: { kind: string }) => e.kind === 'note').map((e: { resource_id: string }) => e.resource_id),
    ).toEqual([kept.id])
  })

  it('is 404 for an unknown order and 401 without a user', async () => {
    const missing = await timeline('order_missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ type: 'not_found', message: 'Order with id order_missing was not found' })
    expect((await timeline('order_missing', {})).statusCode).toBe(401)
  })
})
