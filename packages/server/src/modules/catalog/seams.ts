import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/types.js'
import type { CatalogFlags } from './products/products.js'
import type { VariantRow } from './loader.js'

/**
 * What the catalog asks of the inventory module, which comes after it in the module order: the
 * inventory module provides this seam (core/seams.ts). The catalog uses it only while the
 * `inventoryService` flag is on.
 */
export interface InventorySeam {
  /** Gives new variants that manage their inventory an inventory item, in the creating transaction. */
  variantsCreated(tx: Db, variants: readonly VariantRow[]): Promise<void>
  /** Units available per variant in the sales channel (null: the store's default); untracked variants absent. */
  availability(db: Db, variantIds: readonly string[], channelId: string | null): Promise<Map<string, number>>
}

declare module '../../core/seams.js' {
  interface Seams {
    inventory: InventorySeam
  }
}

/**
 * The catalog's flags, with the inventory seam while the `inventoryService` flag is on and the
 * inventory module has provided it. Made once when routes are registered: the seam is read on use,
 * since the inventory module is registered after the catalog.
 */
export function catalogFlags(app: FastifyInstance): CatalogFlags {
  const flags = app.config.featureFlags
  return {
    ...flags,
    get inventory() {
      return flags.inventoryService ? app.seams.inventory : undefined
    },
  }
}
