import { and, asc, Column, eq, getTableColumns, is, isNull, sql, type Query, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgPreparedQuery, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/types.js'
import { salesChannel } from '../sales-channels/schema.js'
import { priceVariant, type PricingContext, type VariantPricing } from './pricing/pricing.js'
import {
  image,
  moneyAmount,
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
} from './schema.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import type { InventorySeam, PriceListSeam } from './seams.js'
import { groupBy } from '../../db/group-rows.js'

/**
 * Loads the relations of a page of products or variants with one batched query per relation,
 * whatever the page size: never one query per row. The queries of one page run concurrently.
 */

export type ProductRow = typeof product.$inferSelect
export type VariantRow = typeof productVariant.$inferSelect
export type PriceRow = typeof moneyAmount.$inferSelect
export type OptionRow = typeof productOption.$inferSelect
export type OptionValueRow = typeof productOptionValue.$inferSelect
export type ImageRow = typeof image.$inferSelect
export type TagRow = typeof productTag.$inferSelect
export type TypeRow = typeof productType.$inferSelect
export type CollectionRow = typeof productCollection.$inferSelect
export type CategoryRow = typeof productCategory.$inferSelect
export type SalesChannelRow = typeof salesChannel.$inferSelect

export type LoadedVariant = VariantRow &
  Partial<VariantPricing> & {
    prices?: PriceRow[]
    options?: OptionValueRow[]
    product?: ProductRow
    purchasable?: boolean
  }
export type LoadedOption = OptionRow & { values?: OptionValueRow[] }
/** A product row, possibly with its collection and type already joined by the page query. */
export type PageRow = ProductRow & { collection?: CollectionRow | null; type?: TypeRow | null }
export type LoadedProduct = ProductRow & {
  variants?: LoadedVariant[]
  options?: LoadedOption[]
  images?: ImageRow[]
  tags?: TagRow[]
  type?: TypeRow | null
  collection?: CollectionRow | null
  sales_channels?: SalesChannelRow[]
  categories?: CategoryRow[]
}

export interface LoadOptions {
  /** Narrows the prices loaded to the storefront's; absent: every price (admin). */
  priceScope?: PriceScope
  /** Prices the variants for this context (they need `prices` loaded). */
  pricing?: PricingContext
  /** Adds `purchasable` to variants (storefront). */
  availability?: boolean
  /**
   * With the inventory module: `inventory_quantity` becomes what this sales channel has available
   * (null: the store's default channel). Absent: the variant's own column.
   */
  stockChannel?: string | null
  /** The inventory module's seam that knows the stock (with `stockChannel`). */
  inventory?: InventorySeam
  /** Storefront: only active, public categories. */
  publicCategoriesOnly?: boolean
}

const unique = (values: (string | null)[]): string[] => [...new Set(values.filter((v): v is string => v !== null))]

const none = <T>(): Promise<T[]> => Promise.resolve([])

const lookUp = <T>(byId: Map<string, T>, id: string | null): T | null => (id ? (byId.get(id) ?? null) : null)

/**
 * Which prices a load returns: every price of the variants (admin), or the storefront's, i.e. the
 * default prices (no price list yet) of the context's region and currency, or all of them when
 * the request names neither (`any`).
 */
export interface PriceScope {
  any: boolean
  region_id: string | null
  currency_code: string | null
  /** Whose customer groups open price lists (null: a guest). */
  customer_id?: string | null
  /** The price-lists module's reads; absent, the default prices alone. */
  lists?: PriceListSeam
}

const storeParams = (scope: PriceScope) => ({
  any: scope.any,
  region_id: scope.region_id,
  currency_code: scope.currency_code,
})

const ids = sql.placeholder('ids')
const anyOf = (column: AnyPgColumn) => sql`${column} = ANY(${ids})`
const storePrice = and(
  isNull(moneyAmount.price_list_id),
  sql`(${sql.placeholder('any')}::boolean OR ${moneyAmount.region_id} = ${sql.placeholder('region_id')}
    OR (${moneyAmount.region_id} IS NULL AND ${moneyAmount.currency_code} = ${sql.placeholder('currency_code')}))`,
)
const publicCategory = and(eq(productCategory.is_active, true), eq(productCategory.is_internal, false))

type Selection = Record<string, AnyPgColumn | PgTable>

interface Slot {
  key: string
  /** The column's name inside a nested object (`{ product_id, image: { … } }`). */
  nested?: string
  /** Set for the columns whose driver value needs converting (timestamps, JSON). */
  decoder?: Column
}

const keepsDriverValue = Column.prototype.mapFromDriverValue

/**
 * Turns the driver's row arrays into objects shaped like the selection, in the order drizzle
 * selects the columns (the selection's keys, a table's columns in their declared order). Drizzle's
 * own mapper re-checks every cell's column kind and allocates on the way; a product page is some
 * three hundred rows of ten to twenty-five columns, read on every storefront request.
 *
 * A nested object listed in `nullable` (a left join) becomes `null` when its first column is, as
 * drizzle does.
 */
function rowReader(selection: Selection, nullable: readonly string[]): (rows: unknown[][]) => unknown[] {
  const slots: Slot[] = []
  for (const [key, value] of Object.entries(selection)) {
    const columns: [string | undefined, Column][] = is(value, Column)
      ? [[undefined, value]]
      : Object.entries(getTableColumns(value as PgTable))
    for (const [nested, column] of columns) {
      slots.push({ key, nested, decoder: column.mapFromDriverValue === keepsDriverValue ? undefined : column })
    }
  }
  const firstNested = nullable.map((key) => [key, slots.find((slot) => slot.key === key)!.nested!] as const)
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {}
      let inner: Record<string, unknown> | undefined
      for (let index = 0; index < slots.length; index++) {
        const { key, nested, decoder } = slots[index]
        const raw = row[index]
        const value = raw === null || decoder === undefined ? raw : decoder.mapFromDriverValue(raw)
        if (nested === undefined) {
          result[key] = value
          continue
        }
        if (index === 0 || slots[index - 1].key !== key) result[key] = inner = {}
        inner![nested] = value
      }
      for (const [key, first] of firstNested) {
        if ((result[key] as Record<string, unknown>)[first] === null) result[key] = null
      }
      return result
    })
}

