import { describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../../../config.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'

const ctx = useTestApp({ featureFlags: { order_editing: false } as FeatureFlags })

describe('order_editing off', () => {
  it('answers the order-edit routes 404, after the admin login check', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const admin = await ctx.app.inject({ method: 'GET', url: '/admin/order-edits', headers })
    expect(admin.statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/order-edits' })).statusCode).toBe(401)
    const store = await ctx.app.inject({ method: 'POST', url: '/store/order-edits/oe_x/complete' })
    expect(store.statusCode).toBe(404)
  })
})
