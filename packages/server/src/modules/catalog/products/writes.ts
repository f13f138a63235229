import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { InvalidData, MultipleErrors, NotFound } from '../../../core/errors.js'
import { salesChannel } from '../../sales-channels/schema.js'
import { store } from '../../store/schema.js'
import { uniqueHandle } from './handles.js'
import type { LoadedProduct } from '../loader.js'
import { retrieveAdminProduct, type CatalogFlags } from './products.js'
import type {
  AdminPostProductsProductMetadataReq,
  AdminPostProductsProductReq,
  AdminPostProductsReq,
  ProductUpdateVariant,
} from './contract.js'
import {
  image,
  product,
  productCategory,
  productCategoryProduct,
  productCollection,
  productImages,
  productOption,
  productOptionValue,
  productSalesChannel,
  productTag,
  productTags,
  productType,
  productVariant,
} from '../schema.js'
import {
  assertCoversOptions,
  assertDistinctCombinations,
  insertVariants,
  liveOptionIds,
  softDeleteVariants,
  updateVariantRow,
  type NewVariant,
} from '../variants/writes.js'
import { catalogWrite } from '../read-cache.js'
import type { Picked } from '../../../core/list.js'

/** Product writes: create, update, delete, metadata (reference/admin-api.md "Products"). */

const live = isNull(product.deleted_at)

const liveProduct = (db: Db, id: string) =>
  db
    .select()
    .from(product)
    .where(and(eq(product.id, id), live))
    .limit(1)

function found<T>(rows: T[], id: string): T {
  if (!rows[0]) throw NotFound.entity('Product', id)
  return rows[0]
}

export async function retrieveLiveProduct(db: Db, id: string) {
  return found(await liveProduct(db, id), id)
}

/**
 * The live product, locked until the transaction ends: every change to a product, its options or
 * its variants takes it first. Their checks (an option title or a combination of values not taken
 * yet) and merges (metadata) then read what the change before them left, and a product deleted
 * meanwhile is not changed.
 */
export async function lockLiveProduct(db: Db, id: string) {
  return found(await liveProduct(db, id).for('update'), id)
}

/** Types are shared by value: the existing live type with this value, else a new one. */
async function upsertType(db: Db, value: string): Promise<string> {
  await db
    .insert(productType)
    .values({ id: generateId('ptyp'), value })
    .onConflictDoNothing({ target: productType.value, where: sql.raw('deleted_at IS NULL') })
  const [row] = await db
    .select({ id: productType.id })
    .from(productType)
    .where(and(eq(productType.value, value), isNull(productType.deleted_at)))
    .limit(1)
  return row.id
}

/** Replaces the product's tags; tags are shared by value like types. */
async function setTags(db: Db, productId: string, tags: readonly { value: string }[]): Promise<void> {
  await db.delete(productTags).where(eq(productTags.product_id, productId))
  const values = [...new Set(tags.map((tag) => tag.value))]
  if (values.length === 0) return
  await db
    .insert(productTag)
    .values(values.map((value) => ({ id: generateId('ptag'), value })))
    .onConflictDoNothing({ target: productTag.value, where: sql.raw('deleted_at IS NULL') })
  const rows = await db
    .select({ id: productTag.id })
    .from(productTag)
    .where(and(inArray(productTag.value, values), isNull(productTag.deleted_at)))
  await db.insert(productTags).values(rows.map((row) => ({ product_id: productId, product_tag_id: row.id })))
}

/** Replaces the product's images by URL, in order; an image row already holding a URL is kept. */
async function setImages(db: Db, productId: string, urls: readonly string[]): Promise<void> {
  const current = await db
    .select({ id: image.id, url: image.url })
    .from(productImages)
    .innerJoin(image, eq(image.id, productImages.image_id))
    .where(eq(productImages.product_id, productId))
  await db.delete(productImages).where(eq(productImages.product_id, productId))
  if (urls.length === 0) return
  const byUrl = new Map(current.map((row) => [row.url, row.id]))
  const created = urls.filter((url, index) => !byUrl.has(url) && urls.indexOf(url) === index)
  if (created.length > 0) {
    const rows = created.map((url) => ({ id: generateId('img'), url }))
    await db.insert(image).values(rows)
    for (const row of rows) byUrl.set(row.url, row.id)
  }
  const links = [...new Set(urls)].map((url, rank) => ({ product_id: productId, image_id: byUrl.get(url)!, rank }))
  await db.insert(productImages).values(links)
}

