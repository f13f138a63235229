import { beforeAll, describe, expect, it } from 'vitest'
import { makeRegion } from '../../testing/factories/regions.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore, updateStore } from '../store/service.js'
import { fulfillmentProvider, paymentProvider } from '../store/schema.js'

const ctx = useTestApp()
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(ctx.app.db)
  await updateStore(ctx.app.db, { currencies: ['usd', 'eur', 'gbp'] })
  await ctx.app.db.insert(paymentProvider).values({ id: 'test-pay' }).onConflictDoNothing()
  await ctx.app.db.insert(fulfillmentProvider).values({ id: 'test-ship' }).onConflictDoNothing()
  headers = (await asAdmin(ctx.app.db)).headers
})

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Europe',
  currency_code: 'eur',
  tax_rate: 25,
  payment_providers: ['manual'],
  fulfillment_providers: ['manual'],
  countries: [],
  ...overrides,
})

const isoOf = (region: { countries: { iso_2: string }[] }) => region.countries.map((c) => c.iso_2)

describe('POST /admin/regions', () => {
  it('creates a region with its countries, providers and currency', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/regions',
      headers,
      payload: validBody({
        name: 'Nordics',
        currency_code: 'EUR',
        tax_code: 'NORD',
        countries: ['DK', 'se'],
        metadata: { source: 'test' },
      }),
    })

    expect(res.statusCode).toBe(200)
    const { region } = res.json()
    expect(region).toMatchObject({
      name: 'Nordics',
      currency_code: 'eur',
      tax_rate: 25,
      tax_code: 'NORD',
      gift_cards_taxable: true,
      automatic_taxes: true,
      tax_provider_id: null,
      metadata: { source: 'test' },
      deleted_at: null,
      payment_providers: [{ id: 'manual', is_installed: true }],
      fulfillment_providers: [{ id: 'manual', is_installed: true }],
      currency: { code: 'eur', symbol: '€', name: 'Euro', decimal_digits: 2 },
    })
    expect(region.id).toMatch(/^reg_/)
    expect(region.created_at).toEqual(expect.any(String))
    expect(isoOf(region)).toEqual(['dk', 'se'])
    expect(region.countries[0]).toEqual({
      id: expect.any(Number),
      iso_2: 'dk',
      iso_3: 'dnk',
      num_code: 208,
      name: 'DENMARK',
      display_name: 'Denmark',
      region_id: region.id,
    })
  })

  it('rejects missing fields and wrong types naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /name is required/],
      [validBody({ name: undefined }), /name is required/],
      [validBody({ currency_code: undefined }), /currency_code is required/],
      [validBody({ countries: undefined }), /countries is required/],
      [validBody({ tax_rate: '20' }), /tax_rate must be a number/],
      [validBody({ tax_rate: 101 }), /tax_rate must be <= 100/],
      [validBody({ tax_rate: -1 }), /tax_rate must be >= 0/],
      [validBody({ countries: 'dk' }), /countries must be a array/],
      [validBody({ payment_providers: [1] }), /payment_providers\.0 must be a string/],
      [validBody({ gift_cards_taxable: false }), /property gift_cards_taxable should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/regions', headers, payload: payload as object })
      expect(res.statusCode).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })

  it('names an unknown currency, provider or country', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ currency_code: 'zzz' }, 'Currency with code zzz does not exist'],
      [{ currency_code: 'jpy' }, "Currency jpy is not one of the store's currencies"],
      [{ payment_providers: ['manual', 'nope'] }, 'Payment provider with id nope does not exist'],
      [{ fulfillment_providers: ['nope'] }, 'Fulfillment provider with id nope does not exist'],
      [{ countries: ['zz'] }, 'Country with code zz not found'],
    ]
    for (const [overrides, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/admin/regions',
        headers,
        payload: validBody({ name: 'Rejected', ...overrides }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ type: 'invalid_data', message })
    }
  })

  it('answers 422 for a country that belongs to another region, and creates nothing', async () => {
    const germany = await makeRegion(ctx.app.db, { countries: ['de'] })

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/regions',
      headers,
      payload: validBody({ name: 'Duplicate DE', countries: ['at', 'DE'] }),
    })

    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      type: 'duplicate_error',
      message: `Germany already exists in region ${germany.id}`,
      code: 'invalid_request_error',
    })
    const listed = await ctx.app.inject({ method: 'GET', url: '/admin/regions?q=Duplicate%20DE', headers })
    expect(listed.json().count).toBe(0)
  })

  it('lets exactly one of two concurrent requests claim a country', async () => {
    const attempts = await Promise.all(
      ['Race A', 'Race B'].map((name) =>
        ctx.app.inject({
          method: 'POST',
          url: '/admin/regions',
          headers,
          payload: validBody({ name, countries: ['pt'] }),
        }),
      ),
    )

    expect(attempts.map((res) => res.statusCode).sort()).toEqual([200, 422])
  })

  it('needs an admin', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/regions', payload: validBody() })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /admin/regions', () => {
  it('lists with search, default relations, ordering and pagination', async () => {
    const first = await makeRegion(ctx.app.db, { name: 'Listing Alpha', countries: ['be'] })
    const second = await makeRegion(ctx.app.db, { name: 'Listing Beta' })
    const third = await makeRegion(ctx.app.db, { name: 'Listing Gamma' })

    const res = await ctx.app.inject({ method: 'GET', url: '/admin/regions?q=listing', headers })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ count: 3, offset: 0, limit: 50 })
    expect(body.regions.map((r: { id: string }) => r.id)).toEqual([third.id, second.id, first.id])
    const alpha = body.regions[2]
    expect(isoOf(alpha)).toEqual(['be'])
    expect(alpha.payment_providers).toEqual([{ id: 'manual', is_installed: true }])
    expect(alpha.fulfillment_providers).toEqual([{ id: 'manual', is_installed: true }])
    expect(alpha.currency.code).toBe('usd')

    const page = await ctx.app.inject({
      method: 'GET',
      url: '/admin/regions?q=listing&order=name&limit=2&offset=1',
      headers,
    })
    expect(page.json()).toMatchObject({ count: 3, offset: 1, limit: 2 })
    expect(page.json().regions.map((r: { name: string }) => r.name)).toEqual(['Listing Beta', 'Listing Gamma'])
  })

  it('selects relations with expand and columns with fields', async () => {
    await makeRegion(ctx.app.db, { name: 'Selective', countries: ['nl'] })

    const expanded = await ctx.app.inject({
      method: 'GET',
      url: '/admin/regions?q=selective&expand=countries',
      headers,
    })
    const region = expanded.json().regions[0]
    expect(isoOf(region)).toEqual(['nl'])
    expect(region).not.toHaveProperty('currency')
    expect(region).not.toHaveProperty('payment_providers')

    const bare = await ctx.app.inject({ method: 'GET', url: '/admin/regions?q=selective&expand=&fields=name', headers })
    expect(Object.keys(bare.json().regions[0]).sort()).toEqual(['created_at', 'id', 'name'])
  })

  it('filters by dates and hides deleted regions unless deleted_at is asked for', async () => {
    const before = new Date(Date.now() - 1000).toISOString()
    const gone = await makeRegion(ctx.app.db, { name: 'Dated Gone' })
    await makeRegion(ctx.app.db, { name: 'Dated Kept' })
    await ctx.app.inject({ method: 'DELETE', url: `/admin/regions/${gone.id}`, headers })

    const live = await ctx.app.inject({
      method: 'GET',
      url: `/admin/regions?q=dated&created_at[gte]=${encodeURIComponent(before)}`,
      headers,
    })
    expect(live.json().regions.map((r: { name: string }) => r.name)).toEqual(['Dated Kept'])

    const future = await ctx.app.inject({
      method: 'GET',
      url: '/admin/regions?q=dated&created_at[gt]=2999-01-01',
      headers,
    })
    expect(future.json().count).toBe(0)

    const deleted = await ctx.app.inject({
      method: 'GET',
      url: `/admin/regions?q=dated&deleted_at[gte]=${encodeURIComponent(before)}`,
      headers,
    })
    expect(deleted.json().regions.map((r: { id: string }) => r.id)).toEqual([gone.id])
  })

  it('rejects bad query parameters', async () => {
    const cases: [string, RegExp][] = [
      ['order=tax_rate', /Order field tax_rate is not valid/],
      ['expand=tax_rates', /Requested fields \[tax_rates\] are not valid/],
      ['fields=password', /Requested fields \[password\] are not valid/],
      ['limit=many', /limit must be a integer/],
      ['created_at[lt]=someday', /created_at.lt must be a valid date/],
      ['name=x', /property name should not exist/],
    ]
    for (const [query, message] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: `/admin/regions?${query}`, headers })
      expect(res.statusCode).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('GET /admin/regions/:region_id', () => {
  it('answers the region with its default relations', async () => {
    const made = await makeRegion(ctx.app.db, { name: 'Single', countries: ['ie'], tax_rate: 23 })

    const res = await ctx.app.inject({ method: 'GET', url: `/admin/regions/${made.id}`, headers })

    expect(res.statusCode).toBe(200)
    expect(res.json().region).toMatchObject({ id: made.id, name: 'Single', tax_rate: 23, currency: { code: 'usd' } })
    expect(isoOf(res.json().region)).toEqual(['ie'])

    const narrowed = await ctx.app.inject({
      method: 'GET',
      url: `/admin/regions/${made.id}?fields=tax_rate&expand=currency`,
      headers,
    })
    expect(narrowed.json().region).toEqual({ id: made.id, tax_rate: 23, currency: made.currency })
  })

  it('answers 404 for an unknown region', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/regions/reg_missing', headers })

    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ type: 'not_found', message: 'Region with id reg_missing was not found' })
  })
})

