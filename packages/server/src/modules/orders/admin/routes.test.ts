import { beforeAll, describe, expect, it } from 'vitest'
import { makeGuestCustomer } from '../../../testing/factories/customers.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeShippingOption } from '../../../testing/factories/shipping.js'
import { makeTaxRate } from '../../../testing/factories/tax.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { adminRequest, orderEvents } from './test-helpers.js'

const ctx = useTestApp()
let request: ReturnType<typeof adminRequest>
const db = () => ctx.app.db

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
})

const idsOf = (res: { json(): { orders: { id: string }[] } }) => res.json().orders.map((o) => o.id)

describe('GET /admin/orders', () => {
  it('filters by every column of the reference, q, and dates, and sorts by declared columns', async () => {
    const region = await makeRegion(db(), { currency_code: 'eur' })
    const channel = await makeSalesChannel(db())
    const tag = `flt${Date.now()}`
    const a = await makeOrder(db(), {
      email: `${tag}-anna@example.com`,
      region_id: region.id,
      currency_code: 'eur',
      created_at: new Date('2024-03-01T00:00:00Z'),
      shipping_address: { first_name: `Quentin${tag}`, last_name: 'Blake' },
      sales_channel_id: channel.id,
      tax_rate: 12.5,
    })
    const b = await makeOrder(db(), {
      email: `${tag}-bert@example.com`,
      status: 'canceled',
      payment_status: 'canceled',
      fulfillment_status: 'canceled',
      canceled_at: new Date('2024-03-05T00:00:00Z'),
      created_at: new Date('2024-03-02T00:00:00Z'),
      shipping_address: { first_name: 'Rita', last_name: `Skeeter${tag}` },
    })

    const list = (query: string) => request('GET', `/admin/orders?${query}&q=${tag}`)
    expect(idsOf(await list(''))).toEqual([b.id, a.id])
    expect(idsOf(await list('order=created_at'))).toEqual([a.id, b.id])
    expect(idsOf(await list('order=-display_id'))).toEqual([b.id, a.id])
    expect(idsOf(await list('status[]=canceled'))).toEqual([b.id])
    expect(idsOf(await list('status[]=canceled&status[]=pending'))).toEqual([b.id, a.id])
    expect(idsOf(await list('fulfillment_status[]=not_fulfilled'))).toEqual([a.id])
    expect(idsOf(await list('payment_status[]=awaiting'))).toEqual([a.id])
    expect(idsOf(await list(`display_id=${a.display_id}`))).toEqual([a.id])
    expect(idsOf(await list(`customer_id=${b.customer_id}`))).toEqual([b.id])
    expect(idsOf(await list(`email=${tag.toUpperCase()}-ANNA@example.com`))).toEqual([a.id])
    expect(idsOf(await list(`region_id[]=${region.id}`))).toEqual([a.id])
    expect(idsOf(await list('currency_code=EUR'))).toEqual([a.id])
    expect(idsOf(await list('tax_rate=12.5'))).toEqual([a.id])
    expect(idsOf(await list(`sales_channel_id[]=${channel.id}`))).toEqual([a.id])
    expect(idsOf(await list('created_at[lt]=2024-03-01T12:00:00Z'))).toEqual([a.id])
    expect(idsOf(await list('canceled_at[gte]=2024-03-04'))).toEqual([b.id])
    expect(idsOf(await list('updated_at[gt]=2000-01-01'))).toHaveLength(2)
    expect(idsOf(await list(`id=${b.id}`))).toEqual([b.id])
    // q reaches the shipping address's first and last names and the display id.
    expect(idsOf(await request('GET', `/admin/orders?q=quentin${tag}`))).toEqual([a.id])
    expect(idsOf(await request('GET', `/admin/orders?q=skeeter${tag}`))).toEqual([b.id])
    expect(idsOf(await request('GET', `/admin/orders?q=${b.display_id}`))).toContain(b.id)
  })

  it('answers the default fields, relations and totals, and only the asked fields without totals', async () => {
    const made = await makeOrder(db(), {
      items: [{ unit_price: 1000, quantity: 2, tax_rate: 10 }],
      shipping: [{ price: 500 }],
      payments: [{ amount: 2700 }],
    })
    const full = (await request('GET', `/admin/orders?id=${made.id}`)).json().orders[0]
    expect(full).toMatchObject({
      id: made.id,
      subtotal: 2000,
      tax_total: 200,
      shipping_total: 500,
      total: 2700,
      paid_total: 2700,
      refunded_total: 0,
      refundable_amount: 2700,
      fulfillments: [],
      refunds: [],
      returns: [],
      swaps: [],
      claims: [],
    })
    expect(full.items).toHaveLength(1)
    expect(full.shipping_address.first_name).toBe('Ord')
    expect(full.customer.id).toBe(made.customer_id)
    expect(full.payments).toHaveLength(1)

    const lean = (await request('GET', `/admin/orders?id=${made.id}&fields=email,display_id&expand=`)).json().orders[0]
    expect(lean).toEqual({ id: made.id, email: made.email, display_id: made.display_id })
    const withTotal = (await request('GET', `/admin/orders/${made.id}?fields=total&expand=items`)).json().order
    expect(withTotal).toMatchObject({ id: made.id, total: 2700 })
    expect(withTotal.subtotal).toBeUndefined()
    expect(withTotal.items[0].quantity).toBe(2)
  })

  it('refuses unknown filters, fields, relations and sort columns with a 400 naming them', async () => {
    const bad = await Promise.all([
      request('GET', '/admin/orders?order=email'),
      request('GET', '/admin/orders?fields=password'),
      request('GET', '/admin/orders?expand=secrets'),
      request('GET', '/admin/orders?status[]=lost'),
      request('GET', '/admin/orders?colour=red'),
      request('GET', '/admin/orders?created_at[lt]=not-a-date'),
    ])
    for (const res of bad) expect(res.statusCode).toBe(400)
    expect(bad[0].json().message).toContain('email')
    expect(bad[1].json().message).toContain('password')
    expect(bad[2].json().message).toContain('secrets')
  })

  it('reads a page in the same number of statements whatever its size', async () => {
    await ctx.app.events.stop()
    const channel = await makeSalesChannel(db())
    const email = `page-${Date.now()}@example.com`
    const guest = await makeGuestCustomer(db(), { email })
    const shape = {
      items: [{ unit_price: 1000, quantity: 1, tax_rate: 10 }],
      shipping: [{ price: 500 }],
      payments: [{ amount: 1600 }],
      sales_channel_id: channel.id,
      email,
      customer_id: guest.id,
    }
    for (let i = 0; i < 12; i++) await makeOrder(db(), shape)
    const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client
    const counted = async (limit: number) => {
      const original = client.query
      let count = 0
      client.query = function (this: unknown, ...args: unknown[]) {
        count += 1
        return original.apply(this, args)
      }
      try {
        const res = await request('GET', `/admin/orders?email=${shape.email}&limit=${limit}`)
        expect(res.statusCode).toBe(200)
        expect(res.json().orders).toHaveLength(limit)
        return count
      } finally {
        client.query = original
      }
    }
    const one = await counted(1)
    const ten = await counted(10)
    expect(ten).toBe(one)
    // The page, its count, the order context and the fulfilments/refunds/channels: a fixed few.
    expect(ten).toBeLessThanOrEqual(8)
    ctx.app.events.start()
  })
})

