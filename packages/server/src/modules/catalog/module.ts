import type { FastifyInstance } from 'fastify'
import { adminProductRoutes } from './admin.routes.js'
import { adminCategoryRoutes, adminLookupRoutes } from './lookups/routes.js'
import { salesChannelProductRoutes } from './sales-channel-products.routes.js'
import { storeProductSearchRoutes } from './search/routes.js'
import { storeCatalogRoutes } from './store.routes.js'

/** The catalogue: products, variants, options, prices, collections, categories, tags, types, images. */
export async function catalogModule(app: FastifyInstance): Promise<void> {
  await app.register(adminProductRoutes)
  await app.register(adminLookupRoutes)
  await app.register(adminCategoryRoutes)
  await app.register(salesChannelProductRoutes)
  await app.register(storeCatalogRoutes)
  await app.register(storeProductSearchRoutes)
}
