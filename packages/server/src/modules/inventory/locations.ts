import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../core/errors.js'
import {
  likePattern,
  listAnswer,
  type ListAnswer,
  orderBy,
  parseExpand,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import { retrieveSalesChannel } from '../sales-channels/service.js'
import { salesChannel } from '../sales-channels/schema.js'
import {
  STOCK_LOCATION_RELATIONS,
  inventoryPaging,
  type AdminGetStockLocationsParams,
  type AdminPostStockLocationsLocationReq,
  type AdminPostStockLocationsReq,
  type StockLocationAddressInput,
} from './contract.js'
import {
  inventoryLevel,
  reservationItem,
  salesChannelStockLocation,
  stockLocation,
  stockLocationAddress,
} from './schema.js'

type LocationRow = typeof stockLocation.$inferSelect
type AddressRow = typeof stockLocationAddress.$inferSelect
type ChannelRow = typeof salesChannel.$inferSelect
export type StockLocationView = LocationRow & { address?: AddressRow | null; sales_channels?: ChannelRow[] }

const liveLocation = (id: string) => and(eq(stockLocation.id, id), isNull(stockLocation.deleted_at))

/** The live location, or a 404 naming the field that pointed at it. */
export async function requireLocation(db: Db, id: string, field = 'id'): Promise<LocationRow> {
  const [row] = await db.select().from(stockLocation).where(liveLocation(id)).limit(1)
  if (!row) throw NotFound.entity('StockLocation', id, field)
  return row
}

/** Addresses and sales channels of a page of locations, two queries whatever its size. */
async function decorateLocations(
  db: Db,
  rows: LocationRow[],
  relations: ReadonlySet<string>,
): Promise<StockLocationView[]> {
  if (rows.length === 0) return []
  const addressIds = rows.flatMap((row) => (row.address_id ? [row.address_id] : []))
  const addresses =
    relations.has('address') && addressIds.length > 0
      ? await db.select().from(stockLocationAddress).where(inArray(stockLocationAddress.id, addressIds))
      : []
  const links = relations.has('sales_channels')
    ? await db
        .select({ location_id: salesChannelStockLocation.location_id, channel: salesChannel })
        .from(salesChannelStockLocation)
        .innerJoin(salesChannel, eq(salesChannel.id, salesChannelStockLocation.sales_channel_id))
        .where(
          and(
            inArray(
              salesChannelStockLocation.location_id,
              rows.map((row) => row.id),
            ),
            isNull(salesChannel.deleted_at),
          ),
        )
        .orderBy(asc(salesChannel.id))
    : []
  return rows.map((row) => ({
    ...row,
    ...(relations.has('address')
      ? { address: addresses.find((address) => address.id === row.address_id) ?? null }
      : {}),
    ...(relations.has('sales_channels')
      ? { sales_channels: links.filter((link) => link.location_id === row.id).map((link) => link.channel) }
      : {}),
  }))
}

const SORTABLE = sortableColumns({
  created_at: stockLocation.created_at,
  updated_at: stockLocation.updated_at,
  name: stockLocation.name,
})

export async function listStockLocations(
  db: Db,
  query: AdminGetStockLocationsParams,
): Promise<ListAnswer<'stock_locations', StockLocationView>> {
  const relations = parseExpand(query.expand, STOCK_LOCATION_RELATIONS, [])
  const ids = toList(query.id)
  const names = toList(query.name)
  const addressIds = toList(query.address_id)
  const channelIds = toList(query.sales_channel_id)
  const where = whereAll([
    isNull(stockLocation.deleted_at),
    ids ? inArray(stockLocation.id, ids) : undefined,
    names ? inArray(stockLocation.name, names) : undefined,
    addressIds ? inArray(stockLocation.address_id, addressIds) : undefined,
    channelIds
      ? inArray(
          stockLocation.id,
          db
            .select({ id: salesChannelStockLocation.location_id })
            .from(salesChannelStockLocation)
            .where(inArray(salesChannelStockLocation.sales_channel_id, channelIds)),
        )
      : undefined,
    query.q ? ilike(stockLocation.name, likePattern(query.q)) : undefined,
  ])
  const page = inventoryPaging.page(query)
  const [rows, [{ value }]] = await Promise.all([
    db
      .select()
      .from(stockLocation)
      .where(where)
      .orderBy(...orderBy(query.order, SORTABLE, 'created_at', stockLocation.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(stockLocation).where(where),
  ])
  return listAnswer('stock_locations', await decorateLocations(db, rows, relations), value, page)
}

export async function retrieveStockLocation(db: Db, id: string, expand?: string): Promise<StockLocationView> {
  const relations = parseExpand(expand, STOCK_LOCATION_RELATIONS, [])
  const [view] = await decorateLocations(db, [await requireLocation(db, id)], relations)
  return view
}

async function insertAddress(db: Db, input: StockLocationAddressInput): Promise<string> {
  const id = generateId('laddr')
  await db.insert(stockLocationAddress).values({ id, ...input, country_code: input.country_code.toLowerCase() })
  return id
}

async function requireAddress(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ id: stockLocationAddress.id })
    .from(stockLocationAddress)
    .where(and(eq(stockLocationAddress.id, id), isNull(stockLocationAddress.deleted_at)))
  if (!row) throw NotFound.entity('StockLocationAddress', id, 'address_id')
  return row.id
}

export async function createStockLocation(
  db: Db,
  input: AdminPostStockLocationsReq,
  expand?: string,
): Promise<StockLocationView> {
  parseExpand(expand, STOCK_LOCATION_RELATIONS, [])
  return db.transaction(async (tx) => {
    const addressId = input.address
      ? await insertAddress(tx, input.address)
      : input.address_id
        ? await requireAddress(tx, input.address_id)
        : null
    const id = generateId('sloc')
    await tx.insert(stockLocation).values({
      id,
      name: input.name.trim(),
      address_id: addressId,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    return retrieveStockLocation(tx, id, expand)
  })
}

/** A new `address` updates the location's own address in place (or gives it one). */
export async function updateStockLocation(
  db: Db,
  id: string,
  input: AdminPostStockLocationsLocationReq,
  expand?: string,
): Promise<StockLocationView> {
  parseExpand(expand, STOCK_LOCATION_RELATIONS, [])
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(stockLocation).where(liveLocation(id)).for('update')
    if (!current) throw NotFound.entity('StockLocation', id)
    let addressId = input.address_id !== undefined ? await requireAddress(tx, input.address_id) : current.address_id
    if (input.address) {
      if (addressId) {
        await tx
          .update(stockLocationAddress)
          .set({ ...input.address, country_code: input.address.country_code.toLowerCase(), updated_at: new Date() })
          .where(eq(stockLocationAddress.id, addressId))
      } else {
        addressId = await insertAddress(tx, input.address)
      }
    }
    await tx
      .update(stockLocation)
      .set({
        name: input.name?.trim(),
        address_id: addressId,
        metadata: mergedMetadata(stockLocation.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(stockLocation.id, id))
    return retrieveStockLocation(tx, id, expand)
  })
}

/**
 * Soft-deletes the location with its levels and reservations, and unlinks it from sales channels.
 * Deleting an unknown location succeeds (v1).
 */
export async function deleteStockLocation(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(stockLocation)
      .set({ deleted_at: now })
      .where(liveLocation(id))
      .returning({ id: stockLocation.id })
    if (!row) return
    await tx.delete(salesChannelStockLocation).where(eq(salesChannelStockLocation.location_id, id))
    await tx
      .update(inventoryLevel)
      .set({ deleted_at: now })
      .where(and(eq(inventoryLevel.location_id, id), isNull(inventoryLevel.deleted_at)))
    await tx
      .update(reservationItem)
      .set({ deleted_at: now })
      .where(and(eq(reservationItem.location_id, id), isNull(reservationItem.deleted_at)))
  })
}

/** `POST /admin/sales-channels/:id/stock-locations`: linking twice keeps one link. */
export async function linkLocationToChannel(db: Db, channelId: string, locationId: string): Promise<ChannelRow> {
  return db.transaction(async (tx) => {
    const channel = await retrieveSalesChannel(tx, channelId)
    await requireLocation(tx, locationId, 'location_id')
    await tx
      .insert(salesChannelStockLocation)
      .values({ sales_channel_id: channelId, location_id: locationId })
      .onConflictDoNothing()
    return channel
  })
}

/** `DELETE /admin/sales-channels/:id/stock-locations`: unlinking what is not linked succeeds. */
export async function unlinkLocationFromChannel(db: Db, channelId: string, locationId: string): Promise<void> {
  await retrieveSalesChannel(db, channelId)
  await db
    .delete(salesChannelStockLocation)
    .where(
      and(
        eq(salesChannelStockLocation.sales_channel_id, channelId),
        eq(salesChannelStockLocation.location_id, locationId),
      ),
    )
}

/** The live locations a sales channel sells from, in id order. */
export function channelLocationIds(channelId: string): SQL {
  return sql`(SELECT ${salesChannelStockLocation.location_id} FROM ${salesChannelStockLocation}
    JOIN ${stockLocation} ON ${stockLocation.id} = ${salesChannelStockLocation.location_id}
    WHERE ${salesChannelStockLocation.sales_channel_id} = ${channelId} AND ${stockLocation.deleted_at} IS NULL)`
}
