import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import { NotAllowed, NotFound } from '../../core/errors.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import {
  makeInventoryItem,
  makeInventoryLevel,
  makeStockLocation,
  stockVariant,
} from '../../testing/factories/inventory.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { useTestApp } from '../../testing/test-app.js'
import { variantAvailability } from './availability.js'
import { InsufficientInventory } from './errors.js'
import {
  fulfillLineReservations,
  releaseLineReservations,
  reserveLines,
  restockVariants,
  type ReservedLine,
} from './reservations.js'
import { inventoryLevel, reservationItem } from './schema.js'

/** The order-side services (reserve, cancel, fulfill, return) on a real database. */
const ctx = useTestApp()
const db = () => ctx.app.db

async function level(id: string) {
  const [row] = await db().select().from(inventoryLevel).where(eq(inventoryLevel.id, id))
  return row
}

async function liveReservations(lineIds: string[]) {
  const rows = await db().select().from(reservationItem)
  return rows.filter((row) => row.deleted_at === null && lineIds.includes(row.line_item_id ?? ''))
}

/** A channel with one location and a variant per stock figure, each with its own item there. */
async function warehouse(stock: number[], options: { allow_backorder?: boolean } = {}) {
  const channel = await makeSalesChannel(db())
  const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
  const product = await makeProduct(db(), {
    variants: stock.map(() => ({ allow_backorder: options.allow_backorder ?? false })),
  })
  const levels = []
  for (const [index, units] of stock.entries()) {
    levels.push((await stockVariant(db(), product.variants[index].id, location.id, units)).level)
  }
  const line = (index: number, quantity: number): ReservedLine => ({
    id: generateId('item'),
    variant_id: product.variants[index].id,
    quantity,
    variant: { manage_inventory: true, allow_backorder: options.allow_backorder ?? false },
  })
  return { channel, location, variants: product.variants, levels, line }
}

describe('reserveLines', () => {
  it('reserves every line or, when one does not fit, none', async () => {
    const { channel, levels, line } = await warehouse([5, 1])
    const lines = [line(0, 2), line(1, 2)]

    await expect(db().transaction((tx) => reserveLines(tx, lines, channel.id))).rejects.toBeInstanceOf(
      InsufficientInventory,
    )
    expect((await level(levels[0].id)).reserved_quantity).toBe(0)
    expect(await liveReservations(lines.map((l) => l.id))).toEqual([])

    const fitting = [line(0, 2), line(1, 1)]
    await db().transaction((tx) => reserveLines(tx, fitting, channel.id))
    expect((await level(levels[0].id)).reserved_quantity).toBe(2)
    expect((await level(levels[1].id)).reserved_quantity).toBe(1)
    expect(await liveReservations(fitting.map((l) => l.id))).toHaveLength(2)
  })

  it('takes required_quantity units per variant unit and counts whole sets as available', async () => {
    const channel = await makeSalesChannel(db())
    const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
    const product = await makeProduct(db(), { variants: [{}] })
    const variantId = product.variants[0].id
    const item = await makeInventoryItem(db(), { variant_id: variantId, required_quantity: 2 })
    const stock = await makeInventoryLevel(db(), item.id, location.id, { stocked_quantity: 7 })

    expect(await variantAvailability(db(), [variantId], channel.id)).toEqual(new Map([[variantId, 3]]))
    const pack = {
      id: generateId('item'),
      variant_id: variantId,
      quantity: 3,
      variant: { manage_inventory: true, allow_backorder: false },
    }
    await db().transaction((tx) => reserveLines(tx, [pack], channel.id))
    expect((await level(stock.id)).reserved_quantity).toBe(6)
    expect(await variantAvailability(db(), [variantId], channel.id)).toEqual(new Map([[variantId, 0]]))
  })

  it('leaves variants that do not manage inventory or have no item alone', async () => {
    const { channel, levels, line } = await warehouse([1])
    const untracked = await makeProduct(db(), { variants: [{}] })
    await db().transaction((tx) =>
      reserveLines(
        tx,
        [
          { ...line(0, 5), variant: { manage_inventory: false, allow_backorder: false } },
          { ...line(0, 1), variant_id: untracked.variants[0].id },
        ],
        channel.id,
      ),
    )
    expect((await level(levels[0].id)).reserved_quantity).toBe(0)
  })
})

