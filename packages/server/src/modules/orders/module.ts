import type { FastifyInstance } from 'fastify'
import { storeCompleteCartRoutes } from './complete.routes.js'
import { storeOrderRoutes } from './store.routes.js'
import { registerOrderSubscribers } from './subscribers.js'

/** Orders placed from carts: cart completion, store order reads, guest lookup and order claims. */
export async function ordersModule(app: FastifyInstance): Promise<void> {
  await app.register(storeCompleteCartRoutes)
  await app.register(storeOrderRoutes)
  registerOrderSubscribers(app)
}
