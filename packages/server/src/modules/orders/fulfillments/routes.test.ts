import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  installRecordingFulfillmentProvider,
  type RecordingFulfillmentProvider,
} from '../../../testing/factories/fulfillment.js'
import { generateId } from '../../../db/ids.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeShippingOption, makeShippingProfile } from '../../../testing/factories/shipping.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { lineItem, shippingMethod } from '../../carts/schema.js'
import { product } from '../../catalog/schema.js'
import { adminRequest, orderEvents } from '../admin/test-helpers.js'
import { fulfillment, order } from '../schema.js'

const ctx = useTestApp()
let request: ReturnType<typeof adminRequest>
let carrier: RecordingFulfillmentProvider
const db = () => ctx.app.db

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
  carrier = await installRecordingFulfillmentProvider(ctx.app, db())
})

const shippableOrder = (overrides: Parameters<typeof makeOrder>[1] = {}) =>
  makeOrder(db(), {
    items: [
      { title: 'Mug', unit_price: 1000, quantity: 3 },
      { title: 'Cup', unit_price: 500, quantity: 1 },
    ],
    shipping: [{ price: 500 }],
    shipping_provider_id: carrier.id,
    ...overrides,
  })

const linesOf = async (orderId: string) => {
  const rows = await db().select().from(lineItem).where(eq(lineItem.order_id, orderId))
  return Object.fromEntries(rows.map((row) => [row.title, row]))
}

