import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { UnexpectedState } from '../../core/errors.js'
import { IdParams } from '../../core/schemas.js'
import { AdminSalesChannelProductsBatchReq, AdminSalesChannelsRes } from './contract.js'
import type { ChannelProductsSeam } from './seams.js'

function channelProducts(app: FastifyInstance): ChannelProductsSeam {
  const seam = app.seams.channelProducts
  if (!seam) throw new UnexpectedState('No catalogue is registered to link products to sales channels')
  return seam
}

/** `POST|DELETE /admin/sales-channels/:id/products/batch`: the links are the catalogue's (a seam). */
export const salesChannelProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = {
    tags: ['Sales Channels'],
    params: IdParams,
    body: AdminSalesChannelProductsBatchReq,
    response: { 200: AdminSalesChannelsRes },
  }

  app.post('/admin/sales-channels/:id/products/batch', { schema }, async (request) => ({
    sales_channel: await channelProducts(app).add(app.db, request.params.id, request.body.product_ids),
  }))

  app.delete('/admin/sales-channels/:id/products/batch', { schema }, async (request) => ({
    sales_channel: await channelProducts(app).remove(app.db, request.params.id, request.body.product_ids),
  }))
}
