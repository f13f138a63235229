import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../config.js'
import { rowsOf } from '../db/raw-rows.js'
import { makeCategory, makeCollection, makeProduct } from '../testing/factories/catalog.js'
import { makeRegion } from '../testing/factories/regions.js'
import { customerHeaders, makeCustomer } from '../testing/factories/customers.js'
import { asAdmin } from '../testing/factories/users.js'
import { storeApi } from '../testing/api/index.js'
import { useTestApp } from '../testing/test-app.js'
import { etagOf, matchesIfNoneMatch, surrogateKeys } from './cdn-cache.js'

/** A stand-in CDN: records every purge it receives; answers 503 while `failing`. */
interface Purge {
  keys: string[]
  header: string | undefined
  authorization: string | undefined
}
const purges: Purge[] = []
let failing = false
let server: Server
let purgeUrl = ''

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (failing) {
        response.writeHead(503).end()
        return
      }
      purges.push({
        keys: (JSON.parse(body) as { surrogate_keys: string[] }).surrogate_keys,
        header: request.headers['surrogate-key'] as string | undefined,
        authorization: request.headers.authorization,
      })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  purgeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// The micro-cache is on, as in production: the headers must survive its hits.
const ctx = useTestApp({
  storeCacheTtlMs: 60_000,
  get cdnPurgeUrl() {
    return purgeUrl
  },
  cdnPurgeToken: 'purge-secret',
})

const { get } = storeApi(ctx)

describe('catalogue answers a CDN can keep', () => {
  it('carry an ETag, public Cache-Control and the surrogate keys of what they hold', async () => {
    const collection = await makeCollection(ctx.app.db)
    const category = await makeCategory(ctx.app.db)
    const product = await makeProduct(ctx.app.db, { collection_id: collection.id, category_ids: [category.id] })

    const res = await get(`/store/products/${product.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe(etagOf(res.body))
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60')
    expect(String(res.headers.vary)).toMatch(/Authorization.*Cookie.*x-publishable-api-key/)
    const keys = String(res.headers['surrogate-key']).split(' ')
    expect(keys).toEqual(
      expect.arrayContaining([product.id, product.variants[0].id, collection.id, 'products', 'catalog']),
    )
    expect(res.headers['cache-tag']).toBe(keys.join(','))
  })

  it('tag a list with its list key and each member', async () => {
    const a = await makeProduct(ctx.app.db)
    const b = await makeProduct(ctx.app.db)

    const res = await get(`/store/products?id[]=${a.id}&id[]=${b.id}`)

    const keys = String(res.headers['surrogate-key']).split(' ')
    expect(keys).toEqual(expect.arrayContaining([a.id, b.id, 'products:list', 'catalog']))
    expect(keys).not.toContain('products')
  })

  it('answer 304 with no body to a matching If-None-Match, on a miss and on a micro-cache hit', async () => {
    const product = await makeProduct(ctx.app.db)
    const url = `/store/products/${product.id}`
    const first = await get(url)
    const etag = String(first.headers.etag)

    const again = await get(url, { headers: { 'if-none-match': etag } })
    const weak = await get(url, { headers: { 'if-none-match': `"other", W/${etag}` } })
    const stale = await get(url, { headers: { 'if-none-match': '"not-this-one"' } })

    expect(again.statusCode).toBe(304)
    expect(again.headers['x-cache']).toBe('hit')
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(weak.statusCode).toBe(304)
    expect(stale.statusCode).toBe(200)
    expect(stale.body).toBe(first.body)

    // A first request that already revalidates (the same body under another URL): answered 304 on
    // a micro-cache miss, and that 304 is not what the micro-cache keeps.
    const revalidated = await get(`${url}/`, { headers: { 'if-none-match': etag } })
    const next = await get(`${url}/`)
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['x-cache']).toBe('miss')
    expect(next.statusCode).toBe(200)
    expect(next.body).toBe(first.body)
  })

  it('change their ETag when the product changes', async () => {
    const product = await makeProduct(ctx.app.db)
    const url = `/store/products/${product.id}`
    const { headers } = await asAdmin(ctx.app.db)
    const before = String((await get(url)).headers.etag)

    await ctx.app.inject({ method: 'POST', url: `/admin/products/${product.id}`, headers, payload: { title: 'New' } })
    const after = await get(url, { headers: { 'if-none-match': before } })

    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before)
  })

  it('are private for a signed-in customer, and carts are never public', async () => {
    const product = await makeProduct(ctx.app.db)
    const customer = await makeCustomer(ctx.app.db)
    const auth = await customerHeaders(customer.id)

    const signedIn = await get(`/store/products/${product.id}`, { headers: auth })
    const region = await makeRegion(ctx.app.db)
    const cart = await ctx.app.inject({ method: 'POST', url: '/store/carts', payload: { region_id: region.id } })
    const readCart = await get(`/store/carts/${cart.json().cart.id}`)

    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['cache-control']).toBe('private, no-store')
    expect(signedIn.headers.etag).toBeUndefined()
    expect(signedIn.headers['surrogate-key']).toBeUndefined()
    expect(readCart.statusCode).toBe(200)
    expect(readCart.headers['cache-control']).toBe('private, no-store')
    expect(readCart.headers['surrogate-key']).toBeUndefined()
  })

  it('are not public when they fail', async () => {
    const res = await get('/store/products/prod_missing')
    expect(res.statusCode).toBe(404)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers.etag).toBeUndefined()
  })
})

describe('purges on catalogue writes', () => {
  it('sends the written product’s keys to the purge URL once the event is delivered', async () => {
    const product = await makeProduct(ctx.app.db)
    const { headers } = await asAdmin(ctx.app.db)
    await ctx.app.events.drain()
    purges.length = 0

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/products/${product.id}`,
      headers,
      payload: { title: 'Purge me' },
    })
    await ctx.app.events.drain()

    expect(res.statusCode).toBe(200)
    expect(purges).toEqual([
      {
        keys: [product.id, 'products:list'],
        header: `${product.id} products:list`,
        authorization: 'Bearer purge-secret',
      },
    ])
  })

  it('purges a collection’s key when it is renamed, so the products showing it are dropped too', async () => {
    const collection = await makeCollection(ctx.app.db)
    const { headers } = await asAdmin(ctx.app.db)
    await ctx.app.events.drain()
    purges.length = 0

    await ctx.app.inject({
      method: 'POST',
      url: `/admin/collections/${collection.id}`,
      headers,
      payload: { title: 'Renamed' },
    })
    await ctx.app.events.drain()

    expect(purges.map((purge) => purge.keys)).toEqual([[collection.id, 'collections:list']])
  })

  it('retries a purge the CDN refused, instead of losing it', async () => {
    const product = await makeProduct(ctx.app.db)
    const { headers } = await asAdmin(ctx.app.db)
    await ctx.app.events.drain()
    purges.length = 0
    failing = true
    try {
      await ctx.app.inject({ method: 'POST', url: `/admin/products/${product.id}`, headers, payload: { title: 'X' } })
      await ctx.app.events.drain()
      expect(purges).toEqual([])
    } finally {
      failing = false
    }
    const waiting = rowsOf<{ attempts: number }>(
      await ctx.app.db.execute(
        sql`SELECT attempts FROM outbox WHERE event_name = 'product.updated' AND delivered_at IS NULL`,
      ),
    )
    expect(waiting).toEqual([{ attempts: 1 }])
  })
})

