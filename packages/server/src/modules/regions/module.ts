import type { FastifyInstance } from 'fastify'
import { adminRegionRoutes } from './admin.routes.js'
import { storeRegionRoutes } from './store.routes.js'

/** Regions with their countries and payment and fulfillment providers. */
export async function regionsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminRegionRoutes)
  await app.register(storeRegionRoutes)
}
