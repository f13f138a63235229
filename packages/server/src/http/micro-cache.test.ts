import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../testing/factories/catalog.js'
import { customerHeaders, makeCustomer } from '../testing/factories/customers.js'
import { makePublishableKey } from '../testing/factories/sales-channels.js'
import { asAdmin } from '../testing/factories/users.js'
import { storeApi } from '../testing/api/index.js'
import { buildTestApp, useTestApp } from '../testing/test-app.js'
import {
  CacheInvalidationChannel,
  isCachedRoute,
  registerStoreCache,
  ResponseCache,
  type CachedResponse,
} from './micro-cache.js'
import { PUBLISHABLE_KEY_HEADER } from './publishable-key.js'
import { redisUnreachable, testRedisUrl } from '../testing/redis.js'

const TTL_MS = 60_000
const ctx = useTestApp({ storeCacheTtlMs: TTL_MS })

const { get } = storeApi(ctx)

/** A product of its own, so each test reads a URL no other test has cached. */
async function productUrl(): Promise<{ id: string; url: `/store/products/${string}` }> {
  const product = await makeProduct(ctx.app.db)
  return { id: product.id, url: `/store/products/${product.id}` }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the storefront cache', () => {
  it('answers a repeated anonymous GET from memory, with the same status, headers and body', async () => {
    const { url } = await productUrl()

    const first = await get(url)
    const second = await get(url)

    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('miss')
    expect(second.statusCode).toBe(200)
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
  })

  it('keys on the full URL and the publishable key, nothing else', async () => {
    const { id, url } = await productUrl()
    const keyA = await makePublishableKey(ctx.app.db)
    const keyB = await makePublishableKey(ctx.app.db)
    const withKey = (key: string) => ({ [PUBLISHABLE_KEY_HEADER]: key })

    expect((await get(url, { headers: withKey(keyA.id) })).headers['x-cache']).toBe('miss')
    expect((await get(url, { headers: withKey(keyB.id) })).headers['x-cache']).toBe('miss')
    expect((await get(url)).headers['x-cache']).toBe('miss')
    expect((await get(`/store/products?id=${id}`)).headers['x-cache']).toBe('miss')
    expect((await get(url, { headers: { ...withKey(keyA.id), 'accept-language': 'fr' } })).headers['x-cache']).toBe(
      'hit',
    )
    expect((await get(url, { headers: withKey(keyB.id) })).headers['x-cache']).toBe('hit')
  })

  it('bypasses requests that may carry a customer: a session cookie or an Authorization header', async () => {
    const { url } = await productUrl()
    await get(url)
    const customer = await makeCustomer(ctx.app.db)

    const bearer = await get(url, { headers: await customerHeaders(customer.id) })
    const cookie = await get(url, { headers: { cookie: 'connect.sid=anything; theme=dark' } })
    const otherCookie = await get(url, { headers: { cookie: 'theme=dark' } })

    expect(bearer.statusCode).toBe(200)
    expect(bearer.headers['x-cache']).toBeUndefined()
    expect(cookie.statusCode).toBe(200)
    expect(cookie.headers['x-cache']).toBeUndefined()
    expect(otherCookie.headers['x-cache']).toBe('hit')
  })

  it('never keeps an error: a 404 is computed again', async () => {
    const url = '/store/products/prod_missing'

    const first = await get(url)
    const second = await get(url)

    expect(first.statusCode).toBe(404)
    expect(second.statusCode).toBe(404)
    expect(second.headers['x-cache']).toBe('miss')
  })

  it('never keeps a 400 for an unknown publishable key', async () => {
    const { url } = await productUrl()
    const headers = { [PUBLISHABLE_KEY_HEADER]: 'pk_unknown' }

    expect((await get(url, { headers })).statusCode).toBe(400)
    const again = await get(url, { headers })

    expect(again.statusCode).toBe(400)
    expect(again.headers['x-cache']).toBe('miss')
  })

  it('is emptied by a successful admin write, which the next read shows', async () => {
    const { id, url } = await productUrl()
    const { headers } = await asAdmin(ctx.app.db)
    await get(url)
    expect((await get(url)).headers['x-cache']).toBe('hit')

    const update = await ctx.app.inject({
      method: 'POST',
      url: `/admin/products/${id}`,
      headers,
      payload: { title: 'Renamed while cached' },
    })
    const after = await get(url)

    expect(update.statusCode).toBe(200)
    expect(after.headers['x-cache']).toBe('miss')
    expect(after.json().product.title).toBe('Renamed while cached')
  })

  it('is not emptied by a failed write, nor by a storefront write such as signing up', async () => {
    const { id, url } = await productUrl()
    const { headers } = await asAdmin(ctx.app.db)
    await get(url)

    const invalid = await ctx.app.inject({
      method: 'POST',
      url: `/admin/products/${id}`,
      headers,
      payload: { title: 42 },
    })
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/store/customers',
      payload: { email: `cache-${randomBytes(4).toString('hex')}@example.com`, password: 'secret-password-1' },
    })

    expect(invalid.statusCode).toBe(400)
    expect(signUp.statusCode).toBe(200)
    expect((await get(url)).headers['x-cache']).toBe('hit')
  })

  it('forgets an answer once its TTL has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { url } = await productUrl()
    await get(url)
    expect((await get(url)).headers['x-cache']).toBe('hit')

    vi.setSystemTime(Date.now() + TTL_MS + 1)

    expect((await get(url)).headers['x-cache']).toBe('miss')
    expect((await get(url)).headers['x-cache']).toBe('hit')
  })

  it('computes concurrent misses of one URL once, and serves the others its answer', async () => {
    const { url } = await productUrl()

    const responses = await Promise.all([get(url), get(url), get(url), get(url)])

    expect(responses.map((res) => res.statusCode)).toEqual([200, 200, 200, 200])
    expect(responses.map((res) => res.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'hit', 'miss'])
    expect(new Set(responses.map((res) => res.body)).size).toBe(1)
  })

  it('serves an expired answer to the requests that arrive while one request refreshes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { url } = await productUrl()
    const first = await get(url)
    vi.setSystemTime(Date.now() + TTL_MS + 1)

    const responses = await Promise.all([get(url), get(url), get(url)])

    expect(responses.map((res) => res.headers['x-cache'])).toEqual(['miss', 'hit', 'hit'])
    expect(responses[1].body).toBe(first.body)
    expect((await get(url)).headers['x-cache']).toBe('hit')
  })

  it('leaves other routes and methods alone', async () => {
    const { url } = await productUrl()

    const head = await ctx.app.inject({ method: 'HEAD', url })
    const carts = await get('/store/shipping-options/cart_missing')
    const health = await get('/health')

    expect(head.headers['x-cache']).toBeUndefined()
    expect(carts.headers['x-cache']).toBeUndefined()
    expect(health.headers['x-cache']).toBeUndefined()
  })

  it('is off when the TTL is 0, as in the other tests', async () => {
    const app = await buildTestApp(ctx.database)
    try {
      const product = await makeProduct(app.db)
      const res = await app.inject({ method: 'GET', url: `/store/products/${product.id}` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-cache']).toBeUndefined()
    } finally {
      await app.close()
    }
  })
})

