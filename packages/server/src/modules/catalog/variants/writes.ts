import { and, eq, inArray, isNull, max } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../../db/metadata.js'
import type { CatalogFlags } from '../products/products.js'
import type { Db } from '../../../db/types.js'
import { DuplicateError, InvalidData, NotFound } from '../../../core/errors.js'
import { insertPrices, replaceVariantPrices, resolvePrices, type LocatedPrice } from '../pricing/prices.js'
import type { OptionValueInput, PriceInput } from '../products/contract.js'
import { productOption, productOptionValue, productVariant } from '../schema.js'
import { groupBy } from '../../../db/group-rows.js'

/**
 * Variant writes shared by the product routes and the variant routes: scalar columns, option values
 * (one per product option, distinct combinations per product) and prices.
 */

export interface VariantInput {
  title?: string
  prices?: PriceInput[]
  options?: OptionValueInput[]
  sku?: string | null
  ean?: string | null
  upc?: string | null
  barcode?: string | null
  hs_code?: string | null
  origin_country?: string | null
  mid_code?: string | null
  material?: string | null
  inventory_quantity?: number
  allow_backorder?: boolean
  manage_inventory?: boolean
  weight?: number | null
  length?: number | null
  height?: number | null
  width?: number | null
  metadata?: Record<string, unknown>
}

/** A variant to create, with the body path it came from (`variants.2`). */
export interface NewVariant {
  input: VariantInput & { title: string; prices: PriceInput[]; options: OptionValueInput[] }
  path: string
}

/** How duplicate option combinations are reported: 422 on the add-variant route (v1), 400 elsewhere. */
export type DuplicateReport = 'invalid' | 'duplicate'

/** The variant's own columns a body may set; those it leaves out are `undefined` (left as they are). */
export function scalarColumns(input: VariantInput) {
  return {
    sku: input.sku,
    ean: input.ean,
    upc: input.upc,
    barcode: input.barcode,
    hs_code: input.hs_code,
    origin_country: input.origin_country,
    mid_code: input.mid_code,
    material: input.material,
    inventory_quantity: input.inventory_quantity,
    allow_backorder: input.allow_backorder,
    manage_inventory: input.manage_inventory,
    weight: input.weight,
    length: input.length,
    height: input.height,
    width: input.width,
  }
}

export async function liveOptionIds(db: Db, productId: string): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: productOption.id, title: productOption.title })
    .from(productOption)
    .where(and(eq(productOption.product_id, productId), isNull(productOption.deleted_at)))
    .orderBy(productOption.created_at, productOption.id)
}

/** Every option of the product gets exactly one value, and only the product's options do. */
export function assertCoversOptions(
  values: readonly OptionValueInput[],
  options: readonly { id: string; title: string }[],
  path: string,
): void {
  const known = new Set(options.map((option) => option.id))
  const unknown = values.find((value) => !known.has(value.option_id))
  if (unknown) throw new InvalidData(`${path}.options: option ${unknown.option_id} does not belong to the product`)
  for (const option of options) {
    const count = values.filter((value) => value.option_id === option.id).length
    if (count === 0)
      throw new InvalidData(`${path}.options: variant options do not contain a value for ${option.title}`)
    if (count > 1) throw new InvalidData(`${path}.options: more than one value for ${option.title}`)
  }
}

/**
 * Refuses two live variants of one product with the same option values. Reads the products' values
 * in one statement; a product without options has nothing to compare.
 */
export async function assertDistinctCombinations(
  db: Db,
  productIds: readonly string[],
  report: DuplicateReport,
): Promise<void> {
  if (productIds.length === 0) return
  const rows = await db
    .select({
      product_id: productVariant.product_id,
      variant_id: productOptionValue.variant_id,
      option_id: productOptionValue.option_id,
      value: productOptionValue.value,
      title: productVariant.title,
    })
    .from(productOptionValue)
    .innerJoin(productVariant, eq(productVariant.id, productOptionValue.variant_id))
    .innerJoin(productOption, eq(productOption.id, productOptionValue.option_id))
    .where(
      and(
        productIds.length === 1
          ? eq(productVariant.product_id, productIds[0])
          : inArray(productVariant.product_id, [...productIds]),
        isNull(productVariant.deleted_at),
        isNull(productOptionValue.deleted_at),
        isNull(productOption.deleted_at),
      ),
    )
    // Older variants first, so the message names the variant that already had the values.
    .orderBy(productVariant.variant_rank, productVariant.created_at, productVariant.id)
  for (const productRows of groupBy(rows, (row) => row.product_id).values()) {
    const duplicate = findDuplicateCombination(productRows)
    if (!duplicate) continue
    const message = `Variant with title ${duplicate} with provided options already exists`
    throw report === 'duplicate' ? new DuplicateError(message) : new InvalidData(message)
  }
}

/** The title of a variant whose option values another variant already has, if any. */
export function findDuplicateCombination(
  rows: readonly { variant_id: string; option_id: string; value: string; title: string }[],
): string | undefined {
  const byVariant = new Map<string, { title: string; values: string[] }>()
  for (const row of rows) {
    const entry = byVariant.get(row.variant_id) ?? { title: row.title, values: [] }
    entry.values.push(`${row.option_id}\u0000${row.value}`)
    byVariant.set(row.variant_id, entry)
  }
  const seen = new Map<string, string>()
  for (const { title, values } of byVariant.values()) {
    const key = values.sort().join('\u0001')
    if (seen.has(key)) return seen.get(key)
    seen.set(key, title)
  }
  return undefined
}

