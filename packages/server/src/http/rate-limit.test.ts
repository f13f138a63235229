import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app.js'

const ctx = useTestApp({ authRateLimit: 3 })

describe('rate limiting on auth routes', () => {
  it('answers 429 once a client exceeds the limit, on login and password routes alike', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/admin/auth',
        payload: { email: 'a@example.com', password: 'wrong-password' },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    const limited = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: 'a@example.com', password: 'x' },
    })
    expect(limited.json()).toMatchObject({ type: 'not_allowed' })
    expect(limited.json().message).toMatch(/rate limit/i)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it('does not limit ordinary routes', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/health' })
      expect(res.statusCode).toBe(200)
    }
  })
})
