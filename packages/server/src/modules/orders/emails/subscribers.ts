import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { alreadyNotified, notify } from '../../notifications/notify.js'
import { requireEdit } from '../edits/service.js'
import { differenceDue } from '../edits/view.js'
import { CLAIM_EVENTS, ORDER_EDIT_EVENTS, ORDER_EVENTS, SWAP_EVENTS } from '../events.js'
import { RETURN_EVENTS } from '../returns/events.js'
import { store } from '../../store/schema.js'
import { claimOrder, swap } from '../schema.js'
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
 * Shopper e-mails about an order: placed, shipped, refunded, canceled, a return requested or
 * received, changed (an order edit to accept), claimed (a claim registered). They run from the outbox
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

  app.events.subscribe(ORDER_EDIT_EVENTS.requested, async (data) => {
    const editId = String(data.id)
    const edit = await requireEdit(app.db, editId)
    const once = { key: 'order_edit_id', value: editId }
    if (await alreadyNotified(app.db, ORDER_EDIT_EVENTS.requested, 'order', edit.order_id, once)) return
    const loaded = await loadOrderForMail(app.db, edit.order_id)
    if (!wanted(data, loaded)) return
    const due = await differenceDue(app.db, edit)
    await send(ORDER_EDIT_EVENTS.requested, loaded, {
      order_edit_id: editId,
      edit: { id: editId, difference_due: Math.max(due, 0), refund: Math.max(-due, 0) },
    })
  })

  app.events.subscribe(CLAIM_EVENTS.created, async (data) => {
    const claimId = String(data.id)
    const [claim] = await app.db.select().from(claimOrder).where(eq(claimOrder.id, claimId))
    if (!claim) return
    const once = { key: 'claim_id', value: claimId }
    if (await alreadyNotified(app.db, CLAIM_EVENTS.created, 'order', claim.order_id, once)) return
    const loaded = await loadOrderForMail(app.db, claim.order_id)
    if (!wanted(data, loaded)) return
    await send(CLAIM_EVENTS.created, loaded, {
      claim_id: claimId,
      claim: { id: claimId, type: claim.type, refund_amount: claim.refund_amount ?? 0 },
    })
  })

  // A swap registered: the shopper completes its cart (the store's `swap_link_template`, v1) to pay
  // any difference. Once per swap.
  app.events.subscribe(SWAP_EVENTS.created, async (data) => {
    const swapId = String(data.id)
    const [row] = await app.db.select().from(swap).where(eq(swap.id, swapId))
    if (!row) return
    const once = { key: 'swap_id', value: swapId }
    if (await alreadyNotified(app.db, SWAP_EVENTS.created, 'order', row.order_id, once)) return
    const loaded = await loadOrderForMail(app.db, row.order_id)
    if (!wanted(data, loaded)) return
    const [settings] = await app.db.select({ template: store.swap_link_template }).from(store).limit(1)
    const link = settings?.template && row.cart_id ? settings.template.replace(/\{cart_id\}/g, row.cart_id) : null
    await send(SWAP_EVENTS.created, loaded, { swap_id: swapId, swap: { id: swapId, cart_id: row.cart_id, link } })
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
