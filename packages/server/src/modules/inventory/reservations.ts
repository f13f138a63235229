import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { generateId } from '../../db/ids.js'
import { fromPgError } from '../../core/pg-errors.js'
import { mergeMetadata, mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  listAnswer,
  type ListAnswer,
  orderBy,
  parseExpand,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import {
  inventoryPaging,
  type AdminGetReservationsParams,
  type AdminPostReservationsReq,
  type AdminPostReservationsReservationReq,
} from './contract.js'
import { InsufficientInventory } from './errors.js'
import { requireInventoryItem } from './items.js'
import { requireLocation } from './locations.js'
import { inventoryLevel, productVariantInventoryItem, reservationItem, salesChannelStockLocation } from './schema.js'
import { store } from '../store/schema.js'

type ReservationRow = typeof reservationItem.$inferSelect

/**
 * Reservations hold units of an item at a location; each one is counted in its level's
 * reserved_quantity. Every change of a level is one conditional UPDATE (no read-then-write), and
 * the CHECK constraints of the migration keep quantities from going below zero whatever happens.
 */

const liveReservation = (id: string) => and(eq(reservationItem.id, id), isNull(reservationItem.deleted_at))
const levelAt = (itemId: string, locationId: string) =>
  and(
    eq(inventoryLevel.inventory_item_id, itemId),
    eq(inventoryLevel.location_id, locationId),
    isNull(inventoryLevel.deleted_at),
  )

/** Adds units to a level's reserved quantity when they are available; false when they are not. */
async function reserveAt(db: Db, itemId: string, locationId: string, units: number, backorder: boolean) {
  const taken = await db
    .update(inventoryLevel)
    .set({ reserved_quantity: sql`${inventoryLevel.reserved_quantity} + ${units}`, updated_at: new Date() })
    .where(
      and(
        levelAt(itemId, locationId),
        backorder
          ? undefined
          : sql`${inventoryLevel.stocked_quantity} - ${inventoryLevel.reserved_quantity} >= ${units}`,
      ),
    )
    .returning({ id: inventoryLevel.id })
  return taken.length > 0
}

/**
 * Moves units out of a level's reserved quantity (negative `units` give them back), optionally
 * taking them off the stock too. The CHECK constraints refuse a level driven below zero (400).
 */
async function adjustLevel(db: Db, itemId: string, locationId: string, change: { reserved: number; stocked: number }) {
  let updated: { id: string }[]
  try {
    updated = await db
      .update(inventoryLevel)
      .set({
        reserved_quantity: sql`${inventoryLevel.reserved_quantity} + ${change.reserved}`,
        stocked_quantity: sql`${inventoryLevel.stocked_quantity} + ${change.stocked}`,
        updated_at: new Date(),
      })
      .where(levelAt(itemId, locationId))
      .returning({ id: inventoryLevel.id })
  } catch (error) {
    // A CHECK constraint refused a quantity below zero: the typed 400 naming it, from services too.
    throw fromPgError(error) ?? error
  }
  if (updated.length === 0) throw NotFound.entity('InventoryLevel', locationId, 'location_id')
}

// --- Admin CRUD --------------------------------------------------------------------------------

function quantityConditions(value: AdminGetReservationsParams['quantity']): SQL[] {
  if (value === undefined) return []
  if (typeof value === 'number') return [eq(reservationItem.quantity, value)]
  return [
    value.lt !== undefined ? lt(reservationItem.quantity, value.lt) : undefined,
    value.gt !== undefined ? gt(reservationItem.quantity, value.gt) : undefined,
    value.lte !== undefined ? lte(reservationItem.quantity, value.lte) : undefined,
    value.gte !== undefined ? gte(reservationItem.quantity, value.gte) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined)
}

const SORTABLE = sortableColumns({
  created_at: reservationItem.created_at,
  updated_at: reservationItem.updated_at,
  quantity: reservationItem.quantity,
})

export async function listReservations(
  db: Db,
  query: AdminGetReservationsParams,
): Promise<ListAnswer<'reservations', ReservationRow>> {
  const within = (column: AnyPgColumn, value: string | string[] | undefined) => {
    const list = toList(value)
    return list ? inArray(column, list) : undefined
  }
  // Reservations have no relations to expand.
  parseExpand(query.expand, [], [])
  const where = whereAll([
    isNull(reservationItem.deleted_at),
    within(reservationItem.location_id, query.location_id),
    within(reservationItem.inventory_item_id, query.inventory_item_id),
    within(reservationItem.line_item_id, query.line_item_id),
    within(reservationItem.created_by, query.created_by),
    ...quantityConditions(query.quantity),
    query.description !== undefined ? eq(reservationItem.description, query.description) : undefined,
    ...dateConditions(reservationItem.created_at, query.created_at, 'created_at'),
    ...dateConditions(reservationItem.updated_at, query.updated_at, 'updated_at'),
  ])
  const page = inventoryPaging.page(query)
  const [rows, [{ value }]] = await Promise.all([
    db
      .select()
      .from(reservationItem)
      .where(where)
      .orderBy(...orderBy(query.order, SORTABLE, 'created_at', reservationItem.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(reservationItem).where(where),
  ])
  return listAnswer('reservations', rows, value, page)
}

export async function retrieveReservation(db: Db, id: string): Promise<ReservationRow> {
  const [row] = await db.select().from(reservationItem).where(liveReservation(id)).limit(1)
  if (!row) throw NotFound.entity('ReservationItem', id)
  return row
}

function insufficientAt(itemId: string, locationId: string, units: number): NotAllowed {
  return new NotAllowed(
    `quantity: ${units} units of inventory_item_id ${itemId} are not available at location_id ${locationId}`,
    'insufficient_inventory',
  )
}

/** An admin reservation: only units that are available can be reserved (400 otherwise). */
export async function createReservation(
  db: Db,
  input: AdminPostReservationsReq,
  createdBy: string | null,
): Promise<ReservationRow> {
  return db.transaction(async (tx) => {
    await requireInventoryItem(tx, input.inventory_item_id, 'inventory_item_id')
    await requireLocation(tx, input.location_id, 'location_id')
    const [level] = await tx
      .select({ id: inventoryLevel.id })
      .from(inventoryLevel)
      .where(levelAt(input.inventory_item_id, input.location_id))
    if (!level) {
      throw new InvalidData(
        `location_id: inventory_item_id ${input.inventory_item_id} is not stocked at location_id ${input.location_id}`,
      )
    }
    if (!(await reserveAt(tx, input.inventory_item_id, input.location_id, input.quantity, false))) {
      throw insufficientAt(input.inventory_item_id, input.location_id, input.quantity)
    }
    const [row] = await tx
      .insert(reservationItem)
      .values({
        id: generateId('resitem'),
        inventory_item_id: input.inventory_item_id,
        location_id: input.location_id,
        quantity: input.quantity,
        line_item_id: input.line_item_id ?? null,
        description: input.description ?? null,
        created_by: createdBy,
        metadata: mergeMetadata(null, input.metadata) ?? null,
      })
      .returning()
    return row
  })
}

/** A new quantity or location moves the held units: released where they were, taken where they go. */
export async function updateReservation(
  db: Db,
  id: string,
  input: AdminPostReservationsReservationReq,
): Promise<ReservationRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(reservationItem).where(liveReservation(id)).for('update')
    if (!current) throw NotFound.entity('ReservationItem', id)
    const locationId = input.location_id ?? current.location_id
    const quantity = input.quantity ?? current.quantity
    if (locationId !== current.location_id) await requireLocation(tx, locationId, 'location_id')
    if (locationId !== current.location_id || quantity !== current.quantity) {
      await adjustLevel(tx, current.inventory_item_id, current.location_id, { reserved: -current.quantity, stocked: 0 })
      if (!(await reserveAt(tx, current.inventory_item_id, locationId, quantity, false))) {
        throw insufficientAt(current.inventory_item_id, locationId, quantity)
      }
    }
    const [row] = await tx
      .update(reservationItem)
      .set({
        location_id: locationId,
        quantity,
        description: input.description,
        metadata: mergedMetadata(reservationItem.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(reservationItem.id, id))
      .returning()
    return row
  })
}

/** Gives the reservations' units back to their levels and soft-deletes them, in a stable order. */
async function releaseRows(tx: Db, rows: ReservationRow[]): Promise<void> {
  const ordered = [...rows].sort(
    (a, b) =>
      a.inventory_item_id.localeCompare(b.inventory_item_id) ||
      a.location_id.localeCompare(b.location_id) ||
      a.id.localeCompare(b.id),
  )
  for (const row of ordered) {
    await adjustLevel(tx, row.inventory_item_id, row.location_id, { reserved: -row.quantity, stocked: 0 })
  }
  if (rows.length > 0) {
    await tx
      .update(reservationItem)
      .set({ deleted_at: new Date() })
      .where(
        inArray(
          reservationItem.id,
          rows.map((row) => row.id),
        ),
      )
  }
}

/** Deleting an unknown reservation succeeds (v1). */
export async function deleteReservation(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(reservationItem).where(liveReservation(id)).for('update')
    await releaseRows(tx, rows)
  })
}

