import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { createPublishableApiKey } from '../modules/sales-channels/publishable-keys.js'
import { makeProduct } from '../testing/factories/catalog.js'
import { makeRegion } from '../testing/factories/regions.js'
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
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync('console.log("shop")'))
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
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    },
  )

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })

    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body).toBe('console.log("shop")')
  })

  it('sends the Brotli copy of an asset to a browser that accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })

    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('javascript')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("shop")')
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

  it.each(['/STORE/no-such-route', '//products', '/products%2fshirt', '/a;b'])(
    'never answers a page for an odd spelling such as %s: the JSON 404 as before',
    async (url) => {
      const res = await app.inject({ method: 'GET', url })

      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ type: 'not_found' })
    },
  )

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

/**
 * A server entry as the storefront's build leaves it (dist/server/entry-server.js). This one asks
 * the API for the regions over HTTP, as the real one asks for products, and renders their names.
 */
const SERVER_ENTRY = `
export async function render({ url, apiUrl, publishableApiKey, acceptLanguage }) {
  if (!url.startsWith('/products')) return null
  if (url.startsWith('/products/broken')) throw new Error('render failed')
  const answer = await fetch(apiUrl + '/store/regions', { headers: { 'x-publishable-api-key': publishableApiKey } })
  const { regions } = await answer.json()
  return {
    html: '<ul>' + regions.map((region) => '<li>' + region.name + '</li>').join('') + '</ul><p>' + acceptLanguage + '</p>',
    head: '<title>Rendered</title>',
    state: JSON.stringify({ queries: [] }),
    status: url === '/products/missing' ? 404 : 200,
  }
}
`

describe('the server render of the storefront', () => {
  let listening: FastifyInstance
  let renderDir: string

  beforeAll(async () => {
    renderDir = fakeStorefrontBuild()
    mkdirSync(join(renderDir, 'server'))
    writeFileSync(join(renderDir, 'server/entry-server.js'), SERVER_ENTRY)
    listening = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      webApps: { storefrontDir: renderDir, adminDir: join(renderDir, 'none') },
    })
    await listening.listen({ port: 0, host: '127.0.0.1' })
    await makeRegion(database.db, { name: 'Rendered Region', currency_code: 'usd' })
  })

  afterAll(async () => {
    await listening?.close()
    rmSync(renderDir, { recursive: true, force: true })
  })

  it('puts the rendered page, its head tags and its data into index.html', async () => {
    const res = await fetch(`${listening.listeningOrigin}/products?page=2`, { headers: { 'accept-language': 'de-DE' } })
    const html = await res.text()

    expect(res.status).toBe(200)
    expect(html).toContain('<li>Rendered Region</li>')
    expect(html).toContain('<p>de-DE</p>')
    expect(html).toContain('<title>Rendered</title></head>')
    expect(html).toContain('<script id="emporium-state" type="application/json">{"queries":[]}</script>')
    expect(html).toContain(`content="${key}"`)
  })

  it('answers the status the render gives, such as 404 for a missing product', async () => {
    const res = await fetch(`${listening.listeningOrigin}/products/missing`)

    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<li>Rendered Region</li>')
  })

  it('serves the page for the browser to render when the server render fails or does not apply', async () => {
    const broken = await fetch(`${listening.listeningOrigin}/products/broken`)
    const cart = await fetch(`${listening.listeningOrigin}/cart`)

    for (const res of [broken, cart]) {
      const html = await res.text()
      expect(res.status).toBe(200)
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toContain('emporium-state')
    }
  })
})
