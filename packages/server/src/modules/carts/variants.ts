import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { FeatureFlags } from '../../config.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotAllowed } from '../../core/errors.js'
import type { VariantRow } from '../catalog/loader.js'
import { priceIncludesTax, selectPrice } from '../catalog/pricing/price-selection.js'
import { product, productSalesChannel, productVariant } from '../catalog/schema.js'
import { availabilityCheck, type ChannelRef } from '../inventory/availability.js'
import { lineProductColumns, withProfile, type CartFlags, type PricingRegion, type LineProduct } from './loader.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { ListedPrice } from '../catalog/seams.js'
import { applicablePricesJson, readApplicablePrice } from '../price-lists/store-prices.js'

/** What a cart needs of a variant to put it on a line: the variant, its product and its prices. */
export interface CartVariant {
  variant: VariantRow
  product: LineProduct
  /** The variant's prices that apply to the cart's customer: default ones and open price lists'. */
  prices: ListedPrice[]
}

const ids = sql.placeholder('ids')

/**
 * The variants with their products and, as JSON, the prices that apply to the customer (default
 * ones, and those of the price lists open to them now): one statement, looked up per variant by
 * its index.
 */
const variantsStatement = prepared('cart_variants', (db) =>
  db
    .select({
      variant: productVariant,
      product: lineProductColumns,
      prices: sql<Record<string, unknown>[]>`${applicablePricesJson(
        sql`${productVariant.id}`,
        sql`${sql.placeholder('customerId')}::text`,
      )}`,
    })
    .from(productVariant)
    .innerJoin(product, eq(product.id, productVariant.product_id))
    .where(and(sql`${productVariant.id} = ANY(${ids})`, isNull(productVariant.deleted_at), isNull(product.deleted_at))),
)

/**
 * Live variants of live products, by id, with their products and default prices, in one statement
 * whatever the number of variants. Unknown or deleted variants are absent.
 */
export async function loadCartVariants(
  db: Db,
  variantIds: string[],
  customerId: string | null = null,
): Promise<Map<string, CartVariant>> {
  const wanted = [...new Set(variantIds)]
  if (wanted.length === 0) return new Map()
  const result = new Map<string, CartVariant>()
  for (const { variant, product: parent, prices } of await variantsStatement(db, { ids: wanted, customerId })) {
    result.set(variant.id, {
      variant,
      product: await withProfile<LineProduct>(db, parent),
      prices: prices.map(readApplicablePrice),
    })
  }
  return result
}

/**
 * Every variant asked for is known, or v1's `400 invalid_data` naming the unknown ones (as its
 * line-item generation does), before anything is written.
 */
export function requireVariants(variants: Map<string, CartVariant>, ids: readonly string[]): void {
  const missing = [...new Set(ids.filter((id) => !variants.has(id)))]
  if (missing.length > 0) {
    throw new InvalidData(`Unable to generate the line items, some variant has not been found: ${missing.join(', ')}`)
  }
}

const label = (entry: CartVariant) => entry.variant.title || entry.product.title || entry.variant.id

/**
 * The unit price of `quantity` units in the cart's region (region price, else currency price,
 * quantity tiers applied) and whether it includes tax; null when the variant has no price there.
 */
export function unitPriceFor(
  entry: CartVariant,
  region: PricingRegion,
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
  region: PricingRegion,
  quantity: number,
  flags: CartFlags,
): { unit_price: number; includes_tax: boolean } {
  const price = unitPriceFor(entry, region, quantity, flags)
  if (!price) throw new InvalidData(`Cannot generate line item for variant "${label(entry)}" without a price`)
  return price
}

/** The products of the variants `ids` that are sold in `channel`. */
const inChannelSelect = (db: Db, channel: SQL | Placeholder) =>
  db
    .select({ product_id: productSalesChannel.product_id })
    .from(productSalesChannel)
    .innerJoin(productVariant, eq(productVariant.product_id, productSalesChannel.product_id))
    .where(and(sql`${productVariant.id} = ANY(${ids})`, sql`${productSalesChannel.sales_channel_id} = ${channel}`))

const inChannelStatement = prepared('cart_variants_in_channel', (db) =>
  inChannelSelect(db, sql.placeholder('channelId')),
)

/** The products of these variants that are sold in the channel, read by the variants' ids. */
export async function variantProductsInChannel(db: Db, variantIds: string[], channelId: string): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set()
  const rows = await inChannelStatement(db, { ids: variantIds, channelId })
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

/**
 * The stock check for a batch of variants: with the `inventoryService` flag on, what the inventory
 * module has available at the cart's sales channel's locations (one query for the batch);
 * otherwise the variants' own inventory_quantity.
 */
export async function stockCheck(
  db: Db,
  flags: Partial<FeatureFlags>,
  channel: ChannelRef,
  variantIds: string[],
): Promise<(variant: VariantRow, quantity: number) => void> {
  if (!flags.inventoryService) return assertInventory
  return availabilityCheck(db, variantIds, channel)
}
