import type { FastifyInstance } from 'fastify'
import { usersModule } from './modules/users/module.js'
import { storeModule } from './modules/store/module.js'
import { regionsModule } from './modules/regions/module.js'
import { salesChannelsModule } from './modules/sales-channels/module.js'
import { uploadsModule } from './modules/uploads/module.js'
import { customersModule } from './modules/customers/module.js'

/** Every module's routes and subscribers, in the module order of ARCHITECTURE.md. */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  usersModule,
  storeModule,
  regionsModule,
  salesChannelsModule,
  uploadsModule,
  customersModule,
]
