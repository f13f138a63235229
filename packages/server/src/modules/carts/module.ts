import type { FastifyInstance } from 'fastify'
import { storeCartRoutes } from './store.routes.js'

/** Storefront carts: line items, shipping methods, payment sessions, totals. */
export async function cartsModule(app: FastifyInstance): Promise<void> {
  await app.register(storeCartRoutes)
}
