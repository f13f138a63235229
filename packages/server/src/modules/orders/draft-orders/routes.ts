import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { adminOrderSelection } from '../admin/loader.js'
import { retrieveAdminOrder } from '../admin/service.js'
import {
  AdminDraftOrderDeleteRes,
  AdminDraftOrderIdParams,
  AdminDraftOrderLineParams,
  AdminDraftOrderPayRes,
  AdminDraftOrdersListRes,
  AdminDraftOrdersRes,
  AdminGetDraftOrdersParams,
  AdminPostDraftOrdersDraftOrderLineItemsItemReq,
  AdminPostDraftOrdersDraftOrderLineItemsReq,
  AdminPostDraftOrdersDraftOrderReq,
  AdminPostDraftOrdersReq,
} from './contract.js'
import { payDraftOrder } from './pay.js'
import {
  addDraftOrderLine,
  createDraftOrder,
  deleteDraftOrder,
  deleteDraftOrderLine,
  listDraftOrders,
  retrieveDraftOrder,
  updateDraftOrder,
  updateDraftOrderLine,
} from './service.js'

/** `/admin/draft-orders/…`: orders staff put together, placed when marked paid. */
export const adminDraftOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Draft Orders']
  const env = {
    flags: app.config.featureFlags,
    paymentProviders: app.providers.paymentProviders,
    fulfillmentProviders: app.providers.fulfillmentProviders,
  }
  const ok = { 200: AdminDraftOrdersRes }
  const params = AdminDraftOrderIdParams
  const lineParams = AdminDraftOrderLineParams
  /** Every change answers the draft as it then stands. */
  const answer = async (id: string) => ({ draft_order: await retrieveDraftOrder(app.db, env, id) })

  app.get(
    '/admin/draft-orders',
    { schema: { tags, querystring: AdminGetDraftOrdersParams, response: { 200: AdminDraftOrdersListRes } } },
    async (request) => listDraftOrders(app.db, request.query),
  )

  app.get('/admin/draft-orders/:id', { schema: { tags, params, response: ok } }, async (request) =>
    answer(request.params.id),
  )

  app.post('/admin/draft-orders', { schema: { tags, body: AdminPostDraftOrdersReq, response: ok } }, async (request) =>
    answer(await createDraftOrder(app.db, env, request.body)),
  )

  app.post(
    '/admin/draft-orders/:id',
    { schema: { tags, params, body: AdminPostDraftOrdersDraftOrderReq, response: ok } },
    async (request) => {
      await updateDraftOrder(app.db, env, request.params.id, request.body)
      return answer(request.params.id)
    },
  )

  app.delete(
    '/admin/draft-orders/:id',
    { schema: { tags, params, response: { 200: AdminDraftOrderDeleteRes } } },
    async (request) => {
      await deleteDraftOrder(app.db, request.params.id)
      return { id: request.params.id, object: 'draft-order' as const, deleted: true }
    },
  )

  app.post(
    '/admin/draft-orders/:id/line-items',
    { schema: { tags, params, body: AdminPostDraftOrdersDraftOrderLineItemsReq, response: ok } },
    async (request) => {
      await addDraftOrderLine(app.db, env, request.params.id, request.body)
      return answer(request.params.id)
    },
  )

  app.post(
    '/admin/draft-orders/:id/line-items/:line_id',
    { schema: { tags, params: lineParams, body: AdminPostDraftOrdersDraftOrderLineItemsItemReq, response: ok } },
    async (request) => {
      await updateDraftOrderLine(app.db, request.params.id, request.params.line_id, request.body)
      return answer(request.params.id)
    },
  )

  app.delete(
    '/admin/draft-orders/:id/line-items/:line_id',
    { schema: { tags, params: lineParams, response: ok } },
    async (request) => {
      await deleteDraftOrderLine(app.db, request.params.id, request.params.line_id)
      return answer(request.params.id)
    },
  )

  app.post(
    '/admin/draft-orders/:id/pay',
    { schema: { tags, params, response: { 200: AdminDraftOrderPayRes } } },
    async (request) => {
      const orderId = await payDraftOrder(app.db, env, request.params.id)
      return { order: await retrieveAdminOrder(app.db, orderId, adminOrderSelection({})) }
    },
  )
}
