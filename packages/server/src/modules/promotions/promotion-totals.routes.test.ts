import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { storefront } from '../../testing/factories/storefront.js'
import { makeTaxRate } from '../../testing/factories/tax.js'
import { asAdmin } from '../../testing/factories/users.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

// Cart totals with discounts and gift cards where prices include tax (the flag on), and lines
// taxed at different rates.
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, tax_inclusive_pricing: true } })
const db = () => ctx.app.db
const shopper = storefront(() => ctx.app)
let admin: Record<string, string>

beforeAll(async () => {
  await ensureStore(db())
  admin = (await asAdmin(db())).headers
})

/** A tax-inclusive EUR region at 20 %, a product taxed at the region's rate and one at 10 %. */
async function eurShop() {
  const region = await makeRegion(db(), {
    currency_code: 'eur',
    tax_rate: 20,
    includes_tax: true,
    countries: [await freeCountry(db())],
    payment_providers: ['manual'],
  })
  const standard = await makeProduct(db(), {
    variants: [{ inventory_quantity: 100, prices: [{ amount: 1200, currency_code: 'eur', region_id: region.id }] }],
  })
  const reduced = await makeProduct(db(), {
    variants: [{ inventory_quantity: 100, prices: [{ amount: 550, currency_code: 'eur', region_id: region.id }] }],
  })
  await makeTaxRate(db(), { region_id: region.id, rate: 10, products: [reduced.id] })
  await makeShippingOption(db(), region.id, { amount: 600, includes_tax: true })
  return { region, standard: standard.variants[0].id, reduced: reduced.variants[0].id }
}

async function discount(regionId: string, rule: object) {
  const res = await shopper.call(
    'POST',
    '/admin/discounts',
    { code: `EUR${Date.now()}${Math.random().toString(36).slice(2, 6)}`, rule, regions: [regionId] },
    admin,
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.discount as { code: string }
}

describe('tax-inclusive totals with promotions (EUR)', () => {
  it('takes a fixed total discount off the gross of lines taxed at 20 % and 10 %, to the cent', async () => {
    const { region, standard, reduced } = await eurShop()
    const cartId = await shopper.cartWith(region, [
      [standard, 1],
      [reduced, 2],
    ])
    const { code } = await discount(region.id, { type: 'fixed', value: 700, allocation: 'total' })
    const res = await shopper.call('POST', `/store/carts/${cartId}`, { discounts: [{ code }] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [a, b] = res.body.cart.items
    // Gross 1200 and 1100 (2300): 700 × 12/23 = 365.2 → 365, 700 × 11/23 = 334.8 → 335.
    // Line A pays 835: net round(835 / 1.2) = 696, tax 139; net of 1200 is 1000, so discount 304.
    expect(a).toMatchObject({ subtotal: 1000, discount_total: 304, tax_total: 139, total: 835 })
    // Line B pays 765: net round(765 / 1.1) = 695, tax 70; net of 1100 is 1000, so discount 305.
    expect(b).toMatchObject({ subtotal: 1000, discount_total: 305, tax_total: 70, total: 765 })
    expect(res.body.cart).toMatchObject({ subtotal: 2000, discount_total: 609, item_tax_total: 209, total: 1600 })
  })

  it('spreads a percentage item discount and draws a gift card for part of the rest', async () => {
    const { region, standard, reduced } = await eurShop()
    const cartId = await shopper.cartWith(
      region,
      [
        [standard, 1],
        [reduced, 1],
      ],
      true,
    )
    const { code } = await discount(region.id, { type: 'percentage', value: 15, allocation: 'item' })
    const card = await shopper.call('POST', '/admin/gift-cards', { region_id: region.id, value: 1000 }, admin)
    const res = await shopper.call('POST', `/store/carts/${cartId}`, {
      discounts: [{ code }],
      gift_cards: [{ code: card.body.gift_card.code }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // 15 % of 1200 = 180 → pays 1020 (net 850, tax 170); 15 % of 550 = 82.5 → 83 → pays 467 (net
    // 425, tax 42). Shipping 600 gross: net 500, tax 100. The card draws 1000 of the gift-cardable
    // 1500 + 500 − 225 = 1775, and carries the region's 20 %: 200 of tax.
    const cart = res.body.cart
    expect(cart.items.map((item: { total: number }) => item.total)).toEqual([1020, 467])
    expect(cart).toMatchObject({
      subtotal: 1500,
      discount_total: 225,
      shipping_total: 500,
      item_tax_total: 212,
      shipping_tax_total: 100,
      gift_card_total: 1000,
      gift_card_tax_total: 200,
      total: 887,
    })
  })
})