// --- Order side --------------------------------------------------------------------------------

/** What an order line asks of the stock. */
export interface ReservedLine {
  id: string
  variant_id: string | null
  quantity: number
  variant?: { manage_inventory: boolean; allow_backorder: boolean } | null
}

/**
 * Reserves the lines' units at the sales channel's locations (the store's default channel when the
 * cart has none), inside the caller's transaction: all of it or, with an InsufficientInventory,
 * none (the transaction rolls back). Each unit need is one conditional UPDATE on a level, tried at
 * the channel's locations in id order until one holds enough; needs are taken in item order, so two
 * orders never wait on each other in a cycle. Variants without inventory items are not tracked;
 * backorderable ones are reserved beyond the stock at their first location.
 */
export async function reserveLines(tx: Db, lines: ReservedLine[], channelId: string | null): Promise<void> {
  const managed = lines.filter((line) => line.variant_id && line.variant?.manage_inventory)
  if (managed.length === 0) return
  const links = await tx
    .select({
      variant_id: productVariantInventoryItem.variant_id,
      inventory_item_id: productVariantInventoryItem.inventory_item_id,
      required_quantity: productVariantInventoryItem.required_quantity,
    })
    .from(productVariantInventoryItem)
    .where(
      and(
        inArray(productVariantInventoryItem.variant_id, [...new Set(managed.map((line) => line.variant_id!))]),
        isNull(productVariantInventoryItem.deleted_at),
      ),
    )
  const needs = managed.flatMap((line) =>
    links
      .filter((link) => link.variant_id === line.variant_id)
      .map((link) => ({
        line,
        itemId: link.inventory_item_id,
        units: line.quantity * link.required_quantity,
      })),
  )
  if (needs.length === 0) return
  const channel = channelId
    ? sql`${channelId}::text`
    : sql`(SELECT ${store.default_sales_channel_id} FROM ${store} LIMIT 1)`
  const levels = await tx
    .select({ inventory_item_id: inventoryLevel.inventory_item_id, location_id: inventoryLevel.location_id })
    .from(inventoryLevel)
    .where(
      and(
        inArray(inventoryLevel.inventory_item_id, [...new Set(needs.map((need) => need.itemId))]),
        isNull(inventoryLevel.deleted_at),
        sql`${inventoryLevel.location_id} IN (SELECT ${salesChannelStockLocation.location_id}
          FROM ${salesChannelStockLocation} WHERE ${salesChannelStockLocation.sales_channel_id} = ${channel})`,
      ),
    )
    .orderBy(asc(inventoryLevel.location_id))

  needs.sort((a, b) => a.itemId.localeCompare(b.itemId) || a.line.id.localeCompare(b.line.id))
  const reservations: (typeof reservationItem.$inferInsert)[] = []
  for (const need of needs) {
    const backorder = need.line.variant!.allow_backorder
    const candidates = levels.filter((level) => level.inventory_item_id === need.itemId)
    let locationId: string | undefined
    for (const level of backorder ? candidates.slice(0, 1) : candidates) {
      if (await reserveAt(tx, need.itemId, level.location_id, need.units, backorder)) {
        locationId = level.location_id
        break
      }
    }
    if (!locationId) throw new InsufficientInventory(need.line.variant_id!)
    reservations.push({
      id: generateId('resitem'),
      line_item_id: need.line.id,
      inventory_item_id: need.itemId,
      location_id: locationId,
      quantity: need.units,
    })
  }
  await tx.insert(reservationItem).values(reservations)
}

