import type { FastifyInstance } from 'fastify'
import { provideSeam } from '../../core/seams.js'
import { adminPriceListRoutes } from './admin.routes.js'
import { storePriceListPrices } from './store-prices.js'

/** Price lists: sale and override prices for everyone or some customer groups, in a time window. */
export async function priceListsModule(app: FastifyInstance): Promise<void> {
  provideSeam(app, 'priceLists', storePriceListPrices)
  await app.register(adminPriceListRoutes)
}