describe('GET and POST /admin/orders/:id', () => {
  it('answers 404 for an unknown order', async () => {
    const res = await request('GET', '/admin/orders/order_missing')
    expect(res.statusCode).toBe(404)
    expect(res.json().type).toBe('not_found')
  })

  it('updates e-mail, addresses, no_notification and metadata, with an order.updated event', async () => {
    const made = await makeOrder(db())
    const res = await request('POST', `/admin/orders/${made.id}`, {
      email: 'changed@example.com',
      shipping_address: { first_name: 'Nora', city: 'Oslo' },
      billing_address: { first_name: 'Bill', country_code: 'DK' },
      no_notification: true,
      metadata: { gift: true },
    })
    expect(res.statusCode).toBe(200)
    const { order } = res.json()
    expect(order).toMatchObject({ email: 'changed@example.com', no_notification: true, metadata: { gift: true } })
    expect(order.shipping_address).toMatchObject({ first_name: 'Nora', city: 'Oslo', last_name: 'Er' })
    expect(order.billing_address).toMatchObject({ first_name: 'Bill', country_code: 'dk' })
    expect((await orderEvents(db(), made.id)).map((e) => e.name)).toEqual(['order.updated'])

    const bad = await request('POST', `/admin/orders/${made.id}`, { email: 'not-an-email' })
    expect(bad.statusCode).toBe(400)
    const statusField = await request('POST', `/admin/orders/${made.id}`, { status: 'completed' })
    expect(statusField.statusCode).toBe(400)
  })

  it('refuses an unknown expand on a change before changing anything', async () => {
    const made = await makeOrder(db())
    const res = await request('POST', `/admin/orders/${made.id}/complete?expand=secrets`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('secrets')
    const after = (await request('GET', `/admin/orders/${made.id}`)).json().order
    expect(after.status).toBe('pending')
    expect(await orderEvents(db(), made.id)).toEqual([])
  })

  it('refuses to update a canceled order', async () => {
    const made = await makeOrder(db(), { status: 'canceled' })
    const res = await request('POST', `/admin/orders/${made.id}`, { email: 'x@example.com' })
    expect(res.statusCode).toBe(400)
    expect(res.json().type).toBe('not_allowed')
  })
})

describe('complete and archive', () => {
  it('completes, then archives, each with its event', async () => {
    const made = await makeOrder(db())
    const archivedEarly = await request('POST', `/admin/orders/${made.id}/archive`)
    expect(archivedEarly.statusCode).toBe(400)
    expect(archivedEarly.json().message).toBe("Can't archive an unprocessed order")

    const completed = await request('POST', `/admin/orders/${made.id}/complete`)
    expect(completed.statusCode).toBe(200)
    expect(completed.json().order.status).toBe('completed')
    const archived = await request('POST', `/admin/orders/${made.id}/archive`)
    expect(archived.json().order.status).toBe('archived')
    expect((await orderEvents(db(), made.id)).map((e) => e.name)).toEqual(['order.completed', 'order.updated'])
  })

  it('refuses to complete a canceled order', async () => {
    const made = await makeOrder(db(), { status: 'canceled' })
    const res = await request('POST', `/admin/orders/${made.id}/complete`)
    expect(res.statusCode).toBe(400)
  })
})

describe('POST /admin/orders/:id/shipping-methods', () => {
  it("adds a method of the region's option at the given price, and refuses another region's", async () => {
    const made = await makeOrder(db())
    const option = await makeShippingOption(db(), made.region_id)
    const res = await request('POST', `/admin/orders/${made.id}/shipping-methods`, { option_id: option.id, price: 750 })
    expect(res.statusCode).toBe(200)
    expect(res.json().order.shipping_methods).toMatchObject([{ shipping_option_id: option.id, price: 750 }])
    expect(res.json().order.shipping_total).toBe(750)

    const elsewhere = await makeShippingOption(db(), (await makeRegion(db())).id)
    const refused = await request('POST', `/admin/orders/${made.id}/shipping-methods`, {
      option_id: elsewhere.id,
      price: 1,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('option_id')
    const missing = await request('POST', `/admin/orders/${made.id}/shipping-methods`, {
      option_id: 'so_nope',
      price: 1,
    })
    expect(missing.statusCode).toBe(404)
    const negative = await request('POST', `/admin/orders/${made.id}/shipping-methods`, {
      option_id: option.id,
      price: -1,
    })
    expect(negative.statusCode).toBe(400)
  })

  it("writes the method's tax lines: the option's rates, else the region's, as a cart's", async () => {
    const region = await makeRegion(db(), { tax_rate: 20 })
    const made = await makeOrder(db(), { region_id: region.id })
    const plain = await makeShippingOption(db(), region.id)
    const first = await request('POST', `/admin/orders/${made.id}/shipping-methods`, {
      option_id: plain.id,
      price: 1000,
    })
    expect(first.statusCode, first.body).toBe(200)
    const [method] = first.json().order.shipping_methods
    expect(method.tax_lines).toMatchObject([{ rate: 20, name: 'default', code: 'default' }])
    expect(first.json().order.shipping_tax_total).toBe(200)

    const special = await makeShippingOption(db(), region.id)
    await makeTaxRate(db(), {
      region_id: region.id,
      rate: 5,
      code: 'SHIP5',
      name: 'Reduced',
      shipping_options: [special.id],
    })
    const second = await request('POST', `/admin/orders/${made.id}/shipping-methods`, {
      option_id: special.id,
      price: 1000,
    })
    const added = second
      .json()
      .order.shipping_methods.find((m: { shipping_option_id: string }) => m.shipping_option_id === special.id)
    expect(added.tax_lines).toMatchObject([{ rate: 5, code: 'SHIP5', name: 'Reduced' }])
    expect(second.json().order.shipping_tax_total).toBe(250)
  })
})

describe('reservations without the inventory module', () => {
  it('answers a 400 naming the missing module', async () => {
    const made = await makeOrder(db())
    const res = await request('GET', `/admin/orders/${made.id}/reservations`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('Inventory is not enabled')
  })
})
