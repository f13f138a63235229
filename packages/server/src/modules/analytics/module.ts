import type { FastifyInstance } from 'fastify'
import { adminAnalyticsConfigRoutes } from './admin.routes.js'

/** Per-user analytics configs (usage-data consent of the admin). */
export async function analyticsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminAnalyticsConfigRoutes)
}
