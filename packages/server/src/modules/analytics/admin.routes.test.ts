import { describe, expect, it } from 'vitest'
import { asAdmin } from '../../testing/factories/users.js'
import { adminApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()
const flagOff = useTestApp({ featureFlags: { analytics: false } as never })

type Headers = Record<string, string>
const as = (headers: Headers) => adminApi(ctx, { headers })

describe('GET /admin/analytics-configs', () => {
  it('is 404 while the user has no config', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await as(headers).get('/admin/analytics-configs')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      type: 'not_found',
      message: `No analytics config found for user with id: ${user.id}`,
    })
  })

  it("answers only the current user's config", async () => {
    const first = await asAdmin(ctx.app.db)
    const second = await asAdmin(ctx.app.db)
    await as(first.headers).post('/admin/analytics-configs', { opt_out: true })
    await as(second.headers).post('/admin/analytics-configs', { opt_out: false, anonymize: true })

    const mine = (await as(first.headers).get('/admin/analytics-configs')).json().analytics_config
    const theirs = (await as(second.headers).get('/admin/analytics-configs')).json().analytics_config
    expect(mine).toMatchObject({ user_id: first.user.id, opt_out: true, anonymize: false })
    expect(theirs).toMatchObject({ user_id: second.user.id, opt_out: false, anonymize: true })
  })

  it('needs a logged-in user', async () => {
    const res = await adminApi(ctx).get('/admin/analytics-configs', { auth: false })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /admin/analytics-configs', () => {
  it('creates the config with anonymize defaulting to false', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await as(headers).post('/admin/analytics-configs', { opt_out: false })
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
      [true, false, true].map((opt_out) => as(headers).post('/admin/analytics-configs', { opt_out })),
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
    const res = await as(headers).post('/admin/analytics-configs', payload)
    expect(res.statusCode).toBe(400)
    expect(res.error().type).toBe('invalid_data')
    expect(res.error().message).toContain(field)
  })
})

describe('POST /admin/analytics-configs/update', () => {
  it('creates the config when the user has none', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await as(headers).post('/admin/analytics-configs/update', { anonymize: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().analytics_config).toMatchObject({ user_id: user.id, opt_out: false, anonymize: true })
  })

  it('changes only the fields sent', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const created = (await as(headers).post('/admin/analytics-configs', { opt_out: false, anonymize: true })).json()
    const res = await as(headers).post('/admin/analytics-configs/update', { opt_out: true })
    const updated = res.json().analytics_config
    expect(updated).toMatchObject({ id: created.analytics_config.id, opt_out: true, anonymize: true })
    expect((await as(headers).get('/admin/analytics-configs')).json().analytics_config).toMatchObject({
      opt_out: true,
      anonymize: true,
    })
  })

  it('keeps one config when updates race', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const answers = await Promise.all(
      [true, false, true, false].map((anonymize) => as(headers).post('/admin/analytics-configs/update', { anonymize })),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200])
    expect(new Set(answers.map((res) => res.json().analytics_config.id)).size).toBe(1)
  })

  it('rejects a non-boolean, naming the field', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const res = await as(headers).post('/admin/analytics-configs/update', { opt_out: 1 })
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toContain('opt_out')
  })
})

describe('DELETE /admin/analytics-configs', () => {
  it('removes the config, after which the user can create one again', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    await as(headers).post('/admin/analytics-configs', { opt_out: true })
    const res = await as(headers).del('/admin/analytics-configs')
    expect(res.json()).toEqual({ user_id: user.id, object: 'analytics_config', deleted: true })
    expect((await as(headers).get('/admin/analytics-configs')).statusCode).toBe(404)
    expect((await as(headers).post('/admin/analytics-configs', { opt_out: false })).statusCode).toBe(200)
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
    const api = adminApi(flagOff, { headers })
    const res =
      method === 'GET'
        ? await api.get(url)
        : method === 'POST'
          ? await api.post(url, { opt_out: true })
          : await api.del(url)
    expect(res.statusCode).toBe(404)
  })
})
