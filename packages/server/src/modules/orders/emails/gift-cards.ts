import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { alreadyNotified, notify } from '../../notifications/notify.js'
import { GIFT_CARD_EVENTS } from '../../promotions/gift-cards.js'
import { giftCard } from '../../promotions/schema.js'
import { loadOrderForMail } from './order-mail.js'

/**
 * The gift card an order bought, e-mailed to the order's address with its code and value (v1's
 * `gift_card_created` mail): once per card, unless the order asked for no notifications. A card a
 * merchant made has no order and no e-mail.
 */
export function registerGiftCardMailSubscriber(app: FastifyInstance): void {
  app.events.subscribe(GIFT_CARD_EVENTS.created, async (data) => {
    const id = String(data.id)
    const [card] = await app.db
      .select({ id: giftCard.id, code: giftCard.code, value: giftCard.value, order_id: giftCard.order_id })
      .from(giftCard)
      .where(eq(giftCard.id, id))
    if (!card?.order_id) return
    if (await alreadyNotified(app.db, GIFT_CARD_EVENTS.created, 'gift_card', id)) return
    const { order, mail, name, locale } = await loadOrderForMail(app.db, card.order_id)
    if (!order.email || order.no_notification === true) return
    await notify(app, {
      to: order.email,
      event_name: GIFT_CARD_EVENTS.created,
      resource_type: 'gift_card',
      resource_id: id,
      customer_id: order.customer_id ?? null,
      locale,
      data: { order: mail, name, gift_card: { id, code: card.code, value: card.value } },
    })
  })
}
