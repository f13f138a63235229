import type { FastifyInstance } from 'fastify'
import { adminPublishableApiKeyRoutes, adminSalesChannelRoutes } from './admin.routes.js'
import { salesChannelProductRoutes } from './products.routes.js'

/**
 * Sales channels and publishable API keys. The hook that scopes `/store` requests to the key in
 * `x-publishable-api-key` is registered by the app before any module (http/publishable-key.ts).
 */
export async function salesChannelsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminSalesChannelRoutes)
  await app.register(adminPublishableApiKeyRoutes)
  await app.register(salesChannelProductRoutes)
}
