import type { FastifyInstance } from 'fastify'
import { provideSeam } from '../../core/seams.js'
import { adminInventoryRoutes } from './admin.routes.js'
import { variantAvailability } from './availability.js'
import { createItemsForVariants } from './items.js'

/** Stock locations, inventory items, location levels and reservations (multi-warehouse stock). */
export async function inventoryModule(app: FastifyInstance): Promise<void> {
  // The catalog comes first in the module order; it reaches inventory through this seam.
  provideSeam(app, 'inventory', { variantsCreated: createItemsForVariants, availability: variantAvailability })
  await app.register(adminInventoryRoutes)
}
