import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry, makeCart } from '../../testing/factories/carts.js'
import { makeProduct, type ProductFixture } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import {
  installCalculatingProvider,
  makeShippingOption,
  makeShippingProfile,
} from '../../testing/factories/shipping.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import type { ShippingProfileRow } from '../shipping/profiles.js'
import { ensureStore } from '../store/service.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let region: RegionFixture
let bulky: ShippingProfileRow
let shirt: ProductFixture
let sofa: ProductFixture

async function send(method: 'POST' | 'GET' | 'DELETE', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, payload })
  return { status: res.statusCode, body: res.json() }
}

async function cartWith(lines: { product: ProductFixture; quantity: number }[]) {
  const res = await send('POST', '/store/carts', {
    region_id: region.id,
    items: lines.map((line) => ({ variant_id: line.product.variants[0].id, quantity: line.quantity })),
  })
  expect(res.status).toBe(200)
  return res.body.cart as { id: string; items: { id: string }[] }
}

const pick = (cartId: string, optionId: string, data?: object) =>
  send('POST', `/store/carts/${cartId}/shipping-methods`, { option_id: optionId, ...(data ? { data } : {}) })

beforeAll(async () => {
  await ensureStore(db())
  const { headers } = await asAdmin(db())
  await installCalculatingProvider(ctx.app, db())
  region = await makeRegion(db(), {
    countries: [await freeCountry(db())],
    fulfillment_providers: ['manual', 'test-calc'],
  })
  bulky = await makeShippingProfile(db(), { name: 'Bulky' })
  shirt = await makeProduct(db(), {
    variants: [{ inventory_quantity: 100, prices: [{ amount: 2000, region_id: region.id }] }],
  })
  sofa = await makeProduct(db(), { variants: [{ prices: [{ amount: 50000, region_id: region.id }] }] })
  const moved = await ctx.app.inject({
    method: 'POST',
    url: `/admin/shipping-profiles/${bulky.id}`,
    headers,
    payload: { products: [sofa.id] },
  })
  expect(moved.statusCode).toBe(200)
})

