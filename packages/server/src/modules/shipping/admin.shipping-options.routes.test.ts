import { beforeAll, describe, expect, it } from 'vitest'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import {
  defaultProfiles,
  installCalculatingProvider,
  makeShippingOption,
  makeShippingProfile,
} from '../../testing/factories/shipping.js'
import { adminApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'
import { fulfillmentProvider } from '../store/schema.js'
import { deleteRegion } from '../regions/service.js'
import { ensureStore } from '../store/service.js'
import type { ShippingProfileRow } from './profiles.js'

const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
let europe: RegionFixture
let america: RegionFixture
let defaultProfile: ShippingProfileRow

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  await installCalculatingProvider(ctx.app, ctx.app.db)
  // A provider row a region may list although this server does not run it.
  await ctx.app.db.insert(fulfillmentProvider).values({ id: 'test-ship' }).onConflictDoNothing()
  europe = await makeRegion(ctx.app.db, {
    name: 'Europe',
    currency_code: 'eur',
    tax_rate: 20,
    fulfillment_providers: ['manual', 'test-calc', 'test-ship'],
  })
  america = await makeRegion(ctx.app.db, { name: 'America', tax_rate: 0, automatic_taxes: false })
  defaultProfile = (await defaultProfiles(ctx.app.db)).default
})

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Standard',
  region_id: europe.id,
  provider_id: 'manual',
  data: { id: 'manual-fulfillment' },
  price_type: 'flat_rate',
  amount: 1200,
  ...overrides,
})

