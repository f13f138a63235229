import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { NotFound } from '../../../core/errors.js'
import { region } from '../../regions/schema.js'
import { currency } from '../../store/schema.js'
import type { PriceScope } from '../loader.js'
import type { PriceListSeam } from '../seams.js'
import { priceIncludesTax, selectPrice, type PriceSelection } from './price-selection.js'
import { remembered } from '../read-cache.js'
import { moneyAmount } from '../schema.js'

/** Where variant prices are computed for: a region (with its currency and tax rate) or a currency. */
export interface PricingContext {
  region_id?: string
  currency_code?: string
  /** Percent; null without a region. */
  taxRate: number | null
  regionIncludesTax: boolean
  currencyIncludesTax: boolean
  /** The `tax_inclusive_pricing` flag. */
  taxInclusivePricing: boolean
}

export interface PriceSelectionQuery {
  region_id?: string
  currency_code?: string
  /** Accepted for v1 compatibility; carts do not exist yet, so it does not change the context. */
  cart_id?: string
}

/**
 * Reads the region (with its currency's tax setting) or the currency named by the query, in one
 * query, kept a moment for the next request. An unknown region is a 404, as in v1; an unknown
 * currency simply matches no price.
 */
export async function resolvePricingContext(
  db: Db,
  query: PriceSelectionQuery,
  taxInclusivePricing: boolean,
): Promise<PricingContext> {
  const empty: PricingContext = {
    taxRate: null,
    regionIncludesTax: false,
    currencyIncludesTax: false,
    taxInclusivePricing,
  }
  if (query.region_id) {
    const regionId = query.region_id
    // Regions change rarely; a storefront page need not read its region every time (read-cache.ts).
    const row = await remembered(db, `region:${regionId}`, async () => {
      const [found] = await db
        .select({
          id: region.id,
          currency_code: region.currency_code,
          tax_rate: region.tax_rate,
          includes_tax: region.includes_tax,
          currency_includes_tax: currency.includes_tax,
        })
        .from(region)
        .innerJoin(currency, eq(currency.code, region.currency_code))
        .where(and(eq(region.id, regionId), isNull(region.deleted_at)))
        .limit(1)
      if (!found) throw NotFound.entity('Region', regionId)
      return found
    })
    return {
      ...empty,
      region_id: row.id,
      currency_code: row.currency_code,
      taxRate: row.tax_rate,
      regionIncludesTax: row.includes_tax,
      currencyIncludesTax: row.currency_includes_tax,
    }
  }
  if (query.currency_code) {
    const code = query.currency_code.toLowerCase()
    const [row] = await db
      .select({ includes_tax: currency.includes_tax })
      .from(currency)
      .where(eq(currency.code, code))
      .limit(1)
    return { ...empty, currency_code: code, currencyIncludesTax: row?.includes_tax ?? false }
  }
  return empty
}

/**
 * The prices a storefront may see in this context: the region's and the currency's prices, or all
 * of them when the request names neither; default prices, and with the price-lists module those of
 * the lists that apply to the customer now.
 */
export function storePriceScope(
  context: PricingContext,
  shopper: { customerId?: string } = {},
  lists?: PriceListSeam,
): PriceScope {
  return {
    any: context.region_id === undefined && context.currency_code === undefined,
    region_id: context.region_id ?? null,
    currency_code: context.currency_code ?? null,
    customer_id: shopper.customerId ?? null,
    lists,
  }
}

type PriceRow = typeof moneyAmount.$inferSelect

export type VariantPricing = Omit<PriceSelection<PriceRow>, 'prices'>

/** Prices a variant for the context; `prices` is narrowed to the ones that apply. */
export function priceVariant(
  prices: readonly PriceRow[],
  context: PricingContext,
): VariantPricing & { prices: PriceRow[] } {
  const settings = { regionIncludesTax: context.regionIncludesTax, currencyIncludesTax: context.currencyIncludesTax }
  // The rows are this load's own; `includes_tax` never reaches the wire (the response schema lists
  // a price's fields).
  const withTax = prices as (PriceRow & { includes_tax?: boolean })[]
  for (const price of withTax) price.includes_tax = priceIncludesTax(price, settings)
  return selectPrice(withTax, {
    region_id: context.region_id,
    currency_code: context.currency_code,
    includesTax: context.taxInclusivePricing,
    taxRate: context.taxRate,
  })
}
