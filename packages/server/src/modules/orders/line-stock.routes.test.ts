import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { makeStockLocation, stockVariant } from '../../testing/factories/inventory.js'
import { asAdmin } from '../../testing/factories/users.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { lineItem } from '../carts/schema.js'
import { inventoryLevel, reservationItem } from '../inventory/schema.js'
import { adminRequest } from './admin/test-helpers.js'
import { claimOrder, order, orderReturn, swap } from './schema.js'
import { checkoutSwapCart, swappableOrder } from './swaps/test-helpers.js'

/**
 * Stock of the lines an order gains after checkout (line-stock.ts), with the inventory module on:
 * claim replacements, swap additional items and order edit lines are reserved at the order's sales
 * channel's location, given back on cancel, and refused when short. Parallel requests run on
 * separate connections on PostgreSQL (TEST_DATABASE_URL).
 */
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, inventoryService: true } })
const db = () => ctx.app.db
let request: ReturnType<typeof adminRequest>

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
})

/** A swappable order sold through a channel whose one warehouse holds `stock` of the dearer variant. */
async function stockedOrder(stock: number) {
  const setup = await swappableOrder(db())
  const channel = await makeSalesChannel(db())
  const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
  await db().update(order).set({ sales_channel_id: channel.id }).where(eq(order.id, setup.order.id))
  const { level } = await stockVariant(db(), setup.dear, location.id, stock)
  return { ...setup, channel, location, level }
}

const levelOf = async (id: string) => (await db().select().from(inventoryLevel).where(eq(inventoryLevel.id, id)))[0]
const liveReservations = (lineId: string) =>
  db()
    .select()
    .from(reservationItem)
    .where(and(eq(reservationItem.line_item_id, lineId), isNull(reservationItem.deleted_at)))

type Setup = Awaited<ReturnType<typeof stockedOrder>>

const swapBody = (setup: Setup, extra: object = {}) => ({
  return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
  additional_items: [{ variant_id: setup.dear, quantity: 1 }],
  custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
  ...extra,
})

const claimBody = (setup: Setup) => ({
  type: 'replace',
  claim_items: [{ item_id: setup.shirt.id, quantity: 1, reason: 'production_failure' }],
  additional_items: [{ variant_id: setup.dear, quantity: 1 }],
  shipping_methods: [{ option_id: setup.option.id, price: 0 }],
})

describe('swap additional items', () => {
  it('are reserved when the swap is made, once, and released when it is canceled', async () => {
    const setup = await stockedOrder(3)
    const res = await request('POST', `/admin/orders/${setup.order.id}/swaps`, swapBody(setup))
    expect(res.statusCode, res.body).toBe(200)
    const [made] = res.json().order.swaps
    const [line] = await db().select().from(lineItem).where(eq(lineItem.swap_id, made.id))
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 3, reserved_quantity: 1 })
    expect(await liveReservations(line.id)).toEqual([
      expect.objectContaining({ quantity: 1, location_id: setup.location.id }),
    ])

    // The cart's completion finds them held and holds nothing more.
    expect((await checkoutSwapCart(ctx.app, made.cart_id)).status).toBe(200)
    expect((await levelOf(setup.level.id)).reserved_quantity).toBe(1)

    const [ret] = await db().select().from(orderReturn).where(eq(orderReturn.swap_id, made.id))
    expect((await request('POST', `/admin/returns/${ret.id}/cancel`)).statusCode).toBe(200)
    const canceled = await request('POST', `/admin/orders/${setup.order.id}/swaps/${made.id}/cancel`)
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 3, reserved_quantity: 0 })
    expect(await liveReservations(line.id)).toEqual([])
  })

  it('short of stock: refused with allow_backorder false, backordered by default (v1 allow_backorder=true)', async () => {
    const setup = await stockedOrder(0)
    const refused = await request(
      'POST',
      `/admin/orders/${setup.order.id}/swaps`,
      swapBody(setup, { allow_backorder: false }),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ type: 'not_allowed', code: 'insufficient_inventory' })
    expect(refused.json().message).toMatch(/^additional_items: Variant with id: variant_\w+ does not have/)
    expect(await db().select().from(swap).where(eq(swap.order_id, setup.order.id))).toEqual([])
    expect(await db().select().from(orderReturn).where(eq(orderReturn.order_id, setup.order.id))).toEqual([])
    expect((await levelOf(setup.level.id)).reserved_quantity).toBe(0)

    const backordered = await request('POST', `/admin/orders/${setup.order.id}/swaps`, swapBody(setup))
    expect(backordered.statusCode, backordered.body).toBe(200)
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 0, reserved_quantity: 1 })
  })
})

