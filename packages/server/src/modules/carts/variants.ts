import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { InvalidData, NotAllowed, NotFound } from '../../http/errors.js'
import { concurrently } from '../catalog/concurrent.js'
import type { PriceRow, VariantRow } from '../catalog/loader.js'
import { priceIncludesTax, selectPrice } from '../catalog/price-selection.js'
import { moneyAmount, productSalesChannel, productVariant } from '../catalog/schema.js'
import { loadLineProducts, type CartFlags, type CartRegion, type LineProduct } from './loader.js'

/** What a cart needs of a variant to put it on a line: the variant, its product and its prices. */
export interface CartVariant {
  variant: VariantRow
  product: LineProduct
  /** The variant's default prices (price lists arrive with the pricing module). */
  prices: PriceRow[]
}

/**
 * Live variants of live products, by id, with their products and default prices, in three
 * queries whatever the number of variants. Unknown or deleted variants are absent.
 */
export async function loadCartVariants(db: Db, ids: string[]): Promise<Map<string, CartVariant>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const [variants, prices] = await concurrently(db, [
    () =>
      db
        .select()
        .from(productVariant)
        .where(and(inArray(productVariant.id, wanted), isNull(productVariant.deleted_at))),
    () =>
      db
        .select()
        .from(moneyAmount)
        .where(
          and(
            inArray(moneyAmount.variant_id, wanted),
            isNull(moneyAmount.deleted_at),
            isNull(moneyAmount.price_list_id),
          ),
        ),
  ])
  const products = await loadLineProducts(db, [...new Set(variants.map((variant) => variant.product_id))])
  const result = new Map<string, CartVariant>()
  for (const variant of variants) {
    const parent = products.get(variant.product_id)
    if (!parent || parent.deleted_at) continue
    result.set(variant.id, {
      variant,
      product: parent,
      prices: prices.filter((price) => price.variant_id === variant.id),
    })
  }
  return result
}

/** The variant, or v1's 404 for an unknown one. */
export function requireVariant(variants: Map<string, CartVariant>, id: string): CartVariant {
  const found = variants.get(id)
  if (!found) throw NotFound.entity('Variant', id)
  return found
}

const label = (entry: CartVariant) => entry.variant.title || entry.product.title || entry.variant.id

/**
 * The unit price of `quantity` units in the cart's region (region price, else currency price,
 * quantity tiers applied) and whether it includes tax; null when the variant has no price there.
 */
export function unitPriceFor(
  entry: CartVariant,
  region: CartRegion,
  quantity: number,
  flags: CartFlags,
): { unit_price: number; includes_tax: boolean } | null {
  const prices = entry.prices.map((price) => ({
    ...price,
    includes_tax: priceIncludesTax(price, {
      regionIncludesTax: region.includes_tax,
      currencyIncludesTax: region.currency_includes_tax,
    }),
  }))
  const selection = selectPrice(prices, {
    region_id: region.id,
    currency_code: region.currency_code,
    quantity,
    includesTax: flags.tax_inclusive_pricing,
    taxRate: region.tax_rate,
  })
  if (selection.calculated_price === null) return null
  return { unit_price: selection.calculated_price, includes_tax: selection.calculated_price_includes_tax ?? false }
}

export function requireUnitPrice(
  entry: CartVariant,
  region: CartRegion,
  quantity: number,
  flags: CartFlags,
): { unit_price: number; includes_tax: boolean } {
  const price = unitPriceFor(entry, region, quantity, flags)
  if (!price) throw new InvalidData(`Cannot generate line item for variant "${label(entry)}" without a price`)
  return price
}

/** The products, among these, that are sold in the channel. */
export async function productsInChannel(db: Db, productIds: string[], channelId: string): Promise<Set<string>> {
  if (productIds.length === 0) return new Set()
  const rows = await db
    .select({ product_id: productSalesChannel.product_id })
    .from(productSalesChannel)
    .where(
      and(inArray(productSalesChannel.product_id, productIds), eq(productSalesChannel.sales_channel_id, channelId)),
    )
  return new Set(rows.map((row) => row.product_id))
}

/**
 * What a storefront may put in a cart: a variant of a published product, sold in the cart's sales
 * channel (when the cart has one). v1 only checked the channel; an unpublished product cannot be
 * bought here either.
 */
export function assertSellable(entry: CartVariant, channel: { id: string; inChannel: Set<string> } | null): void {
  if (entry.product.status !== 'published') {
    throw new InvalidData(`Variant ${entry.variant.id} belongs to a product that is not published`)
  }
  if (channel && !channel.inChannel.has(entry.product.id)) {
    throw new InvalidData(`Variant ${entry.variant.id} is not available in the cart's sales channel ${channel.id}`)
  }
}

/**
 * v1's stock check before the inventory module: a variant that manages inventory and allows no
 * backorder cannot go on a cart in a larger quantity than it has in stock.
 */
export function assertInventory(variant: VariantRow, quantity: number): void {
  if (!variant.manage_inventory || variant.allow_backorder) return
  if (quantity > variant.inventory_quantity) {
    throw new NotAllowed(
      `Variant with id: ${variant.id} does not have the required inventory`,
      'insufficient_inventory',
    )
  }
}
