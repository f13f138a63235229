import { describe, expect, it } from 'vitest'
import { CUSTOMER_PASSWORD, makeCustomer } from '../../testing/factories/customers.js'
import { makeOrder } from '../../testing/factories/orders.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { CUSTOMER_ORDERS_LIMIT } from './customer-orders.js'

const ctx = useTestApp()

const sessionOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'connect.sid')
  expect(cookie).toBeDefined()
  return { 'connect.sid': cookie!.value }
}

const idsOf = (orders: { id: string }[]) => orders.map((o) => o.id)

describe('customer orders on /store/auth', () => {
  it('answers the login and the session read with their own orders and items, newest first', async () => {
    // Arrange: two orders for the shopper, one for somebody else
    const db = ctx.app.db
    const shopper = await makeCustomer(db)
    const other = await makeCustomer(db)
    const region = await makeRegion(db)
    const mine = { customer_id: shopper.id, email: shopper.email, region_id: region.id }
    const older = await makeOrder(db, { ...mine, created_at: new Date(Date.now() - 60_000) })
    const newer = await makeOrder(db, {
      ...mine,
      items: [
        { title: 'Mug', unit_price: 1500, quantity: 2 },
        { title: 'Tee', unit_price: 2000, quantity: 1 },
      ],
    })
    const theirs = await makeOrder(db, { customer_id: other.id, email: other.email, region_id: region.id })

    // Act
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: shopper.email, password: CUSTOMER_PASSWORD },
    })
    const me = await ctx.app.inject({ method: 'GET', url: '/store/auth', cookies: sessionOf(login) })

    // Assert
    for (const res of [login, me]) {
      expect(res.statusCode).toBe(200)
      const { orders } = res.json().customer
      expect(idsOf(orders)).toEqual([newer.id, older.id])
      expect(idsOf(orders)).not.toContain(theirs.id)
      expect(orders[0]).toMatchObject({
        customer_id: shopper.id,
        display_id: newer.display_id,
        status: 'pending',
        currency_code: 'usd',
        total: 5000,
        created_at: expect.any(String),
      })
      expect(orders[0].items.map((item: { title: string }) => item.title).sort()).toEqual(['Mug', 'Tee'])
      expect(orders[0].items.find((item: { title: string }) => item.title === 'Mug')).toMatchObject({
        unit_price: 1500,
        quantity: 2,
        order_id: newer.id,
      })
      expect(orders[1].items).toHaveLength(1)
    }
  })

  it(`answers with the ${CUSTOMER_ORDERS_LIMIT} most recent orders only`, async () => {
    const db = ctx.app.db
    const shopper = await makeCustomer(db)
    const region = await makeRegion(db)
    const base = Date.now() - 3_600_000
    const placed = []
    for (let i = 0; i <= CUSTOMER_ORDERS_LIMIT; i++) {
      placed.push(
        await makeOrder(db, {
          customer_id: shopper.id,
          email: shopper.email,
          region_id: region.id,
          created_at: new Date(base + i * 1000),
        }),
      )
    }

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: shopper.email, password: CUSTOMER_PASSWORD },
    })

    expect(login.statusCode).toBe(200)
    const newestFirst = placed.map((o) => o.id).reverse()
    expect(idsOf(login.json().customer.orders)).toEqual(newestFirst.slice(0, CUSTOMER_ORDERS_LIMIT))
  })
})

describe('customer orders on admin customer reads', () => {
  it('answers orders by default, their items when expanded, each customer with their own', async () => {
    const db = ctx.app.db
    const { headers } = await asAdmin(db)
    const first = await makeCustomer(db)
    const second = await makeCustomer(db)
    const firstOrder = await makeOrder(db, { customer_id: first.id, email: first.email })
    const secondOrder = await makeOrder(db, { customer_id: second.id, email: second.email })

    const read = await ctx.app.inject({ method: 'GET', url: `/admin/customers/${first.id}`, headers })
    const expanded = await ctx.app.inject({
      method: 'GET',
      url: `/admin/customers/${first.id}?expand=orders,orders.items`,
      headers,
    })
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/admin/customers?expand=orders&q=${encodeURIComponent('shopper-')}&limit=200`,
      headers,
    })

    expect(read.statusCode).toBe(200)
    expect(idsOf(read.json().customer.orders)).toEqual([firstOrder.id])
    expect(read.json().customer.orders[0]).toMatchObject({ total: 1000 })
    expect(read.json().customer.orders[0]).not.toHaveProperty('items')
    expect(expanded.json().customer.orders[0].items).toHaveLength(1)
    expect(list.statusCode).toBe(200)
    const byId = new Map(list.json().customers.map((c: { id: string; orders: { id: string }[] }) => [c.id, c.orders]))
    expect(idsOf(byId.get(first.id) as { id: string }[])).toEqual([firstOrder.id])
    expect(idsOf(byId.get(second.id) as { id: string }[])).toEqual([secondOrder.id])
  })
})