describe('claim replacement items', () => {
  it('are reserved, refused when short, and leave the stock at fulfilment', async () => {
    const setup = await stockedOrder(1)
    const first = await request('POST', `/admin/orders/${setup.order.id}/claims`, claimBody(setup))
    expect(first.statusCode, first.body).toBe(200)
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 1, reserved_quantity: 1 })

    const second = await request('POST', `/admin/orders/${setup.order.id}/claims`, claimBody(setup))
    expect(second.statusCode).toBe(400)
    expect(second.json().type).toBe('not_allowed')
    expect(second.json().message).toMatch(/^additional_items: /)
    expect(await db().select().from(claimOrder).where(eq(claimOrder.order_id, setup.order.id))).toHaveLength(1)

    const [claim] = first.json().order.claims
    const fulfilled = await request('POST', `/admin/orders/${setup.order.id}/claims/${claim.id}/fulfillments`, {
      location_id: setup.location.id,
    })
    expect(fulfilled.statusCode, fulfilled.body).toBe(200)
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 0, reserved_quantity: 0 })
  })

  it('are released when the claim is canceled', async () => {
    const setup = await stockedOrder(2)
    const made = await request('POST', `/admin/orders/${setup.order.id}/claims`, claimBody(setup))
    expect(made.statusCode, made.body).toBe(200)
    expect((await levelOf(setup.level.id)).reserved_quantity).toBe(1)
    const [claim] = made.json().order.claims
    const canceled = await request('POST', `/admin/orders/${setup.order.id}/claims/${claim.id}/cancel`)
    expect(canceled.statusCode, canceled.body).toBe(200)
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 2, reserved_quantity: 0 })
  })

  it('two claims for the last unit at once: one is made, one refused', async () => {
    const setup = await stockedOrder(1)
    const other = await swappableOrder(db())
    await db().update(order).set({ sales_channel_id: setup.channel.id }).where(eq(order.id, other.order.id))
    const answers = await Promise.all([
      request('POST', `/admin/orders/${setup.order.id}/claims`, claimBody(setup)),
      request('POST', `/admin/orders/${other.order.id}/claims`, {
        ...claimBody(setup),
        claim_items: [{ item_id: other.shirt.id, quantity: 1, reason: 'production_failure' }],
        shipping_methods: [{ option_id: other.option.id, price: 0 }],
      }),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400])
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 1, reserved_quantity: 1 })
    const claims = await db().select().from(claimOrder)
    expect(claims.filter((row) => [setup.order.id, other.order.id].includes(row.order_id))).toHaveLength(1)
  })
})

describe('order edit lines', () => {
  const edit = async (orderId: string) => {
    const res = await request('POST', '/admin/order-edits', { order_id: orderId })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().order_edit
  }

  it('added lines are reserved on confirm, refused when short, and lowered ones give units back', async () => {
    const setup = await stockedOrder(2)
    const adding = await edit(setup.order.id)
    await request('POST', `/admin/order-edits/${adding.id}/items`, { variant_id: setup.dear, quantity: 2 })
    const confirmed = await request('POST', `/admin/order-edits/${adding.id}/confirm`)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const [added] = await db()
      .select()
      .from(lineItem)
      .where(and(eq(lineItem.order_id, setup.order.id), eq(lineItem.variant_id, setup.dear)))
    expect(await liveReservations(added.id)).toEqual([expect.objectContaining({ quantity: 2 })])
    expect((await levelOf(setup.level.id)).reserved_quantity).toBe(2)

    const short = await edit(setup.order.id)
    await request('POST', `/admin/order-edits/${short.id}/items`, { variant_id: setup.dear, quantity: 1 })
    const refused = await request('POST', `/admin/order-edits/${short.id}/confirm`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/^items: /)
    expect((await request('GET', `/admin/order-edits/${short.id}`)).json().order_edit.status).toBe('created')
    expect((await levelOf(setup.level.id)).reserved_quantity).toBe(2)
    expect((await request('POST', `/admin/order-edits/${short.id}/cancel`)).statusCode).toBe(200)

    // Lowered from 2 to 1: the reservation follows the edit's copy of the line, one unit lighter.
    const lowering = await edit(setup.order.id)
    const copy = lowering.items.find((item: { original_item_id: string }) => item.original_item_id === added.id)
    await request('POST', `/admin/order-edits/${lowering.id}/items/${copy.id}`, { quantity: 1 })
    const lowered = await request('POST', `/admin/order-edits/${lowering.id}/confirm`)
    expect(lowered.statusCode, lowered.body).toBe(200)
    expect(await liveReservations(added.id)).toEqual([])
    expect(await liveReservations(copy.id)).toEqual([expect.objectContaining({ quantity: 1 })])
    expect(await levelOf(setup.level.id)).toMatchObject({ stocked_quantity: 2, reserved_quantity: 1 })
  })
})
