import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../../core/schemas.js'
import { AdminOrderTimelineRes } from './contract.js'
import { orderTimeline } from './timeline.js'

/** `GET /admin/orders/{id}/timeline`: an Emporium extension, not in Medusa v1. */
export const adminOrderTimelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/orders/:id/timeline',
    { schema: { tags: ['Orders'], params: IdParams, response: { 200: AdminOrderTimelineRes } } },
    async (request) => ({ order_id: request.params.id, timeline: await orderTimeline(app.db, request.params.id) }),
  )
}
