import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { NotificationMessage, NotificationProvider } from '../../../providers/notification.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { ensureStore } from '../../store/service.js'
import { adminRequest } from '../admin/test-helpers.js'
import { order, orderReturn } from '../schema.js'
import { shippedOrder } from './test-helpers.js'

const ctx = useTestApp()
const sent: NotificationMessage[] = []
let request: ReturnType<typeof adminRequest>

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
  request = adminRequest(ctx.app, (await asAdmin(ctx.app.db)).headers)
})

describe('return e-mails', () => {
  it("tells the shopper of a return requested and received, in the order's language, once each", async () => {
    const made = await shippedOrder(ctx.app.db, {
      currency_code: 'eur',
      items: [{ title: 'Wollmütze', unit_price: 5000, quantity: 2 }],
    })
    await ctx.app.db
      .update(order)
      .set({ metadata: { locale: 'de-DE' } })
      .where(eq(order.id, made.id))
    const item = made.lines[0].id
    expect(
      (await request('POST', `/admin/orders/${made.id}/return`, { items: [{ item_id: item, quantity: 1 }] }))
        .statusCode,
    ).toBe(200)
    const [row] = await ctx.app.db.select().from(orderReturn).where(eq(orderReturn.order_id, made.id))
    expect(
      (await request('POST', `/admin/returns/${row.id}/receive`, { items: [{ item_id: item, quantity: 1 }] }))
        .statusCode,
    ).toBe(200)
    await ctx.app.events.drain()
    await ctx.app.events.drain()

    const mine = sent.filter((message) => message.resource_id === made.id)
    const requested = mine.filter((message) => message.event_name === 'order.return_requested')
    const received = mine.filter((message) => message.event_name === 'order.items_returned')
    expect(requested).toHaveLength(1)
    expect(received).toHaveLength(1)
    expect(requested[0].content).toMatchObject({ locale: 'de', subject: expect.stringContaining('Rücksendung') })
    expect(requested[0].content!.text).toContain('1 × Wollmütze')
    expect(received[0].content!.text).toContain('50,00')
  })

  it('stays silent for an order that asks for no notifications', async () => {
    const made = await shippedOrder(ctx.app.db)
    const res = await request('POST', `/admin/orders/${made.id}/return`, {
      items: [{ item_id: made.lines[0].id, quantity: 1 }],
      no_notification: true,
    })
    expect(res.statusCode).toBe(200)
    await ctx.app.events.drain()
    expect(sent.filter((message) => message.resource_id === made.id)).toEqual([])
  })
})
