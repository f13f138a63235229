import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { changeThenAnswer, orderEnvOf } from '../admin/answer.js'
import {
  AdminOrderFindParams,
  AdminOrderFulfillmentParams,
  AdminOrderIdParams,
  AdminOrdersRes,
  AdminPostOrdersOrderFulfillmentsReq,
  AdminPostOrdersOrderShipmentReq,
} from '../admin/contract.js'
import { cancelOrderFulfillment, createOrderFulfillment, createOrderShipment } from './service.js'

/** An order's fulfilments, their cancellation and shipments (`/admin/orders/{id}/fulfillment…`, `/shipment`). */
export const adminOrderFulfillmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const env = orderEnvOf(app)
  const tags = ['Orders']
  const ok = { 200: AdminOrdersRes }

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
      changeThenAnswer(app.db, request.params.id, request.query, () =>
        createOrderFulfillment(app.db, env, request.params.id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/fulfillments/:fulfillment_id/cancel',
    { schema: { tags, params: AdminOrderFulfillmentParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(app.db, request.params.id, request.query, () =>
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
      changeThenAnswer(app.db, request.params.id, request.query, () =>
        createOrderShipment(app.db, env, request.params.id, request.body),
      ),
  )
}
