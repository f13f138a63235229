import type { Db } from '../../db/types.js'
import type { VariantRow } from './loader.js'

/**
 * What the catalog asks of the inventory module, which comes after it in the module order: the
 * inventory module plugs its implementation in here when it is loaded. The catalog calls it only
 * while the `inventoryService` flag is on.
 */
export interface InventorySeam {
  /** Gives new variants that manage their inventory an inventory item, in the creating transaction. */
  variantsCreated(tx: Db, variants: readonly VariantRow[]): Promise<void>
  /** Units available per variant in the sales channel (null: the store's default); untracked variants absent. */
  availability(db: Db, variantIds: readonly string[], channelId: string | null): Promise<Map<string, number>>
}

let seam: InventorySeam | undefined

export function provideInventorySeam(implementation: InventorySeam): void {
  seam = implementation
}

export function inventorySeam(): InventorySeam | undefined {
  return seam
}
