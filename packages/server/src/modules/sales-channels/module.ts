import type { FastifyInstance } from 'fastify'
import { registerPublishableKeyScope } from '../../http/publishable-key.js'
import { adminPublishableApiKeyRoutes, adminSalesChannelRoutes } from './admin.routes.js'

/**
 * Sales channels and publishable API keys, and the hook that scopes `/store` requests to the key
 * in `x-publishable-api-key` (`request.publishableKey`).
 */
export async function salesChannelsModule(app: FastifyInstance): Promise<void> {
  registerPublishableKeyScope(app)
  await app.register(adminSalesChannelRoutes)
  await app.register(adminPublishableApiKeyRoutes)
}
