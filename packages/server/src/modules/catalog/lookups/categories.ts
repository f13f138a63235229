import { and, asc, count, eq, ilike, inArray, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { InvalidData, MultipleErrors, NotAllowed, NotFound } from '../../../core/errors.js'
import {
  likePattern,
  listAnswer,
  type ListAnswer,
  orderBy,
  parseExpand,
  parseFields,
  pickFields,
  sortableColumns,
  whereAll,
  type Picked,
} from '../../../core/list.js'
import { toHandle } from '../products/handles.js'
import type { CategoryRow } from '../loader.js'
import {
  categoriesPaging,
  type AdminCategoryProductsBatchReq,
  type AdminGetProductCategoriesParams,
  type AdminPostProductCategoriesCategoryReq,
  type AdminPostProductCategoriesReq,
  type CategoryFindParams,
  type StoreGetProductCategoriesParams,
} from './contract.js'

import { missingProducts } from '../products/writes.js'
import { productCategory, productCategoryProduct } from '../schema.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { catalogWrite } from '../read-cache.js'
import { ADVISORY_LOCKS, holdAdvisoryLock } from '../../../db/advisory-locks.js'

/**
 * Product categories: a tree ordered by `rank` among siblings (reference/admin-api.md "Product
 * categories", store-api.md "Catalog lookups"). The storefront sees only active, public ones.
 */

export type LoadedCategory = Picked<CategoryRow> & {
  parent_category?: Picked<CategoryRow> | null
  category_children?: LoadedCategory[]
}

const RELATIONS = ['parent_category', 'category_children']
const FIELDS = [
  'id',
  'name',
  'description',
  'handle',
  'is_active',
  'is_internal',
  'rank',
  'parent_category_id',
  'created_at',
  'updated_at',
  'metadata',
]
const STORE_FIELDS = FIELDS.filter((field) => field !== 'is_active' && field !== 'is_internal')

const SORTABLE = sortableColumns({
  id: productCategory.id,
  name: productCategory.name,
  handle: productCategory.handle,
  rank: productCategory.rank,
  created_at: productCategory.created_at,
  updated_at: productCategory.updated_at,
})

interface Audience {
  /** Storefront: only active, public categories, and no visibility columns on the wire. */
  store: boolean
}

const visible = and(eq(productCategory.is_active, true), eq(productCategory.is_internal, false))!
const visibleRaw = (alias: string) => sql.raw(` AND ${alias}.is_active = true AND ${alias}.is_internal = false`)

function parentCondition(parent: string | undefined): SQL | undefined {
  if (parent === undefined) return undefined
  return parent === 'null' ? isNull(productCategory.parent_category_id) : eq(productCategory.parent_category_id, parent)
}

/** Every descendant of these categories, in one recursive query. */
async function descendantsOf(db: Db, ids: string[], audience: Audience): Promise<CategoryRow[]> {
  const filter = audience.store ? visibleRaw('child') : sql``
  const tree = sql`(WITH RECURSIVE tree AS (
      SELECT child.id FROM product_category child WHERE child.parent_category_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})${filter}
      UNION SELECT child.id FROM product_category child JOIN tree ON child.parent_category_id = tree.id${filter}
    ) SELECT id FROM tree)`
  return db
    .select()
    .from(productCategory)
    .where(inArray(productCategory.id, tree))
    .orderBy(asc(productCategory.rank), asc(productCategory.handle))
}

async function childrenOf(db: Db, ids: string[], audience: Audience): Promise<CategoryRow[]> {
  return db
    .select()
    .from(productCategory)
    .where(and(inArray(productCategory.parent_category_id, ids), audience.store ? visible : undefined))
    .orderBy(asc(productCategory.rank), asc(productCategory.handle))
}

/** Attaches the parent and the children (one level, or the whole subtree) to a page of categories. */
async function loadCategoryRelations(
  db: Db,
  rows: CategoryRow[],
  relations: Set<string>,
  options: Audience & { tree: boolean; fields: Set<string> | undefined },
): Promise<LoadedCategory[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const parentIds = [...new Set(rows.flatMap((row) => (row.parent_category_id ? [row.parent_category_id] : [])))]
  const [parents, descendants] = await concurrently(db, [
    () =>
      relations.has('parent_category') && parentIds.length > 0
        ? db
            .select()
            .from(productCategory)
            .where(and(inArray(productCategory.id, parentIds), options.store ? visible : undefined))
        : Promise.resolve([]),
    () =>
      relations.has('category_children')
        ? options.tree
          ? descendantsOf(db, ids, options)
          : childrenOf(db, ids, options)
        : Promise.resolve([]),
  ])
  const parentById = new Map(parents.map((row) => [row.id, row]))
  const byParent = new Map<string, CategoryRow[]>()
  for (const row of descendants) {
    const list = byParent.get(row.parent_category_id!) ?? []
    list.push(row)
    byParent.set(row.parent_category_id!, list)
  }
  const prune = (row: CategoryRow) =>
    pickFields(options.store ? withoutVisibility(row) : row, options.fields, relations)
  const withChildren = (row: CategoryRow, depth: number): LoadedCategory => ({
    ...prune(row),
    category_children: (byParent.get(row.id) ?? []).map((child) =>
      options.tree && depth < 100 ? withChildren(child, depth + 1) : { ...prune(child), category_children: [] },
    ),
  })
  return rows.map((row) => {
    const loaded: LoadedCategory = relations.has('category_children') ? withChildren(row, 0) : prune(row)
    if (relations.has('parent_category')) {
      const parent = row.parent_category_id ? parentById.get(row.parent_category_id) : undefined
      loaded.parent_category = parent
        ? pickFields(options.store ? withoutVisibility(parent) : parent, options.fields, new Set())
        : null
    }
    return loaded
  })
}

function withoutVisibility(row: CategoryRow): Picked<CategoryRow> {
  const { is_active: _active, is_internal: _internal, ...rest } = row
  return rest
}

export async function listCategories(
  db: Db,
  query: AdminGetProductCategoriesParams | StoreGetProductCategoriesParams,
  audience: Audience,
): Promise<ListAnswer<'product_categories', LoadedCategory>> {
  const page = categoriesPaging.page(query)
  const relations = parseExpand(query.expand, RELATIONS, RELATIONS)
  const fields = parseFields(query.fields, audience.store ? STORE_FIELDS : FIELDS)
  const admin = query as AdminGetProductCategoriesParams
  const where = whereAll([
    audience.store ? visible : undefined,
    !audience.store && admin.is_active !== undefined ? eq(productCategory.is_active, admin.is_active) : undefined,
    !audience.store && admin.is_internal !== undefined ? eq(productCategory.is_internal, admin.is_internal) : undefined,
    query.handle !== undefined ? eq(productCategory.handle, query.handle) : undefined,
    parentCondition(query.parent_category_id),
    query.q
      ? or(ilike(productCategory.name, likePattern(query.q)), ilike(productCategory.handle, likePattern(query.q)))
      : undefined,
  ])
  // v1 lists categories by rank, then handle, unless `order` says otherwise.
  const order = query.order
    ? orderBy(query.order, SORTABLE, 'rank', productCategory.id)
    : [asc(productCategory.rank), asc(productCategory.handle)]
  const [rows, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(productCategory)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ value: count() }).from(productCategory).where(where),
  ])
  const product_categories = await loadCategoryRelations(db, rows, relations, {
    ...audience,
    tree: query.include_descendants_tree ?? false,
    fields,
  })
  return listAnswer('product_categories', product_categories, total.value, page)
}

