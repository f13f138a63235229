import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { signToken } from '../../core/tokens.js'
import {
  asCustomer,
  CUSTOMER_PASSWORD,
  customerHeaders,
  makeCustomer,
  makeGuestCustomer,
} from '../../testing/factories/customers.js'
import { adminHeaders, makeUser, TEST_PASSWORD } from '../../testing/factories/users.js'
import { buildTestApp, useTestApp } from '../../testing/test-app.js'
import { notification } from '../notifications/schema.js'
import { customer } from './schema.js'
import { forgedToken } from '../../testing/forged-token.js'

const ctx = useTestApp()

/** Every successful answer is checked for leaked password material. */
async function inject(options: InjectOptions) {
  const res = await ctx.app.inject(options)
  if (res.statusCode < 300) expect(res.body).not.toMatch(/password/i)
  return res
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'connect.sid')
  expect(cookie).toBeDefined()
  return { 'connect.sid': cookie!.value }
}

async function lastNotificationTo(email: string) {
  await ctx.app.events.drain()
  const rows = await ctx.app.db.select().from(notification).where(eq(notification.to, email.toLowerCase()))
  return rows.at(-1)
}

describe('store auth: session', () => {
  it('logs in, reads the session customer with orders and addresses, and logs out', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const login = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: shopper.email.toUpperCase(), password: CUSTOMER_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().customer).toMatchObject({
      id: shopper.id,
      email: shopper.email,
      has_account: true,
      orders: [],
      shipping_addresses: [],
    })
    expect(login.json().customer).not.toHaveProperty('password_hash')
    const cookies = sessionOf(login)

    const me = await inject({ method: 'GET', url: '/store/auth', cookies })
    expect(me.statusCode).toBe(200)
    expect(me.json().customer).toMatchObject({ id: shopper.id, orders: [], shipping_addresses: [] })

    const logout = await inject({ method: 'DELETE', url: '/store/auth', cookies })
    expect(logout.statusCode).toBe(200)
    expect(logout.body).toBe('OK')
    const after = await inject({ method: 'GET', url: '/store/auth', cookies })
    expect(after.statusCode).toBe(401)
    expect(after.body).toBe('Unauthorized')
  })

  it('answers wrong passwords, unknown emails and guest records with a bare 401', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const guest = await makeGuestCustomer(ctx.app.db)
    for (const payload of [
      { email: shopper.email, password: 'not-the-password' },
      { email: 'nobody@example.com', password: CUSTOMER_PASSWORD },
      { email: guest.email, password: CUSTOMER_PASSWORD },
    ]) {
      for (const url of ['/store/auth', '/store/auth/token']) {
        const res = await inject({ method: 'POST', url, payload })
        expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 401, body: 'Unauthorized' })
      }
    }
  })

  it('rejects malformed login bodies with invalid_data naming the field', async () => {
    const cases: [object, RegExp][] = [
      [{}, /email is required/],
      [{ email: 'not-an-email', password: 'x' }, /email must be a valid email/],
      [{ email: 'a@example.com' }, /password is required/],
      [{ email: 'a@example.com', password: '' }, /password/],
      [{ email: 'a@example.com', password: 12 }, /password must be a string/],
      [{ email: 'a@example.com', password: 'x', extra: 1 }, /property extra should not exist/],
    ]
    for (const [payload, message] of cases) {
      for (const url of ['/store/auth', '/store/auth/token']) {
        const res = await inject({ method: 'POST', url, payload })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({ type: 'invalid_data' })
        expect(res.json().message).toMatch(message)
      }
    }
  })

  it('keeps the session of a staff user who shares it when the customer logs out', async () => {
    const user = await makeUser(ctx.app.db)
    const shopper = await makeCustomer(ctx.app.db)
    const staffLogin = await inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    const cookies = sessionOf(staffLogin)
    const login = await inject({
      method: 'POST',
      url: '/store/auth',
      cookies,
      payload: { email: shopper.email, password: CUSTOMER_PASSWORD },
    })
    expect(login.statusCode).toBe(200)

    await inject({ method: 'DELETE', url: '/store/auth', cookies })
    expect((await inject({ method: 'GET', url: '/store/auth', cookies })).statusCode).toBe(401)
    const staff = await inject({ method: 'GET', url: '/admin/auth', cookies })
    expect(staff.statusCode).toBe(200)
    expect(staff.json().user.id).toBe(user.id)
  })

  it('answers 200 to a logout without a session', async () => {
    const res = await inject({ method: 'DELETE', url: '/store/auth' })
    expect(res.statusCode).toBe(200)
  })
})

