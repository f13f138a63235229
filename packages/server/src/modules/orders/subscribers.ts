import type { FastifyInstance } from 'fastify'
import { notify } from '../notifications/notify.js'
import { ORDER_EVENTS } from './events.js'

/** Shopper e-mails about orders: the claim token goes to the address the orders were placed with. */
export function registerOrderSubscribers(app: FastifyInstance): void {
  const storefrontUrl = app.config.publicUrl

  app.events.subscribe(ORDER_EVENTS.updateTokenCreated, async (data) => {
    const token = String(data.token)
    const orders = Array.isArray(data.orders) ? data.orders.map(String) : []
    await notify(app, {
      to: String(data.old_email),
      event_name: ORDER_EVENTS.updateTokenCreated,
      resource_type: 'order',
      resource_id: orders[0] ?? '',
      customer_id: typeof data.new_customer_id === 'string' ? data.new_customer_id : null,
      data: {
        token,
        orders,
        old_email: data.old_email,
        new_customer_id: data.new_customer_id,
        link: `${storefrontUrl}/orders/confirm?token=${encodeURIComponent(token)}`,
      },
    })
  })
}
