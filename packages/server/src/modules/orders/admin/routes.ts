import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { cancelOrderFulfillment, createOrderFulfillment, createOrderShipment } from '../fulfillments/service.js'
import { captureOrder, capturePayment, refundOrder, refundPayment, retrievePayment } from '../payments/service.js'
import {
  AdminGetOrdersOrderReservationsParams,
  AdminGetOrdersParams,
  AdminOrderFindParams,
  AdminOrderFulfillmentParams,
  AdminOrderIdParams,
  AdminOrderLineItemParams,
  AdminOrderReservationsListRes,
  AdminOrdersListRes,
  AdminOrdersRes,
  AdminPaymentFindParams,
  AdminPaymentIdParams,
  AdminPaymentRes,
  AdminPostOrdersOrderFulfillmentsReq,
  AdminPostOrdersOrderLineItemReservationReq,
  AdminPostOrdersOrderRefundsReq,
  AdminPostOrdersOrderReq,
  AdminPostOrdersOrderShipmentReq,
  AdminPostOrdersOrderShippingMethodsReq,
  AdminPostPaymentRefundsReq,
  AdminRefundRes,
  AdminReservationsRes,
} from './contract.js'
import { adminOrderSelection } from './loader.js'
import type { OrderEnv } from './operations.js'
import { listOrderReservations, reserveOrderLine } from './reservations.js'
import {
  addOrderShippingMethod,
  archiveOrder,
  cancelOrder,
  completeOrder,
  listAdminOrders,
  retrieveAdminOrder,
  updateAdminOrder,
} from './service.js'

/** What the order services need of the app: its providers and feature flags. */
export const envOf = (app: FastifyInstance): OrderEnv => ({
  paymentProviders: app.providers.paymentProviders,
  fulfillmentProviders: app.providers.fulfillmentProviders,
  flags: app.config.featureFlags,
})

/** `/admin/orders/…` and `/admin/payments/…`: what a merchant does with an order after it is placed. */
export const adminOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Orders']
  const env = envOf(app)
  const ok = { 200: AdminOrdersRes }

  app.get(
    '/admin/orders',
    { schema: { tags, querystring: AdminGetOrdersParams, response: { 200: AdminOrdersListRes } } },
    async (request) => listAdminOrders(app.db, request.query, adminOrderSelection(request.query)),
  )

  app.get(
    '/admin/orders/:id',
    { schema: { tags, params: AdminOrderIdParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) => ({
      order: await retrieveAdminOrder(app.db, request.params.id, adminOrderSelection(request.query)),
    }),
  )

  /**
   * Makes a change to an order and answers the order with the request's `fields`/`expand` (or every
   * default). The selection is read first, so a bad one refuses the request before anything changes.
   */
  const changeThenAnswer = async (
    id: string,
    query: { fields?: string; expand?: string },
    change: () => Promise<unknown>,
  ) => {
    const selection = adminOrderSelection(query)
    await change()
    return { order: await retrieveAdminOrder(app.db, id, selection) }
  }

  app.post(
    '/admin/orders/:id',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        updateAdminOrder(app.db, request.params.id, request.body),
      ),
  )

  const transitions = [
    ['complete', (id: string) => completeOrder(app.db, id)],
    ['archive', (id: string) => archiveOrder(app.db, id)],
    ['cancel', (id: string) => cancelOrder(app.db, env, id)],
    ['capture', (id: string) => captureOrder(app.db, env, id)],
  ] as const
  for (const [action, run] of transitions) {
    app.post(
      `/admin/orders/:id/${action}`,
      { schema: { tags, params: AdminOrderIdParams, querystring: AdminOrderFindParams, response: ok } },
      async (request) => changeThenAnswer(request.params.id, request.query, () => run(request.params.id)),
    )
  }

  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderRefundsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        refundOrder(app.db, env, request.params.id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/fulfillment',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderFulfillmentsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        createOrderFulfillment(app.db, env, request.params.id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/fulfillments/:fulfillment_id/cancel',
    { schema: { tags, params: AdminOrderFulfillmentParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        cancelOrderFulfillment(app.db, env, request.params.id, request.params.fulfillment_id),
      ),
  )

  app.post(
    '/admin/orders/:id/shipment',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderShipmentReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        createOrderShipment(app.db, env, request.params.id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/shipping-methods',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderShippingMethodsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        addOrderShippingMethod(app.db, request.params.id, request.body),
      ),
  )

  app.get(
    '/admin/orders/:id/reservations',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminGetOrdersOrderReservationsParams,
        response: { 200: AdminOrderReservationsListRes },
      },
    },
    async (request) => listOrderReservations(app.db, env, request.params.id, request.query),
  )

  app.post(
    '/admin/orders/:id/line-items/:line_item_id/reserve',
    {
      schema: {
        tags,
        params: AdminOrderLineItemParams,
        body: AdminPostOrdersOrderLineItemReservationReq,
        response: { 200: AdminReservationsRes },
      },
    },
    async (request) => ({
      reservation: await reserveOrderLine(app.db, env, request.params.id, request.params.line_item_id),
    }),
  )

  const paymentTags = ['Payments']
  app.get(
    '/admin/payments/:id',
    {
      schema: {
        tags: paymentTags,
        params: AdminPaymentIdParams,
        querystring: AdminPaymentFindParams,
        response: { 200: AdminPaymentRes },
      },
    },
    async (request) => ({ payment: await retrievePayment(app.db, request.params.id) }),
  )

  app.post(
    '/admin/payments/:id/capture',
    { schema: { tags: paymentTags, params: AdminPaymentIdParams, response: { 200: AdminPaymentRes } } },
    async (request) => ({ payment: await capturePayment(app.db, env, request.params.id) }),
  )

  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        tags: paymentTags,
        params: AdminPaymentIdParams,
        body: AdminPostPaymentRefundsReq,
        response: { 200: AdminRefundRes },
      },
    },
    async (request) => ({ refund: await refundPayment(app.db, env, request.params.id, request.body) }),
  )
}
