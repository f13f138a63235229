import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { InventorySeam, PriceListSeam } from '../seams.js'
import { prepared } from '../../../db/fast-path/prepared.js'
import type { FeatureFlags } from '../../../config.js'
import type { Db } from '../../../db/types.js'
import { MultipleErrors, NotFound } from '../../../core/errors.js'
import {
  listAnswer,
  type ListAnswer,
  orderBy,
  parseExpand,
  parseFields,
  pickFields,
  softDeleteCondition,
  sortableColumns,
  whereAll,
  type Picked,
} from '../../../core/list.js'
import { toList } from '../../../core/schemas.js'
import { PRODUCT_FIELDS } from '../contract.js'
import { loadProductRelations, type LoadedProduct, type PageRow } from '../loader.js'
import { inDefaultSalesChannel, inSalesChannels, productFilterConditions, publishedProduct } from './filters.js'
import {
  adminProductsPaging,
  storeProductsPaging,
  type AdminGetProductParams,
  type AdminGetProductsParams,
  type StoreGetProductsParams,
  type StoreGetProductsProductParams,
} from './contract.js'

import { resolvePricingContext, storePriceScope } from '../pricing/pricing.js'
import { product, productCollection, productSalesChannel, productType } from '../schema.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { remembered } from '../read-cache.js'

/** Product reads: admin and store lists and details (reference/admin-api.md, store-api.md "Products"). */

export type CatalogFlags = Pick<FeatureFlags, 'product_categories' | 'tax_inclusive_pricing' | 'sales_channels'> &
  Partial<Pick<FeatureFlags, 'inventoryService'>> & {
    /** The inventory module's seam, while its flag is on (catalogFlags in seams.ts). */
    readonly inventory?: InventorySeam
    /** The price-lists module's seam (catalogFlags in seams.ts); absent, only default prices apply. */
    readonly priceLists?: PriceListSeam
  }

/** The scope a storefront request carries: its publishable key's sales channels, if any. */
export interface StoreScope {
  publishableKey?: { id: string; salesChannelIds: string[] }
  /** The logged-in customer, whose groups may open price lists. */
  customerId?: string
}

const CORE_RELATIONS = [
  'variants',
  'variants.prices',
  'variants.options',
  'options',
  'options.values',
  'images',
  'tags',
  'type',
  'collection',
]

/** Accepted so v1 callers asking for them still work; shipping profiles and inventory come later. */
const NOT_YET_LOADED = ['profiles', 'variants.inventory_items']

function adminRelations(flags: CatalogFlags) {
  const optional = [
    ...(flags.sales_channels ? ['sales_channels'] : []),
    ...(flags.product_categories ? ['categories'] : []),
  ]
  return { allowed: [...CORE_RELATIONS, ...NOT_YET_LOADED, ...optional], defaults: [...CORE_RELATIONS, ...optional] }
}

function storeRelations(flags: CatalogFlags) {
  const optional = [
    ...(flags.sales_channels ? ['sales_channels'] : []),
    ...(flags.product_categories ? ['categories'] : []),
  ]
  return { allowed: [...CORE_RELATIONS, ...NOT_YET_LOADED, ...optional], defaults: CORE_RELATIONS }
}

const ADMIN_FIELDS = [...PRODUCT_FIELDS, 'profile_id']
const STORE_FIELDS = [...PRODUCT_FIELDS, 'profile_id', 'variants.title', 'variants.prices.amount']

const SORTABLE = sortableColumns({
  id: product.id,
  title: product.title,
  handle: product.handle,
  status: product.status,
  created_at: product.created_at,
  updated_at: product.updated_at,
})

function listFields(fields: string | undefined, allowed: readonly string[]): Set<string> | undefined {
  const selected = parseFields(fields, allowed)
  selected?.add('created_at')
  return selected
}

/**
 * Products matching `where`, each with its collection and type (left joins on their keys) when
 * those are wanted, which saves the two round trips that would load them.
 */
async function selectProducts(
  db: Db,
  where: SQL | undefined,
  relations: ReadonlySet<string>,
  page: { order: SQL[]; limit: number; offset: number },
): Promise<PageRow[]> {
  if (!relations.has('collection') && !relations.has('type')) {
    return db
      .select()
      .from(product)
      .where(where)
      .orderBy(...page.order)
      .limit(page.limit)
      .offset(page.offset)
  }
  const found = await db
    .select({ product, collection: productCollection, type: productType })
    .from(product)
    .leftJoin(
      productCollection,
      and(eq(productCollection.id, product.collection_id), isNull(productCollection.deleted_at)),
    )
    .leftJoin(productType, eq(productType.id, product.type_id))
    .where(where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset)
  // The rows are this query's own: decorated in place rather than copied.
  return found.map(({ product: row, collection, type }) => Object.assign(row, { collection, type }))
}

