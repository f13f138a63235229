import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse, IdParams } from '../../../core/schemas.js'
import {
  AdminPostReturnReasonsReasonReq,
  AdminPostReturnReasonsReq,
  ReturnReasonsListRes,
  ReturnReasonsRes,
} from './contract.js'
import {
  createReturnReason,
  deleteReturnReason,
  listReturnReasons,
  retrieveReturnReason,
  updateReturnReason,
} from './service.js'

/** `/admin/return-reasons`: the reasons a merchant offers for a return. */
export const adminReturnReasonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Return Reasons']
  const one = { 200: ReturnReasonsRes }

  app.get('/admin/return-reasons', { schema: { tags, response: { 200: ReturnReasonsListRes } } }, async () => ({
    return_reasons: await listReturnReasons(app.db),
  }))

  app.get('/admin/return-reasons/:id', { schema: { tags, params: IdParams, response: one } }, async (request) => ({
    return_reason: await retrieveReturnReason(app.db, request.params.id),
  }))

  app.post(
    '/admin/return-reasons',
    { schema: { tags, body: AdminPostReturnReasonsReq, response: one } },
    async (request) => ({ return_reason: await createReturnReason(app.db, request.body) }),
  )

  app.post(
    '/admin/return-reasons/:id',
    { schema: { tags, params: IdParams, body: AdminPostReturnReasonsReasonReq, response: one } },
    async (request) => ({ return_reason: await updateReturnReason(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/return-reasons/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteReturnReason(app.db, request.params.id)
      return { id: request.params.id, object: 'return_reason', deleted: true }
    },
  )
}

/** `/store/return-reasons`: what a shopper may pick when asking for a return. */
export const storeReturnReasonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Return Reasons']

  app.get('/store/return-reasons', { schema: { tags, response: { 200: ReturnReasonsListRes } } }, async () => ({
    return_reasons: await listReturnReasons(app.db),
  }))

  app.get(
    '/store/return-reasons/:id',
    { schema: { tags, params: IdParams, response: { 200: ReturnReasonsRes } } },
    async (request) => ({ return_reason: await retrieveReturnReason(app.db, request.params.id) }),
  )
}
