import { customerOrdersOf } from './seams.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import {
  AdminCustomerGroupsBatchReq,
  AdminCustomerGroupsListRes,
  AdminCustomerGroupsRes,
  AdminCustomersListRes,
  AdminCustomersRes,
  AdminGetCustomerGroupsParams,
  AdminGetCustomersParams,
  AdminPostCustomerGroupsGroupReq,
  AdminPostCustomerGroupsReq,
  AdminPostCustomersCustomerReq,
  AdminPostCustomersReq,
  FindParamsQuery,
} from './contract.js'
import {
  addCustomersToGroup,
  createCustomerGroup,
  deleteCustomerGroup,
  listCustomerGroups,
  listGroupCustomers,
  removeCustomersFromGroup,
  retrieveCustomerGroup,
  updateCustomerGroup,
} from './groups.js'
import {
  adminCustomerRelations,
  createCustomerAccount,
  listCustomers,
  retrieveCustomer,
  updateCustomerAsAdmin,
} from './service.js'

export const adminCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Customers']

  app.get(
    '/admin/customers',
    { schema: { tags, querystring: AdminGetCustomersParams, response: { 200: AdminCustomersListRes } } },
    async (request) => {
      return listCustomers(app.db, request.query, customerOrdersOf(app))
    },
  )

  app.post(
    '/admin/customers',
    { schema: { tags, body: AdminPostCustomersReq, response: { 201: AdminCustomersRes } } },
    async (request, reply) => {
      const customer = await createCustomerAccount(app.db, request.body)
      return reply.status(201).send({ customer })
    },
  )

  app.get(
    '/admin/customers/:id',
    { schema: { tags, params: IdParams, querystring: FindParamsQuery, response: { 200: AdminCustomersRes } } },
    async (request) => ({
      customer: await retrieveCustomer(
        app.db,
        request.params.id,
        adminCustomerRelations(request.query.expand),
        customerOrdersOf(app),
      ),
    }),
  )

  app.post(
    '/admin/customers/:id',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: FindParamsQuery,
        body: AdminPostCustomersCustomerReq,
        response: { 200: AdminCustomersRes },
      },
    },
    async (request) => ({
      customer: await updateCustomerAsAdmin(
        app.db,
        request.params.id,
        request.body,
        adminCustomerRelations(request.query.expand),
        customerOrdersOf(app),
      ),
    }),
  )
}

export const adminCustomerGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Customer Groups']

  app.get(
    '/admin/customer-groups',
    { schema: { tags, querystring: AdminGetCustomerGroupsParams, response: { 200: AdminCustomerGroupsListRes } } },
    async (request) => {
      return listCustomerGroups(app.db, request.query)
    },
  )

  app.post(
    '/admin/customer-groups',
    { schema: { tags, body: AdminPostCustomerGroupsReq, response: { 200: AdminCustomerGroupsRes } } },
    async (request) => ({ customer_group: await createCustomerGroup(app.db, request.body) }),
  )

  app.get(
    '/admin/customer-groups/:id',
    { schema: { tags, params: IdParams, querystring: FindParamsQuery, response: { 200: AdminCustomerGroupsRes } } },
    async (request) => ({
      customer_group: await retrieveCustomerGroup(app.db, request.params.id, request.query),
    }),
  )

  app.post(
    '/admin/customer-groups/:id',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: FindParamsQuery,
        body: AdminPostCustomerGroupsGroupReq,
        response: { 200: AdminCustomerGroupsRes },
      },
    },
    async (request) => ({
      customer_group: await updateCustomerGroup(app.db, request.params.id, request.body, request.query),
    }),
  )

  app.delete(
    '/admin/customer-groups/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteCustomerGroup(app.db, request.params.id)
      return { id: request.params.id, object: 'customer_group', deleted: true }
    },
  )

  app.get(
    '/admin/customer-groups/:id/customers',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: AdminGetCustomersParams,
        response: { 200: AdminCustomersListRes },
      },
    },
    async (request) => {
      return listGroupCustomers(app.db, request.params.id, request.query, customerOrdersOf(app))
    },
  )

  const batchSchema = {
    tags,
    params: IdParams,
    body: AdminCustomerGroupsBatchReq,
    response: { 200: AdminCustomerGroupsRes },
  }

  app.post('/admin/customer-groups/:id/customers/batch', { schema: batchSchema }, async (request) => ({
    customer_group: await addCustomersToGroup(
      app.db,
      request.params.id,
      request.body.customer_ids.map((item) => item.id),
    ),
  }))

  app.delete('/admin/customer-groups/:id/customers/batch', { schema: batchSchema }, async (request) => ({
    customer_group: await removeCustomersFromGroup(
      app.db,
      request.params.id,
      request.body.customer_ids.map((item) => item.id),
    ),
  }))
}
