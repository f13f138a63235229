import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AdminOrderFindParams, AdminOrderIdParams, AdminOrdersRes } from '../admin/contract.js'
import { changeThenAnswer as changeAndAnswer, emptyBody, orderEnvOf } from '../admin/answer.js'
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

/** `/admin/orders/:id/claims/…`: claims on an order's items, refunded or replaced. */
export const adminOrderClaimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Orders']
  const env = orderEnvOf(app)
  const ok = { 200: AdminOrdersRes }

  const changeThenAnswer = (id: string, query: AdminOrderFindParams, change: () => Promise<unknown>) =>
    changeAndAnswer(app.db, id, query, change)

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
        cancelClaim(app.db, env, request.params.id, request.params.claim_id, (tx) =>
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
