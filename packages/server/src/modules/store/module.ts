import type { FastifyInstance } from 'fastify'
import { adminCurrencyRoutes, adminStoreRoutes } from './admin.routes.js'
import { ensureStore, syncProviders } from './service.js'

/** Store settings, currencies and the installed providers. */
export async function storeModule(app: FastifyInstance): Promise<void> {
  await app.register(adminStoreRoutes)
  await app.register(adminCurrencyRoutes)
  // v1 creates the store and records its providers at boot; regions reference the provider rows.
  app.addHook('onReady', async () => {
    await ensureStore(app.db)
    const { payment, fulfillment, tax } = app.providers
    await syncProviders(app.db, { payment, fulfillment, tax })
  })
}
