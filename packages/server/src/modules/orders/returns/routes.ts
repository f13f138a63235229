import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { atomicStage, runIdempotent, STARTED } from '../../../core/idempotency.js'
import { listAnswer, parseExpand } from '../../../core/list.js'
import { IdParams } from '../../../core/schemas.js'
import { AdminOrderFindParams, AdminOrderIdParams, AdminOrdersRes } from '../admin/contract.js'
import { adminOrderSelection, FULL_ADMIN_SELECTION } from '../admin/loader.js'
import { orderEnvOf } from '../admin/answer.js'
import { retrieveAdminOrder } from '../admin/service.js'
import {
  AdminGetReturnsParams,
  AdminPostOrdersOrderReturnsReq,
  AdminPostReturnsReturnReceiveReq,
  AdminReturnsListRes,
  RETURN_LIST_RELATIONS,
  returnsPaging,
  ReturnsRes,
  StorePostReturnsReq,
} from './contract.js'
import { loadReturns } from './loader.js'
import { cancelReturn, createStoreReturn, listReturns, receiveReturn, requestReturnStages } from './service.js'

/** `POST /admin/orders/:id/return` and `/admin/returns/…`: returns a merchant requests, receives or cancels. */
export const adminReturnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const env = orderEnvOf(app)
  app.post(
    '/admin/orders/:id/return',
    {
      schema: {
        tags: ['Orders'],
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderReturnsReq,
        response: { 200: AdminOrdersRes },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // Read first: a bad `fields`/`expand` refuses the request before anything changes.
      const selection = adminOrderSelection(request.query)
      const { note: _note, ...input } = request.body
      return runIdempotent(
        app.db,
        request,
        reply,
        requestReturnStages(env, id, input, async (db) => ({ order: await retrieveAdminOrder(db, id, selection) })),
      )
    },
  )

  const tags = ['Returns']
  app.get(
    '/admin/returns',
    { schema: { tags, querystring: AdminGetReturnsParams, response: { 200: AdminReturnsListRes } } },
    async (request) => {
      const page = returnsPaging.page(request.query)
      const expand = parseExpand(request.query.expand, RETURN_LIST_RELATIONS, ['order', 'swap'])
      const { rows, count } = await listReturns(app.db, page)
      const relations = Object.fromEntries([...expand].map((relation) => [relation, true]))
      return listAnswer('returns', await loadReturns(app.db, rows, relations), count, page)
    },
  )

  app.post(
    '/admin/returns/:id/receive',
    { schema: { tags, params: IdParams, body: AdminPostReturnsReturnReceiveReq, response: { 200: ReturnsRes } } },
    async (request) => {
      const received = await receiveReturn(app.db, env, request.params.id, request.body)
      const [view] = await loadReturns(app.db, [received], { items: true, swap: true })
      return { return: view }
    },
  )

  app.post(
    '/admin/returns/:id/cancel',
    { schema: { tags, params: IdParams, response: { 200: AdminOrdersRes } } },
    async (request) => {
      const canceled = await cancelReturn(app.db, request.params.id)
      return { order: await retrieveAdminOrder(app.db, canceled.order_id!, FULL_ADMIN_SELECTION) }
    },
  )
}

/** `POST /store/returns`: a shopper sends items of their order back (idempotent, v1's stages). */
export const storeReturnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/store/returns',
    { schema: { tags: ['Returns'], body: StorePostReturnsReq, response: { 200: ReturnsRes } } },
    async (request, reply) =>
      runIdempotent(app.db, request, reply, {
        [STARTED]: atomicStage(async (tx, key) => {
          const created = await createStoreReturn(tx, request.body, request.customerId, key.idempotency_key)
          const [view] = await loadReturns(tx, [created], { items: true, reasons: true })
          return { response_code: 200, response_body: { return: view } }
        }),
      }),
  )
}
