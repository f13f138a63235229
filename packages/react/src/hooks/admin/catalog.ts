import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import { idMutation, type Arg } from '../factory.js'
import { adminCollectionKeys, adminProductCategoryKeys, adminProductKeys } from './keys.js'

type Admin = EmporiumClient['admin']

const collections = crudHooks(adminCollectionKeys, (c) => c.admin.collections)
const collectionAndProducts = (id: string) => [
  adminCollectionKeys.lists(),
  adminCollectionKeys.detail(id),
  adminProductKeys.all,
]
/** @example const { collections } = useAdminCollections() */
export const useAdminCollections = collections.useList
/** @example const { collection } = useAdminCollection(id) */
export const useAdminCollection = collections.useRetrieve
/** @example useAdminCreateCollection().mutate({ title: 'Summer' }) */
export const useAdminCreateCollection = collections.useCreate
/** @example useAdminUpdateCollection(id).mutate({ title: 'Winter' }) */
export const useAdminUpdateCollection = collections.useUpdate
/** @example useAdminDeleteCollection(id).mutate() */
export const useAdminDeleteCollection = collections.useDelete
/** @example useAdminAddProductsToCollection(id).mutate({ product_ids: [productId] }) */
export const useAdminAddProductsToCollection = idMutation(
  (c, id, payload: Arg<Admin['collections']['addProducts'], 1>) => c.admin.collections.addProducts(id, payload),
  collectionAndProducts,
)
/** @example useAdminRemoveProductsFromCollection(id).mutate({ product_ids: [productId] }) */
export const useAdminRemoveProductsFromCollection = idMutation(
  (c, id, payload: Arg<Admin['collections']['removeProducts'], 1>) => c.admin.collections.removeProducts(id, payload),
  collectionAndProducts,
)

const categories = crudHooks(adminProductCategoryKeys, (c) => c.admin.productCategories)
const categoryAndProducts = (id: string) => [
  adminProductCategoryKeys.lists(),
  adminProductCategoryKeys.detail(id),
  adminProductKeys.all,
]
/** @example const { product_categories } = useAdminProductCategories({ parent_category_id: 'null' }) */
export const useAdminProductCategories = categories.useList
/** @example const { product_category } = useAdminProductCategory(id) */
export const useAdminProductCategory = categories.useRetrieve
/** @example useAdminCreateProductCategory().mutate({ name: 'Shirts' }) */
export const useAdminCreateProductCategory = categories.useCreate
/** @example useAdminUpdateProductCategory(id).mutate({ name: 'Tops' }) */
export const useAdminUpdateProductCategory = categories.useUpdate
/** @example useAdminDeleteProductCategory(id).mutate() */
export const useAdminDeleteProductCategory = categories.useDelete
/** @example useAdminAddProductsToCategory(id).mutate({ product_ids: [{ id: productId }] }) */
export const useAdminAddProductsToCategory = idMutation(
  (c, id, payload: Arg<Admin['productCategories']['addProducts'], 1>) =>
    c.admin.productCategories.addProducts(id, payload),
  categoryAndProducts,
)
/** @example useAdminDeleteProductsFromCategory(id).mutate({ product_ids: [{ id: productId }] }) */
export const useAdminDeleteProductsFromCategory = idMutation(
  (c, id, payload: Arg<Admin['productCategories']['removeProducts'], 1>) =>
    c.admin.productCategories.removeProducts(id, payload),
  categoryAndProducts,
)
