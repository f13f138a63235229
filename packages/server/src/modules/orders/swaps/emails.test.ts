import { beforeAll, describe, expect, it } from 'vitest'
import type { NotificationMessage, NotificationProvider } from '../../../providers/notification.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { ensureStore } from '../../store/service.js'
import { store } from '../../store/schema.js'
import { swappableOrder } from './test-helpers.js'

const ctx = useTestApp()
const sent: NotificationMessage[] = []
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  await ctx.app.db.update(store).set({ swap_link_template: 'https://shop.test/swaps/{cart_id}' })
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

describe('swap e-mails', () => {
  it('tells the shopper once of a swap, with the link to complete it; not when told not to', async () => {
    const setup = await swappableOrder(ctx.app.db)
    const create = (extra: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/admin/orders/${setup.order.id}/swaps`,
        headers,
        payload: { return_items: [{ item_id: setup.shirt.id, quantity: 1 }], ...extra },
      })
    const res = await create()
    expect(res.statusCode, res.body).toBe(200)
    const cartId = res.json().order.swaps[0].cart_id
    await ctx.app.events.drain()
    await ctx.app.events.drain()
    const mails = sent.filter((message) => message.event_name === 'swap.created')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ resource_type: 'order', resource_id: setup.order.id })
    expect(mails[0].content!.subject).toBe(`Your exchange on order #${setup.order.display_id} is registered`)
    expect(mails[0].content!.text).toContain(`https://shop.test/swaps/${cartId}`)

    expect((await create({ no_notification: true })).statusCode).toBe(200)
    await ctx.app.events.drain()
    await ctx.app.events.drain()
    expect(sent.filter((message) => message.event_name === 'swap.created')).toHaveLength(1)
  })
})