async function reservationsOfLines(tx: Db, lineItemIds: string[], locationId?: string): Promise<ReservationRow[]> {
  if (lineItemIds.length === 0) return []
  return tx
    .select()
    .from(reservationItem)
    .where(
      and(
        inArray(reservationItem.line_item_id, lineItemIds),
        isNull(reservationItem.deleted_at),
        locationId ? eq(reservationItem.location_id, locationId) : undefined,
      ),
    )
    .orderBy(asc(reservationItem.inventory_item_id), asc(reservationItem.location_id), asc(reservationItem.id))
    .for('update')
}

/** Order cancellation: every reservation of the order's lines is released, in one transaction. */
export async function releaseLineReservations(db: Db, lineItemIds: string[]): Promise<void> {
  await db.transaction(async (tx) => releaseRows(tx, await reservationsOfLines(tx, lineItemIds)))
}

/** An order edit's copy of a line takes over the original's reservations (the original leaves the order). */
export async function moveLineReservations(tx: Db, moves: { from: string; to: string }[]): Promise<void> {
  for (const move of [...moves].sort((a, b) => a.from.localeCompare(b.from))) {
    await tx
      .update(reservationItem)
      .set({ line_item_id: move.to, updated_at: new Date() })
      .where(and(eq(reservationItem.line_item_id, move.from), isNull(reservationItem.deleted_at)))
  }
}

