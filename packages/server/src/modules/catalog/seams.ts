import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/types.js'
import type { CatalogFlags } from './products/products.js'
import type { PriceRow, PriceScope, VariantRow } from './loader.js'
import type { PriceListInfo } from './pricing/price-selection.js'

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

/** A price with the list it belongs to, when that list applies to the shopper (the chooser's input). */
export type ListedPrice = PriceRow & { price_list?: PriceListInfo }

/**
 * What the storefront reads ask of the price-lists module, which comes after the catalogue: the
 * prices of a page in the scope (`PriceScope`), the default ones and those of every list that
 * applies to the scope's customer now, in one statement. Without it the defaults alone are read.
 */
export interface PriceListSeam {
  pricesOfProducts(db: Db, productIds: readonly string[], scope: PriceScope): Promise<ListedPrice[]>
  pricesOfVariants(db: Db, variantIds: readonly string[], scope: PriceScope): Promise<ListedPrice[]>
}

declare module '../../core/seams.js' {
  interface Seams {
    inventory: InventorySeam
    priceLists: PriceListSeam
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
    get priceLists() {
      return app.seams.priceLists
    },
  }
}
