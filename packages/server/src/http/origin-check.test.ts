import { describe, expect, it } from 'vitest'
import type { Config } from '../config.js'
import { CUSTOMER_PASSWORD, makeCustomer } from '../testing/factories/customers.js'
import { makePublishableKey } from '../testing/factories/sales-channels.js'
import { makeUser, TEST_PASSWORD } from '../testing/factories/users.js'
import { testConfig, useTestApp } from '../testing/test-app.js'
import { sessionCookieSameSite, siteOf } from './cookie-site.js'

const ctx = useTestApp({ adminCors: 'https://admin.example.com', storeCors: 'https://shop.example.com' })

async function adminSession(): Promise<string> {
  const staff = await makeUser(ctx.app.db)
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/admin/auth',
    payload: { email: staff.email, password: TEST_PASSWORD },
  })
  expect(login.statusCode).toBe(200)
  return login.cookies.find((cookie) => cookie.name === 'connect.sid')!.value
}

const revoke = (cookie: string, keyId: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/admin/publishable-api-keys/${keyId}/revoke`,
    cookies: { 'connect.sid': cookie },
    headers,
  })

describe('cross-site writes with the admin session cookie', () => {
  it('refuses a write from another origin and leaves the key as it was', async () => {
    const cookie = await adminSession()
    const key = await makePublishableKey(ctx.app.db)
    const res = await revoke(cookie, key.id, { origin: 'https://evil.example' })
    expect(res.statusCode).toBe(401)
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/admin/publishable-api-keys/${key.id}`,
      cookies: { 'connect.sid': cookie },
    })
    expect(read.json().publishable_api_key.revoked_at).toBeNull()
  })

  it('refuses an opaque origin and a cross-site fetch without Origin', async () => {
    const cookie = await adminSession()
    const key = await makePublishableKey(ctx.app.db)
    expect((await revoke(cookie, key.id, { origin: 'null' })).statusCode).toBe(401)
    expect((await revoke(cookie, key.id, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(401)
    expect((await revoke(cookie, key.id, { 'sec-fetch-site': 'same-site' })).statusCode).toBe(401)
  })

  it('takes writes from ADMIN_CORS, from its own origin and from programs that send no Origin', async () => {
    const cookie = await adminSession()
    const cases: Record<string, string>[] = [
      { origin: 'https://admin.example.com' },
      { origin: 'http://shop.local:9000', host: 'shop.local:9000' },
      { origin: 'http://localhost', host: 'localhost:80' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ]
    for (const headers of cases) {
      const key = await makePublishableKey(ctx.app.db)
      const res = await revoke(cookie, key.id, headers)
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 200 })
      expect(res.json().publishable_api_key.revoked_at).not.toBeNull()
    }
  })

  it('refuses the store origin on admin writes: each domain has its own list', async () => {
    const cookie = await adminSession()
    const key = await makePublishableKey(ctx.app.db)
    expect((await revoke(cookie, key.id, { origin: 'https://shop.example.com' })).statusCode).toBe(401)
  })

  it('lets reads through from any origin (CORS keeps their answers from other sites)', async () => {
    const cookie = await adminSession()
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/admin/auth',
      cookies: { 'connect.sid': cookie },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('leaves bearer-token writes alone, which another site cannot send', async () => {
    const staff = await makeUser(ctx.app.db)
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth/token',
      payload: { email: staff.email, password: TEST_PASSWORD },
    })
    const key = await makePublishableKey(ctx.app.db)
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/publishable-api-keys/${key.id}/revoke`,
      headers: { authorization: `Bearer ${token.json().access_token}`, origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('cross-site writes with the customer session cookie', () => {
  async function customerSession() {
    const customer = await makeCustomer(ctx.app.db)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: customer.email, password: CUSTOMER_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    return { customer, cookie: login.cookies.find((cookie) => cookie.name === 'connect.sid')!.value }
  }

  it('identifies no customer on a write from another origin, so nothing of theirs changes', async () => {
    const { customer, cookie } = await customerSession()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/store/customers/me',
      cookies: { 'connect.sid': cookie },
      headers: { origin: 'https://evil.example' },
      payload: { first_name: 'Forged' },
    })
    expect(res.statusCode).toBe(401)
    const me = await ctx.app.inject({ method: 'GET', url: '/store/customers/me', cookies: { 'connect.sid': cookie } })
    expect(me.json().customer.first_name).toBe(customer.first_name)
  })

  it('takes the write from STORE_CORS', async () => {
    const { cookie } = await customerSession()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/store/customers/me',
      cookies: { 'connect.sid': cookie },
      headers: { origin: 'https://shop.example.com' },
      payload: { first_name: 'Changed' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().customer.first_name).toBe('Changed')
  })
})

describe('the session cookie SameSite', () => {
  const config = (overrides: Partial<Config>): Config => testConfig({ production: true, ...overrides })

  it('reads sites as scheme and registrable domain', () => {
    expect(siteOf('https://api.shop.com')).toBe('https://shop.com')
    expect(siteOf('https://shop.com:8443')).toBe('https://shop.com')
    expect(siteOf('http://shop.com')).toBe('http://shop.com')
    expect(siteOf('http://127.0.0.1:9000')).toBe('http://127.0.0.1')
    expect(siteOf('not a url')).toBeUndefined()
  })

  it('is Lax when every configured origin is on the public URL’s site', () => {
    const sameSite = config({
      publicUrl: 'https://api.shop.com',
      adminCors: 'https://admin.shop.com',
      storeCors: 'https://www.shop.com,/\\.preview\\.shop\\.com$/',
    })
    expect(sessionCookieSameSite(sameSite)).toBe('lax')
  })

  it('is None in production when an admin or store origin is on another site', () => {
    const crossAdmin = config({ publicUrl: 'https://api.shop.com', adminCors: 'https://shop-admin.example' })
    expect(sessionCookieSameSite({ ...crossAdmin, storeCors: 'https://www.shop.com' })).toBe('none')
    const crossStore = config({ publicUrl: 'https://api.shop.com', adminCors: 'https://admin.shop.com' })
    expect(sessionCookieSameSite({ ...crossStore, storeCors: 'https://shop.vercel.app' })).toBe('none')
  })

  it('is Lax in development and follows COOKIE_SAME_SITE when set', () => {
    const development = testConfig({ adminCors: 'https://elsewhere.example' })
    expect(sessionCookieSameSite(development)).toBe('lax')
    expect(sessionCookieSameSite({ ...development, cookieSameSite: 'strict' })).toBe('strict')
  })

  it('is sent as Lax by the test server', async () => {
    const staff = await makeUser(ctx.app.db)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: staff.email, password: TEST_PASSWORD },
    })
    expect(String(login.headers['set-cookie'])).toContain('SameSite=Lax')
  })
})
