import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { makeProduct, makeProductType } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeTaxRate } from '../../testing/factories/tax.js'
import { adminApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'
import { product } from '../catalog/schema.js'
import { shippingOption, shippingProfile } from '../shipping/schema.js'
import { productTaxRate, taxRate } from './schema.js'

const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
let region: RegionFixture
let otherRegion: RegionFixture

/** A flat-rate option in a custom profile, written straight to the database. */
async function makeOption(db: Db, regionId: string) {
  const [profile] = await db
    .insert(shippingProfile)
    .values({ id: generateId('sp'), name: 'Tax test profile', type: 'custom' })
    .returning()
  const [option] = await db
    .insert(shippingOption)
    .values({
      id: generateId('so'),
      name: 'Standard',
      region_id: regionId,
      profile_id: profile.id,
      provider_id: 'manual',
      price_type: 'flat_rate',
      amount: 500,
    })
    .returning()
  return option
}

beforeAll(async () => {
  region = await makeRegion(ctx.app.db, { tax_rate: 20 })
  otherRegion = await makeRegion(ctx.app.db, { tax_rate: 5 })
})

describe('POST /admin/tax-rates', () => {
  it('creates a rate with its links and answers the default fields', async () => {
    const db = ctx.app.db
    const [prod, type, option] = await Promise.all([makeProduct(db), makeProductType(db), makeOption(db, region.id)])

    const res = await post('/admin/tax-rates', {
      code: 'RED',
      name: 'Reduced',
      region_id: region.id,
      rate: 7.5,
      products: [prod.id, prod.id],
      product_types: [type.id],
      shipping_options: [option.id],
      metadata: { source: 'test' },
    })

    expect(res.statusCode).toBe(200)
    const { tax_rate } = res.json()
    expect(Object.keys(tax_rate).sort()).toEqual([
      'code',
      'created_at',
      'id',
      'name',
      'rate',
      'region_id',
      'updated_at',
    ])
    expect(tax_rate).toMatchObject({ code: 'RED', name: 'Reduced', region_id: region.id, rate: 7.5 })
    expect(tax_rate.id).toMatch(/^txr_[0-9A-Z]{26}$/)

    const expanded = await get(
      `/admin/tax-rates/${tax_rate.id}?expand[]=products&expand[]=product_types&expand[]=shipping_options&fields[]=metadata&fields[]=product_count`,
    )
    expect(expanded.statusCode).toBe(200)
    expect(expanded.json().tax_rate).toEqual({
      id: tax_rate.id,
      metadata: { source: 'test' },
      product_count: 1,
      products: [expect.objectContaining({ id: prod.id, title: prod.title })],
      product_types: [expect.objectContaining({ id: type.id, value: type.value })],
      shipping_options: [expect.objectContaining({ id: option.id, name: 'Standard', amount: 500 })],
    })
  })

  it('creates a rate without a percentage', async () => {
    const res = await post('/admin/tax-rates', { code: 'EXEMPT', name: 'Exempt', region_id: region.id })
    expect(res.statusCode).toBe(200)
    expect(res.json().tax_rate.rate).toBeNull()
  })

  it.each([
    [{ name: 'No code', region_id: 'reg' }, 'code is required'],
    [{ code: 'X', region_id: 'reg' }, 'name is required'],
    [{ code: 'X', name: 'X' }, 'region_id is required'],
    [{ code: 'X', name: 'X', region_id: 'reg', rate: '5' }, 'rate'],
    [{ code: 'X', name: 'X', region_id: 'reg', rate: 101 }, 'rate'],
    [{ code: 'X', name: 'X', region_id: 'reg', products: 'prod_1' }, 'products must be a array'],
    [{ code: 'X', name: 'X', region_id: 'reg', products: [1] }, 'products.0 must be a string'],
    [{ code: 42, name: 'X', region_id: 'reg' }, 'code must be a string'],
    [{ code: 'X', name: 'X', region_id: 'reg', product_ids: [] }, 'property product_ids should not exist'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const res = await post('/admin/tax-rates', body)
    expect(res.statusCode).toBe(400)
    expect(res.error().type).toBe('invalid_data')
    expect(res.error().message).toContain(message)
  })

  it('answers 404 for an unknown region and writes nothing', async () => {
    const res = await post('/admin/tax-rates', { code: 'GHOST', name: 'Ghost', region_id: 'reg_missing' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ type: 'not_found', message: 'Region with id reg_missing was not found' })
  })

  it('answers 404 for an unknown product and rolls the rate back', async () => {
    const res = await post('/admin/tax-rates', {
      code: 'ROLLBACK',
      name: 'Rolled back',
      region_id: region.id,
      products: ['prod_missing'],
    })
    expect(res.statusCode).toBe(404)
    expect(res.error().message).toBe('Product with id prod_missing was not found')
    expect(await ctx.app.db.select().from(taxRate).where(eq(taxRate.code, 'ROLLBACK'))).toEqual([])
  })

  it('treats a deleted product as unknown', async () => {
    const prod = await makeProduct(ctx.app.db)
    await ctx.app.db.update(product).set({ deleted_at: new Date() }).where(eq(product.id, prod.id))
    const res = await post('/admin/tax-rates', { code: 'D', name: 'D', region_id: region.id, products: [prod.id] })
    expect(res.statusCode).toBe(404)
  })

  it('answers 400 for an unknown expand or field in the query', async () => {
    const expand = await post('/admin/tax-rates?expand[]=region', { code: 'Q', name: 'Q', region_id: region.id })
    expect(expand.statusCode).toBe(400)
    expect(expand.error().message).toBe('Requested fields [region] are not valid')
    const fields = await post('/admin/tax-rates?fields=secret', { code: 'Q', name: 'Q', region_id: region.id })
    expect(fields.statusCode).toBe(400)
  })
})

describe('GET /admin/tax-rates', () => {
  let listRegion: RegionFixture
  let rates: Awaited<ReturnType<typeof makeTaxRate>>[]

  beforeAll(async () => {
    listRegion = await makeRegion(ctx.app.db, { tax_rate: 10 })
    const base = Date.parse('2024-01-01T00:00:00Z')
    rates = []
    for (const [index, [name, code, rate]] of (
      [
        ['Books', 'BOOK', 5],
        ['Food', 'FOOD', 7],
        ['Luxury goods', 'LUX', 25],
        ['Zero', 'ZERO', 0],
      ] as const
    ).entries()) {
      rates.push(
        await makeTaxRate(ctx.app.db, {
          region_id: listRegion.id,
          name,
          code,
          rate,
          created_at: new Date(base + index * 60_000),
        }),
      )
    }
  })

  const list = (query: string) => get(`/admin/tax-rates?region_id=${listRegion.id}&${query}`)
  const codes = (body: { tax_rates: { code: string | null }[] }) => body.tax_rates.map((rate) => rate.code)

  it('pages the region rates newest first with count, offset and limit', async () => {
    const res = await list('limit=2&offset=1')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ count: 4, offset: 1, limit: 2 })
    expect(codes(res.json())).toEqual(['LUX', 'FOOD'])
  })

  it('filters by code, name, rate and q', async () => {
    expect(codes((await list('code=FOOD')).json())).toEqual(['FOOD'])
    expect(codes((await list('name=Books')).json())).toEqual(['BOOK'])
    expect(codes((await list('rate=25')).json())).toEqual(['LUX'])
    expect(codes((await list('rate[gte]=5&rate[lt]=25&order=rate')).json())).toEqual(['BOOK', 'FOOD'])
    expect(codes((await list('q=GOOD')).json())).toEqual(['LUX'])
    expect(codes((await list('created_at[gt]=2024-01-01T00:01:30Z&order=created_at')).json())).toEqual(['LUX', 'ZERO'])
  })

  it('filters by several regions', async () => {
    await makeTaxRate(ctx.app.db, { region_id: otherRegion.id, code: 'OTHER' })
    const res = await get(`/admin/tax-rates?region_id[]=${listRegion.id}&region_id[]=${otherRegion.id}&code=OTHER`)
    expect(codes(res.json())).toEqual(['OTHER'])
    const none = await get(`/admin/tax-rates?region_id=${listRegion.id}&code=OTHER`)
    expect(none.json()).toMatchObject({ tax_rates: [], count: 0 })
  })

  it('finds nothing with a deleted_at filter: rates are deleted for good', async () => {
    const res = await list('deleted_at[gt]=2020-01-01')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ tax_rates: [], count: 0 })
  })

  it('selects fields and counts given as a comma list', async () => {
    await ctx.app.db
      .insert(productTaxRate)
      .values({ rate_id: rates[0].id, product_id: (await makeProduct(ctx.app.db)).id })
    const res = await list('fields=code,product_count,shipping_option_count&order=code&limit=1')
    expect(res.json().tax_rates).toEqual([
      { id: rates[0].id, code: 'BOOK', product_count: 1, shipping_option_count: 0 },
    ])
  })

  it.each([
    ['order=region', 'Order field region is not valid'],
    ['rate=abc', 'rate'],
    ['rate[eq]=5', 'rate'],
    ['limit=-1', 'limit'],
    ['created_at[gt]=yesterday', 'created_at.gt must be a valid date'],
    ['expand=products,owner', 'Requested fields [owner] are not valid'],
    ['unknown=1', 'property unknown should not exist'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await list(query)
    expect(res.statusCode).toBe(400)
    expect(res.error().type).toBe('invalid_data')
    expect(res.error().message).toContain(message)
  })
})