describe('store auth: bearer tokens', () => {
  it('issues a 30-day store token that identifies the customer', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const res = await inject({
      method: 'POST',
      url: '/store/auth/token',
      payload: { email: shopper.email, password: CUSTOMER_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    const { access_token } = res.json()
    const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString())
    expect(claims).toMatchObject({ customer_id: shopper.id, domain: 'store' })
    expect(claims.exp - claims.iat).toBe(30 * 24 * 60 * 60)

    const me = await inject({ method: 'GET', url: '/store/auth', headers: { authorization: `Bearer ${access_token}` } })
    expect(me.statusCode).toBe(200)
    expect(me.json().customer.id).toBe(shopper.id)

    const forged = await inject({
      method: 'GET',
      url: '/store/auth',
      headers: { authorization: `Bearer ${forgedToken(access_token)}` },
    })
    expect(forged.statusCode).toBe(401)
  })

  it('never takes an admin token for a customer, nor a customer token for an admin', async () => {
    const { customer: shopper, headers } = await asCustomer(ctx.app.db)
    const user = await makeUser(ctx.app.db)
    const adminToken = await adminHeaders(user.id)
    // Even an admin token naming a customer id in its payload does not identify that customer.
    const mixed = await signToken(
      { customer_id: shopper.id, user_id: user.id, domain: 'admin' },
      ctx.app.config.jwtSecret,
      '1h',
    )

    for (const tokenHeaders of [adminToken, { authorization: `Bearer ${mixed}` }]) {
      const res = await inject({ method: 'GET', url: '/store/auth', headers: tokenHeaders })
      expect(res.statusCode).toBe(401)
      expect((await inject({ method: 'GET', url: '/store/customers/me', headers: tokenHeaders })).statusCode).toBe(401)
    }
    const onAdmin = await inject({ method: 'GET', url: '/admin/auth', headers })
    expect(onAdmin.statusCode).toBe(401)
    expect(onAdmin.body).toBe('Unauthorized')
  })

  it('stops identifying a customer once their record is deleted', async () => {
    const { customer: shopper, headers } = await asCustomer(ctx.app.db)
    await ctx.app.db.update(customer).set({ deleted_at: new Date() }).where(eq(customer.id, shopper.id))
    expect((await inject({ method: 'GET', url: '/store/auth', headers })).statusCode).toBe(401)
  })

  it('rejects expired and wrongly signed store tokens', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const expired = await signToken({ customer_id: shopper.id, domain: 'store' }, ctx.app.config.jwtSecret, '-1m')
    const foreign = await signToken({ customer_id: shopper.id, domain: 'store' }, 'another-secret-0123456789', '1h')
    for (const token of [expired, foreign, 'garbage']) {
      const res = await inject({ method: 'GET', url: '/store/auth', headers: { authorization: `Bearer ${token}` } })
      expect(res.statusCode).toBe(401)
    }
  })
})

describe('store auth: account lookup', () => {
  it('says whether an email has an account, never 404', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const guest = await makeGuestCustomer(ctx.app.db)
    const cases: [string, boolean][] = [
      [shopper.email, true],
      [shopper.email.toUpperCase(), true],
      [guest.email, false],
      ['nobody@example.com', false],
      ['not-even-an-email', false],
    ]
    for (const [email, exists] of cases) {
      const res = await inject({ method: 'GET', url: `/store/auth/${encodeURIComponent(email)}` })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ exists })
    }
  })
})