async function assertCollection(db: Db, collectionId: string): Promise<void> {
  const [row] = await db
    .select({ id: productCollection.id })
    .from(productCollection)
    .where(and(eq(productCollection.id, collectionId), isNull(productCollection.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('ProductCollection', collectionId)
}

async function setCategories(db: Db, productId: string, categories: readonly { id: string }[]): Promise<void> {
  const ids = [...new Set(categories.map((category) => category.id))]
  if (ids.length > 0) {
    const found = await db
      .select({ id: productCategory.id })
      .from(productCategory)
      .where(inArray(productCategory.id, ids))
    const known = new Set(found.map((row) => row.id))
    const missing = ids.find((id) => !known.has(id))
    if (missing) throw NotFound.entity('ProductCategory', missing)
  }
  await db.delete(productCategoryProduct).where(eq(productCategoryProduct.product_id, productId))
  if (ids.length > 0) {
    await db
      .insert(productCategoryProduct)
      .values(ids.map((id) => ({ product_category_id: id, product_id: productId })))
  }
}

/** Replaces the product's sales channels; unknown channels are a 400 multiple-errors answer (v1). */
async function setSalesChannels(db: Db, productId: string, channelIds: readonly string[]): Promise<void> {
  const ids = [...new Set(channelIds)]
  if (ids.length > 0) {
    // Locked as the channel products batch locks it (sales-channel-products.ts).
    const found = await db
      .select({ id: salesChannel.id })
      .from(salesChannel)
      .where(and(inArray(salesChannel.id, ids), isNull(salesChannel.deleted_at)))
      .orderBy(salesChannel.id)
      .for('share')
    const known = new Set(found.map((row) => row.id))
    const missing = ids.filter((id) => !known.has(id))
    if (missing.length > 0) throw new MultipleErrors(400, [`Sales Channels ${missing.join(', ')} do not exist`])
  }
  await db.delete(productSalesChannel).where(eq(productSalesChannel.product_id, productId))
  if (ids.length > 0) {
    await db
      .insert(productSalesChannel)
      .values(ids.map((id) => ({ id: generateId('prodsc'), product_id: productId, sales_channel_id: id })))
  }
}

/** The store's default sales channel, which a product that names none is put in (v1). */
export async function defaultSalesChannelIds(db: Db): Promise<string[]> {
  const [row] = await db.select({ id: store.default_sales_channel_id }).from(store).limit(1)
  return row?.id ? [row.id] : []
}

/** Categories may be set only with the `product_categories` flag on (v1 rejects the property). */
export function assertCategoriesEnabled(input: { categories?: unknown }, flags: CatalogFlags): void {
  if (input.categories !== undefined && !flags.product_categories) {
    throw new InvalidData('property categories should not exist')
  }
}

/** Dimensions, customs codes and the external id: taken as given by a create and an update alike. */
const measuresAndCodes = (input: AdminPostProductsReq | AdminPostProductsProductReq) => ({
  weight: input.weight,
  length: input.length,
  height: input.height,
  width: input.width,
  hs_code: input.hs_code,
  origin_country: input.origin_country,
  mid_code: input.mid_code,
  material: input.material,
  external_id: input.external_id,
})

/**
 * The product row of a create (one at a time or in bulk): the request's columns with v1's
 * defaults, and what the caller resolved (id, handle, type).
 */
export function newProductRow(
  input: AdminPostProductsReq,
  resolved: { id: string; handle: string | undefined; type_id: string | null | undefined },
): typeof product.$inferInsert {
  return {
    id: resolved.id,
    title: input.title,
    subtitle: input.subtitle ?? null,
    description: input.description ?? null,
    handle: resolved.handle,
    is_giftcard: input.is_giftcard ?? false,
    discountable: input.discountable ?? true,
    status: input.status ?? 'draft',
    thumbnail: input.thumbnail ?? input.images?.[0] ?? null,
    collection_id: input.collection_id ?? null,
    type_id: resolved.type_id,
    ...measuresAndCodes(input),
    metadata: mergeMetadata(null, input.metadata) ?? null,
  }
}

/**
 * The product row's changes of an update (one at a time or in bulk): the request's columns, those it
 * leaves out `undefined` (kept as they are), and what the caller resolved (type, merged metadata).
 */
export function updatedProductColumns(
  input: AdminPostProductsProductReq,
  resolved: { type_id: string | null | undefined; metadata: Record<string, unknown> | null | undefined },
) {
  return {
    title: input.title,
    subtitle: input.subtitle,
    description: input.description,
    handle: input.handle,
    discountable: input.discountable,
    status: input.status,
    thumbnail: input.thumbnail,
    collection_id: input.collection_id,
    type_id: resolved.type_id,
    ...measuresAndCodes(input),
    metadata: resolved.metadata,
  }
}

/**
 * `POST /admin/products`: the product with its options, variants (and their prices), images and links.
 * `preset.id` keeps an id chosen elsewhere (a seed file's); the API always generates one.
 */
export async function createProduct(
  db: Db,
  input: AdminPostProductsReq,
  flags: CatalogFlags,
  preset: { id?: string } = {},
): Promise<Picked<LoadedProduct>> {
  assertCategoriesEnabled(input, flags)
  const optionTitles = (input.options ?? []).map((option) => option.title)
  for (const [index, variant] of (input.variants ?? []).entries()) {
    const given = variant.options?.length ?? 0
    if (given !== optionTitles.length) {
      throw new InvalidData(
        `variants.${index}.options: Product options length does not match variant options length. Product has ${optionTitles.length} and variant has ${given}.`,
      )
    }
  }
  return catalogWrite(db, async (tx) => {
    const handle = input.handle || (await uniqueHandle(tx, product, product, input.title, 'product'))
    if (input.collection_id) await assertCollection(tx, input.collection_id)
    const [row] = await tx
      .insert(product)
      .values(
        newProductRow(input, {
          id: preset.id ?? generateId('prod'),
          handle,
          type_id: input.type ? await upsertType(tx, input.type.value) : null,
        }),
      )
      .returning({ id: product.id })
    if (input.images?.length) await setImages(tx, row.id, input.images)
    if (input.tags?.length) await setTags(tx, row.id, input.tags)
    if (input.categories?.length) await setCategories(tx, row.id, input.categories)
    if (flags.sales_channels) {
      const channels = input.sales_channels ? input.sales_channels.map((c) => c.id) : await defaultSalesChannelIds(tx)
      if (channels.length > 0) await setSalesChannels(tx, row.id, channels)
    }
    const options = optionTitles.map((title) => ({ id: generateId('opt'), title, product_id: row.id }))
    if (options.length > 0) await tx.insert(productOption).values(options)
    const variants: NewVariant[] = (input.variants ?? []).map((variant, index) => ({
      path: `variants.${index}`,
      input: {
        ...variant,
        options: (variant.options ?? []).map((value, position) => ({
          option_id: options[position].id,
          value: value.value,
        })),
      },
    }))
    await insertVariants(tx, row.id, variants, flags)
    if (options.length > 0) await assertDistinctCombinations(tx, [row.id], 'invalid')
    await emit(tx, 'product.created', { id: row.id })
    return retrieveAdminProduct(tx, row.id, {}, flags)
  })
}

/**
 * `variants` on product update is authoritative (v1): listed variants with an `id` are updated,
 * those without are created, and the product's other variants are deleted.
 */
async function syncVariants(
  db: Db,
  productId: string,
  variants: readonly ProductUpdateVariant[],
  flags: CatalogFlags,
): Promise<void> {
  const existing = await db
    .select({ id: productVariant.id })
    .from(productVariant)
    .where(and(eq(productVariant.product_id, productId), isNull(productVariant.deleted_at)))
  const existingIds = new Set(existing.map((row) => row.id))
  const unknown = variants.find((variant) => variant.id !== undefined && !existingIds.has(variant.id))
  if (unknown?.id) throw NotFound.entity('Variant', unknown.id)
  const keep = new Set(variants.flatMap((variant) => (variant.id ? [variant.id] : [])))
  await softDeleteVariants(
    db,
    [...existingIds].filter((id) => !keep.has(id)),
  )
  const options = await liveOptionIds(db, productId)
  const created: NewVariant[] = []
  for (const [index, variant] of variants.entries()) {
    const path = `variants.${index}`
    if (variant.id) {
      await updateVariantRow(db, productId, variant.id, variant, `${path}.`)
      continue
    }
    if (!variant.title) throw new InvalidData(`${path}.title is required`)
    if (!variant.prices) throw new InvalidData(`${path}.prices is required`)
    const values = variant.options ?? []
    assertCoversOptions(values, options, path)
    created.push({ path, input: { ...variant, title: variant.title, prices: variant.prices, options: values } })
  }
  await insertVariants(db, productId, created, flags)
  await assertDistinctCombinations(db, [productId], 'invalid')
}

export async function updateProduct(
  db: Db,
  id: string,
  input: AdminPostProductsProductReq,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  assertCategoriesEnabled(input, flags)
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, id)
    if (input.collection_id) await assertCollection(tx, input.collection_id)
    const typeId =
      input.type === undefined ? undefined : input.type === null ? null : await upsertType(tx, input.type.value)
    await tx
      .update(product)
      .set({
        ...updatedProductColumns(input, { type_id: typeId, metadata: undefined }),
        metadata: mergedMetadata(product.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(product.id, id))
    if (input.images) await setImages(tx, id, input.images)
    if (input.tags) await setTags(tx, id, input.tags)
    if (input.categories) await setCategories(tx, id, input.categories)
    if (input.sales_channels !== undefined && flags.sales_channels) {
      await setSalesChannels(
        tx,
        id,
        (input.sales_channels ?? []).map((channel) => channel.id),
      )
    }
    if (input.variants) await syncVariants(tx, id, input.variants, flags)
    await emit(tx, 'product.updated', { id, fields: Object.keys(input) })
    return retrieveAdminProduct(tx, id, {}, flags)
  })
}

/** Soft-deletes the product with its variants and options, freeing its handle and SKUs. */
export async function deleteProduct(db: Db, id: string): Promise<void> {
  await catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, id)
    const now = new Date()
    const variants = await tx
      .select({ id: productVariant.id })
      .from(productVariant)
      .where(and(eq(productVariant.product_id, id), isNull(productVariant.deleted_at)))
    await softDeleteVariants(
      tx,
      variants.map((row) => row.id),
    )
    const options = tx.select({ id: productOption.id }).from(productOption).where(eq(productOption.product_id, id))
    await tx
      .update(productOptionValue)
      .set({ deleted_at: now })
      .where(and(inArray(productOptionValue.option_id, options), isNull(productOptionValue.deleted_at)))
    await tx
      .update(productOption)
      .set({ deleted_at: now })
      .where(and(eq(productOption.product_id, id), isNull(productOption.deleted_at)))
    await tx.update(product).set({ deleted_at: now }).where(eq(product.id, id))
    await emit(tx, 'product.deleted', { id })
  })
}

/** `POST /admin/products/:id/metadata`: sets one key; the value "" removes it. */
export async function setProductMetadata(
  db: Db,
  id: string,
  input: AdminPostProductsProductMetadataReq,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, id)
    await tx
      .update(product)
      .set({ metadata: mergedMetadata(product.metadata, { [input.key]: input.value }) })
      .where(eq(product.id, id))
    await emit(tx, 'product.updated', { id, fields: ['metadata'] })
    return retrieveAdminProduct(tx, id, {}, flags)
  })
}

/** Products among `ids` that do not exist (live), for the batch routes' multiple-errors answer. */
export async function missingProducts(db: Db, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const found = await db
    .select({ id: product.id })
    .from(product)
    .where(and(inArray(product.id, unique), live))
  const known = new Set(found.map((row) => row.id))
  return unique.filter((id) => !known.has(id))
}