describe('GET /admin/tax-rates/:id', () => {
  it('answers 404 for an unknown rate', async () => {
    const res = await get('/admin/tax-rates/txr_missing')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ type: 'not_found', message: 'TaxRate with id txr_missing was not found' })
  })

  it('adjusts the default fields with + and -', async () => {
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id, metadata: { a: 1 } })
    const res = await get(`/admin/tax-rates/${rate.id}?fields=%2Bmetadata,-created_at,-updated_at`)
    expect(res.json().tax_rate).toEqual({
      id: rate.id,
      rate: rate.rate,
      code: rate.code,
      name: rate.name,
      region_id: region.id,
      metadata: { a: 1 },
    })
  })
})

describe('POST /admin/tax-rates/:id', () => {
  it('updates fields, merges metadata and replaces the given links', async () => {
    const db = ctx.app.db
    const [first, second, type] = await Promise.all([makeProduct(db), makeProduct(db), makeProductType(db)])
    const rate = await makeTaxRate(db, {
      region_id: region.id,
      metadata: { keep: 'yes', drop: 'no' },
      products: [first.id],
      product_types: [type.id],
    })

    const res = await post(`/admin/tax-rates/${rate.id}?expand=products,product_types&fields=%2Bmetadata`, {
      name: 'Renamed',
      rate: null,
      region_id: otherRegion.id,
      products: [second.id],
      metadata: { drop: '', added: 1 },
    })

    expect(res.statusCode).toBe(200)
    const body = res.json().tax_rate
    expect(body).toMatchObject({ name: 'Renamed', rate: null, region_id: otherRegion.id, code: rate.code })
    expect(body.metadata).toEqual({ keep: 'yes', added: 1 })
    expect(body.products.map((p: { id: string }) => p.id)).toEqual([second.id])
    // Arrays left out keep their links.
    expect(body.product_types.map((t: { id: string }) => t.id)).toEqual([type.id])
  })

  it('clears links with an empty array', async () => {
    const prod = await makeProduct(ctx.app.db)
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id, products: [prod.id] })
    const res = await post(`/admin/tax-rates/${rate.id}?fields=product_count`, { products: [] })
    expect(res.json().tax_rate).toEqual({ id: rate.id, product_count: 0 })
  })

  it('answers 404 for an unknown rate, region or product type', async () => {
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id })
    expect((await post('/admin/tax-rates/txr_missing', { name: 'X' })).statusCode).toBe(404)
    const badRegion = await post(`/admin/tax-rates/${rate.id}`, { region_id: 'reg_missing' })
    expect(badRegion.statusCode).toBe(404)
    const badType = await post(`/admin/tax-rates/${rate.id}`, { product_types: ['ptyp_missing'] })
    expect(badType.statusCode).toBe(404)
    expect(badType.error().message).toBe('ProductType with id ptyp_missing was not found')
  })

  it('answers 400 for wrong types', async () => {
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id })
    const res = await post(`/admin/tax-rates/${rate.id}`, { name: '', metadata: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toContain('name')
    expect(res.error().message).toContain('metadata')
  })
})

