import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { InvalidData } from '../../../core/errors.js'
import { dateConditions, likePattern, type DateComparisonValue } from '../../../core/list.js'
import { toList } from '../../../core/schemas.js'
import { store } from '../../store/schema.js'
import {
  moneyAmount,
  product,
  productCategory,
  productCategoryProduct,
  productCollection,
  productSalesChannel,
  productTags,
  productVariant,
  type ProductStatus,
} from '../schema.js'

/** The product list filters shared by `GET /admin/products` and `GET /store/products`. */
export interface ProductFilterInput {
  q?: string
  id?: string | string[]
  collection_id?: string | string[]
  type_id?: string | string[]
  tags?: string | string[]
  title?: string
  description?: string
  handle?: string
  is_giftcard?: boolean
  category_id?: string | string[]
  include_category_children?: boolean
  created_at?: DateComparisonValue
  updated_at?: DateComparisonValue
  status?: ProductStatus | ProductStatus[]
  price_list_id?: string | string[]
}

export interface ProductFilterOptions {
  /** `product_categories` flag: without it the category filters are not part of the contract. */
  categoriesEnabled: boolean
  /** Storefront: category filters only see active, public categories. */
  publicCategoriesOnly: boolean
}

/** `q`: title, description, a variant's title or SKU, or the collection's title (ILIKE). */
function searchCondition(q: string): SQL {
  const pattern = likePattern(q)
  return or(
    ilike(product.title, pattern),
    ilike(product.description, pattern),
    inArray(
      product.id,
      sql`(SELECT ${productVariant.product_id} FROM ${productVariant} WHERE ${productVariant.deleted_at} IS NULL
        AND (${productVariant.title} ILIKE ${pattern} OR ${productVariant.sku} ILIKE ${pattern}))`,
    ),
    inArray(
      product.collection_id,
      sql`(SELECT ${productCollection.id} FROM ${productCollection} WHERE ${productCollection.deleted_at} IS NULL
        AND ${productCollection.title} ILIKE ${pattern})`,
    ),
  )!
}

/** Category ids, with every descendant when `includeChildren` (a recursive walk down the tree). */
function categoryIdsQuery(ids: string[], includeChildren: boolean, publicOnly: boolean): SQL {
  const visible = publicOnly ? sql` AND is_active = true AND is_internal = false` : sql``
  // `inArray` makes an empty list (`category_id[]=`) match nothing; a bare `IN ()` is a syntax error.
  const roots = sql`SELECT id FROM product_category WHERE ${inArray(productCategory.id, ids)}${visible}`
  if (!includeChildren) return roots
  return sql`WITH RECURSIVE tree AS (${roots} UNION SELECT child.id FROM product_category child
    JOIN tree ON child.parent_category_id = tree.id WHERE true${publicOnly ? sql` AND child.is_active = true AND child.is_internal = false` : sql``})
    SELECT id FROM tree`
}

export function productFilterConditions(input: ProductFilterInput, options: ProductFilterOptions): SQL[] {
  const ids = toList(input.id)
  const collectionIds = toList(input.collection_id)
  const typeIds = toList(input.type_id)
  const tagIds = toList(input.tags)
  const categoryIds = toList(input.category_id)
  const priceListIds = toList(input.price_list_id)
  const statuses = input.status === undefined ? undefined : [input.status].flat()
  if (!options.categoriesEnabled) {
    if (input.category_id !== undefined) throw new InvalidData('property category_id should not exist')
    if (input.include_category_children !== undefined) {
      throw new InvalidData('property include_category_children should not exist')
    }
  }
  const conditions: (SQL | undefined)[] = [
    ids ? inArray(product.id, ids) : undefined,
    statuses ? inArray(product.status, statuses) : undefined,
    collectionIds ? inArray(product.collection_id, collectionIds) : undefined,
    typeIds ? inArray(product.type_id, typeIds) : undefined,
    input.title !== undefined ? eq(product.title, input.title) : undefined,
    input.description !== undefined ? eq(product.description, input.description) : undefined,
    input.handle !== undefined ? eq(product.handle, input.handle) : undefined,
    input.is_giftcard !== undefined ? eq(product.is_giftcard, input.is_giftcard) : undefined,
    tagIds
      ? inArray(
          product.id,
          sql`(SELECT ${productTags.product_id} FROM ${productTags} WHERE ${inArray(productTags.product_tag_id, tagIds)})`,
        )
      : undefined,
    categoryIds
      ? inArray(
          product.id,
          sql`(SELECT ${productCategoryProduct.product_id} FROM ${productCategoryProduct}
            WHERE ${productCategoryProduct.product_category_id} IN (${categoryIdsQuery(
              categoryIds,
              input.include_category_children ?? false,
              options.publicCategoriesOnly,
            )}))`,
        )
      : undefined,
    priceListIds
      ? inArray(
          product.id,
          sql`(SELECT ${productVariant.product_id} FROM ${productVariant} JOIN ${moneyAmount}
            ON ${moneyAmount.variant_id} = ${productVariant.id}
            WHERE ${inArray(moneyAmount.price_list_id, priceListIds)} AND ${moneyAmount.deleted_at} IS NULL)`,
        )
      : undefined,
    ...dateConditions(product.created_at, input.created_at, 'created_at'),
    ...dateConditions(product.updated_at, input.updated_at, 'updated_at'),
    input.q ? searchCondition(input.q) : undefined,
  ]
  return conditions.filter((condition): condition is SQL => condition !== undefined)
}

/** Products linked to any of these sales channels. */
export function inSalesChannels(channelIds: string[]): SQL {
  return inArray(
    product.id,
    sql`(SELECT ${productSalesChannel.product_id} FROM ${productSalesChannel}
      WHERE ${inArray(productSalesChannel.sales_channel_id, channelIds)})`,
  )
}

/**
 * Products of the store's default sales channel, or every product when the store has none. The
 * channel is read inside the list query itself, which saves a round trip per storefront request.
 */
export function inDefaultSalesChannel(): SQL {
  const defaultChannel = sql`(SELECT ${store.default_sales_channel_id} FROM ${store} LIMIT 1)`
  return or(
    sql`${defaultChannel} IS NULL`,
    inArray(
      product.id,
      sql`(SELECT ${productSalesChannel.product_id} FROM ${productSalesChannel}
        WHERE ${productSalesChannel.sales_channel_id} = ${defaultChannel})`,
    ),
  )!
}

export const liveProduct = isNull(product.deleted_at)
export const publishedProduct = and(isNull(product.deleted_at), eq(product.status, 'published'))!
