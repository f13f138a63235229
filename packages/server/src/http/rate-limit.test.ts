import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../testing/test-app.js'

const ctx = useTestApp({ authRateLimit: 3 })

/** A fresh app over the test database, so that each test starts with empty counters. */
async function withApp(config: Parameters<typeof buildTestApp>[1], run: (app: FastifyInstance) => Promise<void>) {
  const app = await buildTestApp(ctx.database, config)
  try {
    await run(app)
  } finally {
    await app.close()
  }
}

/** A wrong login, each with an email of its own so that no account's own limit plays a part. */
function guess(app: FastifyInstance, url: string, i: number, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers,
    payload: { email: `guess-${i}@example.com`, password: 'wrong-password' },
  })
}

describe('rate limiting on auth routes', () => {
  it('answers 429 once a client exceeds the limit, on login and password routes alike', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await guess(ctx.app, '/admin/auth', i)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    const limited = await guess(ctx.app, '/admin/auth', 5)
    expect(limited.json()).toMatchObject({ type: 'not_allowed' })
    expect(limited.json().message).toMatch(/rate limit/i)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('counts both admin login routes against one budget', async () => {
    await withApp({ authRateLimit: 3 }, async (app) => {
      const urls = ['/admin/auth', '/admin/auth/token', '/admin/auth', '/admin/auth/token', '/admin/auth']
      const statuses: number[] = []
      for (const [i, url] of urls.entries()) statuses.push((await guess(app, url, i)).statusCode)
      expect(statuses).toEqual([401, 401, 401, 429, 429])
    })
  })

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const forwarded = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` })
    await withApp({ authRateLimit: 30 }, async (app) => {
      const statuses: number[] = []
      for (let i = 0; i < 60; i++) statuses.push((await guess(app, '/admin/auth', i, forwarded(i))).statusCode)
      expect(statuses).toEqual([...Array(30).fill(401), ...Array(30).fill(429)])
    })
    // Behind a trusted proxy (here the test's own address), each forwarded client has its budget.
    await withApp({ authRateLimit: 30, trustProxy: '127.0.0.1' }, async (app) => {
      const statuses: number[] = []
      for (let i = 0; i < 60; i++) statuses.push((await guess(app, '/admin/auth', i, forwarded(i))).statusCode)
      expect(statuses).toEqual(Array(60).fill(401))
      const sameClient: number[] = []
      for (let i = 0; i < 31; i++)
        sameClient.push((await guess(app, '/admin/auth', i, { 'x-forwarded-for': '198.51.100.7' })).statusCode)
      expect(sameClient.slice(-2)).toEqual([401, 429])
    })
  })

  it('does not limit ordinary routes', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/health' })
      expect(res.statusCode).toBe(200)
    }
  })
})
