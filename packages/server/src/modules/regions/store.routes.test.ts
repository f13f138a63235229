import { beforeAll, describe, expect, it } from 'vitest'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { deleteRegion } from './service.js'

const ctx = useTestApp()
let europe: RegionFixture
let america: RegionFixture
let removed: RegionFixture

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  europe = await makeRegion(ctx.app.db, { name: 'Europe', currency_code: 'eur', tax_rate: 20, countries: ['fr', 'de'] })
  america = await makeRegion(ctx.app.db, { name: 'America', countries: ['us'] })
  removed = await makeRegion(ctx.app.db, { name: 'Removed', countries: ['ca'] })
  await deleteRegion(ctx.app.db, removed.id)
})

describe('GET /store/regions', () => {
  it('lists live regions with their relations, without login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/store/regions' })

    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ count: 2, offset: 0, limit: 100 })
    expect(body.regions.map((r: { id: string }) => r.id)).toEqual([america.id, europe.id])
    expect(body.regions[1]).toMatchObject({
      id: europe.id,
      name: 'Europe',
      currency_code: 'eur',
      tax_rate: 20,
      tax_code: null,
      gift_cards_taxable: true,
      automatic_taxes: true,
      tax_provider_id: null,
      metadata: null,
      deleted_at: null,
      currency: { code: 'eur', symbol: '€' },
      payment_providers: [{ id: 'manual', is_installed: true }],
      fulfillment_providers: [{ id: 'manual', is_installed: true }],
    })
    expect(body.regions[1].countries.map((c: { iso_2: string }) => c.iso_2)).toEqual(['de', 'fr'])
  })

  it('counts every match when a page is full', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/store/regions?limit=1&offset=1' })

    expect(res.json()).toMatchObject({ count: 2, offset: 1, limit: 1 })
    expect(res.json().regions.map((r: { id: string }) => r.id)).toEqual([europe.id])

    for (const [query, length] of [
      ['limit=5&offset=1', 1],
      ['offset=5', 0],
      ['limit=0', 0],
    ] as const) {
      const page = await ctx.app.inject({ method: 'GET', url: `/store/regions?${query}` })
      expect(page.json().count).toBe(2)
      expect(page.json().regions).toHaveLength(length)
    }
  })

  it('filters by creation date and selects with expand and fields', async () => {
    const future = await ctx.app.inject({ method: 'GET', url: '/store/regions?created_at[gt]=2999-01-01' })
    expect(future.json()).toMatchObject({ regions: [], count: 0 })

    const narrow = await ctx.app.inject({
      method: 'GET',
      url: '/store/regions?fields=name,currency_code&expand=currency',
    })
    expect(narrow.statusCode).toBe(200)
    expect(Object.keys(narrow.json().regions[0]).sort()).toEqual([
      'created_at',
      'currency',
      'currency_code',
      'id',
      'name',
    ])
  })

  it('rejects parameters the store API does not take', async () => {
    const cases: [string, RegExp][] = [
      ['q=europe', /property q should not exist/],
      ['order=name', /property order should not exist/],
      ['limit=-1', /limit must be >= 0/],
      ['expand=tax_rates', /Requested fields \[tax_rates\] are not valid/],
      ['updated_at[gt]=not-a-date', /updated_at.gt must be a valid date/],
    ]
    for (const [query, message] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: `/store/regions?${query}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('GET /store/regions/:region_id', () => {
  it('answers one region with its relations', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/regions/${america.id}` })

    expect(res.statusCode).toBe(200)
    expect(res.json().region).toMatchObject({ id: america.id, name: 'America', currency: { code: 'usd' } })
    expect(res.json().region.countries.map((c: { iso_2: string }) => c.iso_2)).toEqual(['us'])
  })

  it('honours expand and fields', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/regions/${europe.id}?expand=&fields=tax_rate` })

    expect(res.json()).toEqual({ region: { id: europe.id, tax_rate: 20 } })
  })

  it('answers 404 for an unknown or deleted region', async () => {
    for (const id of ['reg_missing', removed.id]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/store/regions/${id}` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ type: 'not_found', message: `Region with id ${id} was not found` })
    }
  })

  it('rejects unknown query parameters', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/regions/${europe.id}?limit=5` })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/property limit should not exist/)
  })
})