/**
 * `query.prepare(name)`, reading rows with `rowReader`. `selection` must be the object the query
 * selects; the row type is the query's own.
 */
function prepareRows<Q extends PromiseLike<unknown[]> & { toSQL(): Query }>(
  db: Db,
  name: string,
  selection: Selection,
  query: Q,
  nullable: readonly string[] = [],
) {
  return db._.session.prepareQuery<{ execute: Awaited<Q>; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    rowReader(selection, nullable) as (rows: unknown[][]) => Awaited<Q>,
  ) as PgPreparedQuery<{ execute: Awaited<Q>; all: unknown; values: unknown }>
}

/**
 * The relation queries, each written once with an `ids` array parameter and prepared under a fixed
 * name: the text never changes with the page size, so PostgreSQL parses and plans each statement
 * once per connection, and the query builder runs once per database handle.
 */
function buildStatements(db: Db) {
  const priceColumns = getTableColumns(moneyAmount)
  const pricesOfProducts = (scope: SQL | undefined, name: string) =>
    prepareRows(
      db,
      name,
      priceColumns,
      db
        .select(priceColumns)
        .from(moneyAmount)
        .innerJoin(productVariant, eq(productVariant.id, moneyAmount.variant_id))
        .where(
          and(
            anyOf(productVariant.product_id),
            isNull(productVariant.deleted_at),
            isNull(moneyAmount.deleted_at),
            scope,
          ),
        )
        .orderBy(asc(moneyAmount.created_at), asc(moneyAmount.id)),
    )
  const pricesOfVariants = (scope: SQL | undefined, name: string) =>
    prepareRows(
      db,
      name,
      priceColumns,
      db
        .select(priceColumns)
        .from(moneyAmount)
        .where(and(anyOf(moneyAmount.variant_id), isNull(moneyAmount.deleted_at), scope))
        .orderBy(asc(moneyAmount.created_at), asc(moneyAmount.id)),
    )
  const categoriesOf = (scope: SQL | undefined, name: string) => {
    const selection = { product_id: productCategoryProduct.product_id, category: productCategory }
    return prepareRows(
      db,
      name,
      selection,
      db
        .select(selection)
        .from(productCategoryProduct)
        .innerJoin(productCategory, eq(productCategory.id, productCategoryProduct.product_category_id))
        .where(and(anyOf(productCategoryProduct.product_id), scope))
        .orderBy(asc(productCategory.rank), asc(productCategory.handle)),
    )
  }
  return {
    variants: () => {
      const columns = getTableColumns(productVariant)
      return prepareRows(
        db,
        'catalog_variants_of_products',
        columns,
        db
          .select(columns)
          .from(productVariant)
          .where(and(anyOf(productVariant.product_id), isNull(productVariant.deleted_at)))
          .orderBy(asc(productVariant.variant_rank), asc(productVariant.created_at), asc(productVariant.id)),
      )
    },
    /** Joined to the variants, so it runs beside the variant query instead of after it. */
    pricesOfProducts: () => pricesOfProducts(undefined, 'catalog_prices_of_products'),
    storePricesOfProducts: () => pricesOfProducts(storePrice, 'catalog_store_prices_of_products'),
    pricesOfVariants: () => pricesOfVariants(undefined, 'catalog_prices_of_variants'),
    storePricesOfVariants: () => pricesOfVariants(storePrice, 'catalog_store_prices_of_variants'),
    /** Options with their values in one query; the same rows give each variant its option values. */
    optionsWithValues: () => {
      const selection = { option: productOption, value: productOptionValue }
      return prepareRows(
        db,
        'catalog_options_of_products',
        selection,
        db
          .select(selection)
          .from(productOption)
          .leftJoin(
            productOptionValue,
            and(eq(productOptionValue.option_id, productOption.id), isNull(productOptionValue.deleted_at)),
          )
          .where(and(anyOf(productOption.product_id), isNull(productOption.deleted_at)))
          .orderBy(asc(productOption.created_at), asc(productOption.id), asc(productOptionValue.created_at)),
        ['value'],
      )
    },
    optionValuesOfVariants: () => {
      const columns = getTableColumns(productOptionValue)
      return prepareRows(
        db,
        'catalog_option_values_of_variants',
        columns,
        db
          .select(columns)
          .from(productOptionValue)
          .innerJoin(productOption, eq(productOption.id, productOptionValue.option_id))
          .where(and(anyOf(productOptionValue.variant_id), isNull(productOptionValue.deleted_at)))
          .orderBy(asc(productOption.created_at), asc(productOption.id)),
      )
    },
    images: () => {
      const selection = { product_id: productImages.product_id, image }
      return prepareRows(
        db,
        'catalog_images_of_products',
        selection,
        db
          .select(selection)
          .from(productImages)
          .innerJoin(image, eq(image.id, productImages.image_id))
          .where(and(anyOf(productImages.product_id), isNull(image.deleted_at)))
          .orderBy(asc(productImages.rank), asc(image.id)),
      )
    },
    tags: () => {
      const selection = { product_id: productTags.product_id, tag: productTag }
      return prepareRows(
        db,
        'catalog_tags_of_products',
        selection,
        db
          .select(selection)
          .from(productTags)
          .innerJoin(productTag, eq(productTag.id, productTags.product_tag_id))
          .where(and(anyOf(productTags.product_id), isNull(productTag.deleted_at)))
          .orderBy(asc(productTag.value), asc(productTag.id)),
      )
    },
    types: () => {
      const columns = getTableColumns(productType)
      return prepareRows(
        db,
        'catalog_types_by_id',
        columns,
        db.select(columns).from(productType).where(anyOf(productType.id)),
      )
    },
    collections: () => {
      const columns = getTableColumns(productCollection)
      return prepareRows(
        db,
        'catalog_collections_by_id',
        columns,
        db
          .select(columns)
          .from(productCollection)
          .where(and(anyOf(productCollection.id), isNull(productCollection.deleted_at))),
      )
    },
    salesChannels: () => {
      const selection = { product_id: productSalesChannel.product_id, channel: salesChannel }
      return prepareRows(
        db,
        'catalog_sales_channels_of_products',
        selection,
        db
          .select(selection)
          .from(productSalesChannel)
          .innerJoin(salesChannel, eq(salesChannel.id, productSalesChannel.sales_channel_id))
          .where(and(anyOf(productSalesChannel.product_id), isNull(salesChannel.deleted_at)))
          .orderBy(asc(salesChannel.created_at), asc(salesChannel.id)),
      )
    },
    categories: () => categoriesOf(undefined, 'catalog_categories_of_products'),
    publicCategories: () => categoriesOf(publicCategory, 'catalog_public_categories_of_products'),
    products: () => {
      const columns = getTableColumns(product)
      return prepareRows(
        db,
        'catalog_products_by_id',
        columns,
        db.select(columns).from(product).where(anyOf(product.id)),
      )
    },
  }
}

