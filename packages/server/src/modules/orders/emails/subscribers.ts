import type { FastifyInstance } from 'fastify'
import { alreadyNotified, notify } from '../../notifications/notify.js'
import { ORDER_EVENTS } from '../events.js'
import { RETURN_EVENTS } from '../returns/events.js'
import { loadOrderForMail, refundOf, returnOf, trackingNumbersOf, type LoadedOrder } from './order-mail.js'

type EventData = Record<string, unknown>

/**
 * Whether the shopper is to hear of it: the event's own `no_notification` decides when it carries
 * one (a refund or shipment made with `no_notification: true`), else the order's.
 */
function wanted(data: EventData, loaded: LoadedOrder): boolean {
  const flag = typeof data.no_notification === 'boolean' ? data.no_notification : loaded.order.no_notification
  return flag !== true
}

/**
 * Shopper e-mails about an order: placed, shipped, refunded, canceled, a return requested or received. They run from the outbox
 * after the write committed, read the order afresh, and send at most once per order (per
 * shipment, per refund), as an event may be delivered twice.
 */
export function registerOrderMailSubscribers(app: FastifyInstance): void {
  const send = async (event: string, loaded: LoadedOrder, extra: EventData = {}) => {
    const { order, mail, name, locale } = loaded
    if (!order.email) return
    await notify(app, {
      to: order.email,
      event_name: event,
      resource_type: 'order',
      resource_id: order.id,
      customer_id: order.customer_id ?? null,
      locale,
      data: { order: mail, name, ...extra },
    })
  }

  app.events.subscribe(ORDER_EVENTS.placed, async (data) => {
    const id = String(data.id)
    if (await alreadyNotified(app.db, ORDER_EVENTS.placed, 'order', id)) return
    const loaded = await loadOrderForMail(app.db, id)
    if (wanted(data, loaded)) await send(ORDER_EVENTS.placed, loaded)
  })

  app.events.subscribe(ORDER_EVENTS.canceled, async (data) => {
    const id = String(data.id)
    if (await alreadyNotified(app.db, ORDER_EVENTS.canceled, 'order', id)) return
    const loaded = await loadOrderForMail(app.db, id)
    if (wanted(data, loaded)) await send(ORDER_EVENTS.canceled, loaded)
  })

  app.events.subscribe(ORDER_EVENTS.shipmentCreated, async (data) => {
    const id = String(data.id)
    const fulfillmentId = String(data.fulfillment_id)
    const once = { key: 'fulfillment_id', value: fulfillmentId }
    if (await alreadyNotified(app.db, ORDER_EVENTS.shipmentCreated, 'order', id, once)) return
    const loaded = await loadOrderForMail(app.db, id)
    if (!wanted(data, loaded)) return
    const tracking_numbers = await trackingNumbersOf(app.db, fulfillmentId)
    await send(ORDER_EVENTS.shipmentCreated, loaded, { fulfillment_id: fulfillmentId, tracking_numbers })
  })

  app.events.subscribe(ORDER_EVENTS.refundCreated, async (data) => {
    const id = String(data.id)
    const refundId = String(data.refund_id)
    const once = { key: 'refund_id', value: refundId }
    if (await alreadyNotified(app.db, ORDER_EVENTS.refundCreated, 'order', id, once)) return
    const loaded = await loadOrderForMail(app.db, id)
    if (!wanted(data, loaded)) return
    const refund = await refundOf(app.db, refundId)
    if (!refund) return
    await send(ORDER_EVENTS.refundCreated, loaded, { refund_id: refundId, refund })
  })

  // A return requested, then received: once per return each.
  for (const event of [RETURN_EVENTS.returnRequested, RETURN_EVENTS.itemsReturned]) {
    app.events.subscribe(event, async (data) => {
      const id = String(data.id)
      const returnId = String(data.return_id)
      const once = { key: 'return_id', value: returnId }
      if (await alreadyNotified(app.db, event, 'order', id, once)) return
      const loaded = await loadOrderForMail(app.db, id)
      if (!wanted(data, loaded)) return
      const found = await returnOf(app.db, returnId)
      if (!found) return
      await send(event, loaded, { return_id: returnId, return: found })
    })
  }
}
