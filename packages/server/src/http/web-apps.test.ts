import type { FastifyInstance } from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { brotliDecompressSync, brotliCompressSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { testConfig } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { adminIndexHtml } from './web-apps.js'

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/app/assets/index-abc123.js"></script>'

/** A built admin as Vite leaves it: index.html, hashed assets, and the public locales copied over. */
function fakeAdminBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-admin-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'locales/en'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("admin")')
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync('console.log("admin")'))
  writeFileSync(join(dir, 'locales/en/common.json'), JSON.stringify({ actions: { save: 'Save' } }))
  return dir
}

let database: TestDatabase
let app: FastifyInstance
let bare: FastifyInstance
let adminDir: string

beforeAll(async () => {
  adminDir = fakeAdminBuild()
  database = await createTestDatabase()
  // Without the storefront, whether or not it is built here: it has its own test (storefront.test.ts).
  const storefrontDir = join(adminDir, 'no-storefront')
  app = await buildApp({ config: testConfig(), database, logger: false, webApps: { adminDir, storefrontDir } })
  bare = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    webApps: { adminDir: join(adminDir, 'missing'), storefrontDir },
  })
})

afterAll(async () => {
  await app?.close()
  await bare?.close()
  await database?.close()
  rmSync(adminDir, { recursive: true, force: true })
})

describe('the admin at /app', () => {
  it.each(['/app', '/app/', '/app/a/products/prod_123', '/app/login?next=%2Fa%2Forders'])(
    'answers index.html for %s, uncached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX)
    },
  )

  it('sends a Content-Security-Policy with its pages: scripts from this origin only', async () => {
    const page = await app.inject({ method: 'GET', url: '/app/a/products' })
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    const api = await app.inject({ method: 'GET', url: '/health' })
    expect(api.headers['content-security-policy']).toBeUndefined()
  })

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/assets/index-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body).toBe('console.log("admin")')
  })

  it("sends the build's Brotli copy of a script to a browser that takes it, the script to others", async () => {
    const url = '/app/assets/index-abc123.js'
    const compressed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("admin")')
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log("admin")')
  })

  it('serves translations at /locales/{lng}/{ns}.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/locales/en/common.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({ actions: { save: 'Save' } })
  })

  it('answers 404 for a missing translation, so the client does not retry it', async () => {
    expect((await app.inject({ method: 'GET', url: '/locales/xx/common.json' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/locales/../index.html' })).statusCode).toBe(404)
  })

  it('leaves the API alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/store' })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/health' })).body).toBe('OK')
  })

  it('registers nothing when the admin is not built', async () => {
    expect((await bare.inject({ method: 'GET', url: '/app/' })).statusCode).toBe(404)
    expect((await bare.inject({ method: 'GET', url: '/locales/en/common.json' })).statusCode).toBe(404)
    expect((await bare.inject({ method: 'GET', url: '/health' })).body).toBe('OK')
  })
})

describe("the admin's analytics collector", () => {
  it('is named in index.html and allowed by the page policy when configured, absent when not', async () => {
    const url = 'https://collect.example.com/v1/events?site="shop"'
    const collected = await buildApp({
      config: testConfig({ adminAnalyticsUrl: url, adminConnectOrigins: ['https://collect.example.com'] }),
      database,
      logger: false,
      webApps: { adminDir, storefrontDir: join(adminDir, 'no-storefront') },
    })
    try {
      const page = await collected.inject({ method: 'GET', url: '/app/a/orders' })
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.body).toBe(
        `<meta name="emporium-analytics-url" content="https://collect.example.com/v1/events?site=&quot;shop&quot;" />${INDEX}`,
      )
      expect(String(page.headers['content-security-policy'])).toContain(
        "connect-src 'self' https://collect.example.com",
      )
    } finally {
      await collected.close()
    }
    expect((await app.inject({ method: 'GET', url: '/app/a/orders' })).body).not.toContain('emporium-analytics-url')
  })

  it('goes into the head of a full page', () => {
    const html = '<html><head><title>A</title></head><body></body></html>'
    expect(adminIndexHtml(html, { analyticsUrl: 'https://collect.example.com/e' })).toBe(
      '<html><head><title>A</title><meta name="emporium-analytics-url" content="https://collect.example.com/e" /></head><body></body></html>',
    )
    expect(adminIndexHtml('<html></html>', { analyticsUrl: undefined })).toBe('<html></html>')
  })
})