type Builders = ReturnType<typeof buildStatements>
type Statements = { [K in keyof Builders]: ReturnType<Builders[K]> }

const statementsByDb = new WeakMap<Db, Partial<Statements>>()

/** The prepared statement `name` for this handle, built on first use. */
function statement<K extends keyof Builders>(db: Db, name: K): Statements[K] {
  let prepared = statementsByDb.get(db)
  if (!prepared) {
    prepared = {}
    statementsByDb.set(db, prepared)
  }
  return (prepared[name] ??= buildStatements(db)[name]() as Statements[K]) as Statements[K]
}

function productPrices(db: Db, productIds: string[], scope: PriceScope | undefined) {
  if (!scope) return statement(db, 'pricesOfProducts').execute({ ids: productIds })
  if (scope.lists) return scope.lists.pricesOfProducts(db, productIds, scope)
  return statement(db, 'storePricesOfProducts').execute({ ids: productIds, ...storeParams(scope) })
}

function variantPrices(db: Db, variantIds: string[], scope: PriceScope | undefined) {
  if (!scope) return statement(db, 'pricesOfVariants').execute({ ids: variantIds })
  if (scope.lists) return scope.lists.pricesOfVariants(db, variantIds, scope)
  return statement(db, 'storePricesOfVariants').execute({ ids: variantIds, ...storeParams(scope) })
}

