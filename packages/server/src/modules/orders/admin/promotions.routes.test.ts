import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../../testing/factories/carts.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { storefront } from '../../../testing/factories/storefront.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { ensureStore } from '../../store/service.js'

// An order's discounts and gift card draws, as the admin and the store read them.
const ctx = useTestApp()
const shopper = storefront(() => ctx.app)
let admin: Record<string, string>

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  admin = (await asAdmin(ctx.app.db)).headers
})

/** An order of 2 × 1500 placed with a 10 % discount code and a gift card of 1000. */
async function promotedOrder() {
  const db = ctx.app.db
  const region = await makeRegion(db, {
    currency_code: 'usd',
    tax_rate: 0,
    countries: [await freeCountry(db)],
    payment_providers: ['manual'],
  })
  const product = await makeProduct(db, {
    variants: [{ inventory_quantity: 10, prices: [{ amount: 1500, currency_code: 'usd', region_id: region.id }] }],
  })
  await makeShippingOption(db, region.id, { amount: 500 })
  const code = `TEN${Date.now()}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const made = await shopper.call(
    'POST',
    '/admin/discounts',
    { code, rule: { type: 'percentage', value: 10, allocation: 'total' }, regions: [region.id] },
    admin,
  )
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const card = await shopper.call('POST', '/admin/gift-cards', { region_id: region.id, value: 1000 }, admin)
  expect(card.status, JSON.stringify(card.body)).toBe(200)
  const cartId = await shopper.cartWith(region, [[product.variants[0].id, 2]], true)
  const applied = await shopper.call('POST', `/store/carts/${cartId}`, {
    discounts: [{ code }],
    gift_cards: [{ code: card.body.gift_card.code }],
  })
  expect(applied.status, JSON.stringify(applied.body)).toBe(200)
  await shopper.pay(cartId)
  const done = await shopper.call('POST', `/store/carts/${cartId}/complete`)
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return { order: done.body.data, discount: made.body.discount, card: card.body.gift_card }
}

describe('an order placed with a discount code and a gift card', () => {
  it('shows both on the admin order, the discount with its rule and the card drawn', async () => {
    const { order, discount, card } = await promotedOrder()
    const res = await shopper.call('GET', `/admin/orders/${order.id}`, undefined, admin)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const found = res.body.order
    expect(found.discounts).toHaveLength(1)
    expect(found.discounts[0]).toMatchObject({
      id: discount.id,
      code: discount.code,
      usage_count: 1,
      rule: { id: discount.rule.id, type: 'percentage', value: 10, allocation: 'total' },
    })
    expect(found.gift_cards).toHaveLength(1)
    // 3000 less 10 % is 2700, with 500 of shipping 3200: the card draws all its 1000.
    expect(found.gift_cards[0]).toMatchObject({ id: card.id, code: card.code, value: 1000, balance: 0 })
    expect(found.gift_card_transactions).toHaveLength(1)
    expect(found.gift_card_transactions[0]).toMatchObject({ gift_card_id: card.id, order_id: order.id, amount: 1000 })
    expect(found.gift_card_transactions[0].id).toMatch(/^gct_/)
    expect(found.gift_card_transactions[0]).not.toHaveProperty('gift_card')
    expect(found).toMatchObject({ discount_total: 300, gift_card_total: 1000, total: 2200 })
  })

  it('answers the transaction with its gift card, and the discount without its rule, when so expanded', async () => {
    const { order, card } = await promotedOrder()
    const expand = 'discounts,gift_card_transactions,gift_card_transactions.gift_card'
    const res = await shopper.call('GET', `/admin/orders/${order.id}?expand=${expand}`, undefined, admin)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const found = res.body.order
    expect(found.discounts).toHaveLength(1)
    expect(found.discounts[0]).not.toHaveProperty('rule')
    expect(found).not.toHaveProperty('gift_cards')
    expect(found.gift_card_transactions[0].gift_card).toMatchObject({ id: card.id, code: card.code, balance: 0 })
  })

  it('carries them on a page of the admin list', async () => {
    const first = await promotedOrder()
    const second = await promotedOrder()
    const res = await shopper.call(
      'GET',
      `/admin/orders?expand=discounts,discounts.rule,gift_card_transactions&limit=50&order=-created_at`,
      undefined,
      admin,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    for (const placed of [first, second]) {
      const listed = res.body.orders.find((row: { id: string }) => row.id === placed.order.id)
      expect(listed.discounts.map((row: { id: string }) => row.id)).toEqual([placed.discount.id])
      expect(listed.discounts[0].rule.type).toBe('percentage')
      expect(listed.gift_card_transactions.map((row: { gift_card_id: string }) => row.gift_card_id)).toEqual([
        placed.card.id,
      ])
    }
  })

  it('shows the discount with its rule on the store order and on the completed cart', async () => {
    const { order, discount } = await promotedOrder()
    expect(order.discounts.map((row: { id: string }) => row.id)).toEqual([discount.id])
    expect(order.discounts[0].rule).toMatchObject({ type: 'percentage', value: 10 })
    const res = await shopper.call('GET', `/store/orders/${order.id}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.order.discounts).toHaveLength(1)
    expect(res.body.order.discounts[0]).toMatchObject({ id: discount.id, code: discount.code, rule: { value: 10 } })
  })

  it('refuses an expansion it does not know, naming it', async () => {
    const res = await shopper.call(
      'GET',
      `/admin/orders/ord_none?expand=gift_card_transactions.order`,
      undefined,
      admin,
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('gift_card_transactions.order')
  })
})
