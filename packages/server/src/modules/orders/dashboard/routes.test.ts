import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../db/raw-rows.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { adminApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'

const ctx = useTestApp()
const { get } = adminApi(ctx)
const DAY = 24 * 60 * 60 * 1000
const date = (at: Date) => at.toISOString().slice(0, 10)
/** Noon (UTC) `days` days ago: far from a day's edges whenever the test runs. */
const daysAgo = (days: number) => {
  const at = new Date(Date.now() - days * DAY)
  at.setUTCHours(12, 0, 0, 0)
  return at
}

describe('GET /admin/dashboard', () => {
  let shirt: Awaited<ReturnType<typeof makeProduct>>
  let mug: Awaited<ReturnType<typeof makeProduct>>
  const today = new Date()

  beforeAll(async () => {
    const db = ctx.app.db
    shirt = await makeProduct(db, { title: 'Shirt' })
    mug = await makeProduct(db, { title: 'Mug' })
    const shirtLine = (quantity: number) => ({ variant_id: shirt.variants[0]!.id, quantity, unit_price: 1000 })
    const mugLine = (quantity: number) => ({ variant_id: mug.variants[0]!.id, quantity, unit_price: 500 })
    // Today: two usd orders (one fulfilled), live figures.
    await makeOrder(db, { items: [shirtLine(2)], payments: [{ amount: 2000 }] })
    await makeOrder(db, { items: [mugLine(1)], payments: [{ amount: 500 }], fulfillment_status: 'fulfilled' })
    // Three days ago: one usd order paid in two payments, and a canceled one that does not count.
    await makeOrder(db, {
      created_at: daysAgo(3),
      items: [shirtLine(1), mugLine(4)],
      payments: [{ amount: 1000 }, { amount: 2000 }],
    })
    await makeOrder(db, {
      created_at: daysAgo(3),
      items: [shirtLine(9)],
      payments: [{ amount: 9000 }],
      status: 'canceled',
    })
    // Ten days ago: an eur order and a free usd one without payment.
    await makeOrder(db, {
      created_at: daysAgo(10),
      currency_code: 'eur',
      items: [mugLine(3)],
      payments: [{ amount: 1500 }],
    })
    await makeOrder(db, {
      created_at: daysAgo(10),
      items: [mugLine(1)],
      status: 'completed',
      fulfillment_status: 'shipped',
    })
    // Forty days ago: outside the default 30 days, inside 90.
    await makeOrder(db, { created_at: daysAgo(40), items: [shirtLine(10)], payments: [{ amount: 10000 }] })
  })

  it('answers the 30 days ending today: totals, every day per currency, top products, orders to fulfil', async () => {
    const res = await get('/admin/dashboard')
    expect(res.statusCode).toBe(200)
    const { dashboard } = res.json()
    expect(dashboard).toMatchObject({ period: '30d', from: date(daysAgo(29)), to: date(today) })
    expect(dashboard.totals).toEqual([
      { currency_code: 'eur', orders: 1, sales: 1500, average_order_value: 1500 },
      { currency_code: 'usd', orders: 4, sales: 5500, average_order_value: 1375 },
    ])
    expect(dashboard.days).toHaveLength(60)
    const usd = dashboard.days.filter((day: { currency_code: string }) => day.currency_code === 'usd')
    expect(usd.map((day: { date: string }) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => date(daysAgo(29 - i))),
    )
    expect(usd.at(-1)).toEqual({ date: date(today), currency_code: 'usd', orders: 2, sales: 2500 })
    expect(usd.at(-4)).toEqual({ date: date(daysAgo(3)), currency_code: 'usd', orders: 1, sales: 3000 })
    expect(usd.at(-11)).toEqual({ date: date(daysAgo(10)), currency_code: 'usd', orders: 1, sales: 0 })
    expect(usd.at(-2)).toEqual({ date: date(daysAgo(1)), currency_code: 'usd', orders: 0, sales: 0 })
    expect(dashboard.top_products).toEqual([
      { product_id: mug.id, title: 'Mug', thumbnail: null, quantity: 9 },
      { product_id: shirt.id, title: 'Shirt', thumbnail: null, quantity: 3 },
    ])
    // Open and not fulfilled: today's first, the 3-day-old, the eur and the 40-day-old orders.
    expect(dashboard.orders_to_fulfil.count).toBe(4)
    expect(dashboard.orders_to_fulfil.more).toBe(false)
    expect(dashboard.orders_to_fulfil.orders.map((o: { created_at: string }) => date(new Date(o.created_at)))).toEqual(
      [daysAgo(40), daysAgo(10), daysAgo(3), today].map(date),
    )
  })

  it('tallies closed days once and reads them afterwards; today stays live', async () => {
    await get('/admin/dashboard?period=90d')
    const tallied = rowsOf<{ days: number }>(
      await ctx.app.db.execute(sql`SELECT count(*)::int AS days FROM dashboard_day`),
    )[0]!
    // 89 closed days of the 90-day period (the 30-day read tallied 29 of them already).
    expect(tallied.days).toBe(89)
    await makeOrder(ctx.app.db, { items: [{ quantity: 1 }], payments: [{ amount: 700 }] })
    const { dashboard } = (await get('/admin/dashboard?period=90d')).json()
    expect(dashboard.totals).toContainEqual({
      currency_code: 'usd',
      orders: 6,
      sales: 16200,
      average_order_value: 2700,
    })
    expect(dashboard.top_products[0]).toMatchObject({ product_id: shirt.id, quantity: 13 })
  })

  it('reads 7 and 365 days too', async () => {
    const week = (await get('/admin/dashboard?period=7d')).json().dashboard
    expect(week.from).toBe(date(daysAgo(6)))
    expect(week.totals).toEqual([{ currency_code: 'usd', orders: 4, sales: 6200, average_order_value: 1550 }])
    const year = (await get('/admin/dashboard?period=365d')).json().dashboard
    expect(year.days).toHaveLength(2 * 365)
  })

  it.each(['1y', '', '30', '30d,7d'])('refuses period=%j naming the field', async (period) => {
    const res = await get(`/admin/dashboard?period=${period}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('period') })
  })

  it('refuses an unknown parameter', async () => {
    const res = await get('/admin/dashboard?periods=7d')
    expect(res.statusCode).toBe(400)
    expect(res.error().message).toContain('periods')
  })

  it('needs an admin', async () => {
    const res = await get('/admin/dashboard', { auth: false })
    expect(res.statusCode).toBe(401)
  })
})
