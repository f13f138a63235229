import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { requireFlag } from '../../../core/feature-flags.js'
import { DeleteResponse, IdParams } from '../../../core/schemas.js'
import {
  addProductsToCategory,
  createCategory,
  deleteCategory,
  listCategories,
  removeProductsFromCategory,
  retrieveCategory,
  updateCategory,
} from './categories.js'
import {
  addProductsToCollection,
  createCollection,
  deleteCollection,
  listAdminCollections,
  removeProductsFromCollection,
  retrieveCollection,
  updateCollection,
} from './collections.js'
import {
  AdminCategoryProductsBatchReq,
  AdminCollectionProductsBatchReq,
  AdminGetCollectionsParams,
  AdminGetProductCategoriesParams,
  AdminGetProductTagsParams,
  AdminPostCollectionsCollectionReq,
  AdminPostCollectionsReq,
  AdminPostProductCategoriesCategoryReq,
  AdminPostProductCategoriesReq,
  adminTagsPaging,
  CategoryFindParams,
  CollectionRemoveProductsRes,
  CollectionRes,
  CollectionsListRes,
  GetProductTypesParams,
  ProductCategoriesListRes,
  ProductCategoryRes,
  ProductTagsListRes,
  ProductTypesListRes,
  tagsAndTypesPaging,
} from './contract.js'
import { listProductTags, listProductTypes } from './tags-types.js'

/** `/admin/collections*`, `/admin/product-tags`, `/admin/product-types`. */
export const adminLookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Product Collections']

  app.get(
    '/admin/collections',
    { schema: { tags, querystring: AdminGetCollectionsParams, response: { 200: CollectionsListRes } } },
    async (request) => {
      return listAdminCollections(app.db, request.query)
    },
  )

  app.get(
    '/admin/collections/:id',
    { schema: { tags, params: IdParams, response: { 200: CollectionRes } } },
    async (request) => ({ collection: await retrieveCollection(app.db, request.params.id) }),
  )

  app.post(
    '/admin/collections',
    { schema: { tags, body: AdminPostCollectionsReq, response: { 200: CollectionRes } } },
    async (request) => ({ collection: await createCollection(app.db, request.body) }),
  )

  app.post(
    '/admin/collections/:id',
    { schema: { tags, params: IdParams, body: AdminPostCollectionsCollectionReq, response: { 200: CollectionRes } } },
    async (request) => ({ collection: await updateCollection(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/collections/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteCollection(app.db, request.params.id)
      return { id: request.params.id, object: 'product-collection', deleted: true }
    },
  )

  app.post(
    '/admin/collections/:id/products/batch',
    { schema: { tags, params: IdParams, body: AdminCollectionProductsBatchReq, response: { 200: CollectionRes } } },
    async (request) => ({ collection: await addProductsToCollection(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/collections/:id/products/batch',
    {
      schema: {
        tags,
        params: IdParams,
        body: AdminCollectionProductsBatchReq,
        response: { 200: CollectionRemoveProductsRes },
      },
    },
    async (request) => {
      await removeProductsFromCollection(app.db, request.params.id, request.body)
      return { id: request.params.id, object: 'product-collection', removed_products: request.body.product_ids }
    },
  )

  app.get(
    '/admin/product-tags',
    {
      schema: { tags: ['Product Tags'], querystring: AdminGetProductTagsParams, response: { 200: ProductTagsListRes } },
    },
    async (request) => {
      return listProductTags(app.db, request.query, adminTagsPaging.page(request.query))
    },
  )

  app.get(
    '/admin/product-types',
    {
      schema: { tags: ['Product Types'], querystring: GetProductTypesParams, response: { 200: ProductTypesListRes } },
    },
    async (request) => {
      return listProductTypes(app.db, request.query, tagsAndTypesPaging.page(request.query))
    },
  )
}

const ADMIN = { store: false }

/** `/admin/product-categories*`, behind the `product_categories` flag (bare 404 when off, as v1). */
export const adminCategoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Product Categories']
  const flagged = { preValidation: requireFlag(app, 'product_categories') }

  app.get(
    '/admin/product-categories',
    {
      ...flagged,
      schema: { tags, querystring: AdminGetProductCategoriesParams, response: { 200: ProductCategoriesListRes } },
    },
    async (request) => {
      return listCategories(app.db, request.query, ADMIN)
    },
  )

  app.get(
    '/admin/product-categories/:id',
    {
      ...flagged,
      schema: { tags, params: IdParams, querystring: CategoryFindParams, response: { 200: ProductCategoryRes } },
    },
    async (request) => ({
      product_category: await retrieveCategory(app.db, request.params.id, request.query, ADMIN),
    }),
  )

  app.post(
    '/admin/product-categories',
    {
      ...flagged,
      schema: {
        tags,
        querystring: CategoryFindParams,
        body: AdminPostProductCategoriesReq,
        response: { 200: ProductCategoryRes },
      },
    },
    async (request) => ({ product_category: await createCategory(app.db, request.body, request.query) }),
  )

  app.post(
    '/admin/product-categories/:id',
    {
      ...flagged,
      schema: {
        tags,
        params: IdParams,
        querystring: CategoryFindParams,
        body: AdminPostProductCategoriesCategoryReq,
        response: { 200: ProductCategoryRes },
      },
    },
    async (request) => ({
      product_category: await updateCategory(app.db, request.params.id, request.body, request.query),
    }),
  )

  app.delete(
    '/admin/product-categories/:id',
    { ...flagged, schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteCategory(app.db, request.params.id)
      return { id: request.params.id, object: 'product-category', deleted: true }
    },
  )

  app.post(
    '/admin/product-categories/:id/products/batch',
    {
      ...flagged,
      schema: {
        tags,
        params: IdParams,
        querystring: CategoryFindParams,
        body: AdminCategoryProductsBatchReq,
        response: { 200: ProductCategoryRes },
      },
    },
    async (request) => ({
      product_category: await addProductsToCategory(app.db, request.params.id, request.body, request.query),
    }),
  )

  app.delete(
    '/admin/product-categories/:id/products/batch',
    {
      ...flagged,
      schema: {
        tags,
        params: IdParams,
        querystring: CategoryFindParams,
        body: AdminCategoryProductsBatchReq,
        response: { 200: ProductCategoryRes },
      },
    },
    async (request) => ({
      product_category: await removeProductsFromCategory(app.db, request.params.id, request.body, request.query),
    }),
  )
}
