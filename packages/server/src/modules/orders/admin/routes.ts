import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { changeThenAnswer as changeAndAnswer, orderEnvOf } from './answer.js'
import {
  AdminGetOrdersOrderReservationsParams,
  AdminGetOrdersParams,
  AdminOrderFindParams,
  AdminOrderIdParams,
  AdminOrderLineItemParams,
  AdminOrderReservationsListRes,
  AdminOrdersListRes,
  AdminOrdersRes,
  AdminPostOrdersOrderLineItemReservationReq,
  AdminPostOrdersOrderReq,
  AdminPostOrdersOrderShippingMethodsReq,
  AdminReservationsRes,
} from './contract.js'
import { adminOrderSelection } from './loader.js'
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

/**
 * `/admin/orders/…`: what a merchant does with an order after it is placed; its payments
 * (`payments/routes.ts`) and fulfilments (`fulfillments/routes.ts`) have routes of their own.
 */
export const adminOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Orders']
  const env = orderEnvOf(app)
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
      order: await retrieveAdminOrder(
        app.db,
        request.params.id,
        adminOrderSelection(request.query, { returnableItems: true }),
      ),
    }),
  )

  const changeThenAnswer = (id: string, query: { fields?: string; expand?: string }, change: () => Promise<unknown>) =>
    changeAndAnswer(app.db, id, query, change)

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
  ] as const
  for (const [action, run] of transitions) {
    app.post(
      `/admin/orders/:id/${action}`,
      { schema: { tags, params: AdminOrderIdParams, querystring: AdminOrderFindParams, response: ok } },
      async (request) => changeThenAnswer(request.params.id, request.query, () => run(request.params.id)),
    )
  }

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
}
