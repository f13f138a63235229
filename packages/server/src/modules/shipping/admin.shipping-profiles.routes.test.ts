import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { defaultProfiles, makeShippingOption, makeShippingProfile } from '../../testing/factories/shipping.js'
import { adminApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'
import { product } from '../catalog/schema.js'
import { ensureStore } from '../store/service.js'
import { ensureDefaultShippingProfiles, type ShippingProfileRow } from './profiles.js'
import { shippingProfile } from './schema.js'

const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
let region: RegionFixture
let defaults: { default: ShippingProfileRow; gift_card: ShippingProfileRow }

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  region = await makeRegion(ctx.app.db)
  defaults = await defaultProfiles(ctx.app.db)
})

const profileOf = async (productId: string) => {
  const [row] = await ctx.app.db
    .select({ profile_id: sql<string | null>`"product"."profile_id"` })
    .from(product)
    .where(eq(product.id, productId))
  return row.profile_id
}

describe('default profiles', () => {
  it('exist once the app is ready: one default and one gift-card profile', async () => {
    const rows = await ctx.app.db
      .select()
      .from(shippingProfile)
      .where(and(inArray(shippingProfile.type, ['default', 'gift_card']), isNull(shippingProfile.deleted_at)))
    expect(rows.map((row) => [row.type, row.name]).sort()).toEqual([
      ['default', 'Default Shipping Profile'],
      ['gift_card', 'Gift Card Profile'],
    ])
  })

  it('are not duplicated when ensured several times at once', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureDefaultShippingProfiles(ctx.app.db)))
    expect(new Set(results.map((result) => result.default.id))).toEqual(new Set([defaults.default.id]))
    expect(new Set(results.map((result) => result.gift_card.id))).toEqual(new Set([defaults.gift_card.id]))
  })
})

describe('GET /admin/shipping-profiles', () => {
  it('lists live profiles, oldest first, without relations or paging', async () => {
    const custom = await makeShippingProfile(ctx.app.db, { name: 'Listed' })
    const removed = await makeShippingProfile(ctx.app.db, { name: 'Removed' })
    await del(`/admin/shipping-profiles/${removed.id}`)

    const res = await get('/admin/shipping-profiles')

    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body)).toEqual(['shipping_profiles'])
    const ids = body.shipping_profiles.map((profile: { id: string }) => profile.id)
    expect(ids.slice(0, 2)).toEqual([defaults.default.id, defaults.gift_card.id])
    expect(ids).toContain(custom.id)
    expect(ids).not.toContain(removed.id)
    expect(body.shipping_profiles[0]).toEqual({
      id: defaults.default.id,
      name: 'Default Shipping Profile',
      type: 'default',
      metadata: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    })
  })

  it('needs an admin', async () => {
    const res = await get('/admin/shipping-profiles', { auth: false })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /admin/shipping-profiles', () => {
  it('creates a profile', async () => {
    const res = await post('/admin/shipping-profiles', { name: 'Fragile', type: 'custom', metadata: { care: 'yes' } })

    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_profile).toEqual({
      id: expect.stringMatching(/^sp_[0-9A-Z]{26}$/),
      name: 'Fragile',
      type: 'custom',
      metadata: { care: 'yes' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
      shipping_options: [],
    })
  })

  it.each([
    ['a missing name', { type: 'custom' }, 400, /name is required/],
    ['an empty name', { name: '', type: 'custom' }, 400, /name/],
    ['a missing type', { name: 'X' }, 400, /type is required/],
    ['an unknown type', { name: 'X', type: 'bulky' }, 400, /type/],
    ['products on creation', { name: 'X', type: 'custom', products: [] }, 400, /property products should not exist/],
    [
      'a second default profile',
      { name: 'X', type: 'default' },
      422,
      /shipping profile of type default already exists/,
    ],
    ['a second gift-card profile', { name: 'X', type: 'gift_card' }, 422, /type gift_card already exists/],
  ])('answers %s with %i', async (_label, body, status, message) => {
    const res = await post('/admin/shipping-profiles', body)
    expect(res.statusCode).toBe(status)
    expect(res.error().message).toMatch(message)
  })
})

