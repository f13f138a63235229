import { and, count, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { MultipleErrors, NotFound } from '../../../core/errors.js'
import {
  likePattern,
  listAnswer,
  type ListAnswer,
  orderBy,
  type Page,
  parseExpand,
  parseFields,
  pickFields,
  sortableColumns,
  whereAll,
  type Picked,
} from '../../../core/list.js'
import { toList } from '../../../core/schemas.js'
import { VARIANT_FIELDS } from '../contract.js'
import { loadVariantRelations, type LoadedProduct, type LoadedVariant, type VariantRow } from '../loader.js'
import { lockLiveProduct, retrieveLiveProduct } from '../products/writes.js'
import { inDefaultSalesChannel, inSalesChannels, publishedProduct } from '../products/filters.js'
import {
  assertChannelsInScope,
  retrieveAdminProduct,
  stockChannelOf,
  type CatalogFlags,
  type StoreScope,
} from '../products/products.js'
import {
  adminVariantsPaging,
  productVariantsPaging,
  storeVariantsPaging,
  type AdminGetProductVariantsParams,
  type AdminGetVariantsParams,
  type AdminPostProductsProductVariantsReq,
  type AdminPostProductsProductVariantsVariantReq,
  type AdminGetProductParams,
  type StoreGetVariantsParams,
  type StoreGetVariantsVariantParams,
} from '../products/contract.js'

import { resolvePricingContext, storePriceScope } from '../pricing/pricing.js'
import { product, productSalesChannel, productVariant } from '../schema.js'
import {
  assertCoversOptions,
  assertDistinctCombinations,
  insertVariants,
  liveOptionIds,
  retrieveLiveVariant,
  softDeleteVariants,
  updateVariantRow,
} from './writes.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { catalogWrite } from '../read-cache.js'

/** Variant routes: the product's variants (admin), `/admin/variants` and `/store/variants`. */

const VARIANT_RELATIONS = ['prices', 'options', 'product']
const STORE_VARIANT_RELATIONS = [...VARIANT_RELATIONS, 'inventory_items']

const SORTABLE = sortableColumns({
  id: productVariant.id,
  title: productVariant.title,
  inventory_quantity: productVariant.inventory_quantity,
  created_at: productVariant.created_at,
  updated_at: productVariant.updated_at,
})

type NumericComparison = number | { lt?: number; gt?: number; lte?: number; gte?: number }

function numericConditions(value: NumericComparison | undefined): SQL[] {
  if (value === undefined) return []
  const column = productVariant.inventory_quantity
  if (typeof value === 'number') return [eq(column, value)]
  return [
    value.lt !== undefined ? lt(column, value.lt) : undefined,
    value.gt !== undefined ? gt(column, value.gt) : undefined,
    value.lte !== undefined ? lte(column, value.lte) : undefined,
    value.gte !== undefined ? gte(column, value.gte) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined)
}

const liveVariant = isNull(productVariant.deleted_at)

export async function addProductVariant(
  db: Db,
  productId: string,
  input: AdminPostProductsProductVariantsReq,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, productId)
    const values = input.options ?? []
    assertCoversOptions(values, await liveOptionIds(tx, productId), 'options')
    const [id] = await insertVariants(tx, productId, [{ path: '', input: { ...input, options: values } }], flags)
    await assertDistinctCombinations(tx, [productId], 'duplicate')
    await emit(tx, 'product-variant.created', { id, product_id: productId })
    return retrieveAdminProduct(tx, productId, {}, flags)
  })
}

export async function updateProductVariant(
  db: Db,
  productId: string,
  variantId: string,
  input: AdminPostProductsProductVariantsVariantReq,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, productId)
    await updateVariantRow(tx, productId, variantId, input, '')
    if (input.options) await assertDistinctCombinations(tx, [productId], 'duplicate')
    await emit(tx, 'product-variant.updated', { id: variantId, product_id: productId, fields: Object.keys(input) })
    return retrieveAdminProduct(tx, productId, {}, flags)
  })
}

export async function deleteProductVariant(
  db: Db,
  productId: string,
  variantId: string,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, productId)
    await retrieveLiveVariant(tx, productId, variantId)
    await softDeleteVariants(tx, [variantId])
    await emit(tx, 'product-variant.deleted', { id: variantId, product_id: productId })
    return retrieveAdminProduct(tx, productId, {}, flags)
  })
}

