import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { changeThenAnswer, orderEnvOf } from '../admin/answer.js'
import {
  AdminOrderFindParams,
  AdminOrderIdParams,
  AdminOrdersRes,
  AdminPaymentFindParams,
  AdminPaymentIdParams,
  AdminPaymentRes,
  AdminPostOrdersOrderRefundsReq,
  AdminPostPaymentRefundsReq,
  AdminRefundRes,
} from '../admin/contract.js'
import { captureOrder, capturePayment, refundOrder, refundPayment, retrievePayment } from './service.js'

/** An order's payments (`/admin/orders/{id}/capture`, `/refund`) and `/admin/payments/…`. */
export const adminOrderPaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const env = orderEnvOf(app)
  const orderTags = ['Orders']
  const ok = { 200: AdminOrdersRes }

  app.post(
    '/admin/orders/:id/capture',
    { schema: { tags: orderTags, params: AdminOrderIdParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(app.db, request.params.id, request.query, () => captureOrder(app.db, env, request.params.id)),
  )

  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        tags: orderTags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderRefundsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(app.db, request.params.id, request.query, () =>
        refundOrder(app.db, env, request.params.id, request.body),
      ),
  )

  const tags = ['Payments']
  app.get(
    '/admin/payments/:id',
    {
      schema: {
        tags,
        params: AdminPaymentIdParams,
        querystring: AdminPaymentFindParams,
        response: { 200: AdminPaymentRes },
      },
    },
    async (request) => ({ payment: await retrievePayment(app.db, request.params.id) }),
  )

  app.post(
    '/admin/payments/:id/capture',
    { schema: { tags, params: AdminPaymentIdParams, response: { 200: AdminPaymentRes } } },
    async (request) => ({ payment: await capturePayment(app.db, env, request.params.id) }),
  )

  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        tags,
        params: AdminPaymentIdParams,
        body: AdminPostPaymentRefundsReq,
        response: { 200: AdminRefundRes },
      },
    },
    async (request) => ({ refund: await refundPayment(app.db, env, request.params.id, request.body) }),
  )
}
