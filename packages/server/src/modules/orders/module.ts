import type { FastifyInstance } from 'fastify'
import { storeCompleteCartRoutes } from './checkout/routes.js'
import { loadCustomerOrders } from './customer-orders.js'
import { storeOrderRoutes } from './store.routes.js'
import { registerOrderSubscribers } from './subscribers.js'

/** Orders placed from carts: cart completion, store order reads, guest lookup and order claims. */
export async function ordersModule(app: FastifyInstance): Promise<void> {
  // Replaces the customers module's empty default, read by its routes on each request.
  app.customerOrders = loadCustomerOrders
  await app.register(storeCompleteCartRoutes)
  await app.register(storeOrderRoutes)
  registerOrderSubscribers(app)
}
