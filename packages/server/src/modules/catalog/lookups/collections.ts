import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { NotFound } from '../../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  type ListAnswer,
  orderBy,
  softDeleteCondition,
  sortableColumns,
  whereAll,
  type Picked,
} from '../../../core/list.js'
import { toList } from '../../../core/schemas.js'
import { toHandle } from '../products/handles.js'
import type { CollectionRow, ProductRow } from '../loader.js'
import {
  collectionsPaging,
  type AdminCollectionProductsBatchReq,
  type AdminGetCollectionsParams,
  type AdminPostCollectionsCollectionReq,
  type AdminPostCollectionsReq,
  type StoreGetCollectionsParams,
} from './contract.js'

import { missingProducts } from '../products/writes.js'
import { product, productCollection } from '../schema.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { catalogWrite } from '../read-cache.js'

/** Collections (reference/admin-api.md "Collections", store-api.md "Catalog lookups"). */

export type LoadedCollection = Picked<CollectionRow> & { products?: ProductRow[] }

const SORTABLE = sortableColumns({
  id: productCollection.id,
  title: productCollection.title,
  handle: productCollection.handle,
  created_at: productCollection.created_at,
  updated_at: productCollection.updated_at,
})

// The admin list shows only these columns (v1 defaults), plus `products`.
const ADMIN_LIST_FIELDS = ['id', 'title', 'handle', 'created_at', 'updated_at'] as const

const liveCollection = isNull(productCollection.deleted_at)

/** The live products of these collections, in one query. */
async function productsOf(db: Db, collectionIds: string[]): Promise<Map<string, ProductRow[]>> {
  const byCollection = new Map<string, ProductRow[]>(collectionIds.map((id) => [id, []]))
  if (collectionIds.length === 0) return byCollection
  const rows = await db
    .select()
    .from(product)
    .where(and(inArray(product.collection_id, collectionIds), isNull(product.deleted_at)))
    .orderBy(asc(product.created_at), asc(product.id))
  for (const row of rows) byCollection.get(row.collection_id!)?.push(row)
  return byCollection
}

export async function retrieveCollection(db: Db, id: string, withProducts = true): Promise<LoadedCollection> {
  const [row] = await db
    .select()
    .from(productCollection)
    .where(and(eq(productCollection.id, id), liveCollection))
    .limit(1)
  if (!row) throw NotFound.entity('ProductCollection', id)
  if (!withProducts) return row
  const products = await productsOf(db, [id])
  return { ...row, products: products.get(id) ?? [] }
}

export async function listAdminCollections(
  db: Db,
  query: AdminGetCollectionsParams,
): Promise<ListAnswer<'collections', LoadedCollection>> {
  const where = whereAll([
    ...softDeleteCondition(productCollection.deleted_at, query.deleted_at),
    query.title !== undefined ? eq(productCollection.title, query.title) : undefined,
    query.handle !== undefined ? eq(productCollection.handle, query.handle) : undefined,
    ...dateConditions(productCollection.created_at, query.created_at, 'created_at'),
    ...dateConditions(productCollection.updated_at, query.updated_at, 'updated_at'),
    query.q
      ? or(ilike(productCollection.title, likePattern(query.q)), ilike(productCollection.handle, likePattern(query.q)))
      : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', productCollection.id)
  const page = collectionsPaging.page(query)
  const [rows, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(productCollection)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ value: count() }).from(productCollection).where(where),
  ])
  const products = await productsOf(
    db,
    rows.map((row) => row.id),
  )
  const collections = rows.map((row) => {
    const picked = Object.fromEntries(ADMIN_LIST_FIELDS.map((key) => [key, row[key]])) as Pick<
      CollectionRow,
      (typeof ADMIN_LIST_FIELDS)[number]
    >
    return { ...picked, products: products.get(row.id) ?? [] }
  })
  return listAnswer('collections', collections, total.value, page)
}

export async function listStoreCollections(
  db: Db,
  query: StoreGetCollectionsParams,
): Promise<ListAnswer<'collections', CollectionRow>> {
  const page = collectionsPaging.page(query)
  const handles = toList(query.handle)
  const where = whereAll([
    liveCollection,
    handles ? inArray(productCollection.handle, handles) : undefined,
    ...dateConditions(productCollection.created_at, query.created_at, 'created_at'),
    ...dateConditions(productCollection.updated_at, query.updated_at, 'updated_at'),
  ])
  const [collections, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(productCollection)
        .where(where)
        .orderBy(...orderBy(undefined, SORTABLE, '-created_at', productCollection.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ value: count() }).from(productCollection).where(where),
  ])
  return listAnswer('collections', collections, total.value, page)
}

/** `preset.id` keeps an id chosen elsewhere (a seed file's); the API always generates one. */
export async function createCollection(
  db: Db,
  input: AdminPostCollectionsReq,
  preset: { id?: string } = {},
): Promise<LoadedCollection> {
  return catalogWrite(db, async (tx) => {
    const [row] = await tx
      .insert(productCollection)
      .values({
        id: preset.id ?? generateId('pcol'),
        title: input.title,
        handle: input.handle || toHandle(input.title) || null,
        metadata: mergeMetadata(null, input.metadata) ?? null,
      })
      .returning()
    await emit(tx, 'product-collection.created', { id: row.id })
    return { ...row, products: [] }
  })
}

export async function updateCollection(
  db: Db,
  id: string,
  input: AdminPostCollectionsCollectionReq,
): Promise<LoadedCollection> {
  return catalogWrite(db, async (tx) => {
    await retrieveCollection(tx, id, false)
    await tx
      .update(productCollection)
      .set({
        title: input.title,
        handle: input.handle,
        metadata: mergedMetadata(productCollection.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(productCollection.id, id))
    await emit(tx, 'product-collection.updated', { id })
    return retrieveCollection(tx, id)
  })
}

/** Soft-deletes the collection; its products leave it. */
export async function deleteCollection(db: Db, id: string): Promise<void> {
  await catalogWrite(db, async (tx) => {
    await retrieveCollection(tx, id, false)
    await tx.update(product).set({ collection_id: null }).where(eq(product.collection_id, id))
    await tx.update(productCollection).set({ deleted_at: new Date() }).where(eq(productCollection.id, id))
    await emit(tx, 'product-collection.deleted', { id })
  })
}

async function assertProductsExist(db: Db, ids: readonly string[]): Promise<void> {
  const [missing] = await missingProducts(db, ids)
  if (missing) throw NotFound.entity('Product', missing)
}

export async function addProductsToCollection(
  db: Db,
  id: string,
  input: AdminCollectionProductsBatchReq,
): Promise<LoadedCollection> {
  return catalogWrite(db, async (tx) => {
    await retrieveCollection(tx, id, false)
    await assertProductsExist(tx, input.product_ids)
    await tx.update(product).set({ collection_id: id }).where(inArray(product.id, input.product_ids))
    await emit(tx, 'product-collection.products_added', { id, productIds: input.product_ids })
    return retrieveCollection(tx, id)
  })
}

export async function removeProductsFromCollection(
  db: Db,
  id: string,
  input: AdminCollectionProductsBatchReq,
): Promise<void> {
  await catalogWrite(db, async (tx) => {
    await retrieveCollection(tx, id, false)
    await tx
      .update(product)
      .set({ collection_id: null })
      .where(and(inArray(product.id, input.product_ids), eq(product.collection_id, id)))
    await emit(tx, 'product-collection.products_removed', { id, productIds: input.product_ids })
  })
}