describe('isCachedRoute', () => {
  it('takes the catalogue routes and the cart-less shipping options', () => {
    for (const route of [
      '/store/products',
      '/store/products/:id',
      '/store/variants/:id',
      '/store/regions',
      '/store/regions/:region_id',
      '/store/collections/:id',
      '/store/product-categories',
      '/store/product-tags',
      '/store/product-types',
      '/store/shipping-options',
    ]) {
      expect(isCachedRoute(route), route).toBe(true)
    }
    for (const route of [
      '/store/shipping-options/:cart_id',
      '/store/carts/:id',
      '/store/products-extra',
      '/store/auth',
    ]) {
      expect(isCachedRoute(route), route).toBe(false)
    }
  })
})

describe('ResponseCache', () => {
  const response = (text: string, status = 200): CachedResponse => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(text),
  })

  it('evicts the least recently used entry beyond its entry limit', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 2 })
    cache.set('a', response('a'), cache.generation)
    cache.set('b', response('b'), cache.generation)
    cache.get('a')
    cache.set('c', response('c'), cache.generation)

    expect(cache.get('a')?.fresh).toBe(true)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')?.fresh).toBe(true)
  })

  it('keeps the bodies within its byte budget and skips a body larger than a tenth of it', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxBytes: 100 })
    cache.set('big', response('x'.repeat(11)), cache.generation)
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']) {
      cache.set(key, response('y'.repeat(10)), cache.generation)
    }

    expect(cache.get('big')).toBeUndefined()
    expect(cache.totalBytes).toBeLessThanOrEqual(100)
    expect(cache.size).toBe(10)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('k')?.fresh).toBe(true)
  })

  it('turns an entry stale at its TTL and drops it one TTL later', () => {
    let now = 0
    const cache = new ResponseCache({ ttlMs: 1000, now: () => now })
    cache.set('a', response('a'), cache.generation)

    now = 999
    expect(cache.get('a')?.fresh).toBe(true)
    now = 1000
    expect(cache.get('a')?.fresh).toBe(false)
    now = 2000
    expect(cache.get('a')).toBeUndefined()
    expect(cache.totalBytes).toBe(0)
  })

  it('ignores an answer computed before a clear', () => {
    const cache = new ResponseCache({ ttlMs: 1000 })
    const generation = cache.generation
    cache.clear()
    cache.set('a', response('a'), generation)

    expect(cache.get('a')).toBeUndefined()
  })

  it('shares one computation per key until it settles', async () => {
    const cache = new ResponseCache({ ttlMs: 1000 })
    const settle = cache.begin('a')
    const waiting = cache.pending('a')

    settle(response('a'))

    expect(cache.pending('a')).toBeUndefined()
    expect((await waiting)?.body.toString()).toBe('a')
  })
})

