import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { runIdempotent } from '../../core/idempotency.js'
import { StoreShippingOptionsListRes } from '../shipping/contract.js'
import {
  CartDiscountParams,
  CartFindParams,
  CartIdParams,
  CartLineParams,
  CartProviderParams,
  ShippingOptionsCartParams,
  StoreCartsRes,
  StorePostCartReq,
  StorePostCartsCartLineItemsItemReq,
  StorePostCartsCartLineItemsReq,
  StorePostCartsCartPaymentSessionReq,
  StorePostCartsCartPaymentSessionUpdateReq,
  StorePostCartsCartReq,
  StorePostCartsCartShippingMethodReq,
} from './contract.js'
import { addLineItemStages, deleteLineItem, updateLineItem } from './line-items.js'
import type { CartEnv } from './lock.js'
import {
  createPaymentSessionsStages,
  deletePaymentSession,
  refreshPaymentSession,
  selectPaymentSession,
  updatePaymentSessionData,
} from './payment-sessions.js'
import {
  assertStorefrontCart,
  calculateTaxesStages,
  createCart,
  removeDiscount,
  retrieveStoreCart,
  updateCart,
} from './service.js'
import { addShippingMethod, listCartShippingOptions } from './shipping-methods.js'

export function cartEnv(app: FastifyInstance): CartEnv {
  return {
    flags: app.config.featureFlags,
    paymentProviders: app.providers.paymentProviders,
    fulfillmentProviders: app.providers.fulfillmentProviders,
  }
}

const tags = ['Carts']
const cartResponse = { 200: StoreCartsRes }

/**
 * The storefront cart (reference/store-api.md "Carts"). Every route answers `{cart}` with its
 * totals; `GET` honours `expand` and `fields`, the others accept them and answer the default
 * relations, as v1. Completion (`/complete`) belongs to the orders module.
 */
export const storeCartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const env = cartEnv(app)
  const flags = env.flags

  // A draft order's cart is the admin's: to the storefront it does not exist.
  app.addHook('preHandler', async (request) => {
    const params = request.params as { id?: string; cart_id?: string } | undefined
    const id = params?.id ?? params?.cart_id
    if (id) assertStorefrontCart(id)
  })

  app.post(
    '/store/carts',
    {
      schema: { tags, querystring: CartFindParams, body: StorePostCartReq, response: cartResponse },
      // v1 creates a cart from an empty request as from `{}`.
      preValidation: async (request) => {
        request.body ??= {}
      },
    },
    async (request) => ({
      cart: await createCart(
        app.db,
        env,
        { ...request.body, requestContext: { ip: request.ip, user_agent: request.headers['user-agent'] } },
        request,
      ),
    }),
  )

  app.get(
    '/store/carts/:id',
    { schema: { tags, params: CartIdParams, querystring: CartFindParams, response: cartResponse } },
    async (request) => ({
      cart: await retrieveStoreCart(app.db, flags, request.params.id, request.query, request),
    }),
  )

  app.post(
    '/store/carts/:id',
    {
      schema: {
        tags,
        params: CartIdParams,
        querystring: CartFindParams,
        body: StorePostCartsCartReq,
        response: cartResponse,
      },
    },
    async (request) => ({ cart: await updateCart(app.db, env, request.params.id, request.body, request) }),
  )

  app.post(
    '/store/carts/:id/line-items',
    {
      schema: {
        tags,
        params: CartIdParams,
        querystring: CartFindParams,
        body: StorePostCartsCartLineItemsReq,
        response: cartResponse,
      },
    },
    async (request, reply) =>
      runIdempotent(app.db, request, reply, addLineItemStages(env, request.params.id, request.body)),
  )

  app.post(
    '/store/carts/:id/line-items/:line_id',
    {
      schema: {
        tags,
        params: CartLineParams,
        querystring: CartFindParams,
        body: StorePostCartsCartLineItemsItemReq,
        response: cartResponse,
      },
    },
    async (request) => ({
      cart: await updateLineItem(app.db, env, request.params.id, request.params.line_id, request.body),
    }),
  )

  app.delete(
    '/store/carts/:id/line-items/:line_id',
    { schema: { tags, params: CartLineParams, querystring: CartFindParams, response: cartResponse } },
    async (request) => ({ cart: await deleteLineItem(app.db, env, request.params.id, request.params.line_id) }),
  )

  app.delete(
    '/store/carts/:id/discounts/:code',
    { schema: { tags, params: CartDiscountParams, querystring: CartFindParams, response: cartResponse } },
    async (request) => ({ cart: await removeDiscount(app.db, env, request.params.id, request.params.code) }),
  )

  app.post(
    '/store/carts/:id/shipping-methods',
    {
      schema: {
        tags,
        params: CartIdParams,
        querystring: CartFindParams,
        body: StorePostCartsCartShippingMethodReq,
        response: cartResponse,
      },
    },
    async (request) => ({ cart: await addShippingMethod(app.db, env, request.params.id, request.body) }),
  )

  app.post(
    '/store/carts/:id/payment-sessions',
    { schema: { tags, params: CartIdParams, querystring: CartFindParams, response: cartResponse } },
    async (request, reply) =>
      runIdempotent(app.db, request, reply, createPaymentSessionsStages(env, request.params.id)),
  )

  app.post(
    '/store/carts/:id/payment-session',
    {
      schema: {
        tags,
        params: CartIdParams,
        querystring: CartFindParams,
        body: StorePostCartsCartPaymentSessionReq,
        response: cartResponse,
      },
    },
    async (request) => ({
      cart: await selectPaymentSession(app.db, env, request.params.id, request.body.provider_id),
    }),
  )

  app.post(
    '/store/carts/:id/payment-sessions/:provider_id',
    {
      schema: {
        tags,
        params: CartProviderParams,
        querystring: CartFindParams,
        body: StorePostCartsCartPaymentSessionUpdateReq,
        response: cartResponse,
      },
    },
    async (request) => ({
      cart: await updatePaymentSessionData(
        app.db,
        env,
        request.params.id,
        request.params.provider_id,
        request.body.data,
      ),
    }),
  )

  app.delete(
    '/store/carts/:id/payment-sessions/:provider_id',
    { schema: { tags, params: CartProviderParams, querystring: CartFindParams, response: cartResponse } },
    async (request) => ({
      cart: await deletePaymentSession(app.db, env, request.params.id, request.params.provider_id),
    }),
  )

  app.post(
    '/store/carts/:id/payment-sessions/:provider_id/refresh',
    { schema: { tags, params: CartProviderParams, querystring: CartFindParams, response: cartResponse } },
    async (request) => ({
      cart: await refreshPaymentSession(app.db, env, request.params.id, request.params.provider_id),
    }),
  )

  app.post(
    '/store/carts/:id/taxes',
    { schema: { tags, params: CartIdParams, querystring: CartFindParams, response: cartResponse } },
    async (request, reply) => runIdempotent(app.db, request, reply, calculateTaxesStages(env, request.params.id)),
  )

  app.get(
    '/store/shipping-options/:cart_id',
    {
      schema: {
        tags: ['Shipping Options'],
        params: ShippingOptionsCartParams,
        response: { 200: StoreShippingOptionsListRes },
      },
    },
    async (request) => ({ shipping_options: await listCartShippingOptions(app.db, env, request.params.cart_id) }),
  )
}