describe('fulfilment, shipment and their cancellation', () => {
  it('walks an order through partial and full fulfilment and shipment, each line and status right', async () => {
    const made = await shippableOrder()
    const { Mug, Cup } = await linesOf(made.id)

    const first = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: Mug.id, quantity: 2 }],
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().order.fulfillment_status).toBe('partially_fulfilled')
    const [ful1] = first.json().order.fulfillments
    expect(ful1).toMatchObject({
      provider_id: carrier.id,
      items: [{ item_id: Mug.id, quantity: 2 }],
      data: { lines: 1 },
    })
    expect((await linesOf(made.id)).Mug.fulfilled_quantity).toBe(2)

    const more = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: Mug.id, quantity: 2 }],
    })
    expect(more.statusCode).toBe(400)
    expect(more.json().message).toContain('unfulfilled')

    const second = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [
        { item_id: Mug.id, quantity: 1 },
        { item_id: Cup.id, quantity: 1 },
      ],
    })
    expect(second.json().order.fulfillment_status).toBe('fulfilled')
    const ful2 = second.json().order.fulfillments[1]

    const shipped = await request('POST', `/admin/orders/${made.id}/shipment`, {
      fulfillment_id: ful1.id,
      tracking_numbers: ['TRK-1', 'TRK-2'],
    })
    expect(shipped.statusCode).toBe(200)
    expect(shipped.json().order.fulfillment_status).toBe('partially_shipped')
    const shippedFul = shipped.json().order.fulfillments.find((f: { id: string }) => f.id === ful1.id)
    expect(shippedFul.shipped_at).toBeTruthy()
    expect(shippedFul.tracking_numbers).toEqual(['TRK-1', 'TRK-2'])
    expect(shippedFul.tracking_links.map((l: { tracking_number: string }) => l.tracking_number).sort()).toEqual([
      'TRK-1',
      'TRK-2',
    ])
    expect(shippedFul.data.label).toBe('TRK-1+TRK-2')
    expect((await linesOf(made.id)).Mug.shipped_quantity).toBe(2)

    const cancelShipped = await request('POST', `/admin/orders/${made.id}/fulfillments/${ful1.id}/cancel`)
    expect(cancelShipped.statusCode).toBe(400)
    const cancelOrder = await request('POST', `/admin/orders/${made.id}/cancel`)
    expect(cancelOrder.statusCode).toBe(400)
    expect(cancelOrder.json().message).toContain('fulfillments must be canceled')

    const all = await request('POST', `/admin/orders/${made.id}/shipment`, { fulfillment_id: ful2.id })
    expect(all.json().order.fulfillment_status).toBe('shipped')
    const lines = await linesOf(made.id)
    expect([lines.Mug.shipped_quantity, lines.Cup.shipped_quantity]).toEqual([3, 1])
    const again = await request('POST', `/admin/orders/${made.id}/shipment`, { fulfillment_id: ful2.id })
    expect(again.statusCode).toBe(400)

    expect((await orderEvents(db(), made.id)).map((e) => e.name)).toEqual([
      'order.fulfillment_created',
      'order.fulfillment_created',
      'order.shipment_created',
      'order.shipment_created',
    ])
  })

  it('cancels an unshipped fulfilment, gives its units back, and refuses to ship it after', async () => {
    const made = await shippableOrder()
    const { Mug } = await linesOf(made.id)
    const created = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: Mug.id, quantity: 3 }],
      metadata: { box: 'large' },
    })
    const ful = created.json().order.fulfillments[0]
    expect(ful.metadata).toEqual({ box: 'large' })
    const canceled = await request('POST', `/admin/orders/${made.id}/fulfillments/${ful.id}/cancel`)
    expect(canceled.statusCode).toBe(200)
    expect(canceled.json().order.fulfillment_status).toBe('canceled')
    expect(canceled.json().order.fulfillments[0].canceled_at).toBeTruthy()
    expect((await linesOf(made.id)).Mug.fulfilled_quantity).toBe(0)

    const ship = await request('POST', `/admin/orders/${made.id}/shipment`, { fulfillment_id: ful.id })
    expect(ship.statusCode).toBe(400)
    expect(ship.json().message).toBe('Fulfillment has been canceled')
    expect((await request('POST', `/admin/orders/${made.id}/fulfillments/${ful.id}/cancel`)).statusCode).toBe(400)

    // Everything canceled: the order itself may now be canceled.
    expect((await request('POST', `/admin/orders/${made.id}/cancel`)).json().order.status).toBe('canceled')
    const afterCancel = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: Mug.id, quantity: 1 }],
    })
    expect(afterCancel.statusCode).toBe(400)
  })

  it("refuses lines of other orders, missing shipping methods, and another order's fulfilment", async () => {
    const made = await shippableOrder()
    const other = await shippableOrder()
    const { Mug: otherMug } = await linesOf(other.id)
    const foreign = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: otherMug.id, quantity: 1 }],
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toContain('items')

    const bare = await makeOrder(db())
    const [bareLine] = await db().select().from(lineItem).where(eq(lineItem.order_id, bare.id))
    const noMethod = await request('POST', `/admin/orders/${bare.id}/fulfillment`, {
      items: [{ item_id: bareLine.id, quantity: 1 }],
    })
    expect(noMethod.statusCode).toBe(400)
    expect(noMethod.json().message).toBe('Cannot fulfill an order that lacks shipping methods')

    const otherFul = (
      await request('POST', `/admin/orders/${other.id}/fulfillment`, { items: [{ item_id: otherMug.id, quantity: 1 }] })
    ).json().order.fulfillments[0]
    const wrong = await request('POST', `/admin/orders/${made.id}/fulfillments/${otherFul.id}/cancel`)
    expect(wrong.statusCode).toBe(404)
    const wrongShip = await request('POST', `/admin/orders/${made.id}/shipment`, { fulfillment_id: otherFul.id })
    expect(wrongShip.statusCode).toBe(404)

    const badBodies = [
      { items: [] },
      { items: [{ item_id: otherMug.id, quantity: 0 }] },
      { items: [{ item_id: otherMug.id }] },
      { items: [{ item_id: otherMug.id, quantity: 1 }], location_id: 'sloc_missing' },
    ]
    for (const body of badBodies) {
      const res = await request('POST', `/admin/orders/${other.id}/fulfillment`, body)
      expect([400, 404]).toContain(res.statusCode)
    }
  })

  it('leaves the order exactly as it was when the provider refuses a fulfilment, a shipment or a cancellation', async () => {
    const made = await shippableOrder()
    const { Mug } = await linesOf(made.id)
    const state = async () => ({
      row: (await db().select().from(order).where(eq(order.id, made.id)))[0],
      lines: await linesOf(made.id),
      fulfillments: await db().select().from(fulfillment).where(eq(fulfillment.order_id, made.id)),
      events: await orderEvents(db(), made.id),
    })
    const before = await state()
    carrier.failNext('createFulfillment')
    const refused = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: Mug.id, quantity: 1 }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('carrier refused')
    expect(await state()).toEqual(before)

    const ful = (
      await request('POST', `/admin/orders/${made.id}/fulfillment`, { items: [{ item_id: Mug.id, quantity: 1 }] })
    ).json().order.fulfillments[0]
    const created = await state()
    carrier.failNext('createShipment')
    expect((await request('POST', `/admin/orders/${made.id}/shipment`, { fulfillment_id: ful.id })).statusCode).toBe(
      400,
    )
    expect(await state()).toEqual(created)
    carrier.failNext('cancelFulfillment')
    expect((await request('POST', `/admin/orders/${made.id}/fulfillments/${ful.id}/cancel`)).statusCode).toBe(400)
    expect(await state()).toEqual(created)
  })
})

