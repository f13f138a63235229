import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { NotificationMessage, NotificationProvider } from '../../../providers/notification.js'
import { freeCountry } from '../../../testing/factories/carts.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeGuestCustomer } from '../../../testing/factories/customers.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { defaultProfiles, makeShippingOption } from '../../../testing/factories/shipping.js'
import { storefront } from '../../../testing/factories/storefront.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { emit } from '../../../events/outbox.js'
import { giftCard } from '../../promotions/schema.js'
import { ensureStore } from '../../store/service.js'
import { customer } from '../../customers/schema.js'

const ctx = useTestApp()
const shopper = storefront(() => ctx.app)
const sent: NotificationMessage[] = []
let admin: Record<string, string>

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  admin = (await asAdmin(ctx.app.db)).headers
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

/** A region selling a gift card product at 2500 EUR, with a free option for gift cards. */
async function giftCardShop() {
  const db = ctx.app.db
  const country = await freeCountry(db)
  const region = await makeRegion(db, { currency_code: 'eur', countries: [country], payment_providers: ['manual'] })
  const product = await makeProduct(db, {
    is_giftcard: true,
    variants: [{ inventory_quantity: 100, prices: [{ amount: 2500, currency_code: 'eur', region_id: region.id }] }],
  })
  const profiles = await defaultProfiles(db)
  const option = await makeShippingOption(db, region.id, { amount: 0, profile_id: profiles.gift_card.id })
  return { region, option, country, variantId: product.variants[0].id }
}

const mailsOf = (cardIds: string[]) =>
  sent.filter((message) => message.event_name === 'gift_card.created' && cardIds.includes(message.resource_id!))

async function drain() {
  await ctx.app.events.drain()
  await ctx.app.events.drain()
}

describe('gift card issued e-mail', () => {
  it('sends each bought card its code and value to the order e-mail, once, listed by /admin/notifications', async () => {
    const shop = await giftCardShop()
    const cartId = await shopper.cartWith(shop.region, [[shop.variantId, 2]], true)
    await shopper.pay(cartId)
    const done = await shopper.call('POST', `/store/carts/${cartId}/complete`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const order = done.body.data
    const cards = await ctx.app.db.select().from(giftCard).where(eq(giftCard.order_id, order.id))
    expect(cards).toHaveLength(2)
    await drain()
    // A second delivery of the events sends nothing more.
    for (const card of cards) {
      await emit(ctx.app.db, 'gift_card.created', { id: card.id })
    }
    await drain()

    const mails = mailsOf(cards.map((card) => card.id))
    expect(mails).toHaveLength(2)
    for (const card of cards) {
      const mail = mails.find((message) => message.resource_id === card.id)!
      expect(mail).toMatchObject({ to: order.email, resource_type: 'gift_card' })
      expect(mail.content!.subject).toBe(`Your gift card from order #${order.display_id}`)
      expect(mail.content!.text).toContain(card.code)
      expect(mail.content!.text).toContain('€25.00')
      expect(mail.content!.html).toContain(card.code)
    }

    const listed = await shopper.call(
      'GET',
      `/admin/notifications?resource_type=gift_card&resource_id=${cards[0].id}`,
      undefined,
      admin,
    )
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(listed.body.notifications).toHaveLength(1)
    expect(listed.body.notifications[0]).toMatchObject({
      event_name: 'gift_card.created',
      resource_id: cards[0].id,
      to: order.email,
    })
  })

  it("speaks the customer's language", async () => {
    const shop = await giftCardShop()
    const email = `gift-de-${Date.now()}@example.com`
    const buyer = await makeGuestCustomer(ctx.app.db, { email })
    await ctx.app.db
      .update(customer)
      .set({ metadata: { locale: 'de' } })
      .where(eq(customer.id, buyer.id))
    const cartId = await shopper.cartWith(shop.region, [[shop.variantId, 1]], true)
    expect((await shopper.call('POST', `/store/carts/${cartId}`, { email })).status).toBe(200)
    await shopper.pay(cartId)
    const done = await shopper.call('POST', `/store/carts/${cartId}/complete`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const [card] = await ctx.app.db.select().from(giftCard).where(eq(giftCard.order_id, done.body.data.id))
    await drain()
    const [mail] = mailsOf([card.id])
    expect(mail.content!.subject).toBe(`Ihr Geschenkgutschein aus Bestellung #${done.body.data.display_id}`)
    expect(mail.content!.text).toContain(card.code)
    expect(mail.content!.text).toContain('25,00')
  })

  it('stays silent for an order placed without notifications, and for a card a merchant made', async () => {
    const shop = await giftCardShop()
    const created = await shopper.call(
      'POST',
      '/admin/draft-orders',
      {
        email: `gift-quiet-${Date.now()}@example.com`,
        region_id: shop.region.id,
        shipping_methods: [{ option_id: shop.option.id }],
        shipping_address: { first_name: 'Ada', last_name: 'L', address_1: '1 Road', country_code: shop.country },
        items: [{ variant_id: shop.variantId, quantity: 1 }],
        no_notification_order: true,
      },
      admin,
    )
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const paid = await shopper.call('POST', `/admin/draft-orders/${created.body.draft_order.id}/pay`, {}, admin)
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const orderId = paid.body.order.id
    const issued = await ctx.app.db.select().from(giftCard).where(eq(giftCard.order_id, orderId))
    expect(issued).toHaveLength(1)
    const made = await shopper.call('POST', '/admin/gift-cards', { region_id: shop.region.id, value: 500 }, admin)
    expect(made.status).toBe(200)
    await drain()
    expect(mailsOf([issued[0].id, made.body.gift_card.id])).toHaveLength(0)
  })
})
