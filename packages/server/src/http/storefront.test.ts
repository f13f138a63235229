import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { createPublishableApiKey } from '../modules/sales-channels/publishable-keys.js'
import { makeProduct } from '../testing/factories/catalog.js'
import { testConfig } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'

const INDEX = [
  '<!doctype html><html><head>',
  '<meta name="emporium-publishable-key" content="__EMPORIUM_PUBLISHABLE_KEY__" />',
  '<meta name="emporium-features" content="__EMPORIUM_FEATURES__" />',
  '</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
].join('')

/** A built storefront as Vite leaves it: index.html and hashed assets. */
function fakeStorefrontBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-storefront-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("shop")')
  return dir
}

let database: TestDatabase
let app: FastifyInstance
let bare: FastifyInstance
let storefrontDir: string
let key: string
let handle: string

beforeAll(async () => {
  storefrontDir = fakeStorefrontBuild()
  database = await createTestDatabase()
  const config = testConfig({ publicUrl: 'https://shop.example' })
  config.featureFlags.product_categories = true
  app = await buildApp({
    config,
    database,
    logger: false,
    webApps: { storefrontDir, adminDir: join(storefrontDir, 'none') },
  })
  bare = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    webApps: { storefrontDir: join(storefrontDir, 'missing'), adminDir: join(storefrontDir, 'none') },
  })
  key = (await createPublishableApiKey(database.db, { title: 'Shop' }, null)).id
  handle = `storefront-served-${Date.now()}`
  await makeProduct(database.db, { title: 'Served shirt', handle, status: 'published' })
})

afterAll(async () => {
  await app?.close()
  await bare?.close()
  await database?.close()
  rmSync(storefrontDir, { recursive: true, force: true })
})

describe('the storefront at /', () => {
  it.each(['/', '/products', '/products/linen-shirt?lng=de', '/checkout', '/account/orders/order_1'])(
    'answers index.html with the publishable key and the shop flags for %s, uncached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url })

      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain(`<meta name="emporium-publishable-key" content="${key}" />`)
      expect(res.body).toContain('<meta name="emporium-features" content="product_categories" />')
    },
  )

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })

    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body).toBe('console.log("shop")')
  })

  it('keeps the API answers: routes work and unknown API paths are still the JSON 404', async () => {
    const regions = await app.inject({
      method: 'GET',
      url: '/store/regions',
      headers: { 'x-publishable-api-key': key },
    })
    const unknown = await app.inject({ method: 'GET', url: '/store/no-such-route' })
    const admin = await app.inject({ method: 'GET', url: '/admin/no-such-route' })
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' })

    expect(regions.statusCode).toBe(200)
    expect(regions.json()).toHaveProperty('regions')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ type: 'not_found', message: 'Route GET /store/no-such-route not found' })
    expect(admin.statusCode).toBe(404)
    expect(missingAsset.statusCode).toBe(404)
  })

  it('answers a POST to a page path as before: the JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/products', payload: {} })

    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ type: 'not_found' })
  })

  it('lists the published products in /sitemap.xml under the public URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })

    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/xml')
    expect(res.body).toContain('<loc>https://shop.example/</loc>')
    expect(res.body).toContain(`<loc>https://shop.example/products/${handle}</loc>`)
  })

  it('points crawlers at the sitemap and away from carts and accounts in /robots.txt', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' })

    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Disallow: /checkout')
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml')
  })

  it('registers nothing when the storefront is not built', async () => {
    const res = await bare.inject({ method: 'GET', url: '/' })

    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ type: 'not_found' })
  })
})
