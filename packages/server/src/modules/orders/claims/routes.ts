import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { AdminOrderFindParams, AdminOrderIdParams, AdminOrdersRes } from '../admin/contract.js'
import { adminOrderSelection } from '../admin/loader.js'
import type { OrderEnv } from '../admin/operations.js'
import { retrieveAdminOrder } from '../admin/service.js'
import {
  AdminPostOrdersClaimFulfillmentsReq,
  AdminPostOrdersOrderClaimsClaimReq,
  AdminPostOrdersOrderClaimsClaimShipmentsReq,
  AdminPostOrdersOrderClaimsReq,
  ClaimFulfillmentParams,
  ClaimParams,
} from './contract.js'
import {
  cancelPartFulfillment,
  CLAIM_PART,
  createPartShipment,
  fulfillPart,
  liveClaimFulfillments,
} from './fulfillments.js'
import { cancelClaim, createClaim, updateClaim } from './service.js'

const envOf = (app: FastifyInstance): OrderEnv => ({
  paymentProviders: app.providers.paymentProviders,
  fulfillmentProviders: app.providers.fulfillmentProviders,
  flags: app.config.featureFlags,
})

/** A body-less POST reads as `{}`, as v1's clients send some of these without one. */
const emptyBody = async (request: { body: unknown }) => {
  request.body ??= {}
}

/** `/admin/orders/:id/claims/…`: claims on an order's items, refunded or replaced. */
export const adminOrderClaimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Orders']
  const env = envOf(app)
  const ok = { 200: AdminOrdersRes }

  /** Reads the selection first, so a bad one refuses the request before anything changes. */
  const changeThenAnswer = async (id: string, query: AdminOrderFindParams, change: () => Promise<unknown>) => {
    const selection = adminOrderSelection(query)
    await change()
    return { order: await retrieveAdminOrder(app.db, id, selection) }
  }

  app.post(
    '/admin/orders/:id/claims',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderClaimsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        createClaim(app.db, env, request.params.id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/claims/:claim_id',
    {
      preValidation: emptyBody,
      schema: {
        tags,
        params: ClaimParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderClaimsClaimReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        updateClaim(app.db, request.params.id, request.params.claim_id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/claims/:claim_id/cancel',
    { schema: { tags, params: ClaimParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        cancelClaim(app.db, request.params.id, request.params.claim_id, (tx) =>
          liveClaimFulfillments(tx, request.params.claim_id),
        ),
      ),
  )

  app.post(
    '/admin/orders/:id/claims/:claim_id/fulfillments',
    {
      preValidation: emptyBody,
      schema: {
        tags,
        params: ClaimParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersClaimFulfillmentsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        fulfillPart(app.db, env, CLAIM_PART, request.params.id, request.params.claim_id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/claims/:claim_id/fulfillments/:fulfillment_id/cancel',
    { schema: { tags, params: ClaimFulfillmentParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        cancelPartFulfillment(
          app.db,
          env,
          CLAIM_PART,
          request.params.id,
          request.params.claim_id,
          request.params.fulfillment_id,
        ),
      ),
  )

  app.post(
    '/admin/orders/:id/claims/:claim_id/shipments',
    {
      schema: {
        tags,
        params: ClaimParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderClaimsClaimShipmentsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        createPartShipment(app.db, env, CLAIM_PART, request.params.id, request.params.claim_id, request.body),
      ),
  )
}
