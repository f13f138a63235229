import type { FastifyInstance } from 'fastify'
import { adminCustomerGroupRoutes, adminCustomerRoutes } from './admin.routes.js'
import { storeAuthRoutes, storeCustomerRoutes } from './store.routes.js'
import { registerCustomerSubscribers } from './subscribers.js'

/** Customers, their addresses, customer groups and store auth (the customer hook lives in app.ts). */
export async function customersModule(app: FastifyInstance): Promise<void> {
  await app.register(storeAuthRoutes)
  await app.register(storeCustomerRoutes)
  await app.register(adminCustomerRoutes)
  await app.register(adminCustomerGroupRoutes)
  registerCustomerSubscribers(app)
}
