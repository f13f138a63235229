import type { FastifyInstance } from 'fastify'
import { provideSeam } from '../../core/seams.js'
import { adminOrderRoutes } from './admin/routes.js'
import { storeCompleteCartRoutes } from './checkout/routes.js'
import { adminDraftOrderRoutes } from './draft-orders/routes.js'
import { adminOrderFulfillmentRoutes } from './fulfillments/routes.js'
import { adminOrderPaymentRoutes } from './payments/routes.js'
import { loadCustomerOrders } from './customer-orders.js'
import { storeOrderRoutes } from './store.routes.js'
import { registerOrderMailSubscribers } from './emails/subscribers.js'
import { registerGiftCardMailSubscriber } from './emails/gift-cards.js'
import { registerOrderSubscribers } from './subscribers.js'
import { adminReturnReasonRoutes, storeReturnReasonRoutes } from './return-reasons/routes.js'
import { adminReturnRoutes, storeReturnRoutes } from './returns/routes.js'
import { adminOrderTimelineRoutes } from './timeline/routes.js'
import { adminOrderClaimRoutes } from './claims/routes.js'
import { adminSwapRoutes, storeSwapRoutes } from './swaps/routes.js'
import { adminDashboardRoutes } from './dashboard/routes.js'
import { adminOrderEditRoutes, storeOrderEditRoutes } from './edits/routes.js'

/** Orders placed from carts: cart completion, store order reads, guest lookup and order claims. */
export async function ordersModule(app: FastifyInstance): Promise<void> {
  // Customers answer with their orders (a seam of the customers module).
  provideSeam(app, 'customerOrders', loadCustomerOrders)
  await app.register(storeCompleteCartRoutes)
  await app.register(storeOrderRoutes)
  await app.register(adminOrderRoutes)
  await app.register(adminOrderPaymentRoutes)
  await app.register(adminOrderFulfillmentRoutes)
  await app.register(adminOrderTimelineRoutes)
  await app.register(adminDraftOrderRoutes)
  await app.register(adminOrderEditRoutes)
  await app.register(storeOrderEditRoutes)
  await app.register(adminOrderClaimRoutes)
  await app.register(adminSwapRoutes)
  await app.register(storeSwapRoutes)
  await app.register(adminReturnReasonRoutes)
  await app.register(storeReturnReasonRoutes)
  await app.register(adminReturnRoutes)
  await app.register(storeReturnRoutes)
  await app.register(adminDashboardRoutes)
  registerOrderSubscribers(app)
  registerOrderMailSubscribers(app)
  registerGiftCardMailSubscriber(app)
}