describe('surrogate keys and validators', () => {
  it('name a detail by its family, a list by its list key, and drop ids past the limit', () => {
    expect(surrogateKeys('/store/collections/:id', '{"collection":{"id":"pcol_1"}}')).toEqual([
      'pcol_1',
      'collections',
      'catalog',
    ])
    const many = JSON.stringify({ products: Array.from({ length: 200 }, (_, i) => ({ id: `prod_${i}` })) })
    expect(surrogateKeys('/store/products', many)).toEqual(['products:list', 'catalog'])
  })

  it('compare If-None-Match weakly, list or star', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true)
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false)
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false)
  })

  it('are configured by environment, refusing bad values by name', () => {
    const base = { JWT_SECRET: 'j', COOKIE_SECRET: 'c' }
    const config = loadConfig({ ...base, EMPORIUM_CDN_MAX_AGE: '300', EMPORIUM_HTTP_CACHE_MAX_AGE: '5' })
    expect([config.cdnMaxAgeS, config.httpCacheMaxAgeS, config.cdnPurgeUrl]).toEqual([300, 5, undefined])
    expect(() => loadConfig({ ...base, EMPORIUM_CDN_MAX_AGE: '-1' })).toThrow(/EMPORIUM_CDN_MAX_AGE/)
    expect(() => loadConfig({ ...base, EMPORIUM_CDN_PURGE_URL: 'ftp://x' })).toThrow(/EMPORIUM_CDN_PURGE_URL/)
  })
})
