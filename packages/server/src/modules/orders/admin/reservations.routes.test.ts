import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeStockLocation, stockVariant } from '../../../testing/factories/inventory.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { testConfig, useTestApp } from '../../../testing/test-app.js'
import { lineItem } from '../../carts/schema.js'
import { inventoryLevel, reservationItem } from '../../inventory/schema.js'
import { adminRequest } from './test-helpers.js'

/** Orders with the inventory module: reservations, fulfilment out of them, release on cancel. */
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, inventoryService: true } })
let request: ReturnType<typeof adminRequest>
const db = () => ctx.app.db

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
})

async function stockedOrder(stocked: number, quantity: number) {
  const channel = await makeSalesChannel(db())
  const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
  const product = await makeProduct(db(), { sales_channel_ids: [channel.id] })
  const variant = product.variants[0]
  const { level } = await stockVariant(db(), variant.id, location.id, stocked)
  const made = await makeOrder(db(), {
    items: [{ variant_id: variant.id, quantity }],
    shipping: [{ price: 100 }],
    sales_channel_id: channel.id,
  })
  const [line] = await db().select().from(lineItem).where(eq(lineItem.order_id, made.id))
  const levelNow = async () => (await db().select().from(inventoryLevel).where(eq(inventoryLevel.id, level.id)))[0]
  return { made, line, location, levelNow }
}

describe('order reservations', () => {
  it('reserves a line, lists it, fulfils out of it at a location, and refuses a second reservation', async () => {
    const { made, line, location, levelNow } = await stockedOrder(10, 3)
    const reserved = await request('POST', `/admin/orders/${made.id}/line-items/${line.id}/reserve`, {})
    expect(reserved.statusCode).toBe(200)
    expect(reserved.json().reservation).toMatchObject({ line_item_id: line.id, quantity: 3, location_id: location.id })
    expect((await levelNow()).reserved_quantity).toBe(3)
    expect((await request('POST', `/admin/orders/${made.id}/line-items/${line.id}/reserve`, {})).statusCode).toBe(400)
    const withBody = await request('POST', `/admin/orders/${made.id}/line-items/${line.id}/reserve`, { quantity: 1 })
    expect(withBody.statusCode).toBe(400)

    const listed = await request('GET', `/admin/orders/${made.id}/reservations`)
    expect(listed.json()).toMatchObject({ count: 1, offset: 0, limit: 20 })
    expect(listed.json().reservations[0].line_item_id).toBe(line.id)

    const fulfilled = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: line.id, quantity: 2 }],
      location_id: location.id,
    })
    expect(fulfilled.statusCode).toBe(200)
    expect(fulfilled.json().order.fulfillments[0].location_id).toBe(location.id)
    expect(await levelNow()).toMatchObject({ stocked_quantity: 8, reserved_quantity: 1 })

    // Canceling the fulfilment restocks its location; canceling the order releases what is left.
    const ful = fulfilled.json().order.fulfillments[0]
    await request('POST', `/admin/orders/${made.id}/fulfillments/${ful.id}/cancel`)
    expect(await levelNow()).toMatchObject({ stocked_quantity: 10, reserved_quantity: 1 })
    expect((await request('POST', `/admin/orders/${made.id}/cancel`)).statusCode).toBe(200)
    expect((await levelNow()).reserved_quantity).toBe(0)
    const live = await db()
      .select()
      .from(reservationItem)
      .where(and(eq(reservationItem.line_item_id, line.id), isNull(reservationItem.deleted_at)))
    expect(live).toEqual([])
  })

  it('answers 404 for a line of another order and a line without a variant', async () => {
    const { made } = await stockedOrder(5, 1)
    const other = await makeOrder(db())
    const [otherLine] = await db().select().from(lineItem).where(eq(lineItem.order_id, other.id))
    expect((await request('POST', `/admin/orders/${made.id}/line-items/${otherLine.id}/reserve`, {})).statusCode).toBe(
      404,
    )
    expect((await request('POST', `/admin/orders/${other.id}/line-items/${otherLine.id}/reserve`, {})).statusCode).toBe(
      404,
    )
    expect((await request('GET', '/admin/orders/order_missing/reservations')).statusCode).toBe(404)
  })

  it('takes the stock of a line without a reservation from the location it is fulfilled at', async () => {
    const { made, line, location, levelNow } = await stockedOrder(10, 3)
    const fulfilled = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: line.id, quantity: 2 }],
      location_id: location.id,
    })
    expect(fulfilled.statusCode, fulfilled.body).toBe(200)
    expect(await levelNow()).toMatchObject({ stocked_quantity: 8, reserved_quantity: 0 })
    // Cancelling the fulfilment gives the units back there.
    const [ful] = fulfilled.json().order.fulfillments
    expect((await request('POST', `/admin/orders/${made.id}/fulfillments/${ful.id}/cancel`)).statusCode).toBe(200)
    expect(await levelNow()).toMatchObject({ stocked_quantity: 10, reserved_quantity: 0 })
  })

  it('refuses to fulfil more unreserved units than the location stocks, changing nothing', async () => {
    const { made, line, location, levelNow } = await stockedOrder(1, 3)
    const refused = await request('POST', `/admin/orders/${made.id}/fulfillment`, {
      items: [{ item_id: line.id, quantity: 3 }],
      location_id: location.id,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().type).toBe('invalid_data')
    expect(await levelNow()).toMatchObject({ stocked_quantity: 1, reserved_quantity: 0 })
    const [after] = await db().select().from(lineItem).where(eq(lineItem.id, line.id))
    expect(after.fulfilled_quantity ?? 0).toBe(0)
  })
})