const redisUrl = testRedisUrl
const unreachable = await redisUnreachable(redisUrl)

describe.skipIf(unreachable !== undefined)(`invalidation across processes (Redis at ${redisUrl})`, () => {
  it("empties the other processes' caches, not the sender's twice", async () => {
    // A channel of this test's own, so parallel runs never clear each other.
    const channel = `emporium-store-cache-test-${randomBytes(6).toString('hex')}`
    const logger = { warn: () => undefined }
    let clearedA = 0
    let clearedB = 0
    const a = new CacheInvalidationChannel(redisUrl, channel, () => clearedA++, logger)
    const b = new CacheInvalidationChannel(redisUrl, channel, () => clearedB++, logger)
    try {
      await Promise.all([a.start(), b.start()])

      a.publish()
      for (let waited = 0; clearedB === 0 && waited < 5000; waited += 20) await sleep(20)

      expect(clearedB).toBe(1)
      expect(clearedA).toBe(0)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })

  it('announces a write in one process to the others, whose next read is computed afresh', async () => {
    const channel = `emporium-store-cache-test-${randomBytes(6).toString('hex')}`
    let reads = 0
    const processApp = async () => {
      const app = Fastify({ logger: false })
      const cache = registerStoreCache(app, { ttlMs: TTL_MS, sessionCookie: 'sid', redisUrl, channel })!
      app.get('/store/products', async () => ({ read: ++reads }))
      app.post('/admin/products', async () => ({ ok: true }))
      await app.ready()
      return { app, cache }
    }
    const a = await processApp()
    const b = await processApp()
    try {
      const read = () => b.app.inject({ method: 'GET', url: '/store/products' })
      await read()
      expect((await read()).headers['x-cache']).toBe('hit')
      // Both subscriptions are up once a clear published by one reaches the other.
      for (let waited = 0; b.cache.generation === 0 && waited < 2000; waited += 20) {
        await a.app.inject({ method: 'POST', url: '/admin/products' })
        await sleep(20)
      }
      expect(b.cache.generation).toBeGreaterThan(0)
      const generation = b.cache.generation
      await read()
      expect((await read()).headers['x-cache']).toBe('hit')

      const write = await a.app.inject({ method: 'POST', url: '/admin/products' })
      for (let waited = 0; b.cache.generation === generation && waited < 2000; waited += 20) await sleep(20)
      const after = await read()

      expect(write.statusCode).toBe(200)
      expect(after.headers['x-cache']).toBe('miss')
      expect(a.cache.generation).toBeGreaterThan(0)
    } finally {
      await Promise.all([a.app.close(), b.app.close()])
    }
  })
})
