import { and, eq, inArray, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeInventoryLevel, makeStockLocation, stockVariant } from '../../testing/factories/inventory.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { lineItem } from '../carts/schema.js'
import { order } from '../orders/schema.js'
import { ensureStore } from '../store/service.js'
import { inventoryLevel, reservationItem } from './schema.js'

/**
 * Checkout with the `inventoryService` flag on: line items are checked against what the cart's
 * sales channel has available, and completion reserves the units, all or nothing.
 */
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, inventoryService: true } })
const db = () => ctx.app.db

let region: RegionFixture
let seq = 0

beforeAll(async () => {
  await ensureStore(db())
  region = await makeRegion(db(), { countries: [await freeCountry(db())], payment_providers: ['manual'] })
  await makeShippingOption(db(), region.id, { amount: 500 })
})

async function post(url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object })
  return { status: res.statusCode, body: res.json() }
}

/** A channel with one warehouse, and a product sold there whose variants hold the given stock. */
async function shop(stock: number[], options: { allow_backorder?: boolean } = {}) {
  const channel = await makeSalesChannel(db())
  const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
  const product = await makeProduct(db(), {
    sales_channel_ids: [channel.id],
    variants: stock.map(() => ({
      inventory_quantity: 0,
      allow_backorder: options.allow_backorder ?? false,
      prices: [{ amount: 1000, region_id: region.id }],
    })),
  })
  const levels = []
  for (const [index, units] of stock.entries()) {
    levels.push((await stockVariant(db(), product.variants[index].id, location.id, units)).level)
  }
  return { channel, location, variants: product.variants, levels }
}

/** A cart in the channel with the lines, addressed, shipped and with a manual payment session. */
async function readyCart(channelId: string, lines: { variant_id: string; quantity: number }[]): Promise<string> {
  const created = await post('/store/carts', { region_id: region.id, sales_channel_id: channelId })
  expect(created.status).toBe(200)
  const id: string = created.body.cart.id
  for (const line of lines) expect((await post(`/store/carts/${id}/line-items`, line)).status).toBe(200)
  const addressed = await post(`/store/carts/${id}`, {
    email: `stock-${++seq}@example.com`,
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_1: '1 Analytical Row',
      city: 'Capital',
      postal_code: '1234',
      country_code: region.countries[0].iso_2,
    },
  })
  expect(addressed.status).toBe(200)
  const options = await ctx.app.inject({ method: 'GET', url: `/store/shipping-options/${id}` })
  const optionId = options.json().shipping_options[0].id
  expect((await post(`/store/carts/${id}/shipping-methods`, { option_id: optionId })).status).toBe(200)
  expect((await post(`/store/carts/${id}/payment-sessions`)).status).toBe(200)
  expect((await post(`/store/carts/${id}/payment-session`, { provider_id: 'manual' })).status).toBe(200)
  return id
}

async function levelOf(id: string) {
  const [row] = await db().select().from(inventoryLevel).where(eq(inventoryLevel.id, id))
  return row
}

async function reservationsOfCart(cartId: string) {
  const lines = await db().select({ id: lineItem.id }).from(lineItem).where(eq(lineItem.cart_id, cartId))
  if (lines.length === 0) return []
  return db()
    .select()
    .from(reservationItem)
    .where(
      and(
        inArray(
          reservationItem.line_item_id,
          lines.map((line) => line.id),
        ),
        isNull(reservationItem.deleted_at),
      ),
    )
}

describe('adding to the cart', { timeout: 60_000 }, () => {
  it('checks what the channel has available, not what other channels stock', async () => {
    const { channel, variants, levels } = await shop([3])
    // Stock at a location the channel does not sell from does not count.
    const elsewhere = await makeStockLocation(db())
    await makeInventoryLevel(db(), levels[0].inventory_item_id, elsewhere.id, { stocked_quantity: 100 })
    await db().update(inventoryLevel).set({ reserved_quantity: 1 }).where(eq(inventoryLevel.id, levels[0].id))
    const cart = await post('/store/carts', { region_id: region.id, sales_channel_id: channel.id })
    const id = cart.body.cart.id

    const tooMany = await post(`/store/carts/${id}/line-items`, { variant_id: variants[0].id, quantity: 3 })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toMatchObject({ type: 'not_allowed', code: 'insufficient_inventory' })
    expect(tooMany.body.message).toContain(variants[0].id)

    const fits = await post(`/store/carts/${id}/line-items`, { variant_id: variants[0].id, quantity: 2 })
    expect(fits.status).toBe(200)
    const lineId = fits.body.cart.items[0].id
    const more = await post(`/store/carts/${id}/line-items/${lineId}`, { quantity: 3 })
    expect(more.status).toBe(400)
    expect(more.body.code).toBe('insufficient_inventory')
    expect((await post(`/store/carts/${id}/line-items/${lineId}`, { quantity: 1 })).status).toBe(200)
  })

  it('lets backorderable variants go beyond the stock', async () => {
    const { channel, variants } = await shop([1], { allow_backorder: true })
    const cart = await post('/store/carts', { region_id: region.id, sales_channel_id: channel.id })
    const added = await post(`/store/carts/${cart.body.cart.id}/line-items`, {
      variant_id: variants[0].id,
      quantity: 4,
    })
    expect(added.status).toBe(200)
  })
})