async function variantPage(db: Db, where: SQL | undefined, order: SQL[], { limit, offset }: Page) {
  const [rows, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(productVariant)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(productVariant).where(where),
  ])
  return { rows, count: total.value }
}

/** `GET /admin/products/:id/variants`: defaults to `options, prices`. */
export async function listProductVariants(
  db: Db,
  productId: string,
  query: AdminGetProductVariantsParams,
): Promise<ListAnswer<'variants', Picked<LoadedVariant>>> {
  const relations = parseExpand(query.expand, VARIANT_RELATIONS, ['options', 'prices'])
  const fields = parseFields(query.fields, VARIANT_FIELDS)
  await retrieveLiveProduct(db, productId)
  const ids = toList(query.id)
  const where = whereAll([
    eq(productVariant.product_id, productId),
    liveVariant,
    ids ? inArray(productVariant.id, ids) : undefined,
  ])
  const order = [
    sql`${productVariant.variant_rank} ASC`,
    sql`${productVariant.created_at} ASC`,
    sql`${productVariant.id} ASC`,
  ]
  const asked = productVariantsPaging.page(query)
  const page = await variantPage(db, where, order, asked)
  const variants = await loadVariantRelations(db, page.rows, relations)
  const picked = variants.map((row) => pickFields(row, fields, relations))
  return listAnswer('variants', picked, page.count, asked)
}

function variantSearch(q: string): SQL {
  const pattern = likePattern(q)
  return or(
    ilike(productVariant.title, pattern),
    ilike(productVariant.sku, pattern),
    inArray(
      productVariant.product_id,
      sql`(SELECT ${product.id} FROM ${product} WHERE ${product.deleted_at} IS NULL AND ${product.title} ILIKE ${pattern})`,
    ),
  )!
}