/**
 * Inserts variants with their option values and prices: four statements for any number of variants.
 * With the `inventoryService` flag on, variants that manage their inventory get an inventory item.
 */
export async function insertVariants(
  db: Db,
  productId: string,
  variants: readonly NewVariant[],
  flags: Pick<CatalogFlags, 'inventory'>,
): Promise<string[]> {
  if (variants.length === 0) return []
  const resolved = await resolvePrices(
    db,
    variants.flatMap(({ input, path }) =>
      input.prices.map((price, index): LocatedPrice => ({ input: price, path: `${path}.prices.${index}` })),
    ),
  )
  const [{ value: highestRank }] = await db
    .select({ value: max(productVariant.variant_rank) })
    .from(productVariant)
    .where(and(eq(productVariant.product_id, productId), isNull(productVariant.deleted_at)))
  const firstRank = highestRank === null ? 0 : highestRank + 1
  const rows = variants.map(({ input }, index) => ({
    ...scalarColumns(input),
    id: generateId('variant'),
    product_id: productId,
    title: input.title,
    variant_rank: firstRank + index,
    metadata: mergeMetadata(null, input.metadata) ?? null,
  }))
  const inserted = await db.insert(productVariant).values(rows).returning()
  if (flags.inventory) {
    await flags.inventory.variantsCreated(
      db,
      inserted.filter((variant) => variant.manage_inventory),
    )
  }
  const values = variants.flatMap(({ input }, index) =>
    input.options.map((option) => ({
      id: generateId('optval'),
      option_id: option.option_id,
      value: option.value,
      variant_id: rows[index].id,
    })),
  )
  if (values.length > 0) await db.insert(productOptionValue).values(values)
  let cursor = 0
  await insertPrices(
    db,
    variants.flatMap(({ input }, index) =>
      input.prices.map(() => ({ variantId: rows[index].id, price: resolved[cursor++] })),
    ),
  )
  return rows.map((row) => row.id)
}

export async function retrieveLiveVariant(db: Db, productId: string, variantId: string) {
  const [row] = await db
    .select()
    .from(productVariant)
    .where(
      and(
        eq(productVariant.id, variantId),
        eq(productVariant.product_id, productId),
        isNull(productVariant.deleted_at),
      ),
    )
    .limit(1)
  if (!row) throw NotFound.entity('Variant', variantId)
  return row
}

/**
 * Updates one variant of a product: scalars, merged metadata, `prices` (replacing its own prices)
 * and `options` (the values for the named options). The caller checks the combinations afterwards.
 */
export async function updateVariantRow(
  db: Db,
  productId: string,
  variantId: string,
  input: VariantInput,
  path: string,
): Promise<void> {
  await retrieveLiveVariant(db, productId, variantId)
  const columns = {
    ...scalarColumns(input),
    title: input.title,
    metadata: mergedMetadata(productVariant.metadata, input.metadata),
  }
  if (Object.values(columns).some((value) => value !== undefined)) {
    await db.update(productVariant).set(columns).where(eq(productVariant.id, variantId))
  }
  if (input.prices) {
    const prices = await resolvePrices(
      db,
      input.prices.map((price, index) => ({ input: price, path: `${path}prices.${index}` })),
    )
    await replaceVariantPrices(db, variantId, prices, `${path}prices`)
  }
  if (input.options) await setVariantOptionValues(db, productId, variantId, input.options, path)
}

async function setVariantOptionValues(
  db: Db,
  productId: string,
  variantId: string,
  values: readonly OptionValueInput[],
  path: string,
): Promise<void> {
  const options = await liveOptionIds(db, productId)
  const known = new Set(options.map((option) => option.id))
  const unknown = values.find((value) => !known.has(value.option_id))
  if (unknown) throw new InvalidData(`${path}options: option ${unknown.option_id} does not belong to the product`)
  const existing = await db
    .select({ id: productOptionValue.id, option_id: productOptionValue.option_id })
    .from(productOptionValue)
    .where(
      and(
        eq(productOptionValue.variant_id, variantId),
        inArray(
          productOptionValue.option_id,
          values.map((value) => value.option_id),
        ),
        isNull(productOptionValue.deleted_at),
      ),
    )
  const byOption = new Map(existing.map((row) => [row.option_id, row.id]))
  for (const value of values) {
    const id = byOption.get(value.option_id)
    if (id) await db.update(productOptionValue).set({ value: value.value }).where(eq(productOptionValue.id, id))
    else {
      await db
        .insert(productOptionValue)
        .values({ id: generateId('optval'), option_id: value.option_id, variant_id: variantId, value: value.value })
    }
  }
}

/** Soft-deletes variants and their option values (their SKUs and codes become free again). */
export async function softDeleteVariants(db: Db, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return
  const now = new Date()
  await db
    .update(productOptionValue)
    .set({ deleted_at: now })
    .where(and(inArray(productOptionValue.variant_id, [...variantIds]), isNull(productOptionValue.deleted_at)))
  await db
    .update(productVariant)
    .set({ deleted_at: now })
    .where(and(inArray(productVariant.id, [...variantIds]), isNull(productVariant.deleted_at)))
}
