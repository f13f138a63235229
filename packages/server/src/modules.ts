import type { FastifyInstance } from 'fastify'
import { analyticsModule } from './modules/analytics/module.js'
import { batchJobsModule } from './modules/batch-jobs/module.js'
import { cartsModule } from './modules/carts/module.js'
import { catalogModule } from './modules/catalog/module.js'
import { customersModule } from './modules/customers/module.js'
import { inventoryModule } from './modules/inventory/module.js'
import { notesModule } from './modules/notes/module.js'
import { notificationsModule } from './modules/notifications/module.js'
import { ordersModule } from './modules/orders/module.js'
import { paymentCollectionsModule } from './modules/payment-collections/module.js'
import { priceListsModule } from './modules/price-lists/module.js'
import { promotionsModule } from './modules/promotions/module.js'
import { regionsModule } from './modules/regions/module.js'
import { salesChannelsModule } from './modules/sales-channels/module.js'
import { shippingModule } from './modules/shipping/module.js'
import { storeModule } from './modules/store/module.js'
import { taxModule } from './modules/tax/module.js'
import { uploadsModule } from './modules/uploads/module.js'
import { usersModule } from './modules/users/module.js'

/** Every module's routes and subscribers, in the module order of ARCHITECTURE.md. */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  usersModule,
  notesModule,
  storeModule,
  regionsModule,
  salesChannelsModule,
  catalogModule,
  inventoryModule,
  customersModule,
  priceListsModule,
  promotionsModule,
  taxModule,
  shippingModule,
  uploadsModule,
  cartsModule,
  ordersModule,
  paymentCollectionsModule,
  analyticsModule,
  batchJobsModule,
  notificationsModule,
]