describe('a fulfilment split by shipping profile', () => {
  it('books one fulfilment per shipping method, each with the lines of its profile (v1)', async () => {
    const made = await makeOrder(db(), { items: [] })
    const bulky = await makeShippingProfile(db(), { name: 'Bulky' })
    const small = await makeShippingProfile(db(), { name: 'Small' })
    const sofa = await makeProduct(db(), { title: 'Sofa' })
    const lamp = await makeProduct(db(), { title: 'Lamp' })
    await db().update(product).set({ profile_id: bulky.id }).where(eq(product.id, sofa.id))
    await db().update(product).set({ profile_id: small.id }).where(eq(product.id, lamp.id))
    const lines = [
      { title: 'Sofa', variant_id: sofa.variants[0].id, quantity: 1 },
      { title: 'Lamp', variant_id: lamp.variants[0].id, quantity: 2 },
      { title: 'Gift note', variant_id: null, quantity: 1 },
    ]
    for (const [index, line] of lines.entries()) {
      await db()
        .insert(lineItem)
        .values({
          id: generateId('item'),
          order_id: made.id,
          unit_price: 100,
          has_shipping: true,
          created_at: new Date(Date.now() + index),
          ...line,
        })
    }
    const methods = []
    for (const profile of [small, bulky]) {
      const option = await makeShippingOption(db(), made.region_id, { profile_id: profile.id, provider_id: carrier.id })
      const id = generateId('sm')
      await db().insert(shippingMethod).values({ id, shipping_option_id: option.id, order_id: made.id, price: 0 })
      methods.push(id)
    }
    const { Sofa, Lamp } = await linesOf(made.id)
    const note = (await linesOf(made.id))['Gift note']
    const res = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [
        { item_id: Sofa.id, quantity: 1 },
        { item_id: Lamp.id, quantity: 2 },
        { item_id: note.id, quantity: 1 },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().order.fulfillment_status).toBe('fulfilled')
    const items = res
      .json()
      .order.fulfillments.map((f: { items: { item_id: string }[] }) => f.items.map((i) => i.item_id).sort())
    // The first method (the small profile's) takes the lamp and the custom line; the other, the sofa.
    expect(items.sort((a: string[], b: string[]) => b.length - a.length)).toEqual([
      [Lamp.id, note.id].sort(),
      [Sofa.id],
    ])
    const events = (await orderEvents(db(), made.id)).filter((e) => e.name === 'order.fulfillment_created')
    expect(events).toHaveLength(2)
  })
})