describe('POST /admin/regions/:region_id', () => {
  it('updates fields, merges metadata and replaces countries and providers', async () => {
    const made = await makeRegion(ctx.app.db, {
      name: 'Before',
      countries: ['fi', 'ee'],
      tax_code: 'OLD',
      metadata: { keep: 1, drop: 2 },
    })

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/regions/${made.id}`,
      headers,
      payload: {
        name: 'After',
        currency_code: 'GBP',
        tax_rate: 12.5,
        tax_code: null,
        gift_cards_taxable: false,
        automatic_taxes: false,
        countries: ['EE', 'lv'],
        payment_providers: ['test-pay'],
        fulfillment_providers: [],
        metadata: { drop: '', added: true },
      },
    })

    expect(res.statusCode).toBe(200)
    const { region } = res.json()
    expect(region).toMatchObject({
      id: made.id,
      name: 'After',
      currency_code: 'gbp',
      tax_rate: 12.5,
      tax_code: null,
      gift_cards_taxable: false,
      automatic_taxes: false,
      metadata: { keep: 1, added: true },
      payment_providers: [{ id: 'test-pay', is_installed: true }],
      fulfillment_providers: [],
      currency: { code: 'gbp' },
    })
    expect(isoOf(region)).toEqual(['ee', 'lv'])
    // The country left behind is free again.
    const finland = await makeRegion(ctx.app.db, { countries: ['fi'] })
    expect(isoOf(finland)).toEqual(['fi'])
  })

  it('keeps everything not sent', async () => {
    const made = await makeRegion(ctx.app.db, { name: 'Untouched', countries: ['lt'], tax_rate: 21 })

    const res = await ctx.app.inject({ method: 'POST', url: `/admin/regions/${made.id}`, headers, payload: {} })

    expect(res.statusCode).toBe(200)
    expect(res.json().region).toMatchObject({ name: 'Untouched', tax_rate: 21, currency_code: 'usd' })
    expect(isoOf(res.json().region)).toEqual(['lt'])
  })

  it('rejects bad input', async () => {
    const made = await makeRegion(ctx.app.db)
    const other = await makeRegion(ctx.app.db, { countries: ['pl'] })
    const cases: [unknown, number, RegExp][] = [
      [{ tax_rate: 101 }, 400, /tax_rate must be <= 100/],
      [{ name: 7 }, 400, /name must be a string/],
      [{ unknown: 1 }, 400, /property unknown should not exist/],
      [{ tax_provider_id: 'nope' }, 400, /Tax provider with id nope does not exist/],
      [{ currency_code: 'xxx' }, 400, /Currency with code xxx does not exist/],
      [{ payment_providers: ['nope'] }, 400, /Payment provider with id nope does not exist/],
      [{ countries: ['pl'] }, 422, new RegExp(`Poland already exists in region ${other.id}`)],
    ]
    for (const [payload, status, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/admin/regions/${made.id}`,
        headers,
        payload: payload as object,
      })
      expect(res.statusCode).toBe(status)
      expect(res.json().message).toMatch(message)
    }
  })

  it('answers 404 for an unknown region', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/regions/reg_missing',
      headers,
      payload: { name: 'x' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().type).toBe('not_found')
  })
})

