import { beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeCustomerGroup } from '../../testing/factories/customers.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { storefront } from '../../testing/factories/storefront.js'
import { asAdmin } from '../../testing/factories/users.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

// The admin price-list routes on a real database, through HTTP.
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, tax_inclusive_pricing: true } })
const db = () => ctx.app.db
const { call } = storefront(() => ctx.app)
let admin: Record<string, string>
const as = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => call(method, url, body, admin)

beforeAll(async () => {
  await ensureStore(db())
  admin = (await asAdmin(db())).headers
})

async function twoProducts() {
  const a = await makeProduct(db(), { variants: [{ prices: [{ amount: 1000, currency_code: 'usd' }] }, {}] })
  const b = await makeProduct(db(), { variants: [{ prices: [{ amount: 2000, currency_code: 'usd' }] }] })
  return { a, b, va: a.variants[0].id, va2: a.variants[1].id, vb: b.variants[0].id }
}

async function createList(body: Record<string, unknown>) {
  const res = await as('POST', '/admin/price-lists', {
    name: `List ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Test list',
    type: 'sale',
    prices: [],
    ...body,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.price_list
}

describe('admin price lists', () => {
  it('creates a list with prices and groups, and reads it back with both', async () => {
    const { va, vb } = await twoProducts()
    const group = await makeCustomerGroup(db())
    const region = await makeRegion(db(), { currency_code: 'eur' })
    const list = await createList({
      type: 'override',
      status: 'active',
      starts_at: '2026-01-01T00:00:00Z',
      customer_groups: [{ id: group.id }],
      includes_tax: true,
      prices: [
        { variant_id: va, amount: 900, currency_code: 'USD', min_quantity: 2, max_quantity: 5 },
        { variant_id: vb, amount: 1500, region_id: region.id },
      ],
    })
    expect(list).toMatchObject({ type: 'override', status: 'active', includes_tax: true, ends_at: null })
    expect(list.id).toMatch(/^pl_/)
    expect(list.customer_groups.map((g: { id: string }) => g.id)).toEqual([group.id])
    expect(list.prices).toHaveLength(2)
    expect(list.prices[0]).toMatchObject({ variant_id: va, currency_code: 'usd', min_quantity: 2, max_quantity: 5 })
    expect(list.prices[1]).toMatchObject({ variant_id: vb, currency_code: 'eur', region_id: region.id })

    const got = await as('GET', `/admin/price-lists/${list.id}`)
    expect(got.status).toBe(200)
    expect(got.body.price_list.prices).toHaveLength(2)
    expect(new Date(got.body.price_list.starts_at).toISOString()).toBe('2026-01-01T00:00:00.000Z')
  })

  it('lists with filters, q over names and groups, and expands relations only when asked', async () => {
    const group = await makeCustomerGroup(db(), { name: `Wholesale ${Date.now()}` })
    const tag = Math.random().toString(36).slice(2, 8)
    const sale = await createList({ name: `Summer ${tag}`, status: 'active' })
    const over = await createList({ name: `Staff ${tag}`, type: 'override', customer_groups: [{ id: group.id }] })

    const bySearch = await as('GET', `/admin/price-lists?q=${tag}`)
    expect(bySearch.status).toBe(200)
    expect(bySearch.body.price_lists.map((l: { id: string }) => l.id).sort()).toEqual([sale.id, over.id].sort())
    expect(bySearch.body.price_lists[0].prices).toBeUndefined()

    const byGroupName = await as('GET', `/admin/price-lists?q=${encodeURIComponent(group.name)}`)
    expect(byGroupName.body.price_lists.map((l: { id: string }) => l.id)).toEqual([over.id])

    const byType = await as('GET', `/admin/price-lists?q=${tag}&type[]=override`)
    expect(byType.body.price_lists.map((l: { id: string }) => l.id)).toEqual([over.id])
    const byStatus = await as('GET', `/admin/price-lists?q=${tag}&status=active`)
    expect(byStatus.body.price_lists.map((l: { id: string }) => l.id)).toEqual([sale.id])
    const byGroup = await as('GET', `/admin/price-lists?customer_groups[]=${group.id}&expand=customer_groups`)
    expect(byGroup.body.price_lists).toHaveLength(1)
    expect(byGroup.body.price_lists[0].customer_groups[0].id).toBe(group.id)
    const byName = await as('GET', `/admin/price-lists?name=${encodeURIComponent(`summer ${tag}`)}`)
    expect(byName.body.price_lists.map((l: { id: string }) => l.id)).toEqual([sale.id])
    const paged = await as('GET', `/admin/price-lists?q=${tag}&limit=1&order=created_at`)
    expect(paged.body).toMatchObject({ count: 2, limit: 1, offset: 0 })
    expect(paged.body.price_lists[0].id).toBe(sale.id)
  })

  it('updates fields, replaces groups, upserts prices and clears the end date', async () => {
    const { va, vb } = await twoProducts()
    const [g1, g2] = [await makeCustomerGroup(db()), await makeCustomerGroup(db())]
    const list = await createList({
      ends_at: '2030-01-01T00:00:00Z',
      customer_groups: [{ id: g1.id }],
      prices: [{ variant_id: va, amount: 900, currency_code: 'usd' }],
    })
    const res = await as('POST', `/admin/price-lists/${list.id}`, {
      name: 'Renamed',
      ends_at: null,
      customer_groups: [{ id: g2.id }],
      prices: [
        { id: list.prices[0].id, variant_id: va, amount: 850, currency_code: 'usd' },
        { variant_id: vb, amount: 1800, currency_code: 'usd' },
      ],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.price_list).toMatchObject({ name: 'Renamed', ends_at: null })
    expect(res.body.price_list.customer_groups.map((g: { id: string }) => g.id)).toEqual([g2.id])
    expect(res.body.price_list.prices.map((p: { amount: number }) => p.amount)).toEqual([850, 1800])
    expect(res.body.price_list.prices[0].id).toBe(list.prices[0].id)
  })

  it('adds prices in batch, replaces them with override, and deletes them by id, product and variant', async () => {
    const { a, va, va2, vb } = await twoProducts()
    const list = await createList({ prices: [{ variant_id: va, amount: 900, currency_code: 'usd' }] })
    const added = await as('POST', `/admin/price-lists/${list.id}/prices/batch`, {
      prices: [
        { variant_id: va2, amount: 700, currency_code: 'usd' },
        { variant_id: vb, amount: 1700, currency_code: 'usd' },
      ],
    })
    expect(added.status).toBe(200)
    expect(added.body.price_list.prices).toHaveLength(3)

    const products = await as('GET', `/admin/price-lists/${list.id}/products`)
    expect(products.status).toBe(200)
    expect(products.body.count).toBe(2)

    const byVariant = await as('DELETE', `/admin/price-lists/${list.id}/variants/${vb}/prices`)
    expect(byVariant.body).toMatchObject({ object: 'money-amount', deleted: true })
    expect(byVariant.body.ids).toHaveLength(1)
    const byProduct = await as('DELETE', `/admin/price-lists/${list.id}/products/${a.id}/prices`)
    expect(byProduct.body.ids).toHaveLength(2)
    expect((await as('GET', `/admin/price-lists/${list.id}`)).body.price_list.prices).toEqual([])

    const replaced = await as('POST', `/admin/price-lists/${list.id}/prices/batch`, {
      prices: [
        { variant_id: va, amount: 1, currency_code: 'usd' },
        { variant_id: vb, amount: 2, currency_code: 'usd' },
      ],
    })
    const kept = replaced.body.price_list.prices[1]
    const overridden = await as('POST', `/admin/price-lists/${list.id}/prices/batch`, {
      override: true,
      prices: [{ id: kept.id, variant_id: vb, amount: 3, currency_code: 'usd' }],
    })
    expect(overridden.body.price_list.prices.map((p: { id: string; amount: number }) => [p.id, p.amount])).toEqual([
      [kept.id, 3],
    ])
    const batch = await as('DELETE', `/admin/price-lists/${list.id}/prices/batch`, { price_ids: [kept.id] })
    expect(batch.body).toEqual({ ids: [kept.id], object: 'money-amount', deleted: true })

    await as('POST', `/admin/price-lists/${list.id}/prices/batch`, {
      prices: [{ variant_id: va, amount: 5, currency_code: 'usd' }],
    })
    const byProducts = await as('DELETE', `/admin/price-lists/${list.id}/products/prices/batch`, {
      product_ids: [a.id],
    })
    expect(byProducts.body.ids).toHaveLength(1)
  })

  it('deletes a list: 404 afterwards, out of the list answer', async () => {
    const list = await createList({})
    const res = await as('DELETE', `/admin/price-lists/${list.id}`)
    expect(res.body).toEqual({ id: list.id, object: 'price-list', deleted: true })
    expect((await as('GET', `/admin/price-lists/${list.id}`)).status).toBe(404)
    expect((await as('GET', `/admin/price-lists?id=${list.id}`)).body.count).toBe(0)
  })

  it('refuses bad input with a 4xx envelope naming the field', async () => {
    const { va } = await twoProducts()
    const list = await createList({})
    const cases: [string, string, string, unknown, number, RegExp][] = [
      ['no name', 'POST', '/admin/price-lists', { description: 'd', type: 'sale', prices: [] }, 400, /name/],
      ['bad type', 'POST', '/admin/price-lists', { name: 'n', description: 'd', type: 'x', prices: [] }, 400, /type/],
      [
        'region and currency',
        'POST',
        '/admin/price-lists',
        { name: 'n', description: 'd', type: 'sale', prices: [{ variant_id: va, amount: 1 }] },
        400,
        /prices\.0/,
      ],
      [
        'unknown currency',
        'POST',
        `/admin/price-lists/${list.id}/prices/batch`,
        { prices: [{ variant_id: va, amount: 1, currency_code: 'zzz' }] },
        400,
        /prices\.0\.currency_code/,
      ],
      [
        'min above max',
        'POST',
        `/admin/price-lists/${list.id}/prices/batch`,
        { prices: [{ variant_id: va, amount: 1, currency_code: 'usd', min_quantity: 5, max_quantity: 2 }] },
        400,
        /prices\.0\.min_quantity/,
      ],
      [
        'negative amount',
        'POST',
        `/admin/price-lists/${list.id}/prices/batch`,
        { prices: [{ variant_id: va, amount: -1, currency_code: 'usd' }] },
        400,
        /amount/,
      ],
      [
        'unknown variant',
        'POST',
        `/admin/price-lists/${list.id}/prices/batch`,
        { prices: [{ variant_id: 'variant_nope', amount: 1, currency_code: 'usd' }] },
        404,
        /prices\.0\.variant_id/,
      ],
      [
        'price of another list',
        'POST',
        `/admin/price-lists/${list.id}/prices/batch`,
        { prices: [{ id: 'ma_nope', variant_id: va, amount: 1, currency_code: 'usd' }] },
        404,
        /prices\.0\.id/,
      ],
      [
        'unknown group',
        'POST',
        `/admin/price-lists/${list.id}`,
        { customer_groups: [{ id: 'cgrp_nope' }] },
        404,
        /customer_groups\.0\.id/,
      ],
      ['bad date', 'POST', `/admin/price-lists/${list.id}`, { starts_at: 'not a date' }, 400, /starts_at/],
      [
        'end before start',
        'POST',
        `/admin/price-lists/${list.id}`,
        { starts_at: '2030-01-02', ends_at: '2030-01-01' },
        400,
        /ends_at/,
      ],
      ['no price ids', 'DELETE', `/admin/price-lists/${list.id}/prices/batch`, { price_ids: [] }, 400, /price_ids/],
      ['unknown field', 'POST', `/admin/price-lists/${list.id}`, { colour: 'red' }, 400, /colour/],
      ['unknown list', 'GET', '/admin/price-lists/pl_nope', undefined, 404, /pl_nope/],
      ['unknown list write', 'POST', '/admin/price-lists/pl_nope', { name: 'x' }, 404, /pl_nope/],
      ['unknown list batch', 'DELETE', '/admin/price-lists/pl_nope/variants/v/prices', undefined, 404, /pl_nope/],
      ['bad order', 'GET', '/admin/price-lists?order=colour', undefined, 400, /colour/],
      ['bad status', 'GET', '/admin/price-lists?status=gone', undefined, 400, /status/],
    ]
    for (const [name, method, url, body, status, message] of cases) {
      const res = await as(method as 'GET', url, body)
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status)
      expect(res.body.type, name).toMatch(/invalid_data|not_found/)
      expect(res.body.message, name).toMatch(message)
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/price-lists' })).statusCode).toBe(401)
  })
})