// Rows are fresh objects from the driver and belong to this load, so they are decorated in place:
// a page holds hundreds of them, and copies would only feed the garbage collector.
function decorateVariant(variant: LoadedVariant, options: LoadOptions, stock?: Map<string, number>): LoadedVariant {
  if (options.pricing && variant.prices) Object.assign(variant, priceVariant(variant.prices, options.pricing))
  const available = stock?.get(variant.id)
  if (available !== undefined) variant.inventory_quantity = available
  if (options.availability) {
    variant.purchasable = !variant.manage_inventory || variant.allow_backorder || variant.inventory_quantity > 0
  }
  return variant
}

/** Units the request's sales channel has available per managed variant, in one query (inventory module). */
async function channelStock(
  db: Db,
  variants: readonly VariantRow[],
  options: LoadOptions,
): Promise<Map<string, number> | undefined> {
  const seam = options.inventory
  const managed = variants.filter((variant) => variant.manage_inventory).map((variant) => variant.id)
  if (options.stockChannel === undefined || !seam || managed.length === 0) return undefined
  return seam.availability(db, managed, options.stockChannel)
}

/** Attaches the relations named in `relations` (dot paths such as `variants.prices`) to products. */
export async function loadProductRelations(
  db: Db,
  rows: readonly PageRow[],
  relations: ReadonlySet<string>,
  options: LoadOptions = {},
): Promise<LoadedProduct[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const wants = (path: string) => relations.has(path)
  const needsOptionRows = wants('options') || wants('variants.options')
  // Rows from a page query may carry their collection and type already.
  const typeIds = rows.every((row) => row.type !== undefined) ? [] : unique(rows.map((row) => row.type_id))
  const collectionIds = rows.every((row) => row.collection !== undefined)
    ? []
    : unique(rows.map((row) => row.collection_id))

  const [variants, prices, optionRows, images, tags, types, collections, channels, categories] = await concurrently(
    db,
    [
      () => (wants('variants') ? statement(db, 'variants').execute({ ids }) : none<VariantRow>()),
      () => (wants('variants.prices') ? productPrices(db, ids, options.priceScope) : none<PriceRow>()),
      () =>
        needsOptionRows
          ? statement(db, 'optionsWithValues').execute({ ids })
          : none<{ option: OptionRow; value: OptionValueRow | null }>(),
      () =>
        wants('images') ? statement(db, 'images').execute({ ids }) : none<{ product_id: string; image: ImageRow }>(),
      () => (wants('tags') ? statement(db, 'tags').execute({ ids }) : none<{ product_id: string; tag: TagRow }>()),
      () => (wants('type') && typeIds.length > 0 ? statement(db, 'types').execute({ ids: typeIds }) : none<TypeRow>()),
      () =>
        wants('collection') && collectionIds.length > 0
          ? statement(db, 'collections').execute({ ids: collectionIds })
          : none<CollectionRow>(),
      () =>
        wants('sales_channels')
          ? statement(db, 'salesChannels').execute({ ids })
          : none<{ product_id: string; channel: SalesChannelRow }>(),
      () =>
        wants('categories')
          ? statement(db, options.publicCategoriesOnly ? 'publicCategories' : 'categories').execute({ ids })
          : none<{ product_id: string; category: CategoryRow }>(),
    ],
  )

  const stock = await channelStock(db, variants, options)
  const pricesByVariant = groupBy(prices, (price) => price.variant_id)
  const valuesByVariant = groupBy(
    optionRows.flatMap((row) => (row.value ? [row.value] : [])),
    (value) => value.variant_id,
  )
  const optionsByProduct = new Map<string, LoadedOption[]>()
  const optionById = new Map<string, LoadedOption>()
  for (const { option, value } of optionRows) {
    let loaded = optionById.get(option.id)
    if (!loaded) {
      loaded = option
      if (wants('options.values')) loaded.values = []
      optionById.set(option.id, loaded)
      const list = optionsByProduct.get(option.product_id)
      if (list) list.push(loaded)
      else optionsByProduct.set(option.product_id, [loaded])
    }
    if (value && loaded.values) loaded.values.push(value)
  }
  const variantsByProduct = groupBy(
    variants.map((variant) => {
      const loaded: LoadedVariant = variant
      if (wants('variants.prices')) loaded.prices = pricesByVariant.get(variant.id) ?? []
      if (wants('variants.options')) loaded.options = valuesByVariant.get(variant.id) ?? []
      return decorateVariant(loaded, options, stock)
    }),
    (variant) => variant.product_id,
  )
  const imagesByProduct = groupBy(images, (row) => row.product_id)
  const tagsByProduct = groupBy(tags, (row) => row.product_id)
  const channelsByProduct = groupBy(channels, (row) => row.product_id)
  const categoriesByProduct = groupBy(categories, (row) => row.product_id)
  const typeById = new Map(types.map((row) => [row.id, row]))
  const collectionById = new Map(collections.map((row) => [row.id, row]))

  return rows.map((row) => {
    const loaded: LoadedProduct = row
    if (wants('variants')) loaded.variants = variantsByProduct.get(row.id) ?? []
    if (wants('options')) loaded.options = optionsByProduct.get(row.id) ?? []
    if (wants('images')) loaded.images = (imagesByProduct.get(row.id) ?? []).map((entry) => entry.image)
    if (wants('tags')) loaded.tags = (tagsByProduct.get(row.id) ?? []).map((entry) => entry.tag)
    if (wants('type')) loaded.type = row.type !== undefined ? row.type : lookUp(typeById, row.type_id)
    else delete loaded.type
    if (wants('collection')) {
      loaded.collection = row.collection !== undefined ? row.collection : lookUp(collectionById, row.collection_id)
    } else delete loaded.collection
    if (wants('sales_channels')) {
      loaded.sales_channels = (channelsByProduct.get(row.id) ?? []).map((entry) => entry.channel)
    }
    if (wants('categories')) loaded.categories = (categoriesByProduct.get(row.id) ?? []).map((entry) => entry.category)
    return loaded
  })
}

