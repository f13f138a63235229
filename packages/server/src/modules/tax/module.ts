import type { FastifyInstance } from 'fastify'
import { adminTaxRateRoutes } from './admin.routes.js'

/** Tax rates (overrides per product, product type and shipping option) and the system tax provider. */
export async function taxModule(app: FastifyInstance): Promise<void> {
  await app.register(adminTaxRateRoutes)
}
