import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../../config.js'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct, makeProductType } from '../../testing/factories/catalog.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { makeTaxRate } from '../../testing/factories/tax.js'
import { storeApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { currency } from '../store/schema.js'

// Tax-inclusive prices are behind v1's `tax_inclusive_pricing` flag; tax-exclusive carts total the
// same with it on.
const ctx = useTestApp({ featureFlags: { tax_inclusive_pricing: true } as FeatureFlags })
const db = () => ctx.app.db

const { post } = storeApi(ctx)

/** A cart with these lines and one shipping method, built through the API. */
async function checkout(regionId: string, lines: { variantId: string; quantity: number }[], optionId: string) {
  const created = await post('/store/carts', {
    region_id: regionId,
    items: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
  })
  expect(created.statusCode, created.body).toBe(200)
  const shipped = await post(`/store/carts/${created.json().cart.id}/shipping-methods`, { option_id: optionId })
  expect(shipped.statusCode, shipped.body).toBe(200)
  return shipped.json().cart
}

const lineTotals = (item: Record<string, unknown>) => ({
  unit_price: item.unit_price,
  quantity: item.quantity,
  includes_tax: item.includes_tax,
  subtotal: item.subtotal,
  discount_total: item.discount_total,
  tax_total: item.tax_total,
  total: item.total,
  original_total: item.original_total,
  original_tax_total: item.original_tax_total,
})

const cartTotals = (cart: Record<string, unknown>) => ({
  subtotal: cart.subtotal,
  discount_total: cart.discount_total,
  item_tax_total: cart.item_tax_total,
  shipping_total: cart.shipping_total,
  shipping_tax_total: cart.shipping_tax_total,
  tax_total: cart.tax_total,
  gift_card_total: cart.gift_card_total,
  gift_card_tax_total: cart.gift_card_tax_total,
  total: cart.total,
})

beforeAll(async () => {
  await ensureStore(db())
})

describe('cart totals', () => {
  it('USD, tax-exclusive: rounds tax per line, applies a product override rate', async () => {
    const region = await makeRegion(db(), { countries: [await freeCountry(db())], tax_rate: 8.25 })
    const shirt = await makeProduct(db(), { variants: [{ prices: [{ amount: 1999, region_id: region.id }] }] })
    const book = await makeProduct(db(), { variants: [{ prices: [{ amount: 333, currency_code: 'usd' }] }] })
    await makeTaxRate(db(), { region_id: region.id, rate: 5, code: 'BOOKS', name: 'Books', products: [book.id] })
    const option = await makeShippingOption(db(), region.id, { amount: 599 })

    const cart = await checkout(
      region.id,
      [
        { variantId: shirt.variants[0].id, quantity: 2 },
        { variantId: book.variants[0].id, quantity: 1 },
      ],
      option.id,
    )

    const [shirtLine, bookLine] = cart.items
    // 3998 × 8.25 % = 329.835 → 330; 333 × 5 % = 16.65 → 17; 599 × 8.25 % = 49.4175 → 49.
    expect(lineTotals(shirtLine)).toEqual({
      unit_price: 1999,
      quantity: 2,
      includes_tax: false,
      subtotal: 3998,
      discount_total: 0,
      tax_total: 330,
      total: 4328,
      original_total: 4328,
      original_tax_total: 330,
    })
    expect(bookLine.tax_lines).toEqual([{ rate: 5, name: 'Books', code: 'BOOKS', item_id: bookLine.id }])
    expect(lineTotals(bookLine)).toMatchObject({ subtotal: 333, tax_total: 17, total: 350 })
    expect(cart.shipping_methods[0]).toMatchObject({
      price: 599,
      includes_tax: false,
      subtotal: 599,
      tax_total: 49,
      total: 648,
      tax_lines: [{ rate: 8.25, name: 'default', code: 'default' }],
    })
    expect(cartTotals(cart)).toEqual({
      subtotal: 4331,
      discount_total: 0,
      item_tax_total: 347,
      shipping_total: 599,
      shipping_tax_total: 49,
      tax_total: 396,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 5326,
    })
  })

  it("applies product type and shipping option overrides of the cart's region, a product's before its type's", async () => {
    const region = await makeRegion(db(), { countries: [await freeCountry(db())], tax_rate: 10 })
    const elsewhere = await makeRegion(db(), { countries: [await freeCountry(db())], tax_rate: 10 })
    const food = await makeProductType(db())
    const bread = await makeProduct(db(), {
      type_id: food.id,
      variants: [{ prices: [{ amount: 1000, region_id: region.id }] }],
    })
    const wine = await makeProduct(db(), {
      type_id: food.id,
      variants: [{ prices: [{ amount: 2000, region_id: region.id }] }],
    })
    const option = await makeShippingOption(db(), region.id, { amount: 500 })
    await makeTaxRate(db(), { region_id: region.id, rate: 5, code: 'FOOD', name: 'Food', product_types: [food.id] })
    await makeTaxRate(db(), { region_id: region.id, rate: 20, code: 'ALC', name: 'Alcohol', products: [wine.id] })
    await makeTaxRate(db(), { region_id: region.id, rate: 2, code: 'DUTY', name: 'Duty', products: [wine.id] })
    await makeTaxRate(db(), {
      region_id: region.id,
      rate: 0,
      code: 'FREE',
      name: 'Free shipping',
      shipping_options: [option.id],
    })
    // Another region's overrides of the same products never apply here.
    await makeTaxRate(db(), { region_id: elsewhere.id, rate: 50, products: [bread.id], product_types: [food.id] })

    const cart = await checkout(
      region.id,
      [
        { variantId: bread.variants[0].id, quantity: 1 },
        { variantId: wine.variants[0].id, quantity: 1 },
      ],
      option.id,
    )

    const [breadLine, wineLine] = cart.items
    expect(breadLine.tax_lines).toEqual([{ rate: 5, name: 'Food', code: 'FOOD', item_id: breadLine.id }])
    expect(wineLine.tax_lines).toEqual([
      { rate: 20, name: 'Alcohol', code: 'ALC', item_id: wineLine.id },
      { rate: 2, name: 'Duty', code: 'DUTY', item_id: wineLine.id },
    ])
    expect(cart.shipping_methods[0].tax_lines).toEqual([
      expect.objectContaining({ rate: 0, name: 'Free shipping', code: 'FREE' }),
    ])
    // 1000 × 5 % = 50; 2000 × 22 % = 440; shipping at 0 %.
    expect(cartTotals(cart)).toMatchObject({ item_tax_total: 490, shipping_tax_total: 0, tax_total: 490, total: 3990 })
  })

  it('EUR, tax-inclusive region prices and shipping: the gross is what is paid', async () => {
    const region = await makeRegion(db(), {
      currency_code: 'eur',
      countries: [await freeCountry(db())],
      tax_rate: 20,
      includes_tax: true,
    })
    const mug = await makeProduct(db(), { variants: [{ prices: [{ amount: 1199, region_id: region.id }] }] })
    const option = await makeShippingOption(db(), region.id, { amount: 599, includes_tax: true })

    const cart = await checkout(region.id, [{ variantId: mug.variants[0].id, quantity: 3 }], option.id)

    // Gross 3597 at 20 %: net round(2997.5) = 2998, tax 599. Shipping gross 599: net 499, tax 100.
    expect(lineTotals(cart.items[0])).toEqual({
      unit_price: 1199,
      quantity: 3,
      includes_tax: true,
      subtotal: 2998,
      discount_total: 0,
      tax_total: 599,
      total: 3597,
      original_total: 3597,
      original_tax_total: 599,
    })
    expect(cart.shipping_methods[0]).toMatchObject({
      price: 599,
      includes_tax: true,
      subtotal: 499,
      tax_total: 100,
      total: 599,
    })
    expect(cartTotals(cart)).toEqual({
      subtotal: 2998,
      discount_total: 0,
      item_tax_total: 599,
      shipping_total: 499,
      shipping_tax_total: 100,
      tax_total: 699,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 4196,
    })
  })

  it('tax-inclusive currency prices (the currency says so, not the region)', async () => {
    await db().update(currency).set({ includes_tax: true }).where(eq(currency.code, 'dkk'))
    const region = await makeRegion(db(), { currency_code: 'dkk', countries: [await freeCountry(db())], tax_rate: 25 })
    const chair = await makeProduct(db(), { variants: [{ prices: [{ amount: 12500, currency_code: 'dkk' }] }] })
    const option = await makeShippingOption(db(), region.id, { amount: 4900 })

    const cart = await checkout(region.id, [{ variantId: chair.variants[0].id, quantity: 1 }], option.id)

    expect(lineTotals(cart.items[0])).toMatchObject({
      includes_tax: true,
      subtotal: 10000,
      tax_total: 2500,
      total: 12500,
    })
    // The option's amount is not marked tax-inclusive: 4900 + 25 % = 1225 of tax.
    expect(cart.shipping_methods[0]).toMatchObject({ includes_tax: false, subtotal: 4900, tax_total: 1225 })
    expect(cart.total).toBe(12500 + 4900 + 1225)
  })

  it('JPY: zero-decimal amounts round to the yen', async () => {
    const region = await makeRegion(db(), { currency_code: 'jpy', countries: [await freeCountry(db())], tax_rate: 8 })
    const tea = await makeProduct(db(), { variants: [{ prices: [{ amount: 1999, region_id: region.id }] }] })
    const cup = await makeProduct(db(), { variants: [{ prices: [{ amount: 333, currency_code: 'jpy' }] }] })
    const option = await makeShippingOption(db(), region.id, { amount: 480 })

    const cart = await checkout(
      region.id,
      [
        { variantId: tea.variants[0].id, quantity: 1 },
        { variantId: cup.variants[0].id, quantity: 2 },
      ],
      option.id,
    )

    // ¥1999 × 8 % = 159.92 → 160; ¥666 × 8 % = 53.28 → 53; ¥480 × 8 % = 38.4 → 38.
    expect(cart.items.map((item: Record<string, unknown>) => [item.subtotal, item.tax_total, item.total])).toEqual([
      [1999, 160, 2159],
      [666, 53, 719],
    ])
    expect(cartTotals(cart)).toEqual({
      subtotal: 2665,
      discount_total: 0,
      item_tax_total: 213,
      shipping_total: 480,
      shipping_tax_total: 38,
      tax_total: 251,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 3396,
    })
  })

  it('no tax on an open cart of a region without automatic taxes', async () => {
    const region = await makeRegion(db(), {
      countries: [await freeCountry(db())],
      tax_rate: 10,
      automatic_taxes: false,
    })
    const lamp = await makeProduct(db(), { variants: [{ prices: [{ amount: 5000, region_id: region.id }] }] })
    const option = await makeShippingOption(db(), region.id, { amount: 1000 })

    const cart = await checkout(region.id, [{ variantId: lamp.variants[0].id, quantity: 1 }], option.id)

    expect(cart.items[0].tax_lines).toEqual([])
    expect(cartTotals(cart)).toMatchObject({ subtotal: 5000, shipping_total: 1000, tax_total: 0, total: 6000 })
  })
})
