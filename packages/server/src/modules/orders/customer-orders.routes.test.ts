import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { asCustomer } from '../../testing/factories/customers.js'
import { makeOrder } from '../../testing/factories/orders.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import type { OrderView } from './loader.js'

const ctx = useTestApp()

let seq = 0
const uniqueEmail = (label: string) => `${label}-${++seq}-${Date.now()}@example.com`

async function listMine(headers: Record<string, string>, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/store/customers/me/orders${query ? `?${query}` : ''}`, headers })
}

const idsOf = (res: { json(): { orders: { id: string }[] } }) => res.json().orders.map((o) => o.id)

describe('GET /store/customers/me/orders', () => {
  it("lists only the logged-in customer's orders, newest first, ten by default", async () => {
    // Arrange: two customers, twelve orders for one, one for the other
    const alice = await asCustomer(ctx.app.db, { email: uniqueEmail('alice') })
    const bob = await asCustomer(ctx.app.db, { email: uniqueEmail('bob') })
    const region = await makeRegion(ctx.app.db)
    const base = Date.now() - 60_000
    const aliceOrders = []
    for (let i = 0; i < 12; i++) {
      aliceOrders.push(
        await makeOrder(ctx.app.db, {
          customer_id: alice.customer.id,
          email: alice.customer.email,
          region_id: region.id,
          created_at: new Date(base + i * 1000),
        }),
      )
    }
    const bobOrder = await makeOrder(ctx.app.db, { customer_id: bob.customer.id, email: bob.customer.email })

    // Act
    const first = await listMine(alice.headers)
    const second = await listMine(alice.headers, 'offset=10')
    const bobs = await listMine(bob.headers)

    // Assert
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ count: 12, offset: 0, limit: 10 })
    const newestFirst = aliceOrders.map((o) => o.id).reverse()
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 10))
    expect(idsOf(second)).toEqual(newestFirst.slice(10))
    expect(second.json()).toMatchObject({ count: 12, offset: 10, limit: 10 })
    expect(idsOf(bobs)).toEqual([bobOrder.id])
    expect(idsOf(first)).not.toContain(bobOrder.id)
    // Bob cannot reach Alice's orders through the filters either.
    expect(idsOf(await listMine(bob.headers, `id=${aliceOrders[0].id}`))).toEqual([])
    expect(first.json().orders[0]).toMatchObject({ customer_id: alice.customer.id, total: 1000 })
    expect(first.json().orders[0].items).toHaveLength(1)
  })

  it('filters by status, number, dates and q, and selects fields', async () => {
    const { customer, headers } = await asCustomer(ctx.app.db, { email: uniqueEmail('carol') })
    const mine = { customer_id: customer.id, email: customer.email }
    const pending = await makeOrder(ctx.app.db, { ...mine, created_at: new Date('2024-01-10T00:00:00Z') })
    const canceled = await makeOrder(ctx.app.db, {
      ...mine,
      status: 'canceled',
      payment_status: 'canceled',
      canceled_at: new Date('2024-02-01T00:00:00Z'),
      created_at: new Date('2024-01-20T00:00:00Z'),
      shipping_address: { first_name: 'Zebedee' },
    })

    expect(idsOf(await listMine(headers, 'status[]=canceled'))).toEqual([canceled.id])
    expect(idsOf(await listMine(headers, 'status[]=pending&status[]=canceled'))).toEqual([canceled.id, pending.id])
    expect(idsOf(await listMine(headers, 'payment_status=awaiting'))).toEqual([pending.id])
    expect(idsOf(await listMine(headers, `display_id=${pending.display_id}`))).toEqual([pending.id])
    expect(idsOf(await listMine(headers, 'created_at[lt]=2024-01-15'))).toEqual([pending.id])
    expect(idsOf(await listMine(headers, 'canceled_at[gte]=2024-01-31'))).toEqual([canceled.id])
    expect(idsOf(await listMine(headers, 'q=zebedee'))).toEqual([canceled.id])
    expect(idsOf(await listMine(headers, `q=${pending.display_id}`))).toContain(pending.id)

    const picked = await listMine(headers, 'fields=status&expand=')
    expect(picked.json().orders[0]).toEqual({
      id: canceled.id,
      status: 'canceled',
      created_at: expect.any(String),
      subtotal: 1000,
      discount_total: 0,
      shipping_total: 0,
      item_tax_total: 0,
      shipping_tax_total: 0,
      tax_total: 0,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 1000,
      paid_total: 0,
      refunded_total: 0,
      refundable_amount: 0,
    })
  })

  it('needs a customer and rejects unknown parameters', async () => {
    const { headers } = await asCustomer(ctx.app.db, { email: uniqueEmail('dave') })

    const anonymous = await listMine({})
    const badOrder = await listMine(headers, 'order=-created_at')
    const badStatus = await listMine(headers, 'status=lost')
    const badLimit = await listMine(headers, 'limit=-1')

    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).toBe('Unauthorized')
    expect(badOrder.statusCode).toBe(400)
    expect(badOrder.json()).toEqual({ type: 'invalid_data', message: 'property order should not exist' })
    expect(badStatus.statusCode).toBe(400)
    expect(badLimit.statusCode).toBe(400)
    expect(badLimit.json().message).toMatch(/^limit /)
  })
})

/** Counts the statements sent to the driver (PGlite and the node-postgres pool alike). */
function countStatements(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const original = client.query
  let count = 0
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1
    return original.apply(this, args)
  }
  return {
    count: () => count,
    restore: () => {
      client.query = original
    },
  }
}

describe('query count', () => {
  it('reads a page of orders with every relation in the same number of statements, whatever its size', async () => {
    // Background outbox polling would add statements of its own.
    await ctx.app.events.stop()
    const few = await asCustomer(ctx.app.db, { email: uniqueEmail('few') })
    const many = await asCustomer(ctx.app.db, { email: uniqueEmail('many') })
    const product = await makeProduct(ctx.app.db)
    const shape = {
      items: [
        { unit_price: 1000, quantity: 1, tax_rate: 10, variant_id: product.variants[0].id },
        { unit_price: 500, quantity: 2, tax_rate: 10, variant_id: product.variants[0].id },
      ],
      shipping: [{ price: 500, tax_rate: 10 }],
      payments: [{ amount: 2750 }],
    }
    await makeOrder(ctx.app.db, { ...shape, customer_id: few.customer.id, email: few.customer.email })
    for (let i = 0; i < 10; i++) {
      await makeOrder(ctx.app.db, { ...shape, customer_id: many.customer.id, email: many.customer.email })
    }
    // A full page would add the count query; twenty leaves both pages short.
    const expand =
      'limit=20&expand=items,items.variant,shipping_methods,shipping_methods.shipping_option,payments,customer,region,shipping_address,billing_address'

    const counted = async (headers: Record<string, string>) => {
      const counter = countStatements(ctx.database)
      try {
        const res = await listMine(headers, expand)
        expect(res.statusCode).toBe(200)
        return { orders: res.json().orders as OrderView[], statements: counter.count() }
      } finally {
        counter.restore()
      }
    }
    const one = await counted(few.headers)
    const ten = await counted(many.headers)

    expect(one.orders).toHaveLength(1)
    expect(ten.orders).toHaveLength(10)
    expect(ten.statements).toBe(one.statements)
    // Every expanded relation is read, the customer without what only staff may see.
    const [order] = one.orders
    expect(order.items).toHaveLength(2)
    expect(order.items![0].variant).toMatchObject({ id: product.variants[0].id })
    expect(order.items![0].tax_lines).toMatchObject([{ rate: 10 }])
    expect(order.shipping_methods).toMatchObject([{ price: 500, tax_lines: [{ rate: 10 }] }])
    expect(order.payments).toMatchObject([{ amount: 2750 }])
    expect(order.customer).toMatchObject({ id: few.customer.id, email: few.customer.email })
    expect(order.customer).not.toHaveProperty('password_hash')
    expect(order.region).toMatchObject({ id: order.region_id })
    expect(order.shipping_address).toMatchObject({ address_1: '1 Order Lane' })
    expect(order.total).toBe(2750)
  })
})
