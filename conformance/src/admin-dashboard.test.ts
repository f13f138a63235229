// The admin home's figures (an Emporium extension, not in Medusa v1), called through medusa-js
// 6.1.10's `custom` methods against the real server, as a shop on medusa-js would call it.
import { describe, expect, it } from 'vitest'
import { makeOrder } from '../../packages/server/src/testing/factories/orders.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectRefusal } from './support/shapes.js'

const server = liveServerForFile('admin-dashboard')
const admin = () => server.admin.admin
const MY_PREFIXES = ['/admin/dashboard']

describe('dashboard', () => {
  it("answers the period's figures with today's orders counted", async () => {
    await makeOrder(server.database.db, { payments: [{ amount: 2500 }] })
    const { dashboard } = await admin().custom.get('/dashboard?period=7d')
    expect(dashboard).toMatchObject({ period: '7d', orders_to_fulfil: { count: 1, more: false } })
    expect(dashboard.totals).toEqual([{ currency_code: 'usd', orders: 1, sales: 2500, average_order_value: 2500 }])
    expect(dashboard.days).toHaveLength(7)
    await expectRefusal(admin().custom.get('/dashboard?period=1y'), 400, 'invalid_data')
  })

  it('called every route it owns', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