describe('DELETE /admin/regions/:region_id', () => {
  it('soft-deletes the region and frees its countries', async () => {
    const made = await makeRegion(ctx.app.db, { countries: ['cz'] })

    const res = await ctx.app.inject({ method: 'DELETE', url: `/admin/regions/${made.id}`, headers })

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: made.id, object: 'region', deleted: true })
    const after = await ctx.app.inject({ method: 'GET', url: `/admin/regions/${made.id}`, headers })
    expect(after.statusCode).toBe(404)
    const reuse = await makeRegion(ctx.app.db, { countries: ['cz'] })
    expect(isoOf(reuse)).toEqual(['cz'])
  })

  it('answers 404 for an unknown or already deleted region', async () => {
    const made = await makeRegion(ctx.app.db)
    await ctx.app.inject({ method: 'DELETE', url: `/admin/regions/${made.id}`, headers })

    for (const id of ['reg_missing', made.id]) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/admin/regions/${id}`, headers })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ type: 'not_found', message: `Region with id ${id} was not found` })
    }
  })
})

describe('region countries', () => {
  it('adds and removes a country; repeating either changes nothing', async () => {
    const made = await makeRegion(ctx.app.db, { countries: ['fr'] })
    const url = `/admin/regions/${made.id}/countries`

    const added = await ctx.app.inject({ method: 'POST', url, headers, payload: { country_code: 'LU' } })
    expect(added.statusCode).toBe(200)
    expect(isoOf(added.json().region)).toEqual(['fr', 'lu'])
    const addedAgain = await ctx.app.inject({ method: 'POST', url, headers, payload: { country_code: 'lu' } })
    expect(isoOf(addedAgain.json().region)).toEqual(['fr', 'lu'])

    const removed = await ctx.app.inject({ method: 'DELETE', url: `${url}/FR`, headers })
    expect(removed.statusCode).toBe(200)
    expect(isoOf(removed.json().region)).toEqual(['lu'])
    const removedAgain = await ctx.app.inject({ method: 'DELETE', url: `${url}/fr`, headers })
    expect(removedAgain.statusCode).toBe(200)
    expect(isoOf(removedAgain.json().region)).toEqual(['lu'])
  })

  it('rejects unknown, taken and missing countries and unknown regions', async () => {
    const made = await makeRegion(ctx.app.db)
    const other = await makeRegion(ctx.app.db, { countries: ['es'] })
    const url = `/admin/regions/${made.id}/countries`
    const cases: [string, unknown, number, string | RegExp][] = [
      [url, { country_code: 'zz' }, 400, 'Country with code zz not found'],
      [url, { country_code: 'es' }, 422, `Spain already exists in region ${other.id}`],
      [url, {}, 400, /country_code is required/],
      [url, { country_code: 34 }, 400, /country_code must be a string/],
      ['/admin/regions/reg_missing/countries', { country_code: 'it' }, 404, 'Region with id reg_missing was not found'],
    ]
    for (const [target, payload, status, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: target, headers, payload: payload as object })
      expect(res.statusCode).toBe(status)
      expect(res.json().message).toMatch(message)
    }
    const remove = await ctx.app.inject({ method: 'DELETE', url: '/admin/regions/reg_missing/countries/it', headers })
    expect(remove.statusCode).toBe(404)
  })
})

describe.each([
  ['payment', 'test-pay', 'Payment provider'],
  ['fulfillment', 'test-ship', 'Fulfillment provider'],
] as const)('region %s providers', (kind, extra, label) => {
  const key = `${kind}_providers` as const

  it('adds and removes a provider; repeating either changes nothing', async () => {
    const made = await makeRegion(ctx.app.db)
    const url = `/admin/regions/${made.id}/${kind}-providers`

    const added = await ctx.app.inject({ method: 'POST', url, headers, payload: { provider_id: extra } })
    expect(added.statusCode).toBe(200)
    expect(added.json().region[key]).toEqual([
      { id: 'manual', is_installed: true },
      { id: extra, is_installed: true },
    ])
    const addedAgain = await ctx.app.inject({ method: 'POST', url, headers, payload: { provider_id: extra } })
    expect(addedAgain.json().region[key]).toHaveLength(2)

    const removed = await ctx.app.inject({ method: 'DELETE', url: `${url}/manual`, headers })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().region[key]).toEqual([{ id: extra, is_installed: true }])
    const removedAgain = await ctx.app.inject({ method: 'DELETE', url: `${url}/manual`, headers })
    expect(removedAgain.json().region[key]).toEqual([{ id: extra, is_installed: true }])
  })

  it('rejects unknown providers, bad bodies and unknown regions', async () => {
    const made = await makeRegion(ctx.app.db)
    const url = `/admin/regions/${made.id}/${kind}-providers`
    const cases: [string, unknown, number, string | RegExp][] = [
      [url, { provider_id: 'nope' }, 400, `${label} with id nope does not exist`],
      [url, {}, 400, /provider_id is required/],
      [url, { provider_id: 'manual', extra: 1 }, 400, /property extra should not exist/],
      [`/admin/regions/reg_missing/${kind}-providers`, { provider_id: 'manual' }, 404, /Region with id reg_missing/],
    ]
    for (const [target, payload, status, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: target, headers, payload: payload as object })
      expect(res.statusCode).toBe(status)
      expect(res.json().message).toMatch(message)
    }
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/admin/regions/reg_missing/${kind}-providers/manual`,
      headers,
    })
    expect(remove.statusCode).toBe(404)
  })
})

describe('GET /admin/regions/:region_id/fulfillment-options', () => {
  it("lists each fulfillment provider's options", async () => {
    const made = await makeRegion(ctx.app.db, { fulfillment_providers: ['manual', 'test-ship'] })

    const res = await ctx.app.inject({ method: 'GET', url: `/admin/regions/${made.id}/fulfillment-options`, headers })

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      fulfillment_options: [
        {
          provider_id: 'manual',
          options: [{ id: 'manual-fulfillment' }, { id: 'manual-fulfillment-return', is_return: true }],
        },
        { provider_id: 'test-ship', options: [] },
      ],
    })
  })

  it('answers 404 for an unknown region', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/regions/reg_missing/fulfillment-options', headers })
    expect(res.statusCode).toBe(404)
    expect(res.json().type).toBe('not_found')
  })
})