/**
 * A line reduced by `quantity` units: that many units of each of its items leave its reservations
 * (shrunk, or deleted when emptied) and become available again. A line holding fewer (fulfilled
 * meanwhile, or never reserved) gives back what it holds.
 */
export async function releaseLineUnits(
  tx: Db,
  lines: { line_item_id: string; variant_id: string; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return
  const rows = await reservationsOfLines(
    tx,
    lines.map((line) => line.line_item_id),
  )
  const required = await requiredUnits(
    tx,
    lines.map((line) => line.variant_id),
  )
  for (const line of [...lines].sort((a, b) => a.line_item_id.localeCompare(b.line_item_id))) {
    const own = rows.filter((row) => row.line_item_id === line.line_item_id)
    for (const itemId of [...new Set(own.map((row) => row.inventory_item_id))]) {
      let remaining = line.quantity * (required.get(`${line.variant_id}:${itemId}`) ?? 1)
      for (const row of own.filter((candidate) => candidate.inventory_item_id === itemId)) {
        if (remaining === 0) break
        const released = Math.min(row.quantity, remaining)
        await adjustLevel(tx, itemId, row.location_id, { reserved: -released, stocked: 0 })
        await tx
          .update(reservationItem)
          .set(
            released === row.quantity
              ? { deleted_at: new Date() }
              : { quantity: row.quantity - released, updated_at: new Date() },
          )
          .where(eq(reservationItem.id, row.id))
        remaining -= released
      }
    }
  }
}

/** Units of each inventory item one unit of each variant takes, keyed `variant:item`. */
async function requiredUnits(tx: Db, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map()
  const links = await tx
    .select()
    .from(productVariantInventoryItem)
    .where(
      and(
        inArray(productVariantInventoryItem.variant_id, [...new Set(variantIds)]),
        isNull(productVariantInventoryItem.deleted_at),
      ),
    )
  return new Map(links.map((link) => [`${link.variant_id}:${link.inventory_item_id}`, link.required_quantity]))
}

/**
 * Fulfillment: the fulfilled units of each line leave the stock. They come out of the line's
 * reservations (at `locationId` when given): the level's stocked and reserved quantities both go
 * down, and the reservation shrinks or goes. Units beyond what is reserved cannot be fulfilled
 * (400 not_allowed), and stock never goes below zero (the CHECK constraint refuses it).
 */
export async function fulfillLineReservations(
  db: Db,
  lines: { line_item_id: string; variant_id: string; quantity: number }[],
  locationId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await reservationsOfLines(
      tx,
      lines.map((line) => line.line_item_id),
      locationId,
    )
    const required = await requiredUnits(
      tx,
      lines.map((line) => line.variant_id),
    )
    for (const line of [...lines].sort((a, b) => a.line_item_id.localeCompare(b.line_item_id))) {
      const own = rows.filter((row) => row.line_item_id === line.line_item_id)
      if (own.length === 0) throw new NotAllowed(`line_item_id ${line.line_item_id} has no reservation to fulfill`)
      // A line made of several items has reservations per item; each gives its share.
      for (const itemId of [...new Set(own.map((row) => row.inventory_item_id))]) {
        let remaining = line.quantity * (required.get(`${line.variant_id}:${itemId}`) ?? 1)
        for (const row of own.filter((candidate) => candidate.inventory_item_id === itemId)) {
          if (remaining === 0) break
          const taken = Math.min(row.quantity, remaining)
          await adjustLevel(tx, itemId, row.location_id, { reserved: -taken, stocked: -taken })
          await tx
            .update(reservationItem)
            .set(
              taken === row.quantity
                ? { deleted_at: new Date() }
                : { quantity: row.quantity - taken, updated_at: new Date() },
            )
            .where(eq(reservationItem.id, row.id))
          remaining -= taken
        }
        if (remaining > 0) {
          throw new NotAllowed(`quantity: line_item_id ${line.line_item_id} has fewer units reserved than fulfilled`)
        }
      }
    }
  })
}

