import { catalogFlags } from './seams.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../core/schemas.js'
import { listCategories, retrieveCategory } from './lookups/categories.js'
import { listStoreCollections, retrieveCollection } from './lookups/collections.js'
import {
  CategoryFindParams,
  CollectionRes,
  CollectionsListRes,
  GetProductTypesParams,
  ProductCategoriesListRes,
  ProductCategoryRes,
  ProductTagsListRes,
  ProductTypesListRes,
  StoreGetCollectionsParams,
  StoreGetProductCategoriesParams,
  StoreGetProductTagsParams,
  tagsAndTypesPaging,
} from './lookups/contract.js'
import { listStoreProducts, retrieveStoreProduct } from './products/products.js'
import {
  ProductRes,
  ProductsListRes,
  StoreGetProductsParams,
  StoreGetProductsProductParams,
  StoreGetVariantsParams,
  StoreGetVariantsVariantParams,
  StoreVariantsListRes,
  VariantRes,
} from './products/contract.js'
import { listProductTags, listProductTypes } from './lookups/tags-types.js'
import { listStoreVariants, retrieveStoreVariant } from './variants/variants.js'

const STORE = { store: true }

/** The storefront catalogue: products, variants, collections, categories, tags, types. */
export const storeCatalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const flags = catalogFlags(app)

  app.get(
    '/store/products',
    { schema: { tags: ['Products'], querystring: StoreGetProductsParams, response: { 200: ProductsListRes } } },
    async (request) => {
      return listStoreProducts(app.db, request.query, request, flags)
    },
  )

  app.get(
    '/store/products/:id',
    {
      schema: {
        tags: ['Products'],
        params: IdParams,
        querystring: StoreGetProductsProductParams,
        response: { 200: ProductRes },
      },
    },
    async (request) => ({
      product: await retrieveStoreProduct(app.db, request.params.id, request.query, request, flags),
    }),
  )

  app.get(
    '/store/variants',
    { schema: { tags: ['Variants'], querystring: StoreGetVariantsParams, response: { 200: StoreVariantsListRes } } },
    async (request) => ({ variants: await listStoreVariants(app.db, request.query, request, flags) }),
  )

  app.get(
    '/store/variants/:id',
    {
      schema: {
        tags: ['Variants'],
        params: IdParams,
        querystring: StoreGetVariantsVariantParams,
        response: { 200: VariantRes },
      },
    },
    async (request) => ({
      variant: await retrieveStoreVariant(app.db, request.params.id, request.query, request, flags),
    }),
  )

  app.get(
    '/store/collections',
    {
      schema: {
        tags: ['Product Collections'],
        querystring: StoreGetCollectionsParams,
        response: { 200: CollectionsListRes },
      },
    },
    async (request) => {
      return listStoreCollections(app.db, request.query)
    },
  )

  app.get(
    '/store/collections/:id',
    { schema: { tags: ['Product Collections'], params: IdParams, response: { 200: CollectionRes } } },
    async (request) => ({ collection: await retrieveCollection(app.db, request.params.id, false) }),
  )

  app.get(
    '/store/product-categories',
    {
      schema: {
        tags: ['Product Categories'],
        querystring: StoreGetProductCategoriesParams,
        response: { 200: ProductCategoriesListRes },
      },
    },
    async (request) => {
      return listCategories(app.db, request.query, STORE)
    },
  )

  app.get(
    '/store/product-categories/:id',
    {
      schema: {
        tags: ['Product Categories'],
        params: IdParams,
        querystring: CategoryFindParams,
        response: { 200: ProductCategoryRes },
      },
    },
    async (request) => ({
      product_category: await retrieveCategory(app.db, request.params.id, request.query, STORE),
    }),
  )

  app.get(
    '/store/product-tags',
    {
      schema: { tags: ['Product Tags'], querystring: StoreGetProductTagsParams, response: { 200: ProductTagsListRes } },
    },
    async (request) => {
      return listProductTags(app.db, request.query, tagsAndTypesPaging.page(request.query))
    },
  )

  app.get(
    '/store/product-types',
    {
      schema: { tags: ['Product Types'], querystring: GetProductTypesParams, response: { 200: ProductTypesListRes } },
    },
    async (request) => {
      return listProductTypes(app.db, request.query, tagsAndTypesPaging.page(request.query))
    },
  )
}