// Each cart is prepared through the API (seven requests): slow on PGlite on a busy machine.
describe('completing the cart', { timeout: 120_000 }, () => {
  it('reserves the ordered units for the order lines at the channel location', async () => {
    const { channel, location, variants, levels } = await shop([5, 5])
    const cartId = await readyCart(channel.id, [
      { variant_id: variants[0].id, quantity: 2 },
      { variant_id: variants[1].id, quantity: 1 },
    ])

    const placed = await post(`/store/carts/${cartId}/complete`)
    expect(placed.status).toBe(200)
    expect(placed.body.type).toBe('order')

    const reservations = await reservationsOfCart(cartId)
    expect(reservations.map((row) => [row.inventory_item_id, row.location_id, row.quantity]).sort()).toEqual(
      [
        [levels[0].inventory_item_id, location.id, 2],
        [levels[1].inventory_item_id, location.id, 1],
      ].sort(),
    )
    const lines = await db().select().from(lineItem).where(eq(lineItem.cart_id, cartId))
    expect(lines.every((line) => line.order_id === placed.body.data.id)).toBe(true)
    expect((await levelOf(levels[0].id)).reserved_quantity).toBe(2)
    expect((await levelOf(levels[0].id)).stocked_quantity).toBe(5)
    expect((await levelOf(levels[1].id)).reserved_quantity).toBe(1)
  })

  it('reserves nothing of a multi-item cart when one item ran out, and answers 409', async () => {
    const { channel, variants, levels } = await shop([10, 1])
    const cartId = await readyCart(channel.id, [
      { variant_id: variants[0].id, quantity: 3 },
      { variant_id: variants[1].id, quantity: 1 },
    ])
    // Another shopper takes the last unit of the second item first.
    const rival = await readyCart(channel.id, [{ variant_id: variants[1].id, quantity: 1 }])
    expect((await post(`/store/carts/${rival}/complete`)).status).toBe(200)

    const refused = await post(`/store/carts/${cartId}/complete`)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      errors: [
        {
          message: `Variant with id: ${variants[1].id} does not have the required inventory`,
          type: 'not_allowed',
          code: 'insufficient_inventory',
        },
      ],
    })
    expect(await reservationsOfCart(cartId)).toEqual([])
    expect((await levelOf(levels[0].id)).reserved_quantity).toBe(0)
    expect((await levelOf(levels[1].id)).reserved_quantity).toBe(1)
    expect(await db().select().from(order).where(eq(order.cart_id, cartId))).toEqual([])
  })

  it('takes the next location of the channel when the first cannot hold the order', async () => {
    const { channel, variants, levels } = await shop([1])
    const second = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
    const secondLevel = await makeInventoryLevel(db(), levels[0].inventory_item_id, second.id, { stocked_quantity: 4 })
    const cartId = await readyCart(channel.id, [{ variant_id: variants[0].id, quantity: 3 }])

    expect((await post(`/store/carts/${cartId}/complete`)).status).toBe(200)
    const [reservation] = await reservationsOfCart(cartId)
    expect(reservation.location_id).toBe(second.id)
    expect((await levelOf(secondLevel.id)).reserved_quantity).toBe(3)
    expect((await levelOf(levels[0].id)).reserved_quantity).toBe(0)
  })

  it('reserves backorderable units beyond the stock', async () => {
    const { channel, variants, levels } = await shop([1], { allow_backorder: true })
    const cartId = await readyCart(channel.id, [{ variant_id: variants[0].id, quantity: 3 }])
    expect((await post(`/store/carts/${cartId}/complete`)).status).toBe(200)
    expect(await levelOf(levels[0].id)).toMatchObject({ stocked_quantity: 1, reserved_quantity: 3 })
  })

  it('sells 3 units to exactly 3 of 10 carts completing at once', async () => {
    const { channel, variants, levels } = await shop([3])
    const carts = []
    for (let i = 0; i < 10; i++) carts.push(await readyCart(channel.id, [{ variant_id: variants[0].id, quantity: 1 }]))

    const answers = await Promise.all(carts.map((id) => post(`/store/carts/${id}/complete`)))

    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(3)
    expect(statuses.filter((status) => status === 409)).toHaveLength(7)
    expect(await levelOf(levels[0].id)).toMatchObject({ stocked_quantity: 3, reserved_quantity: 3 })
    expect(await db().select().from(order).where(inArray(order.cart_id, carts))).toHaveLength(3)
  })
})