/** Attaches `prices`, `options` (option values) and `product` to a page of variants. */
export async function loadVariantRelations(
  db: Db,
  rows: readonly VariantRow[],
  relations: ReadonlySet<string>,
  options: LoadOptions = {},
): Promise<LoadedVariant[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const productIds = unique(rows.map((row) => row.product_id))
  const [prices, values, products, stock] = await concurrently(db, [
    () => (relations.has('prices') ? variantPrices(db, ids, options.priceScope) : none<PriceRow>()),
    () =>
      relations.has('options') ? statement(db, 'optionValuesOfVariants').execute({ ids }) : none<OptionValueRow>(),
    () => (relations.has('product') ? statement(db, 'products').execute({ ids: productIds }) : none<ProductRow>()),
    () => channelStock(db, rows, options),
  ])
  const pricesByVariant = groupBy(prices, (price) => price.variant_id)
  const valuesByVariant = groupBy(values, (value) => value.variant_id)
  const productById = new Map(products.map((row) => [row.id, row]))
  return rows.map((row) => {
    const loaded: LoadedVariant = row
    if (relations.has('prices')) loaded.prices = pricesByVariant.get(row.id) ?? []
    if (relations.has('options')) loaded.options = valuesByVariant.get(row.id) ?? []
    if (relations.has('product')) {
      const parent = productById.get(row.product_id)
      if (parent) loaded.product = parent
    }
    return decorateVariant(loaded, options, stock)
  })
}
