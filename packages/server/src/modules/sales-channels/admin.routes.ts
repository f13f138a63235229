import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../core/request-identity.js'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import {
  AdminGetSalesChannelsParams,
  AdminPostPublishableApiKeysPublishableApiKeyReq,
  AdminPostPublishableApiKeysReq,
  AdminPostSalesChannelsReq,
  AdminPostSalesChannelsSalesChannelReq,
  AdminPublishableApiKeySalesChannelsBatchReq,
  AdminPublishableApiKeysListRes,
  AdminPublishableApiKeysListSalesChannelsRes,
  AdminPublishableApiKeysRes,
  AdminSalesChannelsListRes,
  AdminSalesChannelsRes,
  GetPublishableApiKeySalesChannelsParams,
  GetPublishableApiKeysParams,
} from './contract.js'
import {
  addSalesChannelsToKey,
  createPublishableApiKey,
  deletePublishableApiKey,
  listPublishableApiKeys,
  listPublishableApiKeySalesChannels,
  removeSalesChannelsFromKey,
  retrievePublishableApiKey,
  revokePublishableApiKey,
  updatePublishableApiKey,
} from './publishable-keys.js'
import {
  createSalesChannel,
  deleteSalesChannel,
  listSalesChannels,
  retrieveSalesChannel,
  updateSalesChannel,
} from './service.js'

export const adminSalesChannelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Sales Channels']

  app.get(
    '/admin/sales-channels',
    { schema: { tags, querystring: AdminGetSalesChannelsParams, response: { 200: AdminSalesChannelsListRes } } },
    async (request) => {
      return listSalesChannels(app.db, request.query)
    },
  )

  app.get(
    '/admin/sales-channels/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminSalesChannelsRes } } },
    async (request) => ({ sales_channel: await retrieveSalesChannel(app.db, request.params.id) }),
  )

  app.post(
    '/admin/sales-channels',
    { schema: { tags, body: AdminPostSalesChannelsReq, response: { 200: AdminSalesChannelsRes } } },
    async (request) => ({ sales_channel: await createSalesChannel(app.db, request.body) }),
  )

  app.post(
    '/admin/sales-channels/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: AdminPostSalesChannelsSalesChannelReq,
        response: { 200: AdminSalesChannelsRes },
      },
    },
    async (request) => ({ sales_channel: await updateSalesChannel(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/sales-channels/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteSalesChannel(app.db, request.params.id)
      return { id: request.params.id, object: 'sales-channel', deleted: true }
    },
  )
}

export const adminPublishableApiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Publishable Api Keys']

  app.get(
    '/admin/publishable-api-keys',
    { schema: { tags, querystring: GetPublishableApiKeysParams, response: { 200: AdminPublishableApiKeysListRes } } },
    async (request) => {
      return listPublishableApiKeys(app.db, request.query)
    },
  )

  app.post(
    '/admin/publishable-api-keys',
    { schema: { tags, body: AdminPostPublishableApiKeysReq, response: { 200: AdminPublishableApiKeysRes } } },
    async (request) => ({
      publishable_api_key: await createPublishableApiKey(app.db, request.body, actorOf(request)),
    }),
  )

  app.get(
    '/admin/publishable-api-keys/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminPublishableApiKeysRes } } },
    async (request) => ({ publishable_api_key: await retrievePublishableApiKey(app.db, request.params.id) }),
  )

  app.post(
    '/admin/publishable-api-keys/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: AdminPostPublishableApiKeysPublishableApiKeyReq,
        response: { 200: AdminPublishableApiKeysRes },
      },
    },
    async (request) => ({
      publishable_api_key: await updatePublishableApiKey(app.db, request.params.id, request.body),
    }),
  )

  app.delete(
    '/admin/publishable-api-keys/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deletePublishableApiKey(app.db, request.params.id)
      return { id: request.params.id, object: 'publishable_api_key', deleted: true }
    },
  )

  app.post(
    '/admin/publishable-api-keys/:id/revoke',
    { schema: { tags, params: IdParams, response: { 200: AdminPublishableApiKeysRes } } },
    async (request) => ({
      publishable_api_key: await revokePublishableApiKey(app.db, request.params.id, actorOf(request)),
    }),
  )

  app.get(
    '/admin/publishable-api-keys/:id/sales-channels',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: GetPublishableApiKeySalesChannelsParams,
        response: { 200: AdminPublishableApiKeysListSalesChannelsRes },
      },
    },
    async (request) => ({
      sales_channels: await listPublishableApiKeySalesChannels(app.db, request.params.id, request.query.q),
    }),
  )

  const batchSchema = {
    tags,
    params: IdParams,
    body: AdminPublishableApiKeySalesChannelsBatchReq,
    response: { 200: AdminPublishableApiKeysRes },
  }

  app.post('/admin/publishable-api-keys/:id/sales-channels/batch', { schema: batchSchema }, async (request) => ({
    publishable_api_key: await addSalesChannelsToKey(
      app.db,
      request.params.id,
      request.body.sales_channel_ids.map((channel) => channel.id),
    ),
  }))

  app.delete('/admin/publishable-api-keys/:id/sales-channels/batch', { schema: batchSchema }, async (request) => ({
    publishable_api_key: await removeSalesChannelsFromKey(
      app.db,
      request.params.id,
      request.body.sales_channel_ids.map((channel) => channel.id),
    ),
  }))
}
