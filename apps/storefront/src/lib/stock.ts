/** Above this, a variant that ignores stock is treated as plentiful (the session cart caps at it). */
const UNLIMITED = 999

export interface StockFields {
  inventory_quantity?: number | null
  manage_inventory?: boolean | null
  allow_backorder?: boolean | null
}

/** How many units a shopper may put in the cart, and whether any at all. */
export function stockOf(variant: StockFields): { available: number; sellable: boolean } {
  if (variant.manage_inventory === false || variant.allow_backorder) return { available: UNLIMITED, sellable: true }
  const available = Math.max(0, variant.inventory_quantity ?? 0)
  return { available, sellable: available > 0 }
}
