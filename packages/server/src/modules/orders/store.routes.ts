import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { requireCustomer } from '../../core/request-identity.js'
import { confirmOrderClaim, requestOrderClaim } from './order-claims/claims.js'
import {
  StoreCustomersListOrdersRes,
  StoreGetCustomersCustomerOrdersParams,
  StoreGetOrdersParams,
  StoreOrderCartIdParams,
  StoreOrderFindParams,
  StoreOrderIdParams,
  StoreOrdersRes,
  StorePostCustomersCustomerAcceptClaimReq,
  StorePostCustomersCustomerOrderClaimReq,
} from './contract.js'
import { storeOrderSelection } from './loader.js'
import { listCustomerOrders, lookupGuestOrder, retrieveOrder, retrieveOrderByCartId } from './service.js'

/** Route option for the routes marked C: a 401 comes before any body validation. */
const customerOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireCustomer(request)
  },
}

export const storeOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Orders']
  // Guest lookups (sequential order numbers) and claim requests (which send e-mails) are limited
  // like logins.
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } }

  app.get(
    '/store/orders',
    { config: limited, schema: { tags, querystring: StoreGetOrdersParams, response: { 200: StoreOrdersRes } } },
    async (request) => ({ order: await lookupGuestOrder(app.db, request.query) }),
  )

  app.get(
    '/store/orders/cart/:cart_id',
    {
      schema: {
        tags,
        params: StoreOrderCartIdParams,
        querystring: StoreOrderFindParams,
        response: { 200: StoreOrdersRes },
      },
    },
    async (request) => ({
      order: await retrieveOrderByCartId(app.db, request.params.cart_id, storeOrderSelection(request.query)),
    }),
  )

  app.get(
    '/store/orders/:id',
    {
      schema: {
        tags,
        params: StoreOrderIdParams,
        querystring: StoreOrderFindParams,
        response: { 200: StoreOrdersRes },
      },
    },
    async (request) => ({ order: await retrieveOrder(app.db, request.params.id, storeOrderSelection(request.query)) }),
  )

  app.post(
    '/store/orders/batch/customer/token',
    { ...customerOnly, config: limited, schema: { tags, body: StorePostCustomersCustomerOrderClaimReq } },
    async (request, reply) => {
      await requestOrderClaim(app.db, requireCustomer(request), request.body.order_ids, app.config.jwtSecret)
      return reply.status(200).type('text/plain').send('OK')
    },
  )

  app.post(
    '/store/orders/customer/confirm',
    { schema: { tags, body: StorePostCustomersCustomerAcceptClaimReq } },
    async (request, reply) => {
      await confirmOrderClaim(app.db, request.body.token, app.config.jwtSecret, request.customerId)
      return reply.status(200).type('text/plain').send('OK')
    },
  )

  // Owned by the customers module on the wire; served here because orders come after customers.
  app.get(
    '/store/customers/me/orders',
    {
      ...customerOnly,
      schema: {
        tags: ['Customers'],
        querystring: StoreGetCustomersCustomerOrdersParams,
        response: { 200: StoreCustomersListOrdersRes },
      },
    },
    async (request) => {
      return listCustomerOrders(app.db, requireCustomer(request), request.query)
    },
  )
}
