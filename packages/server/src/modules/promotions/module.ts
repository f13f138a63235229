import type { FastifyInstance } from 'fastify'
import { adminDiscountRoutes } from './admin.routes.js'
import { adminGiftCardRoutes, storeGiftCardRoutes } from './gift-cards.routes.js'

/** Promotions: discounts (their rules, conditions and codes) and gift cards. */
export async function promotionsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminDiscountRoutes)
  await app.register(adminGiftCardRoutes)
  await app.register(storeGiftCardRoutes)
}