describe('POST /store/carts/:id/shipping-methods', () => {
  it('adds a method, marks the lines shipped, and replaces it with another option of the same profile', async () => {
    const standard = await makeShippingOption(db(), region.id, { amount: 500 })
    const express = await makeShippingOption(db(), region.id, { amount: 1500, data: { speed: 'fast' } })
    const cart = await cartWith([{ product: shirt, quantity: 1 }])

    const first = await pick(cart.id, standard.id, { note: 'ring twice' })
    expect(first.status).toBe(200)
    expect(first.body.cart.shipping_methods).toMatchObject([
      {
        shipping_option_id: standard.id,
        price: 500,
        data: { note: 'ring twice' },
        subtotal: 500,
        total: 500,
        shipping_option: { id: standard.id, price_incl_tax: 500 },
      },
    ])
    expect(first.body.cart.shipping_methods[0].shipping_option).not.toHaveProperty('requirements')
    expect(first.body.cart.items[0].has_shipping).toBe(true)
    expect(first.body.cart).toMatchObject({ shipping_total: 500, total: 2500 })

    const replaced = await pick(cart.id, express.id)
    expect(replaced.body.cart.shipping_methods).toMatchObject([
      { shipping_option_id: express.id, price: 1500, data: {} },
    ])
    expect(replaced.body.cart.total).toBe(3500)
  })

  it('keeps one method per shipping profile', async () => {
    const standard = await makeShippingOption(db(), region.id, { amount: 500 })
    const freight = await makeShippingOption(db(), region.id, { amount: 9000, profile_id: bulky.id })
    const cart = await cartWith([
      { product: shirt, quantity: 1 },
      { product: sofa, quantity: 1 },
    ])
    await pick(cart.id, standard.id)
    const both = await pick(cart.id, freight.id)
    expect(
      both.body.cart.shipping_methods.map((m: { shipping_option_id: string }) => m.shipping_option_id).sort(),
    ).toEqual([standard.id, freight.id].sort())
    expect(both.body.cart.shipping_total).toBe(9500)
  })

  it('prices a calculated option through its provider', async () => {
    const courier = await makeShippingOption(db(), region.id, { provider_id: 'test-calc', price_type: 'calculated' })
    const cart = await cartWith([{ product: shirt, quantity: 3 }])
    const res = await pick(cart.id, courier.id)
    expect(res.status).toBe(200)
    expect(res.body.cart.shipping_methods[0].price).toBe(600)
  })

  it('checks again when the cart changed while the provider looked at it', async () => {
    const courier = await makeShippingOption(db(), region.id, { provider_id: 'test-calc', price_type: 'calculated' })
    const cart = await cartWith([{ product: shirt, quantity: 3 }])
    const provider = ctx.app.providers.fulfillmentProviders.get('test-calc')!
    const validate = provider.validateFulfillmentData.bind(provider)
    let calls = 0
    // The first time, another request adds to the cart before the provider answers.
    provider.validateFulfillmentData = async (...args) => {
      if (calls++ === 0) {
        const added = await send('POST', `/store/carts/${cart.id}/line-items`, {
          variant_id: shirt.variants[0].id,
          quantity: 2,
        })
        expect(added.status).toBe(200)
      }
      return validate(...args)
    }
    try {
      const res = await pick(cart.id, courier.id)
      expect(res.status).toBe(200)
      expect(calls).toBe(2)
      // Priced on the cart as it stands: 10% of five shirts.
      expect(res.body.cart.items[0].quantity).toBe(5)
      expect(res.body.cart.shipping_methods[0].price).toBe(1000)
    } finally {
      provider.validateFulfillmentData = validate
    }
  })

  it('asks a local provider under the cart lock, so a change to the cart waits for the method', async () => {
    const standard = await makeShippingOption(db(), region.id, { amount: 500 })
    const cart = await cartWith([{ product: shirt, quantity: 1 }])
    const provider = ctx.app.providers.fulfillmentProviders.get('manual')!
    expect(provider.local).toBe(true)
    const validate = provider.validateFulfillmentData.bind(provider)
    let added: ReturnType<typeof send> | undefined
    let addedEarly = false
    provider.validateFulfillmentData = async (...args) => {
      added = send('POST', `/store/carts/${cart.id}/line-items`, { variant_id: sofa.variants[0].id, quantity: 1 })
      let settled = false
      void added.then(() => (settled = true))
      await new Promise((resolve) => setTimeout(resolve, 150))
      addedEarly = settled
      return validate(...args)
    }
    try {
      const res = await pick(cart.id, standard.id)
      expect(res.status).toBe(200)
      // The method was written on the cart the provider saw: the line add came after it.
      expect(res.body.cart.items).toHaveLength(1)
      expect(addedEarly).toBe(false)
      const after = await added!
      expect(after.status).toBe(200)
      expect(after.body.cart.items).toHaveLength(2)
      expect(after.body.cart.shipping_methods).toMatchObject([{ shipping_option_id: standard.id }])
    } finally {
      provider.validateFulfillmentData = validate
    }
  })

  it('refuses options the cart cannot take', async () => {
    const elsewhere = await makeRegion(db())
    const foreign = await makeShippingOption(db(), elsewhere.id)
    const staff = await makeShippingOption(db(), region.id, { admin_only: true })
    const returns = await makeShippingOption(db(), region.id, { is_return: true })
    const freight = await makeShippingOption(db(), region.id, { profile_id: bulky.id })
    const bigOrders = await makeShippingOption(db(), region.id, {
      requirements: [{ type: 'min_subtotal', amount: 100000 }],
    })
    const cart = await cartWith([{ product: shirt, quantity: 1 }])

    const cases: [string, number, RegExp][] = [
      [foreign.id, 400, /not available in the cart's region/],
      [staff.id, 400, /only available to admins/],
      [returns.id, 400, /return shipping option/],
      [freight.id, 400, /profile does not match/],
      [bigOrders.id, 400, /requirements/],
      ['so_missing', 404, /so_missing/],
    ]
    for (const [optionId, status, message] of cases) {
      const res = await pick(cart.id, optionId)
      expect(res.status, optionId).toBe(status)
      expect(res.body.message).toMatch(message)
    }
    expect((await send('POST', `/store/carts/${cart.id}/shipping-methods`, {})).body.message).toMatch(
      /option_id is required/,
    )
    expect((await pick('cart_missing', foreign.id)).status).toBe(404)
    const completed = await makeCart(db(), { region_id: region.id, completed_at: new Date() })
    expect((await pick(completed.id, foreign.id)).body.code).toBe('cart_incompatible_state')
  })

  it('drops a method when no line of its profile is left or its requirements fail', async () => {
    const standard = await makeShippingOption(db(), region.id, { amount: 500 })
    const capped = await makeShippingOption(db(), region.id, {
      amount: 0,
      profile_id: bulky.id,
      requirements: [{ type: 'max_subtotal', amount: 120000 }],
    })
    const cart = await cartWith([
      { product: shirt, quantity: 1 },
      { product: sofa, quantity: 1 },
    ])
    await pick(cart.id, standard.id)
    await pick(cart.id, capped.id)
    const [shirtLine, sofaLine] = cart.items

    // Two sofas: 100000 + 2000 is still under the cap; three are not.
    const two = await send('POST', `/store/carts/${cart.id}/line-items/${sofaLine.id}`, { quantity: 2 })
    expect(two.body.cart.shipping_methods).toHaveLength(2)
    const three = await send('POST', `/store/carts/${cart.id}/line-items/${sofaLine.id}`, { quantity: 3 })
    expect(three.body.cart.shipping_methods.map((m: { shipping_option_id: string }) => m.shipping_option_id)).toEqual([
      standard.id,
    ])
    expect(three.body.cart.items.find((item: { id: string }) => item.id === sofaLine.id).has_shipping).toBe(false)

    const noShirt = await send('DELETE', `/store/carts/${cart.id}/line-items/${shirtLine.id}`)
    expect(noShirt.body.cart.shipping_methods).toEqual([])
    expect(noShirt.body.cart.shipping_total).toBe(0)
  })
})

describe('GET /store/shipping-options/:cart_id', () => {
  it('lists the options the cart may take, priced for it', async () => {
    const local = await makeRegion(db(), { countries: [await freeCountry(db())], tax_rate: 10 })
    const product = await makeProduct(db(), { variants: [{ prices: [{ amount: 3000, region_id: local.id }] }] })
    const cheap = await makeShippingOption(db(), local.id, {
      amount: 400,
      requirements: [{ type: 'max_subtotal', amount: 5000 }],
    })
    await makeShippingOption(db(), local.id, { amount: 0, requirements: [{ type: 'min_subtotal', amount: 5000 }] })
    await makeShippingOption(db(), local.id, { admin_only: true })
    await makeShippingOption(db(), local.id, { profile_id: bulky.id })
    const created = await send('POST', '/store/carts', {
      region_id: local.id,
      items: [{ variant_id: product.variants[0].id, quantity: 1 }],
    })

    const res = await send('GET', `/store/shipping-options/${created.body.cart.id}`)
    expect(res.status).toBe(200)
    expect(res.body.shipping_options).toMatchObject([
      {
        id: cheap.id,
        amount: 400,
        price_incl_tax: 440,
        tax_amount: 40,
        requirements: [{ type: 'max_subtotal' }],
        profile: {},
      },
    ])
    expect((await send('GET', '/store/shipping-options/cart_missing')).status).toBe(404)
  })
})
