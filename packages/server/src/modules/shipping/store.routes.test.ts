import { beforeAll, describe, expect, it } from 'vitest'
import type { FulfillmentProviderMap } from '../../providers/fulfillment.js'
import { makeProduct, type ProductFixture } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import {
  defaultProfiles,
  installCalculatingProvider,
  makeShippingOption,
  makeShippingProfile,
  type ShippingOptionFixture,
} from '../../testing/factories/shipping.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { listShippingOptionsForCart, validateShippingOptionForCart, type ShippingCart } from './cart.js'
import type { ShippingProfileRow } from './profiles.js'

const ctx = useTestApp()
let headers: Record<string, string>
let europe: RegionFixture
let america: RegionFixture
let defaults: { default: ShippingProfileRow; gift_card: ShippingProfileRow }
let bulky: ShippingProfileRow
let providers: FulfillmentProviderMap
let shirt: ProductFixture
let sofa: ProductFixture
let voucher: ProductFixture
const options: Record<string, ShippingOptionFixture> = {}

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  headers = (await asAdmin(ctx.app.db)).headers
  await installCalculatingProvider(ctx.app, ctx.app.db)
  providers = ctx.app.providers.fulfillmentProviders
  europe = await makeRegion(ctx.app.db, {
    name: 'Europe',
    currency_code: 'eur',
    tax_rate: 20,
    fulfillment_providers: ['manual', 'test-calc'],
  })
  america = await makeRegion(ctx.app.db, { name: 'America' })
  defaults = await defaultProfiles(ctx.app.db)
  bulky = await makeShippingProfile(ctx.app.db, { name: 'Bulky' })

  shirt = await makeProduct(ctx.app.db)
  sofa = await makeProduct(ctx.app.db)
  voucher = await makeProduct(ctx.app.db, { is_giftcard: true })
  await ctx.app.inject({
    method: 'POST',
    url: `/admin/shipping-profiles/${bulky.id}`,
    headers,
    payload: { products: [sofa.id] },
  })

  const make = async (key: string, regionId: string, overrides: Parameters<typeof makeShippingOption>[2] = {}) => {
    options[key] = await makeShippingOption(ctx.app.db, regionId, { name: key, ...overrides })
  }
  await make('standard', europe.id, { amount: 500, requirements: [{ type: 'max_subtotal', amount: 10000 }] })
  await make('free', europe.id, { amount: 0, requirements: [{ type: 'min_subtotal', amount: 10000 }] })
  await make('staff', europe.id, { admin_only: true })
  await make('returns', europe.id, { is_return: true })
  await make('freight', europe.id, { profile_id: bulky.id, amount: 5000 })
  await make('voucher-mail', europe.id, { profile_id: defaults.gift_card.id, amount: 0 })
  await make('courier', europe.id, { provider_id: 'test-calc', price_type: 'calculated' })
  await make('courier-down', europe.id, { provider_id: 'test-calc', price_type: 'calculated', data: { fail: true } })
  await make('inclusive', europe.id, {
    amount: 100,
    includes_tax: true,
    requirements: [{ type: 'min_subtotal', amount: 6000 }],
  })
  await make('us-ground', america.id)
  await make('removed', europe.id)
  await ctx.app.inject({ method: 'DELETE', url: `/admin/shipping-options/${options.removed.id}`, headers })
})

const names = (list: { name?: string }[]) => list.map((option) => option.name).sort()

describe('GET /store/shipping-options', () => {
  const list = async (query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/shipping-options${query}` })
    expect(res.statusCode).toBe(200)
    return res.json().shipping_options as { name: string }[]
  }

  it('lists options customers may pick, without login, priced, with their requirements', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/shipping-options?region_id=${europe.id}` })

    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body)).toEqual(['shipping_options'])
    expect(names(body.shipping_options)).toEqual(
      ['courier', 'courier-down', 'free', 'freight', 'inclusive', 'returns', 'standard', 'voucher-mail'].sort(),
    )
    const standard = body.shipping_options.find((option: { id: string }) => option.id === options.standard.id)
    expect(standard).toMatchObject({
      amount: 500,
      price_incl_tax: 600,
      tax_amount: 100,
      tax_rates: [{ rate: 20, name: 'default', code: 'default' }],
      requirements: [{ type: 'max_subtotal', amount: 10000 }],
    })
    expect(standard.region).toBeUndefined()
    expect(standard.profile).toBeUndefined()
  })

  it('filters by is_return', async () => {
    expect(names(await list(`?region_id=${europe.id}&is_return=true`))).toEqual(['returns'])
    expect(await list(`?region_id=${europe.id}&is_return=false`)).toHaveLength(7)
  })

  it("filters by the shipping profiles of product_ids; products without a profile use the default's", async () => {
    expect(names(await list(`?region_id=${europe.id}&product_ids=${sofa.id}`))).toEqual(['freight'])
    expect(names(await list(`?region_id=${europe.id}&product_ids=${voucher.id}`))).toEqual(['voucher-mail'])
    expect(names(await list(`?region_id=${europe.id}&is_return=false&product_ids=${shirt.id},${sofa.id}`))).toEqual(
      ['courier', 'courier-down', 'free', 'freight', 'inclusive', 'standard'].sort(),
    )
    expect(await list('?product_ids=prod_missing')).toEqual([])
  })

  it('lists every region without region_id', async () => {
    expect(names(await list(`?product_ids=${shirt.id}&is_return=false`))).toContain('us-ground')
  })

  it.each([
    ['?is_return=maybe', /is_return/],
    ['?colour=red', /property colour should not exist/],
  ])('answers 400 for %s', async (query, message) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/shipping-options${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(message)
  })
})

