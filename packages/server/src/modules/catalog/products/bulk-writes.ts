import { and, inArray, isNull, sql } from 'drizzle-orm'
import { insertAll } from '../../../db/bulk-rows.js'
import { generateId } from '../../../db/ids.js'
import { mergeMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { outbox } from '../../../events/schema.js'
import { InvalidData } from '../../../core/errors.js'
import { priceColumns, resolvePrices, type LocatedPrice } from '../pricing/prices.js'
import type { CatalogFlags } from './products.js'
import type { AdminPostProductsReq } from './contract.js'
import { assertCategoriesEnabled, defaultSalesChannelIds, newProductRow } from './writes.js'
import { catalogWrite } from '../read-cache.js'
import { scalarColumns, type NewVariant } from '../variants/writes.js'
import {
  image,
  moneyAmount,
  product,
  productCategoryProduct,
  productImages,
  productOption,
  productOptionValue,
  productSalesChannel,
  productTag,
  productTags,
  productType,
  productVariant,
} from '../schema.js'

/**
 * Creates many products with one multi-row INSERT per table, for bulk paths such as the CSV import.
 * Each product gets exactly the rows `createProduct` (product-writes.ts) writes — options, variants
 * with option values, prices and inventory items, images, tags, type, category and sales channel
 * links, one `product.created` event — and the search documents follow through the same
 * statement-level triggers. What `createProduct` looks up one product at a time (collection,
 * categories, channels) the caller has checked already; a row that still breaks a constraint makes
 * the whole call throw, so callers run it in a savepoint and fall back to `createProduct`.
 */

export interface NewProduct {
  /** Required here: a handle derived from the title would need a lookup per product. */
  input: AdminPostProductsReq & { handle: string }
  /** An id chosen elsewhere (the import file's), as `createProduct`'s `preset.id`. */
  id?: string
}

/** The same checks `createProduct` makes before writing, for every product at once. */
function assertCreatable(products: readonly NewProduct[], flags: CatalogFlags): void {
  for (const { input } of products) {
    assertCategoriesEnabled(input, flags)
    const optionCount = input.options?.length ?? 0
    const combinations = new Set<string>()
    for (const [index, variant] of (input.variants ?? []).entries()) {
      const given = variant.options?.length ?? 0
      if (given !== optionCount) {
        throw new InvalidData(
          `variants.${index}.options: Product options length does not match variant options length. Product has ${optionCount} and variant has ${given}.`,
        )
      }
      if (optionCount === 0) continue
      const combination = variant.options!.map((option) => option.value).join('\u0000')
      if (combinations.has(combination)) {
        throw new InvalidData(`Variant with title ${variant.title} with provided options already exists`)
      }
      combinations.add(combination)
    }
  }
}

/** Ids of live rows for these values (types and tags are shared by value), creating the missing ones. */
export async function idsByValue(
  db: Db,
  table: typeof productType | typeof productTag,
  prefix: string,
  values: readonly string[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map()
  await db
    .insert(table)
    .values(values.map((value) => ({ id: generateId(prefix), value })))
    .onConflictDoNothing({ target: table.value, where: sql.raw('deleted_at IS NULL') })
  const rows = await db
    .select({ id: table.id, value: table.value })
    .from(table)
    .where(and(inArray(table.value, [...values]), isNull(table.deleted_at)))
  return new Map(rows.map((row) => [row.value, row.id]))
}

export const distinct = <T>(values: readonly T[]) => [...new Set(values)]

/** Creates the products and returns their ids, in order. */
export async function createProducts(db: Db, products: readonly NewProduct[], flags: CatalogFlags): Promise<string[]> {
  if (products.length === 0) return []
  assertCreatable(products, flags)
  return catalogWrite(db, async (tx) => {
    const ids = products.map((entry) => entry.id ?? generateId('prod'))
    const typeIds = await idsByValue(
      tx,
      productType,
      'ptyp',
      distinct(products.flatMap(({ input }) => (input.type ? [input.type.value] : []))),
    )
    await insertAll(
      tx,
      product,
      products.map(({ input }, index) =>
        newProductRow(input, {
          id: ids[index],
          handle: input.handle,
          type_id: input.type ? typeIds.get(input.type.value) : null,
        }),
      ),
    )
    await linkImages(
      tx,
      products.map(({ input }, index) => ({ productId: ids[index], urls: input.images ?? [] })),
    )
    await linkTags(
      tx,
      products.map(({ input }, index) => ({
        productId: ids[index],
        values: (input.tags ?? []).map((tag) => tag.value),
      })),
    )
    await linkCategories(
      tx,
      products.map(({ input }, index) => ({ productId: ids[index], ids: (input.categories ?? []).map((c) => c.id) })),
    )
    if (flags.sales_channels) {
      // A product that names no channels gets the store's default channel (v1).
      const fallback = products.some(({ input }) => !input.sales_channels) ? await defaultSalesChannelIds(tx) : []
      await linkSalesChannels(
        tx,
        products.map(({ input }, index) => ({
          productId: ids[index],
          ids: input.sales_channels ? input.sales_channels.map((channel) => channel.id) : fallback,
        })),
      )
    }
    const optionIds = await insertOptions(tx, products, ids)
    await insertVariants(
      tx,
      products.flatMap(({ input }, productIndex) =>
        (input.variants ?? []).map((variant, index) => ({
          productId: ids[productIndex],
          // A new product's variants are ranked from 0 in the order given.
          rank: index,
          path: `variants.${index}`,
          input: {
            ...variant,
            prices: variant.prices ?? [],
            options: (variant.options ?? []).map((option, position) => ({
              option_id: optionIds[productIndex][position],
              value: option.value,
            })),
          },
        })),
      ),
      flags,
    )
    await insertAll(
      tx,
      outbox,
      ids.map((id) => ({ id: generateId('evt'), event_name: 'product.created', data: { id } })),
    )
    return ids
  })
}

/**
 * Links each product to its images by URL, in order. A URL among the product's `held` images keeps
 * that image row; any other gets a new one.
 */
export async function linkImages(
  db: Db,
  entries: readonly { productId: string; urls: readonly string[]; held?: ReadonlyMap<string, string> }[],
): Promise<void> {
  const images: { id: string; url: string }[] = []
  const links: { product_id: string; image_id: string; rank: number }[] = []
  for (const { productId, urls, held } of entries) {
    const byUrl = new Map(held)
    distinct(urls).forEach((url, rank) => {
      let imageId = byUrl.get(url)
      if (!imageId) {
        imageId = generateId('img')
        images.push({ id: imageId, url })
        byUrl.set(url, imageId)
      }
      links.push({ product_id: productId, image_id: imageId, rank })
    })
  }
  await insertAll(db, image, images)
  await insertAll(db, productImages, links)
}

/** Links each product to its tags by value, creating the tags no product has yet. */
export async function linkTags(db: Db, entries: readonly { productId: string; values: readonly string[] }[]) {
  const valuesOf = entries.map(({ values }) => distinct(values))
  const tagIds = await idsByValue(db, productTag, 'ptag', distinct(valuesOf.flat()))
  await insertAll(
    db,
    productTags,
    entries.flatMap(({ productId }, index) =>
      valuesOf[index].map((value) => ({ product_id: productId, product_tag_id: tagIds.get(value)! })),
    ),
  )
}

export async function linkCategories(db: Db, entries: readonly { productId: string; ids: readonly string[] }[]) {
  await insertAll(
    db,
    productCategoryProduct,
    entries.flatMap(({ productId, ids }) =>
      distinct(ids).map((categoryId) => ({ product_category_id: categoryId, product_id: productId })),
    ),
  )
}

export async function linkSalesChannels(db: Db, entries: readonly { productId: string; ids: readonly string[] }[]) {
  await insertAll(
    db,
    productSalesChannel,
    entries.flatMap(({ productId, ids }) =>
      distinct(ids).map((channelId) => ({
        id: generateId('prodsc'),
        product_id: productId,
        sales_channel_id: channelId,
      })),
    ),
  )
}

/** Inserts each product's options in order; returns their ids per product. */
async function insertOptions(db: Db, products: readonly NewProduct[], ids: readonly string[]): Promise<string[][]> {
  const optionIds = products.map(({ input }) => (input.options ?? []).map(() => generateId('opt')))
  await insertAll(
    db,
    productOption,
    products.flatMap(({ input }, index) =>
      (input.options ?? []).map((option, position) => ({
        id: optionIds[index][position],
        title: option.title,
        product_id: ids[index],
      })),
    ),
  )
  return optionIds
}

/** A variant to create on a product, at the rank it takes there. */
export interface BulkNewVariant extends NewVariant {
  productId: string
  rank: number
}

/**
 * Inserts variants of any number of products with their option values, prices and (with the
 * `inventoryService` flag, for variants that manage inventory) inventory items.
 */
export async function insertVariants(db: Db, variants: readonly BulkNewVariant[], flags: CatalogFlags): Promise<void> {
  if (variants.length === 0) return
  const resolved = await resolvePrices(
    db,
    variants.flatMap(({ input, path }) =>
      input.prices.map((price, index): LocatedPrice => ({ input: price, path: `${path}.prices.${index}` })),
    ),
  )
  const rows = variants.map(({ input, productId, rank }) => ({
    ...scalarColumns(input),
    id: generateId('variant'),
    product_id: productId,
    title: input.title,
    variant_rank: rank,
    metadata: mergeMetadata(null, input.metadata) ?? null,
  }))
  await insertAll(db, productVariant, rows)
  const seam = flags.inventory
  if (seam) {
    const inserted = await db
      .select()
      .from(productVariant)
      .where(
        inArray(
          productVariant.id,
          rows.map((row) => row.id),
        ),
      )
    await seam.variantsCreated(
      db,
      inserted.filter((variant) => variant.manage_inventory),
    )
  }
  await insertAll(
    db,
    productOptionValue,
    variants.flatMap(({ input }, index) =>
      input.options.map((option) => ({
        id: generateId('optval'),
        option_id: option.option_id,
        value: option.value,
        variant_id: rows[index].id,
      })),
    ),
  )
  let cursor = 0
  await insertAll(
    db,
    moneyAmount,
    variants.flatMap(({ input }, index) =>
      input.prices.map(() => {
        const price = resolved[cursor++]
        return { id: generateId('ma'), variant_id: rows[index].id, ...priceColumns(price) }
      }),
    ),
  )
}
