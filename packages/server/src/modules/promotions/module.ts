import type { FastifyInstance } from 'fastify'
import { adminDiscountRoutes } from './admin.routes.js'

/** Promotions: discounts (their rules, conditions and codes). */
export async function promotionsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminDiscountRoutes)
}
