import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse } from '../../core/schemas.js'
import { ProductsListRes } from '../catalog/products/contract.js'
import { listAdminProducts } from '../catalog/products/products.js'
import { catalogFlags } from '../catalog/seams.js'
import {
  AdminDeletePriceListPricesPricesReq,
  AdminDeletePriceListsPriceListProductsPricesBatchReq,
  AdminGetPriceListPaginationParams,
  AdminGetPriceListsPriceListProductsParams,
  AdminPostPriceListPricesPricesReq,
  AdminPostPriceListsPriceListReq,
  AdminPostPriceListsReq,
  AdminPriceListDeleteBatchRes,
  AdminPriceListRes,
  AdminPriceListsListRes,
  PriceListIdParams,
  PriceListProductParams,
  PriceListVariantParams,
} from './contract.js'
import { removePricesById, removePricesOfProducts, removePricesOfVariant, upsertListPrices } from './prices.js'
import {
  createPriceList,
  deletePriceList,
  listPriceLists,
  retrievePriceList,
  updatePriceList,
  withLiveList,
} from './service.js'

const deleted = (ids: string[]) => ({ ids, object: 'money-amount', deleted: true })

/** The 11 admin price-list routes (reference/admin-api.md, Price lists). */
export const adminPriceListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Price Lists']
  const flags = app.config.featureFlags
  const one = { 200: AdminPriceListRes }
  const removed = { 200: AdminPriceListDeleteBatchRes }

  app.get(
    '/admin/price-lists',
    { schema: { tags, querystring: AdminGetPriceListPaginationParams, response: { 200: AdminPriceListsListRes } } },
    async (request) => listPriceLists(app.db, request.query, flags),
  )

  app.post(
    '/admin/price-lists',
    { schema: { tags, body: AdminPostPriceListsReq, response: one } },
    async (request) => ({
      price_list: await createPriceList(app.db, request.body, flags),
    }),
  )

  app.get(
    '/admin/price-lists/:id',
    { schema: { tags, params: PriceListIdParams, response: one } },
    async (request) => ({
      price_list: await retrievePriceList(app.db, request.params.id, flags),
    }),
  )

  app.post(
    '/admin/price-lists/:id',
    { schema: { tags, params: PriceListIdParams, body: AdminPostPriceListsPriceListReq, response: one } },
    async (request) => ({ price_list: await updatePriceList(app.db, request.params.id, request.body, flags) }),
  )

  app.delete(
    '/admin/price-lists/:id',
    { schema: { tags, params: PriceListIdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deletePriceList(app.db, request.params.id)
      return { id: request.params.id, object: 'price-list', deleted: true }
    },
  )

  app.post(
    '/admin/price-lists/:id/prices/batch',
    { schema: { tags, params: PriceListIdParams, body: AdminPostPriceListPricesPricesReq, response: one } },
    async (request) => {
      const { id } = request.params
      await withLiveList(app.db, id, (tx) =>
        upsertListPrices(tx, id, request.body.prices, { path: 'prices', replace: request.body.override }),
      )
      return { price_list: await retrievePriceList(app.db, id, flags) }
    },
  )

  app.delete(
    '/admin/price-lists/:id/prices/batch',
    { schema: { tags, params: PriceListIdParams, body: AdminDeletePriceListPricesPricesReq, response: removed } },
    async (request) =>
      deleted(
        await withLiveList(app.db, request.params.id, (tx) =>
          removePricesById(tx, request.params.id, request.body.price_ids),
        ),
      ),
  )

  app.get(
    '/admin/price-lists/:id/products',
    {
      schema: {
        tags,
        params: PriceListIdParams,
        querystring: AdminGetPriceListsPriceListProductsParams,
        response: { 200: ProductsListRes },
      },
    },
    async (request) => {
      await retrievePriceList(app.db, request.params.id, flags)
      return listAdminProducts(app.db, { ...request.query, price_list_id: request.params.id }, catalogFlags(app))
    },
  )

  app.delete(
    '/admin/price-lists/:id/products/prices/batch',
    {
      schema: {
        tags,
        params: PriceListIdParams,
        body: AdminDeletePriceListsPriceListProductsPricesBatchReq,
        response: removed,
      },
    },
    async (request) =>
      deleted(
        await withLiveList(app.db, request.params.id, (tx) =>
          removePricesOfProducts(tx, request.params.id, request.body.product_ids),
        ),
      ),
  )

  app.delete(
    '/admin/price-lists/:id/products/:product_id/prices',
    { schema: { tags, params: PriceListProductParams, response: removed } },
    async (request) =>
      deleted(
        await withLiveList(app.db, request.params.id, (tx) =>
          removePricesOfProducts(tx, request.params.id, [request.params.product_id]),
        ),
      ),
  )

  app.delete(
    '/admin/price-lists/:id/variants/:variant_id/prices',
    { schema: { tags, params: PriceListVariantParams, response: removed } },
    async (request) =>
      deleted(
        await withLiveList(app.db, request.params.id, (tx) =>
          removePricesOfVariant(tx, request.params.id, request.params.variant_id),
        ),
      ),
  )
}
