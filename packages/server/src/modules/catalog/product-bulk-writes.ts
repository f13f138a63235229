import { and, getTableColumns, inArray, is, isNull, SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { generateId } from '../../db/ids.js'
import { mergeMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { outbox } from '../../events/schema.js'
import { InvalidData } from '../../http/errors.js'
import { store } from '../store/schema.js'
import { inventorySeam } from './inventory-seam.js'
import { resolvePrices, type LocatedPrice } from './prices.js'
import type { CatalogFlags } from './products.js'
import type { AdminPostProductsReq } from './products.contract.js'
import { newProductRow } from './product-writes.js'
import { catalogWrite } from './read-cache.js'
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
} from './schema.js'

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

/** Rows per INSERT statement: bounds the size of one statement's parameters. */
const ROWS_PER_STATEMENT = 2000

/**
 * Inserts rows with one `INSERT … SELECT FROM unnest(…)` per chunk: one array parameter per column
 * instead of one parameter per cell, which builds and sends several times faster than a multi-row
 * VALUES list. Cells are written as Drizzle's insert writes them: a column no row sets is left to
 * its database default, and an unset cell in a column others set takes the column's declared default.
 */
async function insertAll(db: Db, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => row[key] !== undefined))
  const cellsOf = ([key, column]: (typeof columns)[number], chunk: readonly Record<string, unknown>[]) =>
    chunk.map((row) => {
      const value = row[key] === undefined ? column.default : row[key]
      if (is(value, SQL)) throw new Error(`insertAll: ${column.name} needs a value in every row or in none`)
      if (value === undefined || value === null) return null
      return column.getSQLType() === 'jsonb' ? JSON.stringify(value) : value
    })
  const arrayType = (column: PgColumn) => (column.getSQLType() === 'jsonb' ? 'text' : column.getSQLType())
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  )
  const selected = sql.raw(
    columns.map(([, column], index) => (column.getSQLType() === 'jsonb' ? `c${index}::jsonb` : `c${index}`)).join(', '),
  )
  const aliases = sql.raw(columns.map((_, index) => `c${index}`).join(', '))
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    const arrays = sql.join(
      columns.map((entry) => sql`${sql.param(cellsOf(entry, chunk))}::${sql.raw(arrayType(entry[1]))}[]`),
      sql`, `,
    )
    await db.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${selected} FROM unnest(${arrays}) AS cells(${aliases})`,
    )
  }
}

/** The same checks `createProduct` makes before writing, for every product at once. */
function assertCreatable(products: readonly NewProduct[], flags: CatalogFlags): void {
  for (const { input } of products) {
    if (input.categories !== undefined && !flags.product_categories) {
      throw new InvalidData('property categories should not exist')
    }
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
async function idsByValue(
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

async function defaultSalesChannelIds(db: Db): Promise<string[]> {
  const [row] = await db.select({ id: store.default_sales_channel_id }).from(store).limit(1)
  return row?.id ? [row.id] : []
}

const distinct = <T>(values: readonly T[]) => [...new Set(values)]

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
    await insertImages(tx, products, ids)
    await insertTags(tx, products, ids)
    await insertAll(
      tx,
      productCategoryProduct,
      products.flatMap(({ input }, index) =>
        distinct((input.categories ?? []).map((category) => category.id)).map((categoryId) => ({
          product_category_id: categoryId,
          product_id: ids[index],
        })),
      ),
    )
    if (flags.sales_channels) await insertSalesChannels(tx, products, ids)
    const optionIds = await insertOptions(tx, products, ids)
    await insertVariants(tx, products, ids, optionIds, flags)
    await insertAll(
      tx,
      outbox,
      ids.map((id) => ({ id: generateId('evt'), event_name: 'product.created', data: { id } })),
    )
    return ids
  })
}

/** Each product's own image rows, one per distinct URL, linked in order. */
async function insertImages(db: Db, products: readonly NewProduct[], ids: readonly string[]): Promise<void> {
  const images: { id: string; url: string }[] = []
  const links: { product_id: string; image_id: string; rank: number }[] = []
  products.forEach(({ input }, index) => {
    distinct(input.images ?? []).forEach((url, rank) => {
      const id = generateId('img')
      images.push({ id, url })
      links.push({ product_id: ids[index], image_id: id, rank })
    })
  })
  await insertAll(db, image, images)
  await insertAll(db, productImages, links)
}

async function insertTags(db: Db, products: readonly NewProduct[], ids: readonly string[]): Promise<void> {
  const valuesOf = products.map(({ input }) => distinct((input.tags ?? []).map((tag) => tag.value)))
  const tagIds = await idsByValue(db, productTag, 'ptag', distinct(valuesOf.flat()))
  await insertAll(
    db,
    productTags,
    valuesOf.flatMap((values, index) =>
      values.map((value) => ({ product_id: ids[index], product_tag_id: tagIds.get(value)! })),
    ),
  )
}

/** The given channels, or the store's default channel when a product names none (v1). */
async function insertSalesChannels(db: Db, products: readonly NewProduct[], ids: readonly string[]): Promise<void> {
  const fallback = products.some(({ input }) => !input.sales_channels) ? await defaultSalesChannelIds(db) : []
  await insertAll(
    db,
    productSalesChannel,
    products.flatMap(({ input }, index) =>
      distinct(input.sales_channels ? input.sales_channels.map((channel) => channel.id) : fallback).map(
        (channelId) => ({ id: generateId('prodsc'), product_id: ids[index], sales_channel_id: channelId }),
      ),
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

async function insertVariants(
  db: Db,
  products: readonly NewProduct[],
  ids: readonly string[],
  optionIds: readonly string[][],
  flags: CatalogFlags,
): Promise<void> {
  const variants = products.flatMap(({ input }, productIndex) =>
    (input.variants ?? []).map((variant, index) => ({
      productIndex,
      path: `variants.${index}`,
      input: variant,
      row: {
        sku: variant.sku,
        ean: variant.ean,
        upc: variant.upc,
        barcode: variant.barcode,
        hs_code: variant.hs_code,
        origin_country: variant.origin_country,
        mid_code: variant.mid_code,
        material: variant.material,
        inventory_quantity: variant.inventory_quantity,
        allow_backorder: variant.allow_backorder,
        manage_inventory: variant.manage_inventory,
        weight: variant.weight,
        length: variant.length,
        height: variant.height,
        width: variant.width,
        id: generateId('variant'),
        product_id: ids[productIndex],
        title: variant.title,
        // A new product's variants are ranked from 0 in the order given.
        variant_rank: index,
        metadata: mergeMetadata(null, variant.metadata) ?? null,
      },
    })),
  )
  if (variants.length === 0) return
  const resolved = await resolvePrices(
    db,
    variants.flatMap(({ input, path }) =>
      (input.prices ?? []).map((price, index): LocatedPrice => ({ input: price, path: `${path}.prices.${index}` })),
    ),
  )
  await insertAll(
    db,
    productVariant,
    variants.map((variant) => variant.row),
  )
  const seam = inventorySeam()
  if (flags.inventoryService && seam) {
    const inserted = await db
      .select()
      .from(productVariant)
      .where(
        inArray(
          productVariant.id,
          variants.map((variant) => variant.row.id),
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
    variants.flatMap(({ input, productIndex, row }) =>
      (input.options ?? []).map((option, position) => ({
        id: generateId('optval'),
        option_id: optionIds[productIndex][position],
        value: option.value,
        variant_id: row.id,
      })),
    ),
  )
  let cursor = 0
  await insertAll(
    db,
    moneyAmount,
    variants.flatMap(({ input, row }) =>
      (input.prices ?? []).map(() => {
        const price = resolved[cursor++]
        return {
          id: generateId('ma'),
          variant_id: row.id,
          amount: price.amount,
          currency_code: price.currency_code,
          region_id: price.region_id,
          min_quantity: price.min_quantity,
          max_quantity: price.max_quantity,
        }
      }),
    ),
  )
}
