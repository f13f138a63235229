import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { defaultProfiles, makeShippingOption } from '../../testing/factories/shipping.js'
import { storefront } from '../../testing/factories/storefront.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { giftCard, giftCardTransaction } from './schema.js'

const ctx = useTestApp()
const db = () => ctx.app.db
const shopper = storefront(() => ctx.app)
const store = shopper.call
const { cartWith, pay } = shopper
let admin: Record<string, string>
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  shopper.call(method, url, payload, admin)

beforeAll(async () => {
  await ensureStore(db())
  admin = (await asAdmin(db())).headers
})

async function shop(currency = 'usd', taxRate = 10, giftCardsTaxable = true) {
  const region = await makeRegion(db(), {
    currency_code: currency,
    tax_rate: taxRate,
    gift_cards_taxable: giftCardsTaxable,
    countries: [await freeCountry(db())],
    payment_providers: ['manual'],
  })
  const product = await makeProduct(db(), {
    variants: [{ inventory_quantity: 100, prices: [{ amount: 1000, currency_code: currency, region_id: region.id }] }],
  })
  await makeShippingOption(db(), region.id, { amount: 500 })
  return { region, variantId: product.variants[0].id }
}

async function issue(regionId: string, value: number, extra: object = {}) {
  const res = await call('POST', '/admin/gift-cards', { region_id: regionId, value, ...extra })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.gift_card as { id: string; code: string; balance: number; tax_rate: number | null }
}

describe('admin gift cards', () => {
  it('issues cards with random codes, reads, lists, updates and deletes them', async () => {
    const { region } = await shop('usd', 10)
    const card = await issue(region.id, 5000)
    expect(card).toMatchObject({
      id: expect.stringMatching(/^gift_/),
      code: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
      value: 5000,
      balance: 5000,
      region_id: region.id,
      tax_rate: 10,
      is_disabled: false,
      region: { id: region.id },
    })
    const codes = new Set<string>([card.code])
    for (let i = 0; i < 20; i++) codes.add((await issue(region.id, 1)).code)
    expect(codes.size).toBe(21)

    expect((await call('GET', `/admin/gift-cards/${card.id}`)).body.gift_card.code).toBe(card.code)
    const listed = await call('GET', `/admin/gift-cards?q=${card.code.slice(0, 6).toLowerCase()}`)
    expect(listed.body.gift_cards.map((g: { id: string }) => g.id)).toContain(card.id)
    const updated = await call('POST', `/admin/gift-cards/${card.id}`, { balance: 1200, is_disabled: true })
    expect(updated.body.gift_card).toMatchObject({ balance: 1200, is_disabled: true })
    const looked = await store('GET', `/store/gift-cards/${card.code.toLowerCase()}`)
    expect(looked.status).toBe(200)
    expect(Object.keys(looked.body.gift_card).sort()).toEqual(['balance', 'code', 'id', 'region', 'value'])
    expect((await call('DELETE', `/admin/gift-cards/${card.id}`)).body).toEqual({
      id: card.id,
      object: 'gift-card',
      deleted: true,
    })
    expect((await call('GET', `/admin/gift-cards/${card.id}`)).status).toBe(404)
    expect((await store('GET', `/store/gift-cards/${card.code}`)).status).toBe(404)
    const events = await db()
      .select({ name: outbox.event_name })
      .from(outbox)
      .where(sql`${outbox.data}->>'id' = ${card.id}`)
    expect(events.map((event) => event.name)).toContain('gift_card.created')
  })

  it('answers a null tax rate where gift cards are not taxable, and refuses bad input', async () => {
    const { region } = await shop('usd', 10, false)
    expect((await issue(region.id, 100)).tax_rate).toBeNull()
    for (const [payload, status, text] of [
      [{ region_id: 'reg_missing', value: 1 }, 404, 'reg_missing'],
      [{ region_id: region.id, value: -1 }, 400, 'value'],
      [{ region_id: region.id, value: 1.5 }, 400, 'value'],
      [{ region_id: region.id, ends_at: 'soon' }, 400, 'ends_at'],
      [{ region_id: region.id, code: 'MINE' }, 400, 'code'],
    ] as const) {
      const res = await call('POST', '/admin/gift-cards', payload)
      expect(res.status, JSON.stringify(payload)).toBe(status)
      expect(res.body.message).toContain(text)
    }
  })
})