export async function retrieveCategory(
  db: Db,
  id: string,
  query: CategoryFindParams,
  audience: Audience,
): Promise<LoadedCategory> {
  const relations = parseExpand(query.expand, RELATIONS, RELATIONS)
  const fields = parseFields(query.fields, audience.store ? STORE_FIELDS : FIELDS)
  const [row] = await db
    .select()
    .from(productCategory)
    .where(and(eq(productCategory.id, id), audience.store ? visible : undefined))
    .limit(1)
  if (!row) throw NotFound.entity('ProductCategory', id)
  const [loaded] = await loadCategoryRelations(db, [row], relations, { ...audience, tree: false, fields })
  return loaded
}

const ADMIN: Audience = { store: false }

async function retrieveRow(db: Db, id: string): Promise<CategoryRow> {
  const [row] = await db.select().from(productCategory).where(eq(productCategory.id, id)).limit(1)
  if (!row) throw NotFound.entity('ProductCategory', id)
  return row
}

/** Siblings under a parent (null = roots) in rank order, without `exceptId`. */
async function siblingIds(db: Db, parentId: string | null, exceptId?: string): Promise<{ id: string; rank: number }[]> {
  return db
    .select({ id: productCategory.id, rank: productCategory.rank })
    .from(productCategory)
    .where(
      and(
        parentId === null
          ? isNull(productCategory.parent_category_id)
          : eq(productCategory.parent_category_id, parentId),
        exceptId ? ne(productCategory.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(productCategory.rank), asc(productCategory.created_at), asc(productCategory.id))
}

/** Renumbers siblings 0…n-1 in the given order, writing only the ranks that change. */
async function writeRanks(db: Db, ordered: { id: string; rank: number }[]): Promise<void> {
  for (const [rank, sibling] of ordered.entries()) {
    if (sibling.rank !== rank) {
      await db.update(productCategory).set({ rank }).where(eq(productCategory.id, sibling.id))
    }
  }
}

/** A category may not sit under itself or under one of its descendants. */
async function assertNotAncestor(db: Db, categoryId: string, newParentId: string): Promise<void> {
  const cycle = new InvalidData(`parent_category_id: category ${categoryId} cannot be its own ancestor`)
  if (newParentId === categoryId) throw cycle
  const ancestors = sql`(WITH RECURSIVE ancestors AS (
      SELECT id, parent_category_id FROM product_category WHERE id = ${newParentId}
      UNION SELECT up.id, up.parent_category_id FROM product_category up
        JOIN ancestors ON up.id = ancestors.parent_category_id
    ) SELECT id FROM ancestors)`
  const [hit] = await db
    .select({ id: productCategory.id })
    .from(productCategory)
    .where(and(eq(productCategory.id, categoryId), inArray(productCategory.id, ancestors)))
    .limit(1)
  if (hit) throw cycle
}

/**
 * Serializes changes to the category tree across connections and processes. A move is checked
 * against the new parent's ancestors and ranks are renumbered among siblings, and a change made in
 * between would undo both: two moves at once could close a cycle, two inserts take the same rank.
 */
function treeWrite<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return catalogWrite(db, async (tx) => {
    await holdAdvisoryLock(tx, ADVISORY_LOCKS.categoryTree)
    return work(tx)
  })
}

/** `preset.id` keeps an id chosen elsewhere (a seed file's); the API always generates one. */
export async function createCategory(
  db: Db,
  input: AdminPostProductCategoriesReq,
  query: CategoryFindParams,
  preset: { id?: string } = {},
): Promise<LoadedCategory> {
  return treeWrite(db, async (tx) => {
    const parentId = input.parent_category_id ?? null
    if (parentId) await retrieveRow(tx, parentId)
    const [{ value: highest }] = await tx
      .select({ value: max(productCategory.rank) })
      .from(productCategory)
      .where(
        parentId === null
          ? isNull(productCategory.parent_category_id)
          : eq(productCategory.parent_category_id, parentId),
      )
    const id = preset.id ?? generateId('pcat')
    await tx.insert(productCategory).values({
      id,
      name: input.name,
      description: input.description ?? '',
      handle: input.handle || toHandle(input.name) || id.toLowerCase(),
      is_active: input.is_active ?? false,
      is_internal: input.is_internal ?? false,
      parent_category_id: parentId,
      rank: highest === null ? 0 : highest + 1,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    await emit(tx, 'product-category.created', { id })
    return retrieveCategory(tx, id, query, ADMIN)
  })
}

export async function updateCategory(
  db: Db,
  id: string,
  input: AdminPostProductCategoriesCategoryReq,
  query: CategoryFindParams,
): Promise<LoadedCategory> {
  return treeWrite(db, async (tx) => {
    const current = await retrieveRow(tx, id)
    const newParent = input.parent_category_id === undefined ? current.parent_category_id : input.parent_category_id
    if (newParent !== null && newParent !== current.parent_category_id) {
      await retrieveRow(tx, newParent)
      await assertNotAncestor(tx, id, newParent)
    }
    await tx
      .update(productCategory)
      .set({
        name: input.name,
        description: input.description,
        handle: input.handle,
        is_active: input.is_active,
        is_internal: input.is_internal,
        parent_category_id: newParent,
        metadata: mergedMetadata(productCategory.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(productCategory.id, id))
    if (newParent !== current.parent_category_id || input.rank !== undefined) {
      if (newParent !== current.parent_category_id)
        await writeRanks(tx, await siblingIds(tx, current.parent_category_id, id))
      const siblings = await siblingIds(tx, newParent, id)
      const position = Math.min(input.rank ?? siblings.length, siblings.length)
      siblings.splice(position, 0, { id, rank: newParent === current.parent_category_id ? current.rank : -1 })
      await writeRanks(tx, siblings)
    }
    await emit(tx, 'product-category.updated', { id })
    return retrieveCategory(tx, id, query, ADMIN)
  })
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await treeWrite(db, async (tx) => {
    const current = await retrieveRow(tx, id)
    const [child] = await tx
      .select({ id: productCategory.id })
      .from(productCategory)
      .where(eq(productCategory.parent_category_id, id))
      .limit(1)
    if (child) throw new NotAllowed(`Deleting ProductCategory (${id}) with category children is not allowed`)
    await tx.delete(productCategory).where(eq(productCategory.id, id))
    await writeRanks(tx, await siblingIds(tx, current.parent_category_id))
    await emit(tx, 'product-category.deleted', { id })
  })
}

async function assertProductsExist(db: Db, ids: readonly string[]): Promise<void> {
  const missing = await missingProducts(db, ids)
  if (missing.length > 0) throw new MultipleErrors(400, [`Products ${missing.join(', ')} do not exist`])
}

export async function addProductsToCategory(
  db: Db,
  id: string,
  input: AdminCategoryProductsBatchReq,
  query: CategoryFindParams,
): Promise<LoadedCategory> {
  return catalogWrite(db, async (tx) => {
    await retrieveRow(tx, id)
    const productIds = [...new Set(input.product_ids.map((ref) => ref.id))]
    await assertProductsExist(tx, productIds)
    // An empty batch adds nothing, as on a sales channel; an INSERT needs at least one row.
    if (productIds.length > 0) {
      await tx
        .insert(productCategoryProduct)
        .values(productIds.map((productId) => ({ product_category_id: id, product_id: productId })))
        .onConflictDoNothing()
    }
    await emit(tx, 'product-category.updated', { id })
    return retrieveCategory(tx, id, query, ADMIN)
  })
}

export async function removeProductsFromCategory(
  db: Db,
  id: string,
  input: AdminCategoryProductsBatchReq,
  query: CategoryFindParams,
): Promise<LoadedCategory> {
  return catalogWrite(db, async (tx) => {
    await retrieveRow(tx, id)
    const productIds = [...new Set(input.product_ids.map((ref) => ref.id))]
    await assertProductsExist(tx, productIds)
    await tx
      .delete(productCategoryProduct)
      .where(
        and(eq(productCategoryProduct.product_category_id, id), inArray(productCategoryProduct.product_id, productIds)),
      )
    await emit(tx, 'product-category.updated', { id })
    return retrieveCategory(tx, id, query, ADMIN)
  })
}