describe('DELETE /admin/tax-rates/:id', () => {
  it('deletes the rate and its links', async () => {
    const prod = await makeProduct(ctx.app.db)
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id, products: [prod.id] })

    const res = await del(`/admin/tax-rates/${rate.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: rate.id, object: 'tax-rate', deleted: true })
    expect((await get(`/admin/tax-rates/${rate.id}`)).statusCode).toBe(404)
    expect(await ctx.app.db.select().from(productTaxRate).where(eq(productTaxRate.rate_id, rate.id))).toEqual([])
  })

  it('answers the same for a rate that does not exist, as v1 does', async () => {
    const res = await del('/admin/tax-rates/txr_missing')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: 'txr_missing', object: 'tax-rate', deleted: true })
  })
})

describe('batch links', () => {
  it('adds and removes products, product types and shipping options', async () => {
    const db = ctx.app.db
    const [p1, p2, type, option] = await Promise.all([
      makeProduct(db),
      makeProduct(db),
      makeProductType(db),
      makeOption(db, region.id),
    ])
    const rate = await makeTaxRate(db, { region_id: region.id, products: [p1.id] })
    const counts = 'fields=product_count,product_type_count,shipping_option_count'

    const added = await post(`/admin/tax-rates/${rate.id}/products/batch?expand=products`, { products: [p1.id, p2.id] })
    expect(added.statusCode).toBe(200)
    expect(
      added
        .json()
        .tax_rate.products.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([p1.id, p2.id].sort())

    await post(`/admin/tax-rates/${rate.id}/product-types/batch`, { product_types: [type.id] })
    const withOption = await post(`/admin/tax-rates/${rate.id}/shipping-options/batch?${counts}`, {
      shipping_options: [option.id],
    })
    expect(withOption.json().tax_rate).toEqual({
      id: rate.id,
      product_count: 2,
      product_type_count: 1,
      shipping_option_count: 1,
    })

    await del(`/admin/tax-rates/${rate.id}/products/batch`, { products: [p1.id, 'prod_never_linked'] })
    await del(`/admin/tax-rates/${rate.id}/product-types/batch`, { product_types: [type.id] })
    const removed = await del(`/admin/tax-rates/${rate.id}/shipping-options/batch?${counts}`, {
      shipping_options: [option.id],
    })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().tax_rate).toEqual({
      id: rate.id,
      product_count: 1,
      product_type_count: 0,
      shipping_option_count: 0,
    })
  })

  it('answers 404 for an unknown rate or target', async () => {
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id })
    const noRate = await post('/admin/tax-rates/txr_missing/products/batch', { products: [] })
    expect(noRate.statusCode).toBe(404)
    const noOption = await post(`/admin/tax-rates/${rate.id}/shipping-options/batch`, {
      shipping_options: ['so_missing'],
    })
    expect(noOption.statusCode).toBe(404)
    expect(noOption.error().message).toBe('ShippingOption with id so_missing was not found')
    const noRemove = await del('/admin/tax-rates/txr_missing/product-types/batch', { product_types: [] })
    expect(noRemove.statusCode).toBe(404)
  })

  it.each([
    ['products', { product_ids: ['prod_1'] }, 'products is required'],
    ['products', { products: 'prod_1' }, 'products must be a array'],
    ['product-types', { products: ['x'] }, 'product_types is required'],
    ['shipping-options', { shipping_options: [null] }, 'shipping_options.0 must be a string'],
  ])('answers 400 for a bad %s body %j', async (path, body, message) => {
    const rate = await makeTaxRate(ctx.app.db, { region_id: region.id })
    const res = await post(`/admin/tax-rates/${rate.id}/${path}/batch`, body)
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toContain(message)
  })
})

describe('auth', () => {
  it('refuses anonymous requests', async () => {
    const res = await get('/admin/tax-rates', { auth: false })
    expect(res.statusCode).toBe(401)
  })
})