describe('gift cards on carts', () => {
  it('covers part of a total, tax-exclusive, with the tax the card carries (USD)', async () => {
    const { region, variantId } = await shop('usd', 10)
    const card = await issue(region.id, 700)
    const cartId = await cartWith(region, [[variantId, 2]], true)
    const res = await store('POST', `/store/carts/${cartId}`, { gift_cards: [{ code: card.code }] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // 2000 + 500 shipping + 250 tax; the card draws 700 and takes 10 % of it (70) off the tax.
    expect(res.body.cart).toMatchObject({
      subtotal: 2000,
      shipping_total: 500,
      tax_total: 250,
      gift_card_total: 700,
      gift_card_tax_total: 70,
      total: 1980,
    })
    expect(res.body.cart.gift_cards.map((g: { id: string }) => g.id)).toEqual([card.id])
    await pay(cartId)
    const done = await store('POST', `/store/carts/${cartId}/complete`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toMatchObject({ gift_card_total: 700, total: 1980 })
    const [row] = await db().select().from(giftCard).where(eq(giftCard.id, card.id))
    expect(row.balance).toBe(0)
    const transactions = await db()
      .select()
      .from(giftCardTransaction)
      .where(eq(giftCardTransaction.gift_card_id, card.id))
    expect(transactions).toMatchObject([{ order_id: done.body.data.id, amount: 700, is_taxable: true, tax_rate: 10 }])
  })

  it('covers a whole total without a payment (JPY), leaving the rest on the card', async () => {
    const { region, variantId } = await shop('jpy', 10, false)
    const card = await issue(region.id, 10000)
    const cartId = await cartWith(region, [[variantId, 1]], true)
    const res = await store('POST', `/store/carts/${cartId}`, { gift_cards: [{ code: card.code }] })
    // ¥1000 + ¥500 + ¥150 tax, all drawn from the card (not taxable: it covers the tax too).
    expect(res.body.cart).toMatchObject({ gift_card_total: 1650, gift_card_tax_total: 0, total: 0 })
    const done = await store('POST', `/store/carts/${cartId}/complete`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const [row] = await db().select().from(giftCard).where(eq(giftCard.id, card.id))
    expect(row.balance).toBe(10000 - 1650)
  })

  it('refuses unusable cards with a 4xx and leaves the cart unchanged', async () => {
    const { region, variantId } = await shop()
    const elsewhere = await makeRegion(db(), { countries: [await freeCountry(db())] })
    const cartId = await cartWith(region, [[variantId, 1]])
    const before = (await store('GET', `/store/carts/${cartId}`)).body.cart
    const disabled = await issue(region.id, 100, { is_disabled: true })
    const expired = await issue(region.id, 100)
    await db()
      .update(giftCard)
      .set({ ends_at: new Date('2001-01-01') })
      .where(eq(giftCard.id, expired.id))
    const foreign = await issue(elsewhere.id, 100)
    for (const [code, status, text] of [
      [disabled.code, 400, 'disabled'],
      [expired.code, 400, 'expired'],
      [foreign.code, 400, 'current region'],
      ['NOPE-NOPE-NOPE-NOPE', 404, 'NOPE-NOPE-NOPE-NOPE'],
    ] as const) {
      const res = await store('POST', `/store/carts/${cartId}`, { gift_cards: [{ code }] })
      expect(res.status, code).toBe(status)
      expect(res.body.message).toContain(text)
    }
    const after = (await store('GET', `/store/carts/${cartId}`)).body.cart
    expect(after).toMatchObject({ gift_cards: [], total: before.total })
  })
})

describe('gift cards bought in an order', () => {
  it('issues one card per unit, worth the unit price, with the order and an event', async () => {
    const region = await makeRegion(db(), {
      currency_code: 'usd',
      tax_rate: 5,
      countries: [await freeCountry(db())],
      payment_providers: ['manual'],
    })
    const product = await makeProduct(db(), {
      is_giftcard: true,
      variants: [{ inventory_quantity: 100, prices: [{ amount: 2500, currency_code: 'usd', region_id: region.id }] }],
    })
    const profiles = await defaultProfiles(db())
    await makeShippingOption(db(), region.id, { amount: 0, profile_id: profiles.gift_card.id })
    const cartId = await cartWith(region, [[product.variants[0].id, 2]], true)
    await pay(cartId)
    const done = await store('POST', `/store/carts/${cartId}/complete`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const issued = await db().select().from(giftCard).where(eq(giftCard.order_id, done.body.data.id))
    expect(issued).toHaveLength(2)
    expect(issued.map((card) => [card.value, card.balance, card.region_id, card.tax_rate])).toEqual([
      [2500, 2500, region.id, 5],
      [2500, 2500, region.id, 5],
    ])
    expect(new Set(issued.map((card) => card.code)).size).toBe(2)
    const events = await db()
      .select({ id: sql<string>`${outbox.data}->>'id'` })
      .from(outbox)
      .where(eq(outbox.event_name, 'gift_card.created'))
    expect(events.map((event) => event.id)).toEqual(expect.arrayContaining(issued.map((card) => card.id)))
  })
})

describe('gift card balances under concurrency', () => {
  it('lets two carts spending the last balance at once take it once; the other completes with what is left', async () => {
    const { region, variantId } = await shop('usd', 0)
    const card = await issue(region.id, 1000)
    const carts = [await cartWith(region, [[variantId, 1]], true), await cartWith(region, [[variantId, 1]], true)]
    for (const id of carts) {
      expect((await store('POST', `/store/carts/${id}`, { gift_cards: [{ code: card.code }] })).status).toBe(200)
      await pay(id)
    }
    const answers = await Promise.all(carts.map((id) => store('POST', `/store/carts/${id}/complete`)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const refused = answers.find((answer) => answer.status !== 200)!
    expect(refused.status).toBe(400)
    // Refused at the draw, or, when it read the card after the first order committed, because its
    // total grew past the payment authorized for it.
    expect(refused.body.message).toMatch(/no longer holds the balance|payment not authorized/)
    const [row] = await db().select().from(giftCard).where(eq(giftCard.id, card.id))
    expect(row.balance).toBe(0)

    const leftover = carts[answers.indexOf(refused)]
    const cart = (await store('GET', `/store/carts/${leftover}`)).body.cart
    expect(cart).toMatchObject({ gift_card_total: 0, total: 1500 })
    await pay(leftover)
    const again = await store('POST', `/store/carts/${leftover}/complete`)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    const [after] = await db().select().from(giftCard).where(eq(giftCard.id, card.id))
    expect(after.balance).toBe(0)
  })
})
