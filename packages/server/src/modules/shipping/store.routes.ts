import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { StoreGetShippingOptionsParams, StoreShippingOptionsListRes } from './contract.js'
import { listStoreShippingOptions } from './service.js'

/** `GET /store/shipping-options/:cart_id` belongs to carts, over `listShippingOptionsForCart`. */
export const storeShippingOptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/store/shipping-options',
    {
      schema: {
        tags: ['Shipping Options'],
        querystring: StoreGetShippingOptionsParams,
        response: { 200: StoreShippingOptionsListRes },
      },
    },
    async (request) => ({
      shipping_options: await listStoreShippingOptions(app.db, request.query, app.config.featureFlags),
    }),
  )
}
