import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams } from '../../core/schemas.js'
import { SalesChannel } from '../sales-channels/contract.js'
import { addProductsToSalesChannel, removeProductsFromSalesChannel } from './sales-channel-products.js'

const AdminSalesChannelProductsBatchReq = Type.Object(
  {
    product_ids: Type.Array(
      Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
      { maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
)
const AdminSalesChannelRes = Type.Object({ sales_channel: SalesChannel })

/** `POST|DELETE /admin/sales-channels/:id/products/batch`. */
export const salesChannelProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = {
    tags: ['Sales Channels'],
    params: IdParams,
    body: AdminSalesChannelProductsBatchReq,
    response: { 200: AdminSalesChannelRes },
  }

  app.post('/admin/sales-channels/:id/products/batch', { schema }, async (request) => ({
    sales_channel: await addProductsToSalesChannel(app.db, request.params.id, request.body.product_ids),
  }))

  app.delete('/admin/sales-channels/:id/products/batch', { schema }, async (request) => ({
    sales_channel: await removeProductsFromSalesChannel(app.db, request.params.id, request.body.product_ids),
  }))
}
