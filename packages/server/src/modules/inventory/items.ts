import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { generateId } from '../../db/ids.js'
import { mergeMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { DuplicateError, NotAllowed, NotFound } from '../../core/errors.js'
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
import { productVariant } from '../catalog/schema.js'
import {
  inventoryPaging,
  type AdminGetInventoryItemsParams,
  type AdminPostInventoryItemsItemReq,
  type AdminPostInventoryItemsReq,
  type AdminPostLocationLevelsLevelReq,
  type AdminPostLocationLevelsReq,
} from './contract.js'
import { requireLocation } from './locations.js'
import { inventoryItem, inventoryLevel, productVariantInventoryItem } from './schema.js'

type ItemRow = typeof inventoryItem.$inferSelect
type LevelRow = typeof inventoryLevel.$inferSelect
type VariantRow = typeof productVariant.$inferSelect
export type LevelView = LevelRow & { available_quantity: number }
export type InventoryItemView = ItemRow & {
  location_levels: LevelView[]
  stocked_quantity: number
  reserved_quantity: number
  variants?: VariantRow[]
}

const liveItem = (id: string) => and(eq(inventoryItem.id, id), isNull(inventoryItem.deleted_at))
const liveLevels = isNull(inventoryLevel.deleted_at)

export const levelView = (level: LevelRow): LevelView => ({
  ...level,
  available_quantity: level.stocked_quantity - level.reserved_quantity,
})

export async function requireInventoryItem(db: Db, id: string, field = 'id'): Promise<ItemRow> {
  const [row] = await db.select().from(inventoryItem).where(liveItem(id)).limit(1)
  if (!row) throw NotFound.entity('InventoryItem', id, field)
  return row
}

/** Live levels of these items, optionally only at these locations, in location order. */
async function levelsOf(db: Db, itemIds: string[], locationIds?: string[]): Promise<LevelRow[]> {
  if (itemIds.length === 0) return []
  return db
    .select()
    .from(inventoryLevel)
    .where(
      and(
        inArray(inventoryLevel.inventory_item_id, itemIds),
        liveLevels,
        locationIds ? inArray(inventoryLevel.location_id, locationIds) : undefined,
      ),
    )
    .orderBy(asc(inventoryLevel.location_id))
}

/** Items with their levels and totals (and variants on request): two or three queries per page. */
async function decorateItems(
  db: Db,
  rows: ItemRow[],
  options: { locationIds?: string[]; variants?: boolean } = {},
): Promise<InventoryItemView[]> {
  const ids = rows.map((row) => row.id)
  const [levels, links] = await Promise.all([
    levelsOf(db, ids, options.locationIds),
    options.variants && ids.length > 0
      ? db
          .select({ item_id: productVariantInventoryItem.inventory_item_id, variant: productVariant })
          .from(productVariantInventoryItem)
          .innerJoin(productVariant, eq(productVariant.id, productVariantInventoryItem.variant_id))
          .where(
            and(
              inArray(productVariantInventoryItem.inventory_item_id, ids),
              isNull(productVariantInventoryItem.deleted_at),
              isNull(productVariant.deleted_at),
            ),
          )
      : Promise.resolve([]),
  ])
  return rows.map((row) => {
    const own = levels.filter((level) => level.inventory_item_id === row.id).map(levelView)
    return {
      ...row,
      location_levels: own,
      stocked_quantity: own.reduce((sum, level) => sum + level.stocked_quantity, 0),
      reserved_quantity: own.reduce((sum, level) => sum + level.reserved_quantity, 0),
      ...(options.variants
        ? { variants: links.filter((link) => link.item_id === row.id).map((link) => link.variant) }
        : {}),
    }
  })
}

const SORTABLE = sortableColumns({
  created_at: inventoryItem.created_at,
  updated_at: inventoryItem.updated_at,
  sku: inventoryItem.sku,
  title: inventoryItem.title,
})

export async function listInventoryItems(
  db: Db,
  query: AdminGetInventoryItemsParams,
): Promise<ListAnswer<'inventory_items', InventoryItemView>> {
  const equal = (column: AnyPgColumn, value: string | string[] | undefined) => {
    const list = toList(value)
    return list ? inArray(column, list) : undefined
  }
  parseExpand(query.expand, INVENTORY_ITEM_RELATIONS, [])
  const locationIds = toList(query.location_id)
  const where = whereAll([
    isNull(inventoryItem.deleted_at),
    equal(inventoryItem.id, query.id),
    equal(inventoryItem.sku, query.sku),
    equal(inventoryItem.origin_country, query.origin_country),
    equal(inventoryItem.mid_code, query.mid_code),
    equal(inventoryItem.material, query.material),
    equal(inventoryItem.hs_code, query.hs_code),
    query.requires_shipping !== undefined ? eq(inventoryItem.requires_shipping, query.requires_shipping) : undefined,
    query.q
      ? or(ilike(inventoryItem.sku, likePattern(query.q)), ilike(inventoryItem.title, likePattern(query.q)))
      : undefined,
    locationIds
      ? inArray(
          inventoryItem.id,
          db
            .select({ id: inventoryLevel.inventory_item_id })
            .from(inventoryLevel)
            .where(and(inArray(inventoryLevel.location_id, locationIds), liveLevels)),
        )
      : undefined,
  ])
  const page = inventoryPaging.page(query)
  const [rows, [{ value }]] = await Promise.all([
    db
      .select()
      .from(inventoryItem)
      .where(where)
      .orderBy(...orderBy(query.order, SORTABLE, 'created_at', inventoryItem.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(inventoryItem).where(where),
  ])
  const items = await decorateItems(db, rows, { locationIds, variants: true })
  return listAnswer('inventory_items', items, value, page)
}

/** The relations `expand` may name; levels and totals always come, variants on request. */
export const INVENTORY_ITEM_RELATIONS = ['location_levels', 'variants'] as const

export async function retrieveInventoryItem(db: Db, id: string, expand?: string): Promise<InventoryItemView> {
  const relations = parseExpand(expand, INVENTORY_ITEM_RELATIONS, [])
  const [view] = await decorateItems(db, [await requireInventoryItem(db, id)], { variants: relations.has('variants') })
  return view
}

/** The live variant, or a 404 naming `variant_id`. */
export async function requireLiveVariant(db: Db, id: string): Promise<VariantRow> {
  const [row] = await db
    .select()
    .from(productVariant)
    .where(and(eq(productVariant.id, id), isNull(productVariant.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('ProductVariant', id, 'variant_id')
  return row
}

async function insertItem(db: Db, values: Omit<typeof inventoryItem.$inferInsert, 'id'>): Promise<string> {
  if (values.sku) {
    const [taken] = await db
      .select({ id: inventoryItem.id })
      .from(inventoryItem)
      .where(and(eq(inventoryItem.sku, values.sku), isNull(inventoryItem.deleted_at)))
      .limit(1)
    if (taken) throw new DuplicateError(`InventoryItem with sku ${values.sku} already exists.`)
  }
  const id = generateId('iitem')
  await db.insert(inventoryItem).values({ ...values, id })
  return id
}

async function linkVariant(db: Db, variantId: string, itemId: string): Promise<void> {
  await db
    .insert(productVariantInventoryItem)
    .values({ id: generateId('pvitem'), variant_id: variantId, inventory_item_id: itemId, required_quantity: 1 })
}

export async function createInventoryItem(
  db: Db,
  input: AdminPostInventoryItemsReq,
  expand?: string,
): Promise<InventoryItemView> {
  return db.transaction(async (tx) => {
    const { variant_id: variantId, metadata, ...fields } = input
    if (variantId) await requireLiveVariant(tx, variantId)
    const id = await insertItem(tx, { ...fields, metadata: mergeMetadata(null, metadata) ?? null })
    if (variantId) await linkVariant(tx, variantId, id)
    return retrieveInventoryItem(tx, id, expand)
  })
}

/**
 * The inventory items new variants that manage their inventory get (v1 with the inventory module),
 * inside the caller's transaction, in three statements for any number of variants. An item takes
 * its variant's sku unless another live item already has it.
 */
export async function createItemsForVariants(
  tx: Db,
  variants: readonly Pick<
    VariantRow,
    | 'id'
    | 'title'
    | 'sku'
    | 'hs_code'
    | 'origin_country'
    | 'mid_code'
    | 'material'
    | 'weight'
    | 'length'
    | 'height'
    | 'width'
  >[],
): Promise<void> {
  if (variants.length === 0) return
  const skus = variants.flatMap((variant) => (variant.sku ? [variant.sku] : []))
  const taken = new Set(
    skus.length === 0
      ? []
      : (
          await tx
            .select({ sku: inventoryItem.sku })
            .from(inventoryItem)
            .where(and(inArray(inventoryItem.sku, skus), isNull(inventoryItem.deleted_at)))
        ).map((row) => row.sku),
  )
  const whole = (value: number | null) => (value === null ? null : Math.round(value))
  const items = variants.map((variant) => ({
    id: generateId('iitem'),
    sku: variant.sku && !taken.has(variant.sku) ? variant.sku : null,
    title: variant.title,
    hs_code: variant.hs_code,
    origin_country: variant.origin_country,
    mid_code: variant.mid_code,
    material: variant.material,
    weight: whole(variant.weight),
    length: whole(variant.length),
    height: whole(variant.height),
    width: whole(variant.width),
  }))
  await tx.insert(inventoryItem).values(items)
  await tx.insert(productVariantInventoryItem).values(
    variants.map((variant, index) => ({
      id: generateId('pvitem'),
      variant_id: variant.id,
      inventory_item_id: items[index].id,
      required_quantity: 1,
    })),
  )
}

export async function updateInventoryItem(
  db: Db,
  id: string,
  input: AdminPostInventoryItemsItemReq,
  expand?: string,
): Promise<InventoryItemView> {
  return db.transaction(async (tx) => {
    await requireInventoryItem(tx, id)
    if (input.sku) {
      const [taken] = await tx
        .select({ id: inventoryItem.id })
        .from(inventoryItem)
        .where(
          and(eq(inventoryItem.sku, input.sku), isNull(inventoryItem.deleted_at), sql`${inventoryItem.id} <> ${id}`),
        )
        .limit(1)
      if (taken) throw new DuplicateError(`InventoryItem with sku ${input.sku} already exists.`)
    }
    await tx
      .update(inventoryItem)
      .set({ ...input, updated_at: new Date() })
      .where(eq(inventoryItem.id, id))
    return retrieveInventoryItem(tx, id, expand)
  })
}

/** Detaches the item from its variants, then soft-deletes it with its levels. Unknown ids succeed (v1). */
export async function deleteInventoryItem(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(inventoryItem)
      .set({ deleted_at: now })
      .where(liveItem(id))
      .returning({ id: inventoryItem.id })
    if (!row) return
    await tx
      .update(productVariantInventoryItem)
      .set({ deleted_at: now })
      .where(and(eq(productVariantInventoryItem.inventory_item_id, id), isNull(productVariantInventoryItem.deleted_at)))
    await tx
      .update(inventoryLevel)
      .set({ deleted_at: now })
      .where(and(eq(inventoryLevel.inventory_item_id, id), liveLevels))
  })
}

export async function listLocationLevels(
  db: Db,
  itemId: string,
  locationIds?: string[],
  expand?: string,
): Promise<{ id: string; location_levels: LevelView[] }> {
  // Levels have no relations to expand.
  parseExpand(expand, [], [])
  await requireInventoryItem(db, itemId)
  return { id: itemId, location_levels: (await levelsOf(db, [itemId], locationIds)).map(levelView) }
}

async function liveLevel(db: Db, itemId: string, locationId: string, lock = false): Promise<LevelRow | undefined> {
  const query = db
    .select()
    .from(inventoryLevel)
    .where(and(eq(inventoryLevel.inventory_item_id, itemId), eq(inventoryLevel.location_id, locationId), liveLevels))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** An item's stock at a new location; one level per item and location (422 for a second one). */
export async function createLocationLevel(
  db: Db,
  itemId: string,
  input: AdminPostLocationLevelsReq,
  expand?: string,
): Promise<InventoryItemView> {
  return db.transaction(async (tx) => {
    await requireInventoryItem(tx, itemId)
    await requireLocation(tx, input.location_id, 'location_id')
    if (await liveLevel(tx, itemId, input.location_id)) {
      throw new DuplicateError(
        `InventoryLevel with inventory_item_id ${itemId} and location_id ${input.location_id} already exists.`,
      )
    }
    await tx.insert(inventoryLevel).values({
      id: generateId('ilev'),
      inventory_item_id: itemId,
      location_id: input.location_id,
      stocked_quantity: input.stocked_quantity,
      incoming_quantity: input.incoming_quantity ?? 0,
    })
    return retrieveInventoryItem(tx, itemId, expand)
  })
}

export async function updateLocationLevel(
  db: Db,
  itemId: string,
  locationId: string,
  input: AdminPostLocationLevelsLevelReq,
  expand?: string,
): Promise<InventoryItemView> {
  return db.transaction(async (tx) => {
    await requireInventoryItem(tx, itemId)
    const level = await liveLevel(tx, itemId, locationId)
    if (!level) throw NotFound.entity('InventoryLevel', locationId, 'location_id')
    await tx
      .update(inventoryLevel)
      .set({ ...input, updated_at: new Date() })
      .where(eq(inventoryLevel.id, level.id))
    return retrieveInventoryItem(tx, itemId, expand)
  })
}

/** A level still holding reservations cannot go (400 not_allowed). */
export async function deleteLocationLevel(db: Db, itemId: string, locationId: string): Promise<InventoryItemView> {
  return db.transaction(async (tx) => {
    await requireInventoryItem(tx, itemId)
    const level = await liveLevel(tx, itemId, locationId, true)
    if (!level) throw NotFound.entity('InventoryLevel', locationId, 'location_id')
    if (level.reserved_quantity > 0) {
      throw new NotAllowed(
        `Cannot remove location_id ${locationId}: ${level.reserved_quantity} units are reserved there`,
      )
    }
    await tx.update(inventoryLevel).set({ deleted_at: new Date() }).where(eq(inventoryLevel.id, level.id))
    return retrieveInventoryItem(tx, itemId)
  })
}

/** The live inventory items of a variant with their levels (`GET /admin/variants/:id/inventory`). */
export async function inventoryOfVariant(db: Db, variantId: string): Promise<InventoryItemView[]> {
  const rows = await db
    .select({ item: inventoryItem })
    .from(productVariantInventoryItem)
    .innerJoin(inventoryItem, eq(inventoryItem.id, productVariantInventoryItem.inventory_item_id))
    .where(
      and(
        eq(productVariantInventoryItem.variant_id, variantId),
        isNull(productVariantInventoryItem.deleted_at),
        isNull(inventoryItem.deleted_at),
      ),
    )
    .orderBy(asc(inventoryItem.id))
  return decorateItems(
    db,
    rows.map((row) => row.item),
  )
}
