// The admin discount routes and discount codes on store carts, called through medusa-js 6.1.10's
// own methods, the answers checked against the Medusa v1.20.11 wire contract (admin-api.md,
// Discounts; store-api.md, carts).
import { describe, expect, it } from 'vitest'
import { makeProduct, makeProductTag } from '../../packages/server/src/testing/factories/catalog.js'
import { freeCountry } from '../../packages/server/src/testing/factories/carts.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../packages/server/src/testing/factories/shipping.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('admin-promotions')
const admin = () => server.admin.admin
const MY_PREFIXES = ['/admin/discounts', '/admin/gift-cards', '/store/gift-cards']

describe('discounts', () => {
  it('calls every discount route and applies a code to a cart', async () => {
    const db = server.database.db
    const region = await makeRegion(db, { currency_code: 'usd', countries: [] })
    const other = await makeRegion(db, { currency_code: 'eur', countries: [] })
    const tag = await makeProductTag(db)
    const product = await makeProduct(db, {
      variants: [{ inventory_quantity: 10, prices: [{ amount: 2000, currency_code: 'usd', region_id: region.id }] }],
    })

    const { discount } = await admin().discounts.create({
      code: 'conform10',
      rule: { type: 'percentage', value: 10, allocation: 'total' } as never,
      regions: [region.id],
      is_dynamic: true,
    })
    expectId(discount.id, 'disc')
    expect(discount).toMatchObject({ code: 'CONFORM10', usage_count: 0, rule: { type: 'percentage', value: 10 } })
    expectPage(await admin().discounts.list(), 'discounts', { limit: 20 })
    expect((await admin().discounts.retrieve(discount.id)).discount.id).toBe(discount.id)
    expect((await admin().discounts.retrieveByCode('conform10')).discount.id).toBe(discount.id)
    const updated = await admin().discounts.update(discount.id, { usage_limit: 10 })
    expect(updated.discount.usage_limit).toBe(10)

    const child = await admin().discounts.createDynamicCode(discount.id, { code: 'conform-child' })
    expect(child.discount).toMatchObject({ code: 'CONFORM-CHILD', parent_discount_id: discount.id })
    expect((await admin().discounts.deleteDynamicCode(discount.id, 'CONFORM-CHILD')).discount.id).toBe(discount.id)

    expect((await admin().discounts.addRegion(discount.id, other.id)).discount.regions).toHaveLength(2)
    expect((await admin().discounts.removeRegion(discount.id, other.id)).discount.regions).toHaveLength(1)

    const withCondition = await admin().discounts.createCondition(discount.id, {
      operator: 'not_in',
      product_tags: [tag.id],
    } as never)
    const conditionId: string = withCondition.discount.rule.conditions[0].id
    const read = await admin().discounts.getCondition(discount.id, conditionId)
    expect(read.discount_condition).toMatchObject({ id: conditionId, type: 'product_tags', operator: 'not_in' })
    await admin().discounts.updateCondition(discount.id, conditionId, { product_tags: [] } as never)
    await admin().discounts.addConditionResourceBatch(discount.id, conditionId, { resources: [{ id: tag.id }] })
    await admin().discounts.deleteConditionResourceBatch(discount.id, conditionId, { resources: [{ id: tag.id }] })
    const removed = await admin().discounts.deleteCondition(discount.id, conditionId)
    expect(removed).toMatchObject({ id: conditionId, object: 'discount-condition', deleted: true })

    const { cart } = await server.store.carts.create({ region_id: region.id })
    await server.store.carts.lineItems.create(cart.id, { variant_id: product.variants[0].id, quantity: 1 })
    const applied = await server.store.carts.update(cart.id, { discounts: [{ code: 'conform10' }] })
    expect(applied.cart).toMatchObject({ discount_total: 200, subtotal: 2000 })
    expect(applied.cart.discounts.map((d: Wire) => d.code)).toEqual(['CONFORM10'])
    await expectRefusal(server.store.carts.update(cart.id, { discounts: [{ code: 'nope' }] }), 404)
    const cleared = await server.store.carts.deleteDiscount(cart.id, 'CONFORM10')
    expect(cleared.cart.discount_total).toBe(0)

    const deleted = await admin().discounts.delete(discount.id)
    expect(deleted).toMatchObject({ id: discount.id, object: 'discount', deleted: true })
  })

  it('issues, reads, lists, updates and deletes gift cards; the store looks one up by code', async () => {
    const region = await makeRegion(server.database.db, { currency_code: 'usd', countries: [] })
    const { gift_card } = await admin().giftCards.create({ region_id: region.id, value: 2500 })
    expectId(gift_card.id, 'gift')
    expect(gift_card).toMatchObject({ value: 2500, balance: 2500, region_id: region.id })
    expect(gift_card.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/)
    expectPage(await admin().giftCards.list(), 'gift_cards', { limit: 50 })
    expect((await admin().giftCards.retrieve(gift_card.id)).gift_card.code).toBe(gift_card.code)
    expect((await admin().giftCards.update(gift_card.id, { balance: 1000 })).gift_card.balance).toBe(1000)
    const looked = await server.store.giftCards.retrieve(gift_card.code)
    expect(looked.gift_card).toMatchObject({ id: gift_card.id, balance: 1000, region: { id: region.id } })
    await expectRefusal(server.store.giftCards.retrieve('NONE-NONE-NONE-NONE'), 404)
    const deleted = await admin().giftCards.delete(gift_card.id)
    expect(deleted).toMatchObject({ id: gift_card.id, object: 'gift-card', deleted: true })
  })

  it('shows the code and the gift card an order was placed with, on the admin and the store order', async () => {
    const db = server.database.db
    const country = await freeCountry(db)
    const region = await makeRegion(db, { currency_code: 'usd', countries: [country], tax_rate: 0 })
    const product = await makeProduct(db, {
      variants: [{ inventory_quantity: 10, prices: [{ amount: 2000, currency_code: 'usd', region_id: region.id }] }],
    })
    const option = await makeShippingOption(db, region.id, { amount: 500 })
    const { discount } = await admin().discounts.create({
      code: 'conform-order10',
      rule: { type: 'percentage', value: 10, allocation: 'total' } as never,
      regions: [region.id],
    })
    const { gift_card } = await admin().giftCards.create({ region_id: region.id, value: 1000 })

    const { cart } = await server.store.carts.create({ region_id: region.id })
    await server.store.carts.lineItems.create(cart.id, { variant_id: product.variants[0].id, quantity: 1 })
    await server.store.carts.update(cart.id, {
      email: 'conform-promoted@example.com',
      shipping_address: { first_name: 'Ada', last_name: 'L', address_1: '1 Row', city: 'Town', country_code: country },
      discounts: [{ code: 'conform-order10' }],
      gift_cards: [{ code: gift_card.code }],
    })
    await server.store.carts.addShippingMethod(cart.id, { option_id: option.id })
    await server.store.carts.createPaymentSessions(cart.id)
    await server.store.carts.setPaymentSession(cart.id, { provider_id: 'manual' })
    const done: Wire = await server.store.carts.complete(cart.id)
    expect(done.type).toBe('order')

    const { order } = await admin().orders.retrieve(done.data.id)
    expectWireShape(order)
    expect(order.discounts.map((d: Wire) => [d.id, d.rule.type])).toEqual([[discount.id, 'percentage']])
    expect(order.gift_cards.map((g: Wire) => g.id)).toEqual([gift_card.id])
    expect(order.gift_card_transactions).toHaveLength(1)
    expectId(order.gift_card_transactions[0].id, 'gct')
    // 2000 less 10 % and 500 of shipping: the card draws all its 1000.
    expect(order.gift_card_transactions[0]).toMatchObject({ gift_card_id: gift_card.id, amount: 1000 })
    const expanded = await admin().orders.retrieve(done.data.id, {
      expand: 'gift_card_transactions,gift_card_transactions.gift_card',
    })
    expect(expanded.order.gift_card_transactions[0].gift_card).toMatchObject({ id: gift_card.id, balance: 0 })
    const stored = await server.store.orders.retrieve(done.data.id)
    expect(stored.order.discounts.map((d: Wire) => d.rule.value)).toEqual([10])
  })

  it('called every route it owns', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
