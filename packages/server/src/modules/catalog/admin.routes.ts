import { catalogFlags } from './seams.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import { addProductOption, deleteProductOption, updateProductOption } from './products/options.js'
import { createProduct, deleteProduct, setProductMetadata, updateProduct } from './products/writes.js'
import { listAdminProducts, retrieveAdminProduct } from './products/products.js'
import {
  AdminGetProductParams,
  AdminGetProductsParams,
  AdminGetProductVariantsParams,
  AdminGetVariantsParams,
  AdminOptionDeleteRes,
  AdminPostProductsProductMetadataReq,
  AdminPostProductsProductOptionsReq,
  AdminPostProductsProductReq,
  AdminPostProductsProductVariantsReq,
  AdminPostProductsProductVariantsVariantReq,
  AdminPostProductsReq,
  AdminProductTypesRes,
  AdminTagUsageRes,
  AdminVariantDeleteRes,
  ProductOptionParams,
  ProductRes,
  ProductsListRes,
  ProductVariantParams,
  VariantRes,
  VariantsListRes,
} from './products/contract.js'
import { listAllProductTypes, listTagUsage } from './lookups/tags-types.js'
import {
  addProductVariant,
  deleteProductVariant,
  listAdminVariants,
  listProductVariants,
  retrieveAdminVariant,
  updateProductVariant,
} from './variants/variants.js'

/** `/admin/products*` and `/admin/variants*`. */
export const adminProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Products']
  const flags = catalogFlags(app)

  app.get(
    '/admin/products',
    { schema: { tags, querystring: AdminGetProductsParams, response: { 200: ProductsListRes } } },
    async (request) => {
      return listAdminProducts(app.db, request.query, flags)
    },
  )

  app.get('/admin/products/types', { schema: { tags, response: { 200: AdminProductTypesRes } } }, async () => ({
    types: await listAllProductTypes(app.db),
  }))

  app.get('/admin/products/tag-usage', { schema: { tags, response: { 200: AdminTagUsageRes } } }, async () => ({
    tags: await listTagUsage(app.db),
  }))

  app.get(
    '/admin/products/:id',
    { schema: { tags, params: IdParams, querystring: AdminGetProductParams, response: { 200: ProductRes } } },
    async (request) => ({ product: await retrieveAdminProduct(app.db, request.params.id, request.query, flags) }),
  )

  app.post(
    '/admin/products',
    { schema: { tags, body: AdminPostProductsReq, response: { 200: ProductRes } } },
    async (request) => ({ product: await createProduct(app.db, request.body, flags) }),
  )

  app.post(
    '/admin/products/:id',
    { schema: { tags, params: IdParams, body: AdminPostProductsProductReq, response: { 200: ProductRes } } },
    async (request) => ({ product: await updateProduct(app.db, request.params.id, request.body, flags) }),
  )

  app.delete(
    '/admin/products/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteProduct(app.db, request.params.id)
      return { id: request.params.id, object: 'product', deleted: true }
    },
  )

  app.post(
    '/admin/products/:id/metadata',
    { schema: { tags, params: IdParams, body: AdminPostProductsProductMetadataReq, response: { 200: ProductRes } } },
    async (request) => ({ product: await setProductMetadata(app.db, request.params.id, request.body, flags) }),
  )

  app.get(
    '/admin/products/:id/variants',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: AdminGetProductVariantsParams,
        response: { 200: VariantsListRes },
      },
    },
    async (request) => {
      return listProductVariants(app.db, request.params.id, request.query)
    },
  )

  app.post(
    '/admin/products/:id/variants',
    { schema: { tags, params: IdParams, body: AdminPostProductsProductVariantsReq, response: { 200: ProductRes } } },
    async (request) => ({ product: await addProductVariant(app.db, request.params.id, request.body, flags) }),
  )

  app.post(
    '/admin/products/:id/variants/:variant_id',
    {
      schema: {
        tags,
        params: ProductVariantParams,
        body: AdminPostProductsProductVariantsVariantReq,
        response: { 200: ProductRes },
      },
    },
    async (request) => ({
      product: await updateProductVariant(app.db, request.params.id, request.params.variant_id, request.body, flags),
    }),
  )

  app.delete(
    '/admin/products/:id/variants/:variant_id',
    { schema: { tags, params: ProductVariantParams, response: { 200: AdminVariantDeleteRes } } },
    async (request) => {
      const { id, variant_id } = request.params
      const product = await deleteProductVariant(app.db, id, variant_id, flags)
      return { variant_id, object: 'product-variant', deleted: true, product }
    },
  )

  app.post(
    '/admin/products/:id/options',
    { schema: { tags, params: IdParams, body: AdminPostProductsProductOptionsReq, response: { 200: ProductRes } } },
    async (request) => ({ product: await addProductOption(app.db, request.params.id, request.body, flags) }),
  )

  app.post(
    '/admin/products/:id/options/:option_id',
    {
      schema: {
        tags,
        params: ProductOptionParams,
        body: AdminPostProductsProductOptionsReq,
        response: { 200: ProductRes },
      },
    },
    async (request) => ({
      product: await updateProductOption(app.db, request.params.id, request.params.option_id, request.body, flags),
    }),
  )

  app.delete(
    '/admin/products/:id/options/:option_id',
    { schema: { tags, params: ProductOptionParams, response: { 200: AdminOptionDeleteRes } } },
    async (request) => {
      const { id, option_id } = request.params
      const product = await deleteProductOption(app.db, id, option_id, flags)
      return { option_id, object: 'option', deleted: true, product }
    },
  )

  app.get(
    '/admin/variants',
    { schema: { tags: ['Variants'], querystring: AdminGetVariantsParams, response: { 200: VariantsListRes } } },
    async (request) => {
      // v1 sends no usable offset/limit here; sending the real ones keeps the list envelope whole.
      return listAdminVariants(app.db, request.query, flags)
    },
  )

  app.get(
    '/admin/variants/:id',
    {
      schema: {
        tags: ['Variants'],
        params: IdParams,
        querystring: AdminGetProductParams,
        response: { 200: VariantRes },
      },
    },
    async (request) => ({ variant: await retrieveAdminVariant(app.db, request.params.id, request.query) }),
  )
}
