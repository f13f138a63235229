import { describe, expect, it } from 'vitest'
import { makeUser, TEST_PASSWORD } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { forgedToken } from '../../testing/forged-token.js'

const ctx = useTestApp()

describe('admin auth', () => {
  it('logs in with a session cookie and reads the session user', async () => {
    const user = await makeUser(ctx.app.db)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ id: user.id, email: user.email })
    expect(login.json().user).not.toHaveProperty('password_hash')
    const cookie = login.cookies.find((c) => c.name === 'connect.sid')
    expect(cookie).toBeDefined()
    // The session lasts 10 hours, and scripts and other sites' requests never see its cookie.
    const header = String(login.headers['set-cookie'])
    expect(header).toMatch(/^connect\.sid=[^;]+; Path=\/; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$/)
    const expires = Date.parse(/Expires=([^;]+)/.exec(header)![1])
    expect(Math.abs(expires - Date.now() - 10 * 60 * 60 * 1000)).toBeLessThan(60_000)

    const me = await ctx.app.inject({ method: 'GET', url: '/admin/auth', cookies: { 'connect.sid': cookie!.value } })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.id).toBe(user.id)

    const logout = await ctx.app.inject({
      method: 'DELETE',
      url: '/admin/auth',
      cookies: { 'connect.sid': cookie!.value },
    })
    expect(logout.statusCode).toBe(200)
    const after = await ctx.app.inject({ method: 'GET', url: '/admin/auth', cookies: { 'connect.sid': cookie!.value } })
    expect(after.statusCode).toBe(401)
  })

  it('answers a wrong password or unknown email with a bare 401', async () => {
    const user = await makeUser(ctx.app.db)
    for (const payload of [
      { email: user.email, password: 'not-the-password' },
      { email: 'nobody@example.com', password: TEST_PASSWORD },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/auth', payload })
      expect(res.statusCode).toBe(401)
      expect(res.body).toBe('Unauthorized')
    }
  })

  it('rejects malformed login bodies with invalid_data naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /email is required/],
      [{ email: 'not-an-email', password: 'x' }, /email must be a valid email/],
      [{ email: 'a@example.com', password: 12 }, /password must be a string/],
      [{ email: 'a@example.com', password: 'x', extra: 1 }, /property extra should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/auth', payload: payload as object })
      expect(res.statusCode).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })

  it('issues a bearer token that opens admin routes', async () => {
    const user = await makeUser(ctx.app.db)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth/token',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    const { access_token } = res.json()
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/admin/auth',
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(me.json().user.id).toBe(user.id)
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/admin/auth',
      headers: { authorization: `Bearer ${forgedToken(access_token)}` },
    })
    expect(forged.statusCode).toBe(401)
  })

  it('accepts the x-medusa-access-token API token', async () => {
    const user = await makeUser(ctx.app.db, { api_token: 'api-token-0123456789abcdef' })
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/admin/auth',
      headers: { 'x-medusa-access-token': 'api-token-0123456789abcdef' },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.id).toBe(user.id)
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/admin/auth',
      headers: { 'x-medusa-access-token': 'nope' },
    })
    expect(wrong.statusCode).toBe(401)
  })
})
