import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { IdParams } from '../../core/schemas.js'
import {
  GetPaymentCollectionParams,
  PaymentCollectionRes,
  PaymentSessionRes,
  SessionParams,
  STORE_PAYMENT_COLLECTION_RELATIONS,
  StorePostPaymentCollectionsBatchSessionsAuthorizeReq,
  StorePostPaymentCollectionsBatchSessionsReq,
  StorePostPaymentCollectionsSessionReq,
} from './contract.js'
import { retrievePaymentCollection } from './service.js'
import {
  authorizePaymentSession,
  authorizePaymentSessions,
  refreshPaymentSession,
  setPaymentSession,
  setPaymentSessionsBatch,
  type PaymentCollectionEnv,
} from './sessions.js'

const requestContext = (request: FastifyRequest) => ({
  ip: request.ip,
  user_agent: request.headers['user-agent'],
})

export const storePaymentCollectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Payment Collections']
  const env: PaymentCollectionEnv = { paymentProviders: app.providers.paymentProviders }
  const view = (id: string) => retrievePaymentCollection(app.db, id, {}, STORE_PAYMENT_COLLECTION_RELATIONS)

  app.get(
    '/store/payment-collections/:id',
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
        STORE_PAYMENT_COLLECTION_RELATIONS,
      ),
    }),
  )

  app.post(
    '/store/payment-collections/:id/sessions',
    {
      schema: {
        tags,
        params: IdParams,
        body: StorePostPaymentCollectionsSessionReq,
        response: { 200: PaymentCollectionRes },
      },
    },
    async (request) => {
      await setPaymentSession(app.db, env, request.params.id, request.body.provider_id, request.customerId)
      return { payment_collection: await view(request.params.id) }
    },
  )

  app.post(
    '/store/payment-collections/:id/sessions/batch',
    {
      schema: {
        tags,
        params: IdParams,
        body: StorePostPaymentCollectionsBatchSessionsReq,
        response: { 200: PaymentCollectionRes },
      },
    },
    async (request) => {
      await setPaymentSessionsBatch(app.db, env, request.params.id, request.body.sessions, request.customerId)
      return { payment_collection: await view(request.params.id) }
    },
  )

  app.post(
    '/store/payment-collections/:id/sessions/batch/authorize',
    {
      schema: {
        tags,
        params: IdParams,
        body: StorePostPaymentCollectionsBatchSessionsAuthorizeReq,
        response: { 200: PaymentCollectionRes },
      },
    },
    async (request) => {
      await authorizePaymentSessions(app.db, env, request.params.id, request.body.session_ids, requestContext(request))
      return { payment_collection: await view(request.params.id) }
    },
  )

  app.post(
    '/store/payment-collections/:id/sessions/:session_id',
    { schema: { tags, params: SessionParams, response: { 200: PaymentSessionRes } } },
    async (request) => ({
      payment_session: await refreshPaymentSession(
        app.db,
        env,
        request.params.id,
        request.params.session_id,
        request.customerId,
      ),
    }),
  )

  app.post(
    '/store/payment-collections/:id/sessions/:session_id/authorize',
    { schema: { tags, params: SessionParams, response: { 200: PaymentSessionRes } } },
    async (request) => ({
      payment_session: await authorizePaymentSession(
        app.db,
        env,
        request.params.id,
        request.params.session_id,
        requestContext(request),
      ),
    }),
  )
}