/**
 * One page of products and the total. `countMemo` lets a storefront list reuse a total counted a
 * moment ago (read-cache.ts): the count scans every match, the page only the first rows.
 */
async function productPage(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number; relations: ReadonlySet<string>; countMemo?: boolean },
): Promise<{ rows: PageRow[]; count: number }> {
  const countQuery = db.select({ value: count() }).from(product).where(where)
  const counted = async () => (await countQuery)[0].value
  const total = () => {
    if (!page.countMemo) return counted()
    const { sql: text, params } = countQuery.toSQL()
    return remembered(db, `count:${text}:${JSON.stringify(params)}`, counted)
  }
  const [found, value] = await concurrently(db, [
    () => selectProducts(db, where, page.relations, { order, limit: page.limit, offset: page.offset }),
    total,
  ])
  return { rows: found, count: value }
}

export async function listAdminProducts(
  db: Db,
  query: AdminGetProductsParams,
  flags: CatalogFlags,
): Promise<ListAnswer<'products', Picked<LoadedProduct>>> {
  const { allowed, defaults } = adminRelations(flags)
  const relations = parseExpand(query.expand, allowed, defaults)
  const fields = listFields(query.fields, ADMIN_FIELDS)
  const channelIds = toList(query.sales_channel_id)
  const where = whereAll([
    ...softDeleteCondition(product.deleted_at, query.deleted_at),
    ...productFilterConditions(query, { categoriesEnabled: flags.product_categories, publicCategoriesOnly: false }),
    channelIds ? inSalesChannels(channelIds) : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', product.id)
  const asked = adminProductsPaging.page(query)
  const page = await productPage(db, where, order, { ...asked, relations })
  const products = await loadProductRelations(db, page.rows, relations)
  const picked = products.map((row) => pickFields(row, fields, relations))
  return listAnswer('products', picked, page.count, asked)
}

export async function retrieveAdminProduct(
  db: Db,
  id: string,
  query: AdminGetProductParams,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  const { allowed, defaults } = adminRelations(flags)
  const relations = parseExpand(query.expand, allowed, defaults)
  const fields = parseFields(query.fields, ADMIN_FIELDS)
  const [row] = await db
    .select()
    .from(product)
    .where(and(eq(product.id, id), isNull(product.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('Product', id)
  const [loaded] = await loadProductRelations(db, [row], relations)
  return pickFields(loaded, fields, relations)
}

/**
 * The sales-channel condition of a storefront product list (conventions.md §6): the requested
 * channels (which must lie inside the key's scope), else the key's channels, else the store's
 * default channel.
 */
function storeChannelCondition(
  requested: string[] | undefined,
  scope: StoreScope,
  flags: CatalogFlags,
): SQL | undefined {
  if (!flags.sales_channels) return undefined
  const keyChannels = scope.publishableKey?.salesChannelIds ?? []
  if (requested) {
    assertChannelsInScope(requested, keyChannels)
    return inSalesChannels(requested)
  }
  if (keyChannels.length > 0) return inSalesChannels(keyChannels)
  return inDefaultSalesChannel()
}

export function assertChannelsInScope(requested: string[], keyChannels: string[]): void {
  if (keyChannels.length === 0 || requested.every((id) => keyChannels.includes(id))) return
  throw new MultipleErrors(400, [
    `Provided sales channel id param: ${requested.join(',')} is not associated with the Publishable API Key passed in the header of the request.`,
  ])
}

const STORE_LOAD_OPTIONS = { availability: true, publicCategoriesOnly: true }

/**
 * With the inventory module, the sales channel whose stock makes a variant's `inventory_quantity`:
 * the one requested, else the publishable key's only channel, else the store's default (null).
 * Undefined while the module is off: the variant's own column counts.
 */
export function stockChannelOf(
  requested: string[] | undefined,
  scope: StoreScope,
  flags: CatalogFlags,
): string | null | undefined {
  if (!flags.inventoryService) return undefined
  const keyChannels = scope.publishableKey?.salesChannelIds ?? []
  if (requested?.length === 1) return requested[0]
  return keyChannels.length === 1 ? keyChannels[0] : null
}

/**
 * `GET /store/products`: published products in the request's sales-channel scope, priced for the
 * region or currency asked for. One query for the page, one for the count (both concurrent with the
 * region lookup), then one per relation.
 */
export async function listStoreProducts(
  db: Db,
  query: StoreGetProductsParams,
  scope: StoreScope,
  flags: CatalogFlags,
): Promise<ListAnswer<'products', Picked<LoadedProduct>>> {
  const { allowed, defaults } = storeRelations(flags)
  const relations = parseExpand(query.expand, allowed, defaults)
  const fields = listFields(query.fields, STORE_FIELDS)
  const where = whereAll([
    publishedProduct,
    ...productFilterConditions(query, { categoriesEnabled: flags.product_categories, publicCategoriesOnly: true }),
    storeChannelCondition(toList(query.sales_channel_id), scope, flags),
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', product.id)
  const asked = storeProductsPaging.page(query)
  const [context, page] = await concurrently(db, [
    () => resolvePricingContext(db, query, flags.tax_inclusive_pricing),
    () => productPage(db, where, order, { ...asked, relations, countMemo: true }),
  ])
  const products = await loadProductRelations(db, page.rows, relations, {
    ...STORE_LOAD_OPTIONS,
    pricing: context,
    priceScope: storePriceScope(context, scope, flags.priceLists),
    stockChannel: stockChannelOf(toList(query.sales_channel_id), scope, flags),
    inventory: flags.inventory,
  })
  const picked = products.map((row) => pickFields(row, fields, relations))
  return listAnswer('products', picked, page.count, asked)
}

/**
 * What every storefront product page asks, prepared under fixed names (db/fast-path/prepared.ts):
 * the published product (with its collection and type joined, or alone) and whether it lies in the
 * key's channels, whatever their number.
 */
const publishedById = () => and(eq(product.id, sql.placeholder('id')), publishedProduct)

const publishedProductAlone = prepared('catalog_published_product', (db) =>
  db.select().from(product).where(publishedById()).limit(1),
)

const publishedProductJoined = prepared('catalog_published_product_joined', (db) =>
  db
    .select({ product, collection: productCollection, type: productType })
    .from(product)
    .leftJoin(
      productCollection,
      and(eq(productCollection.id, product.collection_id), isNull(productCollection.deleted_at)),
    )
    .leftJoin(productType, eq(productType.id, product.type_id))
    .where(publishedById())
    .limit(1),
)

const productInChannels = prepared('catalog_product_in_channels', (db) =>
  db
    .select({ id: productSalesChannel.id })
    .from(productSalesChannel)
    .where(
      and(
        eq(productSalesChannel.product_id, sql.placeholder('id')),
        sql`${productSalesChannel.sales_channel_id} = ANY(${sql.placeholder('channel_ids')})`,
      ),
    )
    .limit(1),
)

async function publishedProductRow(db: Db, id: string, relations: ReadonlySet<string>): Promise<PageRow | undefined> {
  if (!relations.has('collection') && !relations.has('type')) return (await publishedProductAlone(db, { id }))[0]
  const [found] = await publishedProductJoined(db, { id })
  return found && Object.assign(found.product, { collection: found.collection, type: found.type })
}

/** Whether a product is linked to one of these sales channels. */
async function isInChannels(db: Db, productId: string, channelIds: string[]): Promise<boolean> {
  const [row] = await productInChannels(db, { id: productId, channel_ids: channelIds })
  return row !== undefined
}

/**
 * `GET /store/products/:id`. Only published products are visible (v1 also served drafts by id,
 * which leaked unreleased products); a product outside the publishable key's channels is a 400.
 */
export async function retrieveStoreProduct(
  db: Db,
  id: string,
  query: StoreGetProductsProductParams,
  scope: StoreScope,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  const { allowed, defaults } = storeRelations(flags)
  const relations = parseExpand(query.expand, allowed, defaults)
  const fields = parseFields(query.fields, STORE_FIELDS)
  const keyChannels = scope.publishableKey?.salesChannelIds ?? []
  if (query.sales_channel_id) assertChannelsInScope([query.sales_channel_id], keyChannels)
  const [context, row, inScope] = await concurrently(db, [
    () => resolvePricingContext(db, query, flags.tax_inclusive_pricing),
    () => publishedProductRow(db, id, relations),
    () => (keyChannels.length > 0 ? isInChannels(db, id, keyChannels) : Promise.resolve(true)),
  ])
  if (!row) throw NotFound.entity('Product', id)
  if (!inScope) {
    throw new MultipleErrors(400, [
      `Product with id: ${id} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
    ])
  }
  const [loaded] = await loadProductRelations(db, [row], relations, {
    ...STORE_LOAD_OPTIONS,
    pricing: context,
    priceScope: storePriceScope(context, scope, flags.priceLists),
    stockChannel: stockChannelOf(toList(query.sales_channel_id), scope, flags),
    inventory: flags.inventory,
  })
  return pickFields(loaded, fields, relations)
}

/** Handles of published products in handle order, at most `limit` (the storefront's sitemap). */
export async function publishedProductHandles(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ handle: product.handle })
    .from(product)
    .where(and(eq(product.status, 'published'), isNull(product.deleted_at), isNotNull(product.handle)))
    .orderBy(asc(product.handle))
    .limit(limit)
  return rows.map((row) => row.handle!)
}
