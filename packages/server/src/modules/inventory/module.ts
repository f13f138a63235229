import type { FastifyInstance } from 'fastify'
import { provideInventorySeam } from '../catalog/inventory-seam.js'
import { adminInventoryRoutes } from './admin.routes.js'
import { variantAvailability } from './availability.js'
import { createItemsForVariants } from './items.js'

// The catalog comes first in the module order; it reaches inventory through this seam.
provideInventorySeam({
  variantsCreated: createItemsForVariants,
  availability: variantAvailability,
})

/** Stock locations, inventory items, location levels and reservations (multi-warehouse stock). */
export async function inventoryModule(app: FastifyInstance): Promise<void> {
  await app.register(adminInventoryRoutes)
}
