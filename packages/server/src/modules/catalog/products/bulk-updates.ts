import { and, eq, inArray, isNull, max, notInArray } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { insertAll, updateAll } from '../../../db/bulk-rows.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { generateId } from '../../../db/ids.js'
import { mergeMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { outbox } from '../../../events/schema.js'
import { InvalidData, NotFound } from '../../../core/errors.js'
import { priceColumns, resolvePrices, type LocatedPrice } from '../pricing/prices.js'
import {
  distinct,
  idsByValue,
  insertVariants,
  linkCategories,
  linkImages,
  linkSalesChannels,
  linkTags,
  type BulkNewVariant,
} from './bulk-writes.js'
import { assertCategoriesEnabled, updatedProductColumns } from './writes.js'
import type { CatalogFlags } from './products.js'
import type { AdminPostProductsProductReq, OptionValueInput, ProductUpdateVariant } from './contract.js'
import { catalogWrite } from '../read-cache.js'
import {
  image,
  moneyAmount,
  product,
  productCategoryProduct,
  productImages,
  productOption,
  productOptionValue,
  productSalesChannel,
  productTags,
  productType,
  productVariant,
} from '../schema.js'
import {
  assertCoversOptions,
  assertDistinctCombinations,
  scalarColumns,
  softDeleteVariants,
} from '../variants/writes.js'
import { groupBy } from '../../../db/group-rows.js'

/**
 * Updates many products with a fixed number of statements, for bulk paths such as the CSV import.
 * Each product changes exactly as `updateProduct` (product-writes.ts) changes it: its row, its
 * images, tags, categories and sales channels, its variants (updated, created, deleted) with their
 * prices and option values, one `product.updated` event. As with `createProducts`, the collections,
 * categories and channels named are the caller's to check; anything else wrong (a product or variant
 * that is not there, a row that breaks a constraint) makes the whole call throw, so callers run it in
 * a savepoint and fall back to `updateProduct`, one product at a time.
 */

export interface ProductUpdate {
  id: string
  input: AdminPostProductsProductReq
}

export async function updateProducts(db: Db, updates: readonly ProductUpdate[], flags: CatalogFlags): Promise<void> {
  if (updates.length === 0) return
  const ids = updates.map((update) => update.id)
  if (distinct(ids).length !== ids.length) throw new Error('updateProducts: a product appears twice')
  for (const { input } of updates) assertCategoriesEnabled(input, flags)
  await catalogWrite(db, async (tx) => {
    const [current, typeIds] = await concurrently(tx, [
      // Locked as `lockLiveProduct` locks one, in id order so that two batches cannot deadlock:
      // the merges below read what a change made meanwhile left.
      () =>
        tx
          .select({ id: product.id, metadata: product.metadata })
          .from(product)
          .where(and(inArray(product.id, ids), isNull(product.deleted_at)))
          .orderBy(product.id)
          .for('update'),
      () =>
        idsByValue(
          tx,
          productType,
          'ptyp',
          distinct(updates.flatMap(({ input }) => (input.type ? [input.type.value] : []))),
        ),
    ])
    const metadataOf = new Map(current.map((row) => [row.id, row.metadata]))
    const missing = ids.find((id) => !metadataOf.has(id))
    if (missing) throw NotFound.entity('Product', missing)
    await updateAll(
      tx,
      product,
      updates.map(({ id, input }) => ({
        id,
        ...updatedProductColumns(input, {
          type_id: input.type === undefined ? undefined : input.type === null ? null : typeIds.get(input.type.value),
          metadata: mergeMetadata(metadataOf.get(id), input.metadata),
        }),
      })),
    )
    await replaceImages(
      tx,
      updates.flatMap(({ id, input }) => (input.images ? [{ productId: id, urls: input.images }] : [])),
    )
    const tagged = updates.filter(({ input }) => input.tags)
    await unlink(tx, productTags.product_id, tagged)
    await linkTags(
      tx,
      tagged.map(({ id, input }) => ({ productId: id, values: input.tags!.map((tag) => tag.value) })),
    )
    const categorised = updates.filter(({ input }) => input.categories)
    await unlink(tx, productCategoryProduct.product_id, categorised)
    await linkCategories(
      tx,
      categorised.map(({ id, input }) => ({ productId: id, ids: input.categories!.map((category) => category.id) })),
    )
    if (flags.sales_channels) {
      const channelled = updates.filter(({ input }) => input.sales_channels !== undefined)
      await unlink(tx, productSalesChannel.product_id, channelled)
      await linkSalesChannels(
        tx,
        channelled.map(({ id, input }) => ({
          productId: id,
          ids: (input.sales_channels ?? []).map((channel) => channel.id),
        })),
      )
    }
    await syncVariants(
      tx,
      updates.flatMap(({ id, input }) => (input.variants ? [{ productId: id, variants: input.variants }] : [])),
      flags,
    )
    await insertAll(
      tx,
      outbox,
      updates.map(({ id, input }) => ({
        id: generateId('evt'),
        event_name: 'product.updated',
        data: { id, fields: Object.keys(input) },
      })),
    )
  })
}

/** Removes the links of these products from a link table, before they are linked anew. */
async function unlink(db: Db, productColumn: PgColumn, updates: readonly { id: string }[]) {
  if (updates.length === 0) return
  await db.delete(productColumn.table).where(
    inArray(
      productColumn,
      updates.map((update) => update.id),
    ),
  )
}

/** Replaces each product's images by URL, in order; an image row already holding a URL is kept. */
async function replaceImages(db: Db, entries: readonly { productId: string; urls: readonly string[] }[]) {
  if (entries.length === 0) return
  const productIds = entries.map((entry) => entry.productId)
  const current = await db
    .select({ product_id: productImages.product_id, id: image.id, url: image.url })
    .from(productImages)
    .innerJoin(image, eq(image.id, productImages.image_id))
    .where(inArray(productImages.product_id, productIds))
  await db.delete(productImages).where(inArray(productImages.product_id, productIds))
  const heldBy = groupBy(current, (row) => row.product_id)
  await linkImages(
    db,
    entries.map(({ productId, urls }) => ({
      productId,
      urls,
      held: new Map((heldBy.get(productId) ?? []).map((row) => [row.url, row.id])),
    })),
  )
}

/**
 * `variants` on a product update is authoritative (v1): listed variants with an `id` are updated,
 * those without are created, and the product's other variants are deleted.
 */
async function syncVariants(
  db: Db,
  entries: readonly { productId: string; variants: readonly ProductUpdateVariant[] }[],
  flags: CatalogFlags,
): Promise<void> {
  if (entries.length === 0) return
  const productIds = entries.map((entry) => entry.productId)
  const [existing, options] = await concurrently(db, [
    // Locked up front in id order, as a checkout locks the variants whose stock it takes: in
    // whatever order the writes below reach them, the two never wait on each other in a cycle.
    () =>
      db
        .select({ id: productVariant.id, product_id: productVariant.product_id, metadata: productVariant.metadata })
        .from(productVariant)
        .where(and(inArray(productVariant.product_id, productIds), isNull(productVariant.deleted_at)))
        .orderBy(productVariant.id)
        .for('update'),
    () =>
      db
        .select({ id: productOption.id, title: productOption.title, product_id: productOption.product_id })
        .from(productOption)
        .where(and(inArray(productOption.product_id, productIds), isNull(productOption.deleted_at)))
        .orderBy(productOption.created_at, productOption.id),
  ])
  const variantsOf = groupBy(existing, (row) => row.product_id)
  const optionsOf = groupBy(options, (row) => row.product_id)
  const removed: string[] = []
  const changed: ({ id: string } & Record<string, unknown>)[] = []
  const repriced: { variantId: string; path: string; prices: LocatedPrice[] }[] = []
  const revalued: { variantId: string; values: readonly OptionValueInput[] }[] = []
  const created: Omit<BulkNewVariant, 'rank'>[] = []
  for (const { productId, variants } of entries) {
    const own = new Map((variantsOf.get(productId) ?? []).map((row) => [row.id, row]))
    const unknown = variants.find((variant) => variant.id !== undefined && !own.has(variant.id))
    if (unknown?.id) throw NotFound.entity('Variant', unknown.id)
    const kept = new Set(variants.flatMap((variant) => (variant.id ? [variant.id] : [])))
    removed.push(...[...own.keys()].filter((id) => !kept.has(id)))
    const productOptions = optionsOf.get(productId) ?? []
    const optionIds = new Set(productOptions.map((option) => option.id))
    for (const [index, variant] of variants.entries()) {
      const path = `variants.${index}`
      if (variant.id) {
        const columns = {
          ...scalarColumns(variant),
          title: variant.title,
          metadata: mergeMetadata(own.get(variant.id)!.metadata, variant.metadata),
        }
        if (Object.values(columns).some((value) => value !== undefined)) changed.push({ id: variant.id, ...columns })
        if (variant.prices) {
          repriced.push({
            variantId: variant.id,
            path: `${path}.prices`,
            prices: variant.prices.map((price, at) => ({ input: price, path: `${path}.prices.${at}` })),
          })
        }
        if (variant.options) {
          const foreign = variant.options.find((value) => !optionIds.has(value.option_id))
          if (foreign)
            throw new InvalidData(`${path}.options: option ${foreign.option_id} does not belong to the product`)
          revalued.push({ variantId: variant.id, values: variant.options })
        }
        continue
      }
      if (!variant.title) throw new InvalidData(`${path}.title is required`)
      if (!variant.prices) throw new InvalidData(`${path}.prices is required`)
      const values = variant.options ?? []
      assertCoversOptions(values, productOptions, path)
      created.push({
        productId,
        path,
        input: { ...variant, title: variant.title, prices: variant.prices, options: values },
      })
    }
  }
  await softDeleteVariants(db, removed)
  await updateAll(db, productVariant, changed)
  await replacePrices(db, repriced)
  await setOptionValues(db, revalued)
  await insertVariants(db, await ranked(db, created), flags)
  await assertDistinctCombinations(db, productIds, 'invalid')
}

/** New variants rank after their product's live ones, in the order given. */
async function ranked(db: Db, created: readonly Omit<BulkNewVariant, 'rank'>[]): Promise<BulkNewVariant[]> {
  if (created.length === 0) return []
  const highest = await db
    .select({ product_id: productVariant.product_id, rank: max(productVariant.variant_rank) })
    .from(productVariant)
    .where(
      and(
        inArray(productVariant.product_id, distinct(created.map((variant) => variant.productId))),
        isNull(productVariant.deleted_at),
      ),
    )
    .groupBy(productVariant.product_id)
  const next = new Map(highest.map((row) => [row.product_id, (row.rank ?? -1) + 1]))
  return created.map((variant) => {
    const rank = next.get(variant.productId) ?? 0
    next.set(variant.productId, rank + 1)
    return { ...variant, rank }
  })
}

/**
 * Replaces each variant's own prices (those outside price lists), as `replaceVariantPrices`:
 * entries with an `id` update that price, others are created, the variant's other own prices go.
 */
async function replacePrices(
  db: Db,
  entries: readonly { variantId: string; path: string; prices: LocatedPrice[] }[],
): Promise<void> {
  if (entries.length === 0) return
  const resolved = await resolvePrices(
    db,
    entries.flatMap((entry) => entry.prices),
  )
  let cursor = 0
  const prices = entries.flatMap(({ variantId, path, prices: given }) =>
    given.map((_, index) => ({ variantId, path: `${path}.${index}`, price: resolved[cursor++] })),
  )
  const variantIds = entries.map((entry) => entry.variantId)
  const keptIds = prices.flatMap(({ price }) => (price.id ? [price.id] : []))
  const own = and(inArray(moneyAmount.variant_id, variantIds), isNull(moneyAmount.price_list_id))
  if (keptIds.length > 0) {
    const found = await db
      .select({ id: moneyAmount.id, variant_id: moneyAmount.variant_id })
      .from(moneyAmount)
      .where(and(own, inArray(moneyAmount.id, keptIds), isNull(moneyAmount.deleted_at)))
    const ownerOf = new Map(found.map((row) => [row.id, row.variant_id]))
    const lost = prices.find(({ price, variantId }) => price.id !== undefined && ownerOf.get(price.id) !== variantId)
    if (lost) throw new NotFound(`${lost.path}.id: Money amount ${lost.price.id} was not found`)
  }
  await db.delete(moneyAmount).where(keptIds.length > 0 ? and(own, notInArray(moneyAmount.id, keptIds)) : own)
  await updateAll(
    db,
    moneyAmount,
    prices.flatMap(({ price }) => (price.id ? [{ id: price.id, ...priceColumns(price) }] : [])),
  )
  await insertAll(
    db,
    moneyAmount,
    prices.flatMap(({ variantId, price }) =>
      price.id ? [] : [{ id: generateId('ma'), variant_id: variantId, ...priceColumns(price) }],
    ),
  )
}

/** Sets each variant's value for the options named: the live value is updated, a missing one added. */
async function setOptionValues(
  db: Db,
  entries: readonly { variantId: string; values: readonly OptionValueInput[] }[],
): Promise<void> {
  if (entries.length === 0) return
  const existing = await db
    .select({
      id: productOptionValue.id,
      variant_id: productOptionValue.variant_id,
      option_id: productOptionValue.option_id,
    })
    .from(productOptionValue)
    .where(
      and(
        inArray(
          productOptionValue.variant_id,
          entries.map((entry) => entry.variantId),
        ),
        isNull(productOptionValue.deleted_at),
      ),
    )
  const idOf = new Map(existing.map((row) => [`${row.variant_id}\u0000${row.option_id}`, row.id]))
  const updated = new Map<string, { id: string; value: string }>()
  const added: { id: string; option_id: string; variant_id: string; value: string }[] = []
  for (const { variantId, values } of entries) {
    for (const { option_id, value } of values) {
      const id = idOf.get(`${variantId}\u0000${option_id}`)
      // A value named twice ends as the last one, as when written one after the other.
      if (id) updated.set(id, { id, value })
      else added.push({ id: generateId('optval'), option_id, variant_id: variantId, value })
    }
  }
  await updateAll(db, productOptionValue, [...updated.values()])
  await insertAll(db, productOptionValue, added)
}
