import { describe, expect, it } from 'vitest'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()
const flagOff = useTestApp({ featureFlags: { analytics: false } as never })

type Headers = Record<string, string>
const get = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/admin/analytics-configs', headers })
const post = (url: string, headers: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers, payload })

describe('GET /admin/analytics-configs', () => {
  it('is 404 while the user has no config', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await get(headers)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      type: 'not_found',
      message: `No analytics config found for user with id: ${user.id}`,
    })
  })

  it("answers only the current user's config", async () => {
    const first = await asAdmin(ctx.app.db)
    const second = await asAdmin(ctx.app.db)
    await post('/admin/analytics-configs', first.headers, { opt_out: true })
    await post('/admin/analytics-configs', second.headers, { opt_out: false, anonymize: true })

    const mine = (await get(first.headers)).json().analytics_config
    const theirs = (await get(second.headers)).json().analytics_config
    expect(mine).toMatchObject({ user_id: first.user.id, opt_out: true, anonymize: false })
    expect(theirs).toMatchObject({ user_id: second.user.id, opt_out: false, anonymize: true })
  })

  it('needs a logged-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/analytics-configs' })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /admin/analytics-configs', () => {
  it('creates the config with anonymize defaulting to false', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await post('/admin/analytics-configs', headers, { opt_out: false })
    expect(res.statusCode).toBe(200)
    const config = res.json().analytics_config
    expect(config).toEqual({
      id: expect.stringMatching(/^acfg_/),
      user_id: user.id,
      opt_out: false,
      anonymize: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    })
  })

  it('refuses a second config for the same user, also when two requests race', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const answers = await Promise.all(
      [true, false, true].map((opt_out) => post('/admin/analytics-configs', headers, { opt_out })),
    )
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422, 422])
    const refused = answers.find((res) => res.statusCode === 422)!
    expect(refused.json()).toEqual({
      type: 'duplicate_error',
      message: `An analytics config already exists for user with id: ${user.id}`,
      code: 'invalid_request_error',
    })
  })

  it.each([
    [{}, 'opt_out'],
    [{ opt_out: 'yes' }, 'opt_out'],
    [{ opt_out: true, anonymize: 'no' }, 'anonymize'],
    [{ opt_out: true, email: 'a@b.co' }, 'email'],
  ])('rejects %j naming %s', async (payload, field) => {
    const { headers } = await asAdmin(ctx.app.db)
    const res = await post('/admin/analytics-configs', headers, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().type).toBe('invalid_data')
    expect(res.json().message).toContain(field)
  })
})

describe('POST /admin/analytics-configs/update', () => {
  it('creates the config when the user has none', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await post('/admin/analytics-configs/update', headers, { anonymize: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().analytics_config).toMatchObject({ user_id: user.id, opt_out: false, anonymize: true })
  })

  it('changes only the fields sent', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const created = (await post('/admin/analytics-configs', headers, { opt_out: false, anonymize: true })).json()
    const res = await post('/admin/analytics-configs/update', headers, { opt_out: true })
    const updated = res.json().analytics_config
    expect(updated).toMatchObject({ id: created.analytics_config.id, opt_out: true, anonymize: true })
    expect((await get(headers)).json().analytics_config).toMatchObject({ opt_out: true, anonymize: true })
  })

  it('keeps one config when updates race', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const answers = await Promise.all(
      [true, false, true, false].map((anonymize) => post('/admin/analytics-configs/update', headers, { anonymize })),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200])
    expect(new Set(answers.map((res) => res.json().analytics_config.id)).size).toBe(1)
  })

  it('rejects a non-boolean, naming the field', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const res = await post('/admin/analytics-configs/update', headers, { opt_out: 1 })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('opt_out')
  })
})

describe('DELETE /admin/analytics-configs', () => {
  it('removes the config, after which the user can create one again', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    await post('/admin/analytics-configs', headers, { opt_out: true })
    const res = await ctx.app.inject({ method: 'DELETE', url: '/admin/analytics-configs', headers })
    expect(res.json()).toEqual({ user_id: user.id, object: 'analytics_config', deleted: true })
    expect((await get(headers)).statusCode).toBe(404)
    expect((await post('/admin/analytics-configs', headers, { opt_out: false })).statusCode).toBe(200)
  })
})

describe('analytics feature flag off', () => {
  it.each([
    ['GET', '/admin/analytics-configs'],
    ['POST', '/admin/analytics-configs'],
    ['POST', '/admin/analytics-configs/update'],
    ['DELETE', '/admin/analytics-configs'],
  ] as const)('%s %s is a bare 404', async (method, url) => {
    const { headers } = await asAdmin(flagOff.app.db)
    const res = await flagOff.app.inject({
      method,
      url,
      headers,
      payload: method === 'POST' ? { opt_out: true } : undefined,
    })
    expect(res.statusCode).toBe(404)
  })
})
