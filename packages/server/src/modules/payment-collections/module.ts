import type { FastifyInstance } from 'fastify'
import { provideSeam } from '../../core/seams.js'
import { orderEditPayments } from './edit-seam.js'
import { adminPaymentCollectionRoutes } from './admin.routes.js'
import { storePaymentCollectionRoutes } from './store.routes.js'

/** Payment collections: amounts paid outside a cart (order edits), through payment sessions. */
export async function paymentCollectionsModule(app: FastifyInstance): Promise<void> {
  provideSeam(app, 'orderEditPayments', orderEditPayments)
  await app.register(storePaymentCollectionRoutes)
  await app.register(adminPaymentCollectionRoutes)
}
