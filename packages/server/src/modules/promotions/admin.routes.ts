import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse } from '../../core/schemas.js'
import {
  AdminConditionBatchReq,
  AdminDiscountConditionsDeleteRes,
  AdminDiscountConditionsRes,
  AdminDiscountsListRes,
  AdminDiscountsRes,
  AdminGetDiscountsParams,
  AdminPostConditionResourcesReq,
  AdminPostDiscountsDiscountReq,
  AdminPostDiscountsDynamicCodesReq,
  AdminPostDiscountsReq,
  ConditionInput,
  DiscountCodeParams,
  DiscountConditionParams,
  DiscountDynamicCodeParams,
  DiscountFindParams,
  DiscountIdParams,
  DiscountRegionParams,
} from './contract.js'
import {
  addRegion,
  batchConditionResources,
  createCondition,
  createDiscount,
  createDynamicCode,
  deleteCondition,
  deleteDiscount,
  deleteDynamicCode,
  listDiscounts,
  removeRegion,
  retrieveCondition,
  retrieveDiscount,
  retrieveDiscountByCode,
  updateCondition,
  updateDiscount,
} from './discounts.js'

/** The 16 admin discount routes (reference/admin-api.md, Discounts). */
export const adminDiscountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Discounts']
  const one = { 200: AdminDiscountsRes }

  app.get(
    '/admin/discounts',
    { schema: { tags, querystring: AdminGetDiscountsParams, response: { 200: AdminDiscountsListRes } } },
    async (request) => listDiscounts(app.db, request.query),
  )

  app.post(
    '/admin/discounts',
    { schema: { tags, querystring: DiscountFindParams, body: AdminPostDiscountsReq, response: one } },
    async (request) => ({ discount: await createDiscount(app.db, request.body, request.query.expand) }),
  )

  app.get(
    '/admin/discounts/code/:code',
    { schema: { tags, params: DiscountCodeParams, querystring: DiscountFindParams, response: one } },
    async (request) => ({
      discount: await retrieveDiscountByCode(app.db, request.params.code, request.query.expand),
    }),
  )

  app.get(
    '/admin/discounts/:id',
    { schema: { tags, params: DiscountIdParams, querystring: DiscountFindParams, response: one } },
    async (request) => ({ discount: await retrieveDiscount(app.db, request.params.id, request.query.expand) }),
  )

  app.post(
    '/admin/discounts/:id',
    {
      schema: {
        tags,
        params: DiscountIdParams,
        querystring: DiscountFindParams,
        body: AdminPostDiscountsDiscountReq,
        response: one,
      },
    },
    async (request) => ({
      discount: await updateDiscount(app.db, request.params.id, request.body, request.query.expand),
    }),
  )

  app.delete(
    '/admin/discounts/:id',
    { schema: { tags, params: DiscountIdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteDiscount(app.db, request.params.id)
      return { id: request.params.id, object: 'discount', deleted: true }
    },
  )

  app.post(
    '/admin/discounts/:id/dynamic-codes',
    { schema: { tags, params: DiscountIdParams, body: AdminPostDiscountsDynamicCodesReq, response: one } },
    async (request) => ({ discount: await createDynamicCode(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/discounts/:id/dynamic-codes/:code',
    { schema: { tags, params: DiscountDynamicCodeParams, response: one } },
    async (request) => ({ discount: await deleteDynamicCode(app.db, request.params.id, request.params.code) }),
  )

  app.post(
    '/admin/discounts/:id/regions/:region_id',
    { schema: { tags, params: DiscountRegionParams, response: one } },
    async (request) => ({ discount: await addRegion(app.db, request.params.id, request.params.region_id) }),
  )

  app.delete(
    '/admin/discounts/:id/regions/:region_id',
    { schema: { tags, params: DiscountRegionParams, response: one } },
    async (request) => ({ discount: await removeRegion(app.db, request.params.id, request.params.region_id) }),
  )

  app.post(
    '/admin/discounts/:id/conditions',
    {
      schema: { tags, params: DiscountIdParams, querystring: DiscountFindParams, body: ConditionInput, response: one },
    },
    async (request) => ({
      discount: await createCondition(app.db, request.params.id, request.body, request.query.expand),
    }),
  )

  app.get(
    '/admin/discounts/:id/conditions/:condition_id',
    {
      schema: {
        tags,
        params: DiscountConditionParams,
        querystring: DiscountFindParams,
        response: { 200: AdminDiscountConditionsRes },
      },
    },
    async (request) => ({
      discount_condition: await retrieveCondition(app.db, request.params.id, request.params.condition_id),
    }),
  )

  app.post(
    '/admin/discounts/:id/conditions/:condition_id',
    {
      schema: {
        tags,
        params: DiscountConditionParams,
        querystring: DiscountFindParams,
        body: AdminPostConditionResourcesReq,
        response: one,
      },
    },
    async (request) => ({
      discount: await updateCondition(
        app.db,
        request.params.id,
        request.params.condition_id,
        request.body,
        request.query.expand,
      ),
    }),
  )

  app.delete(
    '/admin/discounts/:id/conditions/:condition_id',
    {
      schema: {
        tags,
        params: DiscountConditionParams,
        querystring: DiscountFindParams,
        response: { 200: AdminDiscountConditionsDeleteRes },
      },
    },
    async (request) => deleteCondition(app.db, request.params.id, request.params.condition_id, request.query.expand),
  )

  for (const method of ['post', 'delete'] as const) {
    app[method](
      '/admin/discounts/:id/conditions/:condition_id/batch',
      {
        schema: {
          tags,
          params: DiscountConditionParams,
          querystring: DiscountFindParams,
          body: AdminConditionBatchReq,
          response: one,
        },
      },
      async (request) => ({
        discount: await batchConditionResources(
          app.db,
          request.params.id,
          request.params.condition_id,
          request.body.resources,
          method === 'delete',
          request.query.expand,
        ),
      }),
    )
  }
}