describe('listShippingOptionsForCart', () => {
  const cart = (subtotal: number, items: ShippingCart['items'] = [{ product_id: shirt.id }]): ShippingCart => ({
    region_id: europe.id,
    subtotal,
    items,
  })
  const forCart = async (value: ShippingCart, withProviders = true) =>
    names(await listShippingOptionsForCart(ctx.app.db, value, withProviders ? { providers } : {}))

  it("offers the region's options for the items' profiles whose requirements the subtotal meets", async () => {
    expect(await forCart(cart(5000))).toEqual(['courier', 'standard'])
    expect(await forCart(cart(9999))).toEqual(['courier', 'inclusive', 'standard'])
    expect(await forCart(cart(10000))).toEqual(['courier', 'free', 'inclusive'])
  })

  it('compares the total for tax-inclusive options', async () => {
    expect(await forCart({ ...cart(5000), total: 6000 })).toEqual(['courier', 'inclusive', 'standard'])
    expect(await forCart({ ...cart(5999), total: 5999 })).toEqual(['courier', 'standard'])
  })

  it("covers every item's profile, given by product or directly", async () => {
    expect(await forCart(cart(100, [{ product_id: shirt.id }, { product_id: sofa.id }]))).toEqual([
      'courier',
      'freight',
      'standard',
    ])
    expect(await forCart(cart(100, [{ profile_id: bulky.id }]))).toEqual(['freight'])
    expect(await forCart(cart(100, [{ product_id: voucher.id }]))).toEqual(['voucher-mail'])
  })

  it('offers nothing for a cart without shippable items or in another region', async () => {
    expect(await forCart(cart(100, []))).toEqual([])
    expect(await forCart(cart(100, [{ product_id: null }]))).toEqual([])
    expect(await forCart({ ...cart(100), region_id: 'reg_elsewhere' })).toEqual([])
  })

  it('prices calculated options with their provider, and leaves them out when it cannot', async () => {
    const priced = await listShippingOptionsForCart(ctx.app.db, cart(4000), { providers })
    const courier = priced.find((option) => option.id === options.courier.id)
    expect(courier).toMatchObject({ amount: 400, price_incl_tax: 480, tax_amount: 80, profile: { type: 'default' } })
    expect(courier?.requirements).toEqual([])
    expect(await forCart(cart(4000), false)).toEqual(['standard'])
  })
})

describe('validateShippingOptionForCart', () => {
  const forShirt = (): ShippingCart => ({ region_id: europe.id, subtotal: 2000, items: [{ product_id: shirt.id }] })

  it('answers the option priced for the cart when it applies', async () => {
    const option = await validateShippingOptionForCart(ctx.app.db, options.standard.id, forShirt())
    expect(option).toMatchObject({ id: options.standard.id, amount: 500, price_incl_tax: 600 })
    const courier = await validateShippingOptionForCart(ctx.app.db, options.courier.id, forShirt(), { providers })
    expect(courier).toMatchObject({ amount: 200, price_incl_tax: 240 })
  })

  it('lets admin flows use admin-only options', async () => {
    const option = await validateShippingOptionForCart(ctx.app.db, options.staff.id, forShirt(), {
      allowAdminOnly: true,
    })
    expect(option.id).toBe(options.staff.id)
  })

  it.each([
    ['another region', 'us-ground', {}, 'invalid_data', /not available in the cart's region/],
    ['a return option', 'returns', {}, 'invalid_data', /return shipping option/],
    ['an admin-only option', 'staff', {}, 'invalid_data', /only available to admins/],
    ['another profile', 'freight', {}, 'invalid_data', /profile does not match/],
    ['unmet requirements', 'free', {}, 'not_allowed', /does not satisfy the shipping option's requirements/],
    ['a price the provider cannot give', 'courier-down', { providers }, 'invalid_data', /cannot calculate/],
  ])('refuses %s with a 400', async (_label, key, context, type, message) => {
    const failure = validateShippingOptionForCart(ctx.app.db, options[key].id, forShirt(), context)
    await expect(failure).rejects.toMatchObject({ type, message: expect.stringMatching(message) })
  })

  it('answers 404 for an unknown or deleted option', async () => {
    for (const id of ['so_missing', options.removed.id]) {
      await expect(validateShippingOptionForCart(ctx.app.db, id, forShirt())).rejects.toMatchObject({
        type: 'not_found',
      })
    }
  })
})
