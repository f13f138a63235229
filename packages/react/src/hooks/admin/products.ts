import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import {
  detailQuery,
  fixedQuery,
  idMutation,
  listQuery,
  type Answer,
  type Arg,
  type DetailQueryHook,
} from '../factory.js'
import { adminProductKeys, adminProductTagKeys, adminProductTypeKeys, adminVariantKeys } from './keys.js'

type Products = EmporiumClient['admin']['products']

const products = crudHooks(adminProductKeys, (c) => c.admin.products)
// A variant or option change answers with the product: its lists and detail are stale, and so are variants.
const productAndVariants = (id: string) => [adminProductKeys.lists(), adminProductKeys.detail(id), adminVariantKeys.all]

/**
 * Admin products.
 *
 * @example
 * const { products, count } = useAdminProducts({ q: 'shirt', limit: 20 })
 * @since 0.1.0
 */
export const useAdminProducts = products.useList
/** @example const { product } = useAdminProduct(id, { expand: 'variants' }) */
export const useAdminProduct = products.useRetrieve
/** @example useAdminCreateProduct().mutate({ title: 'Shirt', is_giftcard: false, discountable: true }) */
export const useAdminCreateProduct = products.useCreate
/** @example useAdminUpdateProduct(id).mutate({ title: 'Linen shirt' }) */
export const useAdminUpdateProduct = products.useUpdate
/** @example useAdminDeleteProduct(id).mutate() */
export const useAdminDeleteProduct = products.useDelete

/** Product types in use. @example const { types } = useAdminProductTypes() */
export const useAdminProductTypesInUse = fixedQuery([...adminProductKeys.all, 'types'], (c) =>
  c.admin.products.listTypes(),
)

/** Tags with their usage counts. @example const { tags } = useAdminProductTagUsage() */
export const useAdminProductTagUsage = fixedQuery([...adminProductKeys.all, 'tags', 'usage'], (c) =>
  c.admin.products.listTags(),
)

/** @example useAdminSetProductMetadata(id).mutate({ key: 'origin', value: 'PT' }) */
export const useAdminSetProductMetadata = idMutation(
  (c, id, payload: Arg<Products['setMetadata'], 1>) => c.admin.products.setMetadata(id, payload),
  productAndVariants,
)

/** @example const { variants } = useAdminProductVariants(productId) */
export const useAdminProductVariants = detailQuery(
  adminProductKeys,
  (c, id, q?: Arg<Products['listVariants'], 1>) => c.admin.products.listVariants(id, q),
  'variants',
)

/** @example useAdminCreateVariant(productId).mutate({ title: 'L', prices, options }) */
export const useAdminCreateVariant = idMutation(
  (c, id, payload: Arg<Products['createVariant'], 1>) => c.admin.products.createVariant(id, payload),
  productAndVariants,
)

/** @example useAdminUpdateVariant(productId).mutate({ variant_id, inventory_quantity: 5 }) */
export const useAdminUpdateVariant = idMutation(
  (c, id, { variant_id, ...payload }: { variant_id: string } & Arg<Products['updateVariant'], 2>) =>
    c.admin.products.updateVariant(id, variant_id, payload),
  productAndVariants,
)

/** @example useAdminDeleteVariant(productId).mutate(variantId) */
export const useAdminDeleteVariant = idMutation(
  (c, id, variantId: string) => c.admin.products.deleteVariant(id, variantId),
  productAndVariants,
)

/** @example useAdminCreateProductOption(productId).mutate({ title: 'Size' }) */
export const useAdminCreateProductOption = idMutation(
  (c, id, payload: Arg<Products['addOption'], 1>) => c.admin.products.addOption(id, payload),
  productAndVariants,
)

/** @example useAdminUpdateProductOption(productId).mutate({ option_id, title: 'Colour' }) */
export const useAdminUpdateProductOption = idMutation(
  (c, id, { option_id, ...payload }: { option_id: string } & Arg<Products['updateOption'], 2>) =>
    c.admin.products.updateOption(id, option_id, payload),
  productAndVariants,
)

/** @example useAdminDeleteProductOption(productId).mutate(optionId) */
export const useAdminDeleteProductOption = idMutation(
  (c, id, optionId: string) => c.admin.products.deleteOption(id, optionId),
  productAndVariants,
)

/** @example const { variants } = useAdminVariants({ q: 'SKU-1' }) */
export const useAdminVariants = listQuery(
  adminVariantKeys,
  (c, q?: Arg<EmporiumClient['admin']['variants']['list'], 0>) => c.admin.variants.list(q),
)

/** @example const { variant } = useAdminVariant(variantId) */
export const useAdminVariant = detailQuery(
  adminVariantKeys,
  (c, id, q?: Arg<EmporiumClient['admin']['variants']['retrieve'], 1>) => c.admin.variants.retrieve(id, q),
)

/** @example const { variant } = useAdminVariantsInventory(variantId) */
export const useAdminVariantsInventory: DetailQueryHook<Answer<EmporiumClient['admin']['variants']['getInventory']>> =
  detailQuery(adminVariantKeys, (c, id) => c.admin.variants.getInventory(id), 'inventory')

/** @example const { product_tags } = useAdminProductTags() */
export const useAdminProductTags = listQuery(
  adminProductTagKeys,
  (c, q?: Arg<EmporiumClient['admin']['productTags']['list'], 0>) => c.admin.productTags.list(q),
)

/** @example const { product_types } = useAdminProductTypes() */
export const useAdminProductTypes = listQuery(
  adminProductTypeKeys,
  (c, q?: Arg<EmporiumClient['admin']['productTypes']['list'], 0>) => c.admin.productTypes.list(q),
)