describe('store password reset', () => {
  it('sends a token through the notification provider and resets the password once', async () => {
    const shopper = await makeCustomer(ctx.app.db, { email: 'forgetful-shopper@example.com' })
    const request = await inject({
      method: 'POST',
      url: '/store/customers/password-token',
      payload: { email: 'Forgetful-Shopper@example.com' },
    })
    expect(request.statusCode).toBe(204)
    expect(request.body).toBe('')
    const mail = await lastNotificationTo(shopper.email)
    expect(mail).toMatchObject({
      event_name: 'customer.password_reset',
      resource_type: 'customer',
      resource_id: shopper.id,
      customer_id: shopper.id,
    })
    const token = String(mail?.data.token)
    expect(String(mail?.data.link)).toContain(encodeURIComponent(token))

    const reset = await inject({
      method: 'POST',
      url: '/store/customers/password-reset',
      payload: { email: shopper.email, token, password: 'brand-new-secret' },
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json().customer).toMatchObject({ id: shopper.id, shipping_addresses: [], billing_address: null })

    const oldLogin = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: shopper.email, password: CUSTOMER_PASSWORD },
    })
    expect(oldLogin.statusCode).toBe(401)
    const newLogin = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: shopper.email, password: 'brand-new-secret' },
    })
    expect(newLogin.statusCode).toBe(200)

    // The token was signed with the old password hash: it cannot be used twice.
    const again = await inject({
      method: 'POST',
      url: '/store/customers/password-reset',
      payload: { email: shopper.email, token, password: 'another-secret-1' },
    })
    expect(again.statusCode).toBe(401)
    expect(again.body).toBe('Invalid or expired password reset token')
  })

  it('answers 204 for unknown and guest-only emails and sends nothing', async () => {
    const guest = await makeGuestCustomer(ctx.app.db)
    for (const email of ['ghost-shopper@example.com', guest.email]) {
      const res = await inject({ method: 'POST', url: '/store/customers/password-token', payload: { email } })
      expect(res.statusCode).toBe(204)
      expect(await lastNotificationTo(email)).toBeUndefined()
    }
  })

  it('refuses expired tokens, tokens of other customers and garbage with 401', async () => {
    const victim = await makeCustomer(ctx.app.db)
    const other = await makeCustomer(ctx.app.db)
    const [victimRow] = await ctx.app.db.select().from(customer).where(eq(customer.id, victim.id))
    const [otherRow] = await ctx.app.db.select().from(customer).where(eq(customer.id, other.id))
    const expired = await signToken({ customer_id: victim.id }, victimRow.password_hash!, '-1m')
    const otherCustomers = await signToken({ customer_id: other.id }, otherRow.password_hash!, '15m')
    const wrongCustomer = await signToken({ customer_id: other.id }, victimRow.password_hash!, '15m')
    const jwtSecretSigned = await signToken({ customer_id: victim.id }, ctx.app.config.jwtSecret, '15m')
    for (const token of [expired, otherCustomers, wrongCustomer, jwtSecretSigned, 'not-a-token']) {
      const res = await inject({
        method: 'POST',
        url: '/store/customers/password-reset',
        payload: { email: victim.email, token, password: 'brand-new-secret' },
      })
      expect(res.statusCode).toBe(401)
      expect(res.body).toBe('Invalid or expired password reset token')
    }
    const stillOld = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: victim.email, password: CUSTOMER_PASSWORD },
    })
    expect(stillOld.statusCode).toBe(200)
  })

  it('answers bad reset and token requests with 400 envelopes', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const cases: { url: string; payload: object; message: RegExp }[] = [
      { url: '/store/customers/password-token', payload: {}, message: /email is required/ },
      { url: '/store/customers/password-token', payload: { email: 'nope' }, message: /email must be a valid email/ },
      {
        url: '/store/customers/password-reset',
        payload: { email: 'nobody@example.com', token: 'a.b.c', password: 'brand-new-secret' },
        message: /invalid token/,
      },
      {
        url: '/store/customers/password-reset',
        payload: { email: shopper.email, token: 'a.b.c', password: 'short' },
        message: /at least 8/,
      },
      {
        url: '/store/customers/password-reset',
        payload: { email: shopper.email, password: 'brand-new-secret' },
        message: /token is required/,
      },
      {
        url: '/store/customers/password-reset',
        payload: { token: 'a.b.c', password: 'brand-new-secret' },
        message: /email is required/,
      },
    ]
    for (const c of cases) {
      const res = await inject({ method: 'POST', url: c.url, payload: c.payload })
      expect({ url: c.url, status: res.statusCode }).toEqual({ url: c.url, status: 400 })
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(c.message)
    }
  })
})

describe('store auth rate limits', () => {
  it('answers 429 past the limit on login, token and password routes', async () => {
    const limitedApp = await buildTestApp(ctx.database, { authRateLimit: 2 })
    try {
      const routes: [string, object][] = [
        ['/store/customers/password-token', { email: 'a@example.com' }],
        ['/store/customers/password-reset', { email: 'a@example.com', token: 'x', password: 'long-enough' }],
        ['/store/customers', { email: 'a@example.com', password: 'x' }],
      ]
      for (const [url, payload] of routes) {
        const statuses: number[] = []
        for (let i = 0; i < 3; i++) {
          statuses.push((await limitedApp.inject({ method: 'POST', url, payload })).statusCode)
        }
        expect({ url, last: statuses[2] }).toEqual({ url, last: 429 })
        expect(statuses[0]).not.toBe(429)
      }

      // The two ways of logging in share one budget.
      const login = { email: 'a@example.com', password: 'wrong-password' }
      const statuses: number[] = []
      for (const url of ['/store/auth', '/store/auth/token', '/store/auth', '/store/auth/token']) {
        statuses.push((await limitedApp.inject({ method: 'POST', url, payload: login })).statusCode)
      }
      expect(statuses).toEqual([401, 401, 429, 429])
    } finally {
      await limitedApp.close()
    }
  })

  it('does not limit reading the session customer', async () => {
    const { headers } = await asCustomer(ctx.app.db)
    const limitedApp = await buildTestApp(ctx.database, { authRateLimit: 1 })
    try {
      for (let i = 0; i < 4; i++) {
        expect((await limitedApp.inject({ method: 'GET', url: '/store/auth', headers })).statusCode).toBe(200)
      }
    } finally {
      await limitedApp.close()
    }
  })
})

describe('customer identity on store routes', () => {
  it('costs nothing and identifies nobody on anonymous requests', async () => {
    const res = await inject({ method: 'GET', url: '/store/customers/me' })
    expect(res.statusCode).toBe(401)
    expect(res.body).toBe('Unauthorized')
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('answers 401 before validating the body of a customer-only route', async () => {
    const res = await inject({ method: 'POST', url: '/store/customers/me', payload: { first_name: 42 } })
    expect(res.statusCode).toBe(401)
    const signedIn = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers: await customerHeaders((await makeCustomer(ctx.app.db)).id),
      payload: { first_name: 42 },
    })
    expect(signedIn.statusCode).toBe(400)
  })
})