/** `GET /admin/variants`: priced for the region or currency asked for. */
export async function listAdminVariants(
  db: Db,
  query: AdminGetVariantsParams,
  flags: CatalogFlags,
): Promise<ListAnswer<'variants', Picked<LoadedVariant>>> {
  const relations = parseExpand(query.expand, VARIANT_RELATIONS, VARIANT_RELATIONS)
  const fields = parseFields(query.fields, VARIANT_FIELDS)
  const ids = toList(query.id)
  const titles = toList(query.title)
  const where = whereAll([
    liveVariant,
    ids ? inArray(productVariant.id, ids) : undefined,
    titles ? inArray(productVariant.title, titles) : undefined,
    ...numericConditions(query.inventory_quantity),
    query.manage_inventory !== undefined ? eq(productVariant.manage_inventory, query.manage_inventory) : undefined,
    query.allow_backorder !== undefined ? eq(productVariant.allow_backorder, query.allow_backorder) : undefined,
    query.q ? variantSearch(query.q) : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', productVariant.id)
  const asked = adminVariantsPaging.page(query)
  const [context, page] = await concurrently(db, [
    () => resolvePricingContext(db, query, flags.tax_inclusive_pricing),
    () => variantPage(db, where, order, asked),
  ])
  const priced = query.region_id !== undefined || query.currency_code !== undefined
  const variants = await loadVariantRelations(db, page.rows, relations, priced ? { pricing: context } : {})
  const picked = variants.map((row) => pickFields(row, fields, relations))
  return listAnswer('variants', picked, page.count, asked)
}

export async function retrieveAdminVariant(
  db: Db,
  id: string,
  query: AdminGetProductParams,
): Promise<Picked<LoadedVariant>> {
  const relations = parseExpand(query.expand, VARIANT_RELATIONS, VARIANT_RELATIONS)
  const fields = parseFields(query.fields, VARIANT_FIELDS)
  const [row] = await db
    .select()
    .from(productVariant)
    .where(and(eq(productVariant.id, id), liveVariant))
    .limit(1)
  if (!row) throw NotFound.entity('Variant', id)
  const [loaded] = await loadVariantRelations(db, [row], relations)
  return pickFields(loaded, fields, relations)
}

/** Variants a storefront may see: of published products, inside its sales-channel scope. */
function storeVariantScope(requested: string | undefined, scope: StoreScope, flags: CatalogFlags): SQL {
  const keyChannels = scope.publishableKey?.salesChannelIds ?? []
  if (requested) assertChannelsInScope([requested], keyChannels)
  const channels = !flags.sales_channels
    ? undefined
    : requested
      ? inSalesChannels([requested])
      : keyChannels.length > 0
        ? inSalesChannels(keyChannels)
        : inDefaultSalesChannel()
  return inArray(
    productVariant.product_id,
    sql`(SELECT ${product.id} FROM ${product} WHERE ${and(publishedProduct, channels)})`,
  )
}

/** `GET /store/variants`: `{variants}` without count, priced and with `purchasable`. */
export async function listStoreVariants(
  db: Db,
  query: StoreGetVariantsParams,
  scope: StoreScope,
  flags: CatalogFlags,
): Promise<Picked<LoadedVariant>[]> {
  const relations = parseExpand(query.expand, STORE_VARIANT_RELATIONS, VARIANT_RELATIONS)
  const fields = parseFields(query.fields, VARIANT_FIELDS)
  const ids = [...(toList(query.ids) ?? []), ...(toList(query.id) ?? [])]
  const titles = toList(query.title)
  const where = whereAll([
    liveVariant,
    ids.length > 0 ? inArray(productVariant.id, ids) : undefined,
    titles ? inArray(productVariant.title, titles) : undefined,
    ...numericConditions(query.inventory_quantity),
    storeVariantScope(query.sales_channel_id, scope, flags),
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', productVariant.id)
  const page = storeVariantsPaging.page(query)
  const [context, rows] = await concurrently(db, [
    () => resolvePricingContext(db, query, flags.tax_inclusive_pricing),
    () =>
      db
        .select()
        .from(productVariant)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
  ])

  const variants = await loadVariantRelations(db, rows, relations, {
    pricing: context,
    priceScope: storePriceScope(context, scope, flags.priceLists),
    availability: true,
    stockChannel: stockChannelOf(toList(query.sales_channel_id), scope, flags),
    inventory: flags.inventory,
  })
  return variants.map((row) => pickFields(row, fields, relations))
}

export async function retrieveStoreVariant(
  db: Db,
  id: string,
  query: StoreGetVariantsVariantParams,
  scope: StoreScope,
  flags: CatalogFlags,
): Promise<Picked<LoadedVariant>> {
  const relations = parseExpand(query.expand, STORE_VARIANT_RELATIONS, VARIANT_RELATIONS)
  const fields = parseFields(query.fields, VARIANT_FIELDS)
  const keyChannels = scope.publishableKey?.salesChannelIds ?? []
  if (query.sales_channel_id) assertChannelsInScope([query.sales_channel_id], keyChannels)
  const [context, [row]] = await concurrently(db, [
    () => resolvePricingContext(db, query, flags.tax_inclusive_pricing),
    () =>
      db
        .select({ variant: productVariant, in_scope: inScopeFlag(keyChannels) })
        .from(productVariant)
        .innerJoin(product, eq(product.id, productVariant.product_id))
        .where(and(eq(productVariant.id, id), liveVariant, publishedProduct))
        .limit(1),
  ])
  if (!row) throw NotFound.entity('Variant', id)
  if (!row.in_scope) {
    throw new MultipleErrors(400, [
      `Variant with id: ${id} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
    ])
  }
  const [loaded] = await loadVariantRelations(db, [row.variant as VariantRow], relations, {
    pricing: context,
    priceScope: storePriceScope(context, scope, flags.priceLists),
    availability: true,
    stockChannel: stockChannelOf(toList(query.sales_channel_id), scope, flags),
    inventory: flags.inventory,
  })
  return pickFields(loaded, fields, relations)
}

function inScopeFlag(keyChannels: string[]): SQL<boolean> {
  if (keyChannels.length === 0) return sql<boolean>`true`
  return sql<boolean>`EXISTS (SELECT 1 FROM ${productSalesChannel} WHERE ${productSalesChannel.product_id} = ${product.id}
    AND ${inArray(productSalesChannel.sales_channel_id, keyChannels)})`
}