/**
 * A received return: the returned units of each variant go back into the stock of `locationId`
 * (as many units of each linked item as the variant takes). The level must exist there.
 */
export async function restockVariants(
  db: Db,
  items: { variant_id: string; quantity: number }[],
  locationId: string,
): Promise<void> {
  await adjustVariantStock(db, items, locationId, 1)
}

/**
 * A fulfilment of lines that hold no reservation (v1 adjusts the inventory at the location): the
 * units leave the stock of `locationId`. The level must exist there, and stock never goes below
 * zero (the CHECK constraint's 400).
 */
export async function withdrawVariants(
  db: Db,
  items: { variant_id: string; quantity: number }[],
  locationId: string,
): Promise<void> {
  await adjustVariantStock(db, items, locationId, -1)
}

/** Stocked quantities at `locationId` raised (1) or lowered (-1) by the variants' units. */
async function adjustVariantStock(
  db: Db,
  items: { variant_id: string; quantity: number }[],
  locationId: string,
  direction: 1 | -1,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireLocation(tx, locationId, 'location_id')
    if (items.length === 0) return
    const required = await requiredUnits(
      tx,
      items.map((item) => item.variant_id),
    )
    const units = new Map<string, number>()
    for (const item of items) {
      for (const [key, perUnit] of required) {
        const [variantId, itemId] = key.split(':')
        if (variantId === item.variant_id) units.set(itemId, (units.get(itemId) ?? 0) + item.quantity * perUnit)
      }
    }
    for (const [itemId, quantity] of [...units].sort(([a], [b]) => a.localeCompare(b))) {
      await adjustLevel(tx, itemId, locationId, { reserved: 0, stocked: direction * quantity })
    }
  })
}