describe('order-side services', () => {
  it('releases the reservations of canceled lines', async () => {
    const { channel, levels, line } = await warehouse([4, 4])
    const lines = [line(0, 3), line(1, 1)]
    await db().transaction((tx) => reserveLines(tx, lines, channel.id))

    await releaseLineReservations(
      db(),
      lines.map((l) => l.id),
    )
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 4, reserved_quantity: 0 })
    expect(await level(levels[1].id)).toMatchObject({ stocked_quantity: 4, reserved_quantity: 0 })
    expect(await liveReservations(lines.map((l) => l.id))).toEqual([])
  })

  it('turns reservations into stock decrements on fulfillment, in parts', async () => {
    const { channel, location, levels, line, variants } = await warehouse([10])
    const ordered = line(0, 4)
    await db().transaction((tx) => reserveLines(tx, [ordered], channel.id))

    await fulfillLineReservations(
      db(),
      [{ line_item_id: ordered.id, variant_id: variants[0].id, quantity: 1 }],
      location.id,
    )
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 9, reserved_quantity: 3 })
    expect((await liveReservations([ordered.id]))[0].quantity).toBe(3)

    const tooMany = fulfillLineReservations(db(), [
      { line_item_id: ordered.id, variant_id: variants[0].id, quantity: 5 },
    ])
    await expect(tooMany).rejects.toBeInstanceOf(NotAllowed)
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 9, reserved_quantity: 3 })

    await fulfillLineReservations(db(), [{ line_item_id: ordered.id, variant_id: variants[0].id, quantity: 3 }])
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 6, reserved_quantity: 0 })
    expect(await liveReservations([ordered.id])).toEqual([])
  })

  it('refuses to fulfill backordered units that are not in stock (stock never negative)', async () => {
    const { channel, levels, line, variants } = await warehouse([1], { allow_backorder: true })
    const ordered = line(0, 3)
    await db().transaction((tx) => reserveLines(tx, [ordered], channel.id))
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 1, reserved_quantity: 3 })

    const shipped = fulfillLineReservations(db(), [
      { line_item_id: ordered.id, variant_id: variants[0].id, quantity: 3 },
    ])
    await expect(shipped).rejects.toMatchObject({
      type: 'invalid_data',
      message: 'stocked_quantity is out of range',
    })
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 1, reserved_quantity: 3 })
  })

  it('restocks received returns at a location', async () => {
    const { location, levels, variants } = await warehouse([2])
    await restockVariants(db(), [{ variant_id: variants[0].id, quantity: 3 }], location.id)
    expect((await level(levels[0].id)).stocked_quantity).toBe(5)

    const nowhere = restockVariants(db(), [{ variant_id: variants[0].id, quantity: 1 }], 'sloc_missing')
    await expect(nowhere).rejects.toBeInstanceOf(NotFound)
    const unstocked = await makeStockLocation(db())
    await expect(
      restockVariants(db(), [{ variant_id: variants[0].id, quantity: 1 }], unstocked.id),
    ).rejects.toBeInstanceOf(NotFound)
  })
})

describe('check constraints', () => {
  it('refuse a reserved, stocked or incoming quantity below zero', async () => {
    const { levels } = await warehouse([1])
    for (const column of ['reserved_quantity', 'stocked_quantity', 'incoming_quantity']) {
      const update = db().execute(
        sql`UPDATE inventory_level SET ${sql.identifier(column)} = ${sql.identifier(column)} - 5 WHERE id = ${levels[0].id}`,
      )
      await expect(update).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) })
    }
    expect(await level(levels[0].id)).toMatchObject({ stocked_quantity: 1, reserved_quantity: 0, incoming_quantity: 0 })
  })

  it('refuse releasing more than a level holds: the service errors and nothing changes', async () => {
    const { channel, levels, line } = await warehouse([3])
    const ordered = line(0, 2)
    await db().transaction((tx) => reserveLines(tx, [ordered], channel.id))
    await db().update(inventoryLevel).set({ reserved_quantity: 1 }).where(eq(inventoryLevel.id, levels[0].id))

    await expect(releaseLineReservations(db(), [ordered.id])).rejects.toMatchObject({
      type: 'invalid_data',
      message: 'reserved_quantity is out of range',
    })
    expect((await level(levels[0].id)).reserved_quantity).toBe(1)
    expect(await liveReservations([ordered.id])).toHaveLength(1)
  })
})
