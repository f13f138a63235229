import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { asCustomer, makeCustomerGroup } from '../../testing/factories/customers.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { storefront } from '../../testing/factories/storefront.js'
import { asAdmin } from '../../testing/factories/users.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

// Price lists in the catalogue's prices and the cart's totals, to the cent: a sale list for a
// customer group with quantity tiers, and a discount on top of a list price, in a tax-exclusive
// USD region, a tax-inclusive EUR region and JPY.
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, tax_inclusive_pricing: true } })
const db = () => ctx.app.db
const { call } = storefront(() => ctx.app)
let admin: Record<string, string>

beforeAll(async () => {
  await ensureStore(db())
  admin = (await asAdmin(db())).headers
})

type Headers = Record<string, string>

async function region(currency: string, taxRate: number, includesTax = false) {
  return makeRegion(db(), {
    currency_code: currency,
    tax_rate: taxRate,
    includes_tax: includesTax,
    countries: [await freeCountry(db())],
    payment_providers: ['manual'],
  })
}

/** A customer in a new group, and the group. */
async function member() {
  const shopper = await asCustomer(db())
  const group = await makeCustomerGroup(db(), { customer_ids: [shopper.customer.id] })
  return { headers: shopper.headers, group }
}

async function priceList(body: Record<string, unknown>) {
  const res = await call(
    'POST',
    '/admin/price-lists',
    { name: 'Members', description: 'For members', status: 'active', ...body },
    admin,
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.price_list
}

async function discountCode(regionId: string, rule: object) {
  const code = `PL${Date.now()}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const res = await call('POST', '/admin/discounts', { code, rule, regions: [regionId] }, admin)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return code
}

async function cartWith(where: RegionFixture, variantId: string, quantity: number, headers: Headers = {}) {
  const created = await call('POST', '/store/carts', { region_id: where.id }, headers)
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const id: string = created.body.cart.id
  const added = await call('POST', `/store/carts/${id}/line-items`, { variant_id: variantId, quantity }, headers)
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  return { id, cart: added.body.cart }
}

async function variantPrice(productId: string, regionId: string, headers: Headers = {}) {
  const res = await call('GET', `/store/products/${productId}?region_id=${regionId}`, undefined, headers)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.product.variants[0]
}

describe('price lists in prices and totals', () => {
  it('USD, tax exclusive: a group sale list with quantity tiers, then a 10 % item discount', async () => {
    const usd = await region('usd', 10)
    const product = await makeProduct(db(), {
      variants: [{ inventory_quantity: 100, prices: [{ amount: 1000, currency_code: 'usd' }] }],
    })
    const variant = product.variants[0].id
    const { headers, group } = await member()
    await priceList({
      type: 'sale',
      customer_groups: [{ id: group.id }],
      prices: [
        { variant_id: variant, amount: 900, currency_code: 'usd', min_quantity: 1, max_quantity: 4 },
        { variant_id: variant, amount: 799, currency_code: 'usd', min_quantity: 5 },
      ],
    })

    // The catalogue: a guest sees the default price, the member the list's.
    expect(await variantPrice(product.id, usd.id)).toMatchObject({
      calculated_price: 1000,
      calculated_price_type: 'default',
    })
    expect(await variantPrice(product.id, usd.id, headers)).toMatchObject({
      original_price: 1000,
      calculated_price: 900,
      calculated_price_type: 'sale',
      calculated_price_incl_tax: 990,
      calculated_tax: 90,
    })

    // The cart: 2 units at the first tier, then 5 at the second.
    const { id, cart } = await cartWith(usd, variant, 2, headers)
    expect(cart.items[0].unit_price).toBe(900)
    const line = cart.items[0].id
    const more = await call('POST', `/store/carts/${id}/line-items/${line}`, { quantity: 5 }, headers)
    expect(more.body.cart.items[0].unit_price).toBe(799)

    const code = await discountCode(usd.id, { type: 'percentage', value: 10, allocation: 'item' })
    const res = await call('POST', `/store/carts/${id}`, { discounts: [{ code }] }, headers)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // 5 × 799 = 3995; 10 % = 399.5 → 400; tax 10 % of 3595 = 359.5 → 360.
    expect(res.body.cart).toMatchObject({
      subtotal: 3995,
      discount_total: 400,
      tax_total: 360,
      total: 3955,
    })

    // A guest's cart of 5 pays the default price.
    const guest = await cartWith(usd, variant, 5)
    expect(guest.cart.items[0].unit_price).toBe(1000)
  })

  it('EUR, tax inclusive: a tax-inclusive list price and a fixed discount on top', async () => {
    const eur = await region('eur', 20, true)
    const product = await makeProduct(db(), {
      variants: [{ inventory_quantity: 100, prices: [{ amount: 1200, currency_code: 'eur', region_id: eur.id }] }],
    })
    const variant = product.variants[0].id
    const { headers, group } = await member()
    await priceList({
      type: 'sale',
      includes_tax: true,
      customer_groups: [{ id: group.id }],
      prices: [{ variant_id: variant, amount: 960, region_id: eur.id }],
    })
    expect(await variantPrice(product.id, eur.id, headers)).toMatchObject({
      original_price: 1200,
      calculated_price: 960,
      calculated_price_type: 'sale',
      calculated_price_includes_tax: true,
      calculated_tax: 160,
    })
    const { id, cart } = await cartWith(eur, variant, 1, headers)
    expect(cart.items[0]).toMatchObject({ unit_price: 960, includes_tax: true })
    const code = await discountCode(eur.id, { type: 'fixed', value: 100, allocation: 'total' })
    const res = await call('POST', `/store/carts/${id}`, { discounts: [{ code }] }, headers)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // Pays 960 − 100 = 860 gross: net round(860 / 1.2) = 717, tax 143; net of 960 is 800.
    expect(res.body.cart).toMatchObject({ subtotal: 800, discount_total: 83, item_tax_total: 143, total: 860 })
  })

  it('JPY: an override list wins though higher, tiers and a percentage discount', async () => {
    const jpy = await region('jpy', 10)
    const product = await makeProduct(db(), {
      variants: [{ inventory_quantity: 100, prices: [{ amount: 1000, currency_code: 'jpy' }] }],
    })
    const variant = product.variants[0].id
    const { headers, group } = await member()
    await priceList({
      type: 'override',
      customer_groups: [{ id: group.id }],
      prices: [
        { variant_id: variant, amount: 1100, currency_code: 'jpy' },
        { variant_id: variant, amount: 1050, currency_code: 'jpy', min_quantity: 3 },
      ],
    })
    expect(await variantPrice(product.id, jpy.id, headers)).toMatchObject({
      calculated_price: 1100,
      calculated_price_type: 'override',
    })
    const { id, cart } = await cartWith(jpy, variant, 3, headers)
    expect(cart.items[0].unit_price).toBe(1050)
    const code = await discountCode(jpy.id, { type: 'percentage', value: 15, allocation: 'item' })
    const res = await call('POST', `/store/carts/${id}`, { discounts: [{ code }] }, headers)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // 3 × 1050 = 3150 yen; 15 % = 472.5 → 473; tax 10 % of 2677 = 267.7 → 268.
    expect(res.body.cart).toMatchObject({ subtotal: 3150, discount_total: 473, tax_total: 268, total: 2945 })
  })

  it('skips lists that are drafts, not started, ended, deleted or for other groups', async () => {
    const usd = await region('usd', 0)
    const product = await makeProduct(db(), {
      variants: [{ inventory_quantity: 100, prices: [{ amount: 1000, currency_code: 'usd' }] }],
    })
    const variant = product.variants[0].id
    const { headers } = await member()
    const other = await makeCustomerGroup(db())
    const price = (amount: number) => [{ variant_id: variant, amount, currency_code: 'usd' }]
    await priceList({ type: 'sale', status: 'draft', prices: price(100) })
    await priceList({ type: 'sale', starts_at: '2999-01-01T00:00:00Z', prices: price(200) })
    await priceList({ type: 'sale', ends_at: '2001-01-01T00:00:00Z', starts_at: '2000-01-01', prices: price(300) })
    await priceList({ type: 'sale', customer_groups: [{ id: other.id }], prices: price(400) })
    const gone = await priceList({ type: 'sale', prices: price(500) })
    expect((await call('DELETE', `/admin/price-lists/${gone.id}`, undefined, admin)).status).toBe(200)
    expect(await variantPrice(product.id, usd.id, headers)).toMatchObject({ calculated_price: 1000 })
    const { cart } = await cartWith(usd, variant, 1, headers)
    expect(cart.items[0].unit_price).toBe(1000)

    // An open sale list for everyone applies to guests too.
    await priceList({ type: 'sale', prices: price(950) })
    expect(await variantPrice(product.id, usd.id)).toMatchObject({ calculated_price: 950 })
  })
})