describe('GET /admin/shipping-profiles/:profile_id', () => {
  it('answers the profile with its live shipping options', async () => {
    const profile = await makeShippingProfile(ctx.app.db)
    const option = await makeShippingOption(ctx.app.db, region.id, { profile_id: profile.id })
    const removed = await makeShippingOption(ctx.app.db, region.id, { profile_id: profile.id })
    await del(`/admin/shipping-options/${removed.id}`)

    const res = await get(`/admin/shipping-profiles/${profile.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_profile).toMatchObject({
      id: profile.id,
      type: 'custom',
      shipping_options: [{ id: option.id, profile_id: profile.id, amount: 1000 }],
    })
  })

  it('answers 404 for an unknown or deleted profile', async () => {
    const removed = await makeShippingProfile(ctx.app.db)
    await del(`/admin/shipping-profiles/${removed.id}`)
    for (const id of ['sp_missing', removed.id]) {
      const res = await get(`/admin/shipping-profiles/${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ type: 'not_found', message: `ShippingProfile with id ${id} was not found` })
    }
  })
})

describe('POST /admin/shipping-profiles/:profile_id', () => {
  it('renames, merges metadata and moves products and shipping options into the profile', async () => {
    const profile = await makeShippingProfile(ctx.app.db, { metadata: { a: 1, b: 2 } })
    const first = await makeProduct(ctx.app.db)
    const second = await makeProduct(ctx.app.db)
    const option = await makeShippingOption(ctx.app.db, region.id)

    const res = await post(`/admin/shipping-profiles/${profile.id}`, {
      name: 'Oversized',
      metadata: { a: '', c: 3 },
      products: [first.id, second.id, first.id],
      shipping_options: [option.id],
    })

    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_profile).toMatchObject({
      id: profile.id,
      name: 'Oversized',
      type: 'custom',
      metadata: { b: 2, c: 3 },
      shipping_options: [{ id: option.id, profile_id: profile.id }],
    })
    expect(await profileOf(first.id)).toBe(profile.id)
    expect(await profileOf(second.id)).toBe(profile.id)
  })

  it.each([
    ['an unknown product', { products: ['prod_missing'] }, 404, /Product with id prod_missing was not found/],
    [
      'an unknown shipping option',
      { shipping_options: ['so_missing'] },
      404,
      /ShippingOption with id so_missing was not found/,
    ],
    ['a type taken by another profile', { type: 'default' }, 422, /type default already exists/],
    ['an unknown type', { type: 'bulky' }, 400, /type/],
    ['products given as a string', { products: 'prod_1' }, 400, /products must be a array/],
    ['an unknown key', { colour: 'red' }, 400, /property colour should not exist/],
  ])('answers %s with %i', async (_label, body, status, message) => {
    const profile = await makeShippingProfile(ctx.app.db)
    const res = await post(`/admin/shipping-profiles/${profile.id}`, body)
    expect(res.statusCode).toBe(status)
    expect(res.error().message).toMatch(message)
  })

  it('leaves every product where it was when one product is unknown', async () => {
    const profile = await makeShippingProfile(ctx.app.db)
    const known = await makeProduct(ctx.app.db)
    const res = await post(`/admin/shipping-profiles/${profile.id}`, { products: [known.id, 'prod_missing'] })
    expect(res.statusCode).toBe(404)
    expect(await profileOf(known.id)).toBeNull()
  })

  it('keeps the type of the default profile when it is sent unchanged', async () => {
    const res = await post(`/admin/shipping-profiles/${defaults.default.id}`, { type: 'default' })
    expect(res.statusCode).toBe(200)
    expect(res.json().shipping_profile.type).toBe('default')
  })

  it('answers 404 for an unknown profile', async () => {
    const res = await post('/admin/shipping-profiles/sp_missing', { name: 'X' })
    expect(res.statusCode).toBe(404)
  })
})

describe('DELETE /admin/shipping-profiles/:profile_id', () => {
  it('soft-deletes a custom profile, and answers 200 again for a deleted or unknown id as v1 does', async () => {
    const profile = await makeShippingProfile(ctx.app.db)
    for (const id of [profile.id, profile.id, 'sp_missing']) {
      const res = await del(`/admin/shipping-profiles/${id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ id, object: 'shipping_profile', deleted: true })
    }
    const [row] = await ctx.app.db.select().from(shippingProfile).where(eq(shippingProfile.id, profile.id))
    expect(row.deleted_at).toBeInstanceOf(Date)
  })

  it('keeps the default and gift-card profiles', async () => {
    for (const profile of [defaults.default, defaults.gift_card]) {
      const res = await del(`/admin/shipping-profiles/${profile.id}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ type: 'not_allowed', message: expect.stringMatching(/cannot be deleted/) })
    }
  })
})