describe('POST /admin/shipping-options', () => {
  it('creates a flat-rate option in the default profile, priced with the region tax rate', async () => {
    const res = await post(
      '/admin/shipping-options',
      validBody({ requirements: [{ type: 'min_subtotal', amount: 5000 }], metadata: { carrier: 'post' } }),
    )

    expect(res.statusCode).toBe(200)
    const option = res.json().shipping_option
    expect(option).toEqual({
      id: expect.stringMatching(/^so_[0-9A-Z]{26}$/),
      name: 'Standard',
      region_id: europe.id,
      profile_id: defaultProfile.id,
      provider_id: 'manual',
      price_type: 'flat_rate',
      amount: 1200,
      is_return: false,
      admin_only: false,
      data: { id: 'manual-fulfillment' },
      includes_tax: false,
      metadata: { carrier: 'post' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
      region: expect.objectContaining({ id: europe.id, name: 'Europe', tax_rate: 20, currency_code: 'eur' }),
      profile: expect.objectContaining({ id: defaultProfile.id, type: 'default', name: 'Default Shipping Profile' }),
      requirements: [
        {
          id: expect.stringMatching(/^sor_/),
          shipping_option_id: option.id,
          type: 'min_subtotal',
          amount: 5000,
          deleted_at: null,
        },
      ],
      price_incl_tax: 1440,
      tax_rates: [{ rate: 20, name: 'default', code: 'default' }],
      tax_amount: 240,
    })
  })

  it('creates a return option for admins only in a custom profile', async () => {
    const profile = await makeShippingProfile(ctx.app.db, { name: 'Bulky' })
    const res = await post(
      '/admin/shipping-options',
      validBody({ profile_id: profile.id, is_return: true, admin_only: true, amount: 0, includes_tax: true }),
    )

    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_option).toMatchObject({
      profile_id: profile.id,
      is_return: true,
      admin_only: true,
      amount: 0,
      includes_tax: true,
      price_incl_tax: 0,
      tax_amount: 0,
    })
  })

  it('creates a calculated option without an amount when the provider can calculate', async () => {
    const res = await post(
      '/admin/shipping-options',
      validBody({ provider_id: 'test-calc', price_type: 'calculated', amount: 999, data: {} }),
    )

    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_option).toMatchObject({ price_type: 'calculated', amount: null, price_incl_tax: 0 })
  })

  it('accepts a minimum equal to the maximum', async () => {
    const res = await post(
      '/admin/shipping-options',
      validBody({
        requirements: [
          { type: 'max_subtotal', amount: 3000 },
          { type: 'min_subtotal', amount: 3000 },
        ],
      }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_option.requirements).toHaveLength(2)
  })

  it.each([
    ['a missing name', { name: undefined }, /name is required/],
    ['a missing data', { data: undefined }, /data is required/],
    ['an unknown price type', { price_type: 'free' }, /price_type/],
    ['flat_rate without amount', { amount: undefined }, /flat_rate.*must have an `amount`/],
    ['flat_rate with a null amount', { amount: null }, /flat_rate.*must have an `amount`/],
    ['a negative amount', { amount: -1 }, /amount must be >= 0/],
    ['a fractional amount', { amount: 10.5 }, /amount must be a integer/],
    ['an amount given as text', { amount: '100' }, /amount/],
    [
      'two requirements of one type',
      {
        requirements: [
          { type: 'min_subtotal', amount: 100 },
          { type: 'min_subtotal', amount: 200 },
        ],
      },
      /Only one requirement of each type is allowed \(requirements\.1\.type\)/,
    ],
    [
      'a minimum above the maximum',
      {
        requirements: [
          { type: 'min_subtotal', amount: 5000 },
          { type: 'max_subtotal', amount: 4000 },
        ],
      },
      /Max\. subtotal must be greater than Min\. subtotal/,
    ],
    ['an unknown requirement type', { requirements: [{ type: 'weight', amount: 1 }] }, /requirements\.0\.type/],
    [
      'a negative requirement amount',
      { requirements: [{ type: 'min_subtotal', amount: -5 }] },
      /requirements\.0\.amount/,
    ],
    ['an unknown key', { color: 'red' }, /property color should not exist/],
    ['a provider the region does not use', { provider_id: 'nope' }, /provider_id nope is not one of the region's/],
    ['a provider this server does not run', { provider_id: 'test-ship' }, /test-ship is not installed/],
    ['a calculated price the provider cannot compute', { price_type: 'calculated' }, /cannot calculate prices/],
    ['data the provider refuses', { provider_id: 'test-calc', data: { valid: false } }, /cannot validate/],
  ])('answers 400 for %s', async (_label, overrides, message) => {
    const res = await post('/admin/shipping-options', validBody(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'invalid_data', message: expect.stringMatching(message) })
  })

  it('answers 400 when the provider is not enabled in the region', async () => {
    const res = await post('/admin/shipping-options', validBody({ region_id: america.id, provider_id: 'test-calc' }))
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toMatch(/test-calc is not one of the region's fulfillment providers/)
  })

  it('answers 404 for an unknown or deleted region and an unknown or deleted profile', async () => {
    const gone = await makeRegion(ctx.app.db, { name: 'Gone' })
    await deleteRegion(ctx.app.db, gone.id)
    const deletedProfile = await makeShippingProfile(ctx.app.db)
    await del(`/admin/shipping-profiles/${deletedProfile.id}`)

    for (const body of [
      validBody({ region_id: 'reg_missing' }),
      validBody({ region_id: gone.id }),
      validBody({ profile_id: 'sp_missing' }),
      validBody({ profile_id: deletedProfile.id }),
    ]) {
      const res = await post('/admin/shipping-options', body)
      expect(res.statusCode).toBe(404)
      expect(res.error().type).toBe('not_found')
    }
  })

  it('needs an admin', async () => {
    const res = await post('/admin/shipping-options', validBody(), { auth: false })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /admin/shipping-options', () => {
  let region: RegionFixture
  let ids: Record<string, string>

  beforeAll(async () => {
    region = await makeRegion(ctx.app.db, { name: 'Listing', tax_rate: 10 })
    const other = await makeRegion(ctx.app.db, { name: 'Other listing' })
    const make = async (name: string, overrides: Parameters<typeof makeShippingOption>[2] = {}) =>
      (await makeShippingOption(ctx.app.db, region.id, { name, ...overrides })).id
    ids = {
      standard: await make('Standard list', { amount: 500, requirements: [{ type: 'max_subtotal', amount: 9000 }] }),
      express: await make('Express list', { amount: 1500 }),
      staff: await make('Staff list', { admin_only: true }),
      returns: await make('Return list', { is_return: true }),
      removed: await make('Removed list'),
      other: (await makeShippingOption(ctx.app.db, other.id, { name: 'Elsewhere list' })).id,
    }
    await del(`/admin/shipping-options/${ids.removed}`)
  })

  const list = async (query: string) => {
    const res = await get(`/admin/shipping-options?${query}`)
    expect(res.statusCode).toBe(200)
    return res.json()
  }
  const names = async (query: string) =>
    (await list(query)).shipping_options.map((option: { name: string }) => option.name)

  it('lists a region’s live options, newest first, priced, with relations and paging fields', async () => {
    const body = await list(`region_id=${region.id}`)

    expect(body).toMatchObject({ count: 4, offset: 0, limit: 50 })
    expect(body.shipping_options.map((option: { id: string }) => option.id)).toEqual([
      ids.returns,
      ids.staff,
      ids.express,
      ids.standard,
    ])
    expect(body.shipping_options[3]).toMatchObject({
      amount: 500,
      price_incl_tax: 550,
      tax_amount: 50,
      tax_rates: [{ rate: 10, name: 'default', code: 'default' }],
      region: { id: region.id },
      profile: { type: 'default' },
      requirements: [{ type: 'max_subtotal', amount: 9000 }],
    })
  })

  it('filters by is_return, admin_only, id, name and q', async () => {
    expect(await names(`region_id=${region.id}&is_return=true`)).toEqual(['Return list'])
    expect(await names(`region_id=${region.id}&is_return=false&admin_only=false`)).toEqual([
      'Express list',
      'Standard list',
    ])
    expect(await names(`region_id=${region.id}&admin_only=true`)).toEqual(['Staff list'])
    expect(await names(`id=${ids.standard},${ids.other}&order=name`)).toEqual(['Elsewhere list', 'Standard list'])
    expect(await names('name=Express list')).toEqual(['Express list'])
    expect(await names('q=LIST&order=name&limit=2')).toEqual(['Elsewhere list', 'Express list'])
  })

  it('pages with a count of every match', async () => {
    const body = await list(`region_id=${region.id}&limit=1&offset=1&order=created_at`)
    expect(body).toMatchObject({ count: 4, offset: 1, limit: 1 })
    expect(body.shipping_options.map((option: { id: string }) => option.id)).toEqual([ids.express])
  })

  it('includes deleted options only when deleted_at is filtered', async () => {
    expect(await names(`region_id=${region.id}&deleted_at[gte]=2000-01-01`)).toEqual(['Removed list'])
  })

  it('selects relations with expand and columns with fields', async () => {
    const body = await list(`id=${ids.standard}&expand=requirements&fields=name,amount`)
    const [option] = body.shipping_options
    expect(Object.keys(option).sort()).toEqual(
      ['amount', 'id', 'name', 'price_incl_tax', 'requirements', 'tax_amount', 'tax_rates'].sort(),
    )
  })

  it.each([
    ['order=colour', /Order field colour is not valid/],
    ['expand=products', /products/],
    ['fields=secret', /secret/],
    ['is_return=maybe', /is_return/],
    ['limit=-1', /limit/],
    ['colour=red', /property colour should not exist/],
  ])('answers 400 for %s', async (query, message) => {
    const res = await get(`/admin/shipping-options?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toMatch(message)
  })
})

describe('GET /admin/shipping-options/:option_id', () => {
  it('answers the option with its relations', async () => {
    const made = await makeShippingOption(ctx.app.db, europe.id, {
      requirements: [{ type: 'min_subtotal', amount: 1 }],
    })
    const res = await get(`/admin/shipping-options/${made.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_option).toMatchObject({
      id: made.id,
      region: { id: europe.id },
      profile: { id: defaultProfile.id },
      requirements: [{ id: made.requirements[0].id }],
      price_incl_tax: 1200,
    })
  })

  it('answers 404 for an unknown or deleted option', async () => {
    const made = await makeShippingOption(ctx.app.db, europe.id)
    await del(`/admin/shipping-options/${made.id}`)
    for (const id of ['so_missing', made.id]) {
      const res = await get(`/admin/shipping-options/${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ type: 'not_found', message: `ShippingOption with id ${id} was not found` })
    }
  })
})

describe('POST /admin/shipping-options/:option_id', () => {
  it('updates fields, merges metadata and replaces requirements, keeping those sent with an id', async () => {
    const made = await makeShippingOption(ctx.app.db, europe.id, {
      metadata: { keep: 'yes', drop: 'x' },
      requirements: [
        { type: 'min_subtotal', amount: 1000 },
        { type: 'max_subtotal', amount: 9000 },
      ],
    })
    const min = made.requirements.find((r) => r.type === 'min_subtotal')!

    const res = await post(`/admin/shipping-options/${made.id}`, {
      name: 'Renamed',
      amount: 2500,
      admin_only: true,
      includes_tax: true,
      metadata: { drop: '', added: 1 },
      requirements: [{ id: min.id, type: 'min_subtotal', amount: 2000 }],
    })

    expect(res.statusCode).toBe(200)
    const option = res.json().shipping_option
    expect(option).toMatchObject({
      name: 'Renamed',
      amount: 2500,
      admin_only: true,
      includes_tax: true,
      metadata: { keep: 'yes', added: 1 },
      requirements: [{ id: min.id, type: 'min_subtotal', amount: 2000, deleted_at: null }],
    })

    const again = await post(`/admin/shipping-options/${made.id}`, {
      requirements: [{ type: 'max_subtotal', amount: 7000 }],
    })
    expect(again.statusCode).toBe(200)
    const requirements = again.json().shipping_option.requirements
    expect(requirements).toEqual([expect.objectContaining({ type: 'max_subtotal', amount: 7000 })])
    expect(requirements[0].id).not.toBe(min.id)
    expect(again.json().shipping_option.name).toBe('Renamed')
  })

  it('lets two kept requirements swap types', async () => {
    const made = await makeShippingOption(ctx.app.db, europe.id, {
      requirements: [
        { type: 'min_subtotal', amount: 100 },
        { type: 'max_subtotal', amount: 900 },
      ],
    })
    const [a, b] = made.requirements
    const res = await post(`/admin/shipping-options/${made.id}`, {
      requirements: [
        { id: a.id, type: b.type, amount: a.type === 'min_subtotal' ? 800 : 200 },
        { id: b.id, type: a.type, amount: a.type === 'min_subtotal' ? 200 : 800 },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_option.requirements).toHaveLength(2)
  })

  it('switches between flat and calculated prices', async () => {
    const made = await makeShippingOption(ctx.app.db, europe.id, { provider_id: 'test-calc', amount: 700 })

    const calculated = await post(`/admin/shipping-options/${made.id}`, { price_type: 'calculated', requirements: [] })
    expect(calculated.statusCode).toBe(200)
    expect(calculated.json().shipping_option).toMatchObject({ price_type: 'calculated', amount: null })

    const noAmount = await post(`/admin/shipping-options/${made.id}`, { price_type: 'flat_rate', requirements: [] })
    expect(noAmount.statusCode).toBe(400)
    expect(noAmount.error().message).toMatch(/must have an `amount`/)

    const flat = await post(`/admin/shipping-options/${made.id}`, {
      price_type: 'flat_rate',
      amount: 300,
      requirements: [],
    })
    expect(flat.statusCode).toBe(200)
    expect(flat.json().shipping_option).toMatchObject({ price_type: 'flat_rate', amount: 300 })
  })

  it.each([
    ['missing requirements', {}, /requirements is required/],
    ['a region change', { requirements: [], region_id: 'reg_x' }, /property region_id should not exist/],
    ['a provider change', { requirements: [], provider_id: 'x' }, /property provider_id should not exist/],
    ['an is_return change', { requirements: [], is_return: true }, /property is_return should not exist/],
    ['a negative amount', { requirements: [], amount: -10 }, /amount must be >= 0/],
    ['a null amount on a flat rate', { requirements: [], amount: null }, /must have an `amount`/],
    ['a calculated price with the manual provider', { requirements: [], price_type: 'calculated' }, /cannot calculate/],
    [
      'two requirements of one type',
      {
        requirements: [
          { type: 'max_subtotal', amount: 1 },
          { type: 'max_subtotal', amount: 2 },
        ],
      },
      /Only one requirement of each type/,
    ],
    [
      'a minimum above the maximum',
      {
        requirements: [
          { type: 'max_subtotal', amount: 1 },
          { type: 'min_subtotal', amount: 2 },
        ],
      },
      /Max\. subtotal must be greater than Min\. subtotal/,
    ],
    [
      'a requirement id of another option',
      { requirements: [{ id: 'sor_elsewhere', type: 'max_subtotal', amount: 1 }] },
      /requirements\.0\.id/,
    ],
  ])('answers 400 for %s', async (_label, body, message) => {
    const made = await makeShippingOption(ctx.app.db, europe.id)
    const res = await post(`/admin/shipping-options/${made.id}`, body)
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toMatch(message)
  })

  it('answers 400 for a requirement id that belongs to another option', async () => {
    const other = await makeShippingOption(ctx.app.db, europe.id, {
      requirements: [{ type: 'min_subtotal', amount: 5 }],
    })
    const made = await makeShippingOption(ctx.app.db, europe.id)
    const res = await post(`/admin/shipping-options/${made.id}`, {
      requirements: [{ id: other.requirements[0].id, type: 'min_subtotal', amount: 5 }],
    })
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toMatch(/is not a requirement of this option \(requirements\.0\.id\)/)
  })

  it('answers 404 for an unknown option', async () => {
    const res = await post('/admin/shipping-options/so_missing', { requirements: [] })
    expect(res.statusCode).toBe(404)
  })
})

describe('DELETE /admin/shipping-options/:option_id', () => {
  it('soft-deletes the option, and answers 200 again for a deleted or unknown id as v1 does', async () => {
    const made = await makeShippingOption(ctx.app.db, europe.id)
    for (const id of [made.id, made.id, 'so_missing']) {
      const res = await del(`/admin/shipping-options/${id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ id, object: 'shipping-option', deleted: true })
    }
    const list = await get(`/admin/shipping-options?id=${made.id}`)
    expect(list.json().shipping_options).toEqual([])
  })
})
