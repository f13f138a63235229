import type { FastifyInstance } from 'fastify'
import { adminProductRoutes } from './admin.routes.js'
import { adminCategoryRoutes, adminLookupRoutes } from './lookups/routes.js'
import { provideSeam } from '../../core/seams.js'
import { addProductsToSalesChannel, removeProductsFromSalesChannel } from './sales-channel-products.js'
import { storeProductSearchRoutes } from './search/routes.js'
import { storeCatalogRoutes } from './store.routes.js'

/** The catalogue: products, variants, options, prices, collections, categories, tags, types, images. */
export async function catalogModule(app: FastifyInstance): Promise<void> {
  await app.register(adminProductRoutes)
  await app.register(adminLookupRoutes)
  await app.register(adminCategoryRoutes)
  // The sales-channel routes link products through this seam.
  provideSeam(app, 'channelProducts', { add: addProductsToSalesChannel, remove: removeProductsFromSalesChannel })
  await app.register(storeCatalogRoutes)
  await app.register(storeProductSearchRoutes)
}
