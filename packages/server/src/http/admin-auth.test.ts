import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app.js'

const ctx = useTestApp()

/** The only admin routes anyone may call without logging in (reference/conventions.md §4.1). */
const PUBLIC_ADMIN_ROUTES = [
  'POST /admin/auth',
  'POST /admin/auth/token',
  'POST /admin/users/password-token',
  'POST /admin/users/reset-password',
  'POST /admin/invites/accept',
]

const fill = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => `unknown_${name}`)

describe('admin route protection', () => {
  it('declares exactly the v1 public routes as public', () => {
    const open = ctx.app.routeList
      .filter((route) => route.url.startsWith('/admin') && !route.auth)
      .map((route) => `${route.method} ${route.url}`)
      .sort()
    expect(open).toEqual([...PUBLIC_ADMIN_ROUTES].sort())
  })

  it('answers 401 on every other /admin route without credentials', async () => {
    const protectedRoutes = ctx.app.routeList.filter((route) => route.url.startsWith('/admin') && route.auth)
    expect(protectedRoutes.length).toBeGreaterThan(10)
    for (const route of protectedRoutes) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      })
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      })
    }
  })

  it('rejects a customer-domain bearer token on /admin', async () => {
    const { signToken } = await import('../core/tokens.js')
    const token = await signToken({ customer_id: 'cus_1', domain: 'store' }, ctx.app.config.jwtSecret, '1h')
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(401)
  })
})
