import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app.js'
import { parseOrigins } from './cors.js'

const ctx = useTestApp({
  storeCors: 'https://shop.example.com,/\\.preview\\.example\\.com$/',
  adminCors: 'https://admin.example.com',
})

const preflight = (url: string, origin: string) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  })

describe('CORS per domain', () => {
  it('parses literal origins and regex literals', () => {
    const [literal, regex] = parseOrigins('https://a.example.com/, /\\.b\\.example\\.com$/')
    expect(literal).toBe('https://a.example.com')
    expect(regex).toBeInstanceOf(RegExp)
    expect((regex as RegExp).test('https://x.b.example.com')).toBe(true)
  })

  it('allows the store origins on /store only, with credentials', async () => {
    const ok = await preflight('/store/regions', 'https://shop.example.com')
    expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    expect(ok.headers['access-control-allow-credentials']).toBe('true')
    const regex = await preflight('/store/regions', 'https://pr-12.preview.example.com')
    expect(regex.headers['access-control-allow-origin']).toBe('https://pr-12.preview.example.com')
    const crossDomain = await preflight('/admin/auth', 'https://shop.example.com')
    expect(crossDomain.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('allows the admin origin on /admin only', async () => {
    const ok = await preflight('/admin/auth', 'https://admin.example.com')
    expect(ok.headers['access-control-allow-origin']).toBe('https://admin.example.com')
    const crossDomain = await preflight('/store/regions', 'https://admin.example.com')
    expect(crossDomain.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('refuses unknown origins', async () => {
    const res = await preflight('/store/regions', 'https://evil.example.net')
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('decides on the route, whatever spelling of the path reaches it', async () => {
    const encodedAdmin = await preflight('/%61dmin/auth', 'https://shop.example.com')
    expect(encodedAdmin.headers['access-control-allow-origin']).toBeUndefined()
    const encodedAdminOk = await preflight('/%61dmin/auth', 'https://admin.example.com')
    expect(encodedAdminOk.headers['access-control-allow-origin']).toBe('https://admin.example.com')
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/%73tore/regions',
      headers: { origin: 'https://admin.example.com' },
    })
    expect(read.statusCode).toBe(200)
    expect(read.headers['access-control-allow-origin']).toBeUndefined()
    const storeRead = await ctx.app.inject({
      method: 'GET',
      url: '/%73tore/regions',
      headers: { origin: 'https://shop.example.com' },
    })
    expect(storeRead.headers['access-control-allow-origin']).toBe('https://shop.example.com')
  })
})
