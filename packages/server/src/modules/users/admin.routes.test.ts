import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notification } from '../notifications/schema.js'
import { asAdmin, makeUser, TEST_PASSWORD } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()

async function lastNotificationTo(email: string) {
  await ctx.app.events.drain()
  const rows = await ctx.app.db.select().from(notification).where(eq(notification.to, email.toLowerCase()))
  return rows.at(-1)
}

describe('users', () => {
  it('creates, lists, reads, updates and deletes users without ever returning the password', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users',
      headers,
      payload: { email: 'New.Member@Example.com', password: 'a-long-password', first_name: 'Ada', role: 'developer' },
    })
    expect(created.statusCode).toBe(200)
    const user = created.json().user
    expect(user).toMatchObject({ email: 'new.member@example.com', first_name: 'Ada', role: 'developer' })
    expect(user.id).toMatch(/^usr_/)
    expect(created.body).not.toContain('password')

    const list = await ctx.app.inject({ method: 'GET', url: '/admin/users?q=ada&limit=5', headers })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ count: 1, offset: 0, limit: 5 })
    expect(list.json().users[0].id).toBe(user.id)
    expect(list.body).not.toContain('password')

    const updated = await ctx.app.inject({
      method: 'POST',
      url: `/admin/users/${user.id}`,
      headers,
      payload: { last_name: 'Lovelace', metadata: { team: 'ops', tmp: 'x' } },
    })
    expect(updated.json().user).toMatchObject({ last_name: 'Lovelace', metadata: { team: 'ops', tmp: 'x' } })
    const merged = await ctx.app.inject({
      method: 'POST',
      url: `/admin/users/${user.id}`,
      headers,
      payload: { metadata: { tmp: '' } },
    })
    expect(merged.json().user.metadata).toEqual({ team: 'ops' })

    const untouched = await ctx.app.inject({ method: 'POST', url: `/admin/users/${user.id}`, headers, payload: {} })
    expect(untouched.statusCode).toBe(200)
    expect(untouched.json().user.metadata).toEqual({ team: 'ops' })

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/admin/users/${user.id}`, headers })
    expect(removed.json()).toEqual({ id: user.id, object: 'user', deleted: true })
    const gone = await ctx.app.inject({ method: 'GET', url: `/admin/users/${user.id}`, headers })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ type: 'not_found', message: `User with id ${user.id} was not found` })
  })

  it('filters by role and orders by email', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await makeUser(ctx.app.db, { email: 'zz-dev@example.com', role: 'developer' })
    await makeUser(ctx.app.db, { email: 'aa-dev@example.com', role: 'developer' })
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/users?role[]=developer&order=email', headers })
    const emails = res.json().users.map((u: { email: string }) => u.email)
    expect(emails.indexOf('aa-dev@example.com')).toBeLessThan(emails.indexOf('zz-dev@example.com'))
    expect(res.json().users.every((u: { role: string }) => u.role === 'developer')).toBe(true)
  })

  it('answers bad input with 4xx envelopes', async () => {
    const { headers, user } = await asAdmin(ctx.app.db)
    const cases: {
      method: 'GET' | 'POST' | 'DELETE'
      url: string
      payload?: object
      status: number
      message?: RegExp
    }[] = [
      {
        method: 'POST',
        url: '/admin/users',
        payload: { password: 'a-long-password' },
        status: 400,
        message: /email is required/,
      },
      {
        method: 'POST',
        url: '/admin/users',
        payload: { email: 'x@example.com' },
        status: 400,
        message: /password is required/,
      },
      {
        method: 'POST',
        url: '/admin/users',
        payload: { email: 'x@example.com', password: 'short' },
        status: 400,
        message: /at least 8/,
      },
      {
        method: 'POST',
        url: '/admin/users',
        payload: { email: 'x@example.com', password: 'a-long-password', role: 'owner' },
        status: 400,
        message: /role/,
      },
      {
        method: 'POST',
        url: '/admin/users',
        payload: { email: user.email.toUpperCase(), password: 'a-long-password' },
        status: 422,
      },
      {
        method: 'POST',
        url: `/admin/users/${user.id}`,
        payload: { first_name: 42 },
        status: 400,
        message: /first_name must be a string/,
      },
      { method: 'POST', url: '/admin/users/usr_missing', payload: { first_name: 'x' }, status: 404 },
      { method: 'DELETE', url: '/admin/users/usr_missing', status: 404 },
      { method: 'GET', url: '/admin/users?limit=abc', status: 400, message: /limit/ },
      {
        method: 'GET',
        url: '/admin/users?order=password_hash',
        status: 400,
        message: /Order field password_hash is not valid/,
      },
      {
        method: 'GET',
        url: '/admin/users?created_at[gt]=not-a-date',
        status: 400,
        message: /created_at.gt must be a valid date/,
      },
      { method: 'GET', url: '/admin/users?unknown=1', status: 400, message: /property unknown should not exist/ },
    ]
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: c.method,
        url: c.url,
        headers,
        ...(c.payload ? { payload: c.payload } : {}),
      })
      expect({ url: c.url, status: res.statusCode }).toEqual({ url: c.url, status: c.status })
      expect(typeof res.json().type).toBe('string')
      if (c.message) expect(res.json().message).toMatch(c.message)
    }
  })
})

describe('password reset', () => {
  it('sends a token through the notification provider and resets the password once', async () => {
    const user = await makeUser(ctx.app.db, { email: 'forgetful@example.com' })
    const request = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/password-token',
      payload: { email: 'Forgetful@example.com' },
    })
    expect(request.statusCode).toBe(204)
    expect(request.body).toBe('')
    const mail = await lastNotificationTo(user.email)
    const token = String(mail?.data.token)
    expect(token.split('.')).toHaveLength(3)

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/reset-password',
      payload: { token, password: 'brand-new-password' },
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json().user.id).toBe(user.id)

    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    expect(oldLogin.statusCode).toBe(401)
    const newLogin = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: user.email, password: 'brand-new-password' },
    })
    expect(newLogin.statusCode).toBe(200)

    // The token was signed with the old password hash: it cannot be used twice.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/reset-password',
      payload: { token, password: 'another-password' },
    })
    expect(again.statusCode).toBe(401)
  })

  it('resets the password once when one token is sent ten times at once', async () => {
    const user = await makeUser(ctx.app.db, { email: 'hasty@example.com' })
    await ctx.app.inject({ method: 'POST', url: '/admin/users/password-token', payload: { email: user.email } })
    const token = String((await lastNotificationTo(user.email))?.data.token)

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/admin/users/reset-password',
          payload: { token, password: `new-password-${i}` },
        }),
      ),
    )

    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 401)).toHaveLength(9)
    // The password is the one the accepted reset set.
    const winner = answers.findIndex((answer) => answer.statusCode === 200)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: user.email, password: `new-password-${winner}` },
    })
    expect(login.statusCode).toBe(200)
  })

  it('answers 204 for an unknown email and sends nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/password-token',
      payload: { email: 'ghost@example.com' },
    })
    expect(res.statusCode).toBe(204)
    expect(await lastNotificationTo('ghost@example.com')).toBeUndefined()
  })

  it('refuses garbage tokens, unknown users and weak passwords', async () => {
    await makeUser(ctx.app.db, { email: 'victim@example.com' })
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/reset-password',
      payload: { token: 'not-a-token', password: 'brand-new-password', email: 'victim@example.com' },
    })
    expect(garbage.statusCode).toBe(401)
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/reset-password',
      payload: { token: 'a.b.c', password: 'brand-new-password', email: 'nobody@example.com' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ type: 'invalid_data', message: 'invalid token' })
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/admin/users/reset-password',
      payload: { token: 'a.b.c', password: 'short', email: 'victim@example.com' },
    })
    expect(weak.statusCode).toBe(400)
  })
})

describe('invites', () => {
  it('invites, resends and accepts: the user gets the invite role and the old link dies', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites',
      headers,
      payload: { user: 'Newbie@Example.com', role: 'member' },
    })
    expect(created.statusCode).toBe(200)
    const firstToken = String((await lastNotificationTo('newbie@example.com'))?.data.token)

    const list = await ctx.app.inject({ method: 'GET', url: '/admin/invites', headers })
    const invite = list.json().invites.find((i: { user_email: string }) => i.user_email === 'newbie@example.com')
    expect(invite).toMatchObject({ role: 'member', accepted: false })
    expect(list.body).not.toContain(firstToken)

    const resend = await ctx.app.inject({ method: 'POST', url: `/admin/invites/${invite.id}/resend`, headers })
    expect(resend.statusCode).toBe(200)
    const secondToken = String((await lastNotificationTo('newbie@example.com'))?.data.token)
    expect(secondToken).not.toBe(firstToken)

    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites/accept',
      payload: { token: firstToken, user: { password: 'welcome-aboard' } },
    })
    expect(stale.statusCode).toBe(400)
    expect(stale.json().message).toBe('Invalid invite')

    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites/accept',
      payload: { token: secondToken, user: { first_name: 'New', last_name: 'Bie', password: 'welcome-aboard' } },
    })
    expect(accepted.statusCode).toBe(200)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: 'newbie@example.com', password: 'welcome-aboard' },
    })
    expect(login.json().user).toMatchObject({ role: 'member', first_name: 'New' })

    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites/accept',
      payload: { token: secondToken, user: { password: 'welcome-aboard' } },
    })
    expect(twice.statusCode).toBe(400)
  })

  it('refuses expired invites', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites',
      headers,
      payload: { user: 'late@example.com', role: 'admin' },
    })
    const token = String((await lastNotificationTo('late@example.com'))?.data.token)
    const { invite } = await import('./schema.js')
    await ctx.app.db
      .update(invite)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invite.user_email, 'late@example.com'))
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites/accept',
      payload: { token, user: { password: 'welcome-aboard' } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'invalid_data', message: 'Invalid invite' })
  })

  it('answers bad input with 4xx envelopes', async () => {
    const { headers, user } = await asAdmin(ctx.app.db)
    const cases: { method: 'POST' | 'DELETE'; url: string; payload?: object; status: number }[] = [
      { method: 'POST', url: '/admin/invites', payload: { user: 'not-an-email', role: 'member' }, status: 400 },
      { method: 'POST', url: '/admin/invites', payload: { user: 'a@example.com' }, status: 400 },
      { method: 'POST', url: '/admin/invites', payload: { user: 'a@example.com', role: 'king' }, status: 400 },
      { method: 'POST', url: '/admin/invites', payload: { user: user.email, role: 'member' }, status: 400 },
      { method: 'POST', url: '/admin/invites/invite_missing/resend', status: 404 },
      { method: 'DELETE', url: '/admin/invites/invite_missing', status: 404 },
      {
        method: 'POST',
        url: '/admin/invites/accept',
        payload: { token: 'garbage', user: { password: 'welcome-aboard' } },
        status: 400,
      },
      { method: 'POST', url: '/admin/invites/accept', payload: { token: 'garbage' }, status: 400 },
    ]
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: c.method,
        url: c.url,
        headers,
        ...(c.payload ? { payload: c.payload } : {}),
      })
      expect({ url: c.url, payload: c.payload, status: res.statusCode }).toEqual({
        url: c.url,
        payload: c.payload,
        status: c.status,
      })
      expect(typeof res.json().message).toBe('string')
    }
  })

  it('deletes an invite', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await ctx.app.inject({
      method: 'POST',
      url: '/admin/invites',
      headers,
      payload: { user: 'gone@example.com', role: 'member' },
    })
    const list = await ctx.app.inject({ method: 'GET', url: '/admin/invites', headers })
    const invite = list.json().invites.find((i: { user_email: string }) => i.user_email === 'gone@example.com')
    const res = await ctx.app.inject({ method: 'DELETE', url: `/admin/invites/${invite.id}`, headers })
    expect(res.json()).toEqual({ id: invite.id, object: 'invite', deleted: true })
  })
})
