import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { region } from '../regions/schema.js'

/** A rate applied to a shipping price; `rate` is a percent. */
export interface ShippingTaxRate {
  rate: number
  name: string
  code: string | null
}

/** What pricing needs of an option's region. */
export interface ShippingTaxRegion {
  tax_rate: number
  automatic_taxes: boolean
}

export interface ShippingPrice {
  price_incl_tax: number
  tax_rates: ShippingTaxRate[]
  tax_amount: number
}

/**
 * The rates v1 shows on a shipping option: none when the region does not compute taxes
 * automatically, else the region's rate named "default". Rates set per shipping option arrive with
 * the tax module.
 */
export function shippingTaxRates(taxRegion: ShippingTaxRegion): ShippingTaxRate[] {
  return taxRegion.automatic_taxes ? [{ rate: taxRegion.tax_rate, name: 'default', code: 'default' }] : []
}

/**
 * v1's priced shipping option: the tax on `amount` (a calculated option without a cart counts as
 * 0) rounded to the minor unit. A tax-inclusive amount (flag `tax_inclusive_pricing` and the
 * option's `includes_tax`) already holds its tax.
 */
export function priceShipping(
  amount: number | null,
  includesTax: boolean,
  rates: ShippingTaxRate[],
  taxInclusivePricing: boolean,
): ShippingPrice {
  const price = amount ?? 0
  const rate = rates.reduce((sum, next) => sum + (next.rate || 0) / 100, 0)
  const inclusive = taxInclusivePricing && includesTax
  const taxAmount = Math.round(inclusive ? (rate * price) / (1 + rate) : price * rate)
  return { price_incl_tax: inclusive ? price : price + taxAmount, tax_rates: rates, tax_amount: taxAmount }
}

/** What pricing needs of an option's region. */
export interface PricingRegion {
  id: string
  tax_rate: number
  automatic_taxes: boolean
}

/** Adds the priced fields to options, reading the regions not `known` in one query. */
export async function priceShippingOptions<
  T extends { region_id: string; amount: number | null; includes_tax: boolean },
>(db: Db, options: T[], taxInclusivePricing: boolean, known: PricingRegion[] = []): Promise<(T & ShippingPrice)[]> {
  const regionIds = [...new Set(options.map((option) => option.region_id))]
  if (regionIds.length === 0) return []
  const missing = regionIds.filter((id) => !known.some((region) => region.id === id))
  const regions = [
    ...known,
    ...(missing.length === 0
      ? []
      : await db
          .select({ id: region.id, tax_rate: region.tax_rate, automatic_taxes: region.automatic_taxes })
          .from(region)
          .where(inArray(region.id, missing))),
  ]
  const byId = new Map(regions.map((row) => [row.id, row]))
  return options.map((option) => {
    const taxRegion = byId.get(option.region_id) ?? { tax_rate: 0, automatic_taxes: false }
    return {
      ...option,
      ...priceShipping(option.amount, option.includes_tax, shippingTaxRates(taxRegion), taxInclusivePricing),
    }
  })
}
