import type { FastifyInstance } from 'fastify'
import { adminShippingOptionRoutes, adminShippingProfileRoutes } from './admin.routes.js'
import { ensureDefaultShippingProfiles } from './profiles.js'
import { storeShippingOptionRoutes } from './store.routes.js'

/** Shipping profiles, shipping options with their requirements, priced for regions and carts. */
export async function shippingModule(app: FastifyInstance): Promise<void> {
  await app.register(adminShippingOptionRoutes)
  await app.register(adminShippingProfileRoutes)
  await app.register(storeShippingOptionRoutes)
  // v1 creates the default and gift-card profiles at boot; new options and products fall back to them.
  app.addHook('onReady', async () => {
    await ensureDefaultShippingProfiles(app.db)
  })
}
