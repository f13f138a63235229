import { catalogFlags } from '../seams.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { searchStoreProducts } from './search.js'
import { searchPaging, StorePostSearchReq, StorePostSearchRes } from './contract.js'

/** `POST /store/products/search`. */
export const storeProductSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const flags = catalogFlags(app)

  app.post(
    '/store/products/search',
    { schema: { tags: ['Products'], body: StorePostSearchReq, response: { 200: StorePostSearchRes } } },
    async (request) => {
      const { hits, total } = await searchStoreProducts(app.db, request.body, request, flags)
      const { offset, limit } = searchPaging.page(request.body)
      return { hits, query: request.body.q, offset, limit, estimatedTotalHits: total }
    },
  )
}
