import { detailQuery, listQuery, mutation, useEmporiumQuery, type Arg, type QueryOptions } from '../factory.js'
import type { EmporiumClient } from '../../client.js'
import {
  collectionKeys,
  productCategoryKeys,
  productKeys,
  productTagKeys,
  productTypeKeys,
  variantKeys,
} from './keys.js'

type Store = EmporiumClient['store']

/**
 * Storefront products.
 *
 * @example
 * const { products, count, isLoading } = useProducts({ limit: 12 })
 * @since 0.1.0
 */
export const useProducts = listQuery(productKeys, (c, q?: Arg<Store['products']['list'], 0>) =>
  c.store.products.list(q),
)

/**
 * One storefront product.
 *
 * @example
 * const { product } = useProduct('prod_01…')
 * @since 0.1.0
 */
export const useProduct = detailQuery(productKeys, (c, id, q?: Arg<Store['products']['retrieve'], 1>) =>
  c.store.products.retrieve(id, q),
)

/**
 * Full-text product search (`POST /store/products/search`).
 *
 * @example
 * const search = useSearchProducts()
 * search.mutate({ q: 'shirt' })
 * @since 0.1.0
 */
export const useSearchProducts = mutation(
  (c, payload: Arg<Store['products']['search'], 0>) => c.store.products.search(payload),
  () => [],
)

/**
 * Full-text product search as a query (`POST /store/products/search`), cached per payload: for
 * results and suggestions that follow what the shopper types. Disabled while `q` is blank.
 *
 * @example
 * const { hits, isFetching } = useProductSearch({ q: 'linen', limit: 5, region_id })
 * @since 0.1.0
 */
export function useProductSearch(
  payload: Arg<Store['products']['search'], 0>,
  options?: QueryOptions<Awaited<ReturnType<Store['products']['search']>>>,
) {
  return useEmporiumQuery([...productKeys.lists(), 'search', payload], (c) => c.store.products.search(payload), {
    ...options,
    enabled: payload.q.trim() !== '' && (options?.enabled ?? true),
  })
}

/** @example const { variants } = useVariants({ ids: 'variant_1,variant_2' }) */
export const useVariants = listQuery(variantKeys, (c, q?: Arg<Store['products']['variants']['list'], 0>) =>
  c.store.products.variants.list(q),
)

/** @example const { variant } = useVariant('variant_01…') */
export const useVariant = detailQuery(variantKeys, (c, id, q?: Arg<Store['products']['variants']['retrieve'], 1>) =>
  c.store.products.variants.retrieve(id, q),
)

/** @example const { collections } = useCollections() */
export const useCollections = listQuery(collectionKeys, (c, q?: Arg<Store['collections']['list'], 0>) =>
  c.store.collections.list(q),
)

/** @example const { collection } = useCollection('pcol_01…') */
export const useCollection = detailQuery(collectionKeys, (c, id) => c.store.collections.retrieve(id))

/** @example const { product_categories } = useProductCategories({ parent_category_id: 'null' }) */
export const useProductCategories = listQuery(
  productCategoryKeys,
  (c, q?: Arg<Store['productCategories']['list'], 0>) => c.store.productCategories.list(q),
)

/** @example const { product_category } = useProductCategory('pcat_01…') */
export const useProductCategory = detailQuery(
  productCategoryKeys,
  (c, id, q?: Arg<Store['productCategories']['retrieve'], 1>) => c.store.productCategories.retrieve(id, q),
)

/** @example const { product_tags } = useProductTags() */
export const useProductTags = listQuery(productTagKeys, (c, q?: Arg<Store['productTags']['list'], 0>) =>
  c.store.productTags.list(q),
)

/** @example const { product_types } = useProductTypes() */
export const useProductTypes = listQuery(productTypeKeys, (c, q?: Arg<Store['productTypes']['list'], 0>) =>
  c.store.productTypes.list(q),
)
