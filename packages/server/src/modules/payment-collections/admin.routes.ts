import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import {
  ADMIN_PAYMENT_COLLECTION_RELATIONS,
  AdminUpdatePaymentCollectionsReq,
  GetPaymentCollectionParams,
  PaymentCollectionRes,
} from './contract.js'
import {
  deletePaymentCollection,
  markPaymentCollectionAuthorized,
  retrievePaymentCollection,
  updatePaymentCollection,
} from './service.js'

export const adminPaymentCollectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Payment Collections']
  const view = (id: string) => retrievePaymentCollection(app.db, id, {}, ADMIN_PAYMENT_COLLECTION_RELATIONS)

  app.get(
    '/admin/payment-collections/:id',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: GetPaymentCollectionParams,
        response: { 200: PaymentCollectionRes },
      },
    },
    async (request) => ({
      payment_collection: await retrievePaymentCollection(
        app.db,
        request.params.id,
        request.query,
        ADMIN_PAYMENT_COLLECTION_RELATIONS,
      ),
    }),
  )

  app.post(
    '/admin/payment-collections/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: AdminUpdatePaymentCollectionsReq,
        response: { 200: PaymentCollectionRes },
      },
    },
    async (request) => {
      await updatePaymentCollection(app.db, request.params.id, request.body)
      return { payment_collection: await view(request.params.id) }
    },
  )

  app.post(
    '/admin/payment-collections/:id/authorize',
    { schema: { tags, params: IdParams, response: { 200: PaymentCollectionRes } } },
    async (request) => {
      await markPaymentCollectionAuthorized(app.db, request.params.id)
      return { payment_collection: await view(request.params.id) }
    },
  )

  app.delete(
    '/admin/payment-collections/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deletePaymentCollection(app.db, request.params.id)
      return { id: request.params.id, object: 'payment_collection', deleted: true }
    },
  )
}
