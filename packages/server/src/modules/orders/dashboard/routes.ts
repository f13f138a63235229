import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AdminDashboardRes, AdminGetDashboardParams } from './contract.js'
import { dashboard } from './service.js'

/** `GET /admin/dashboard`: the admin home's figures, an Emporium extension, not in Medusa v1. */
export const adminDashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/dashboard',
    { schema: { tags: ['Dashboard'], querystring: AdminGetDashboardParams, response: { 200: AdminDashboardRes } } },
    async (request) => ({ dashboard: await dashboard(app.db, request.query.period ?? '30d') }),
  )
}
