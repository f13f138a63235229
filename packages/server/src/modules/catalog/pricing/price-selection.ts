/**
 * Chooses a variant's price for a shopper's context (region or currency, quantity, customer groups,
 * time) and computes the tax figures v1 puts on priced variants. Pure: the caller loads the prices,
 * this decides. Price lists plug in by passing `price_list` on their prices.
 *
 * Rules (v1's PriceSelectionStrategy, with two deliberate fixes noted):
 * - A price applies to a region context when `region_id` equals it, and to a currency context when it
 *   has no region and the currency matches. Prices of other regions never apply (v1 let a region
 *   price leak into another region sharing its currency).
 * - Region prices beat currency prices: within one source (the default prices, or one price list),
 *   currency prices are ignored once a region price applies (v1 instead took the lowest of both).
 * - `original_price` is the default region price without quantity bounds, else the default currency
 *   price without quantity bounds.
 * - `calculated_price`: among prices whose quantity bounds fit (one unit when no quantity is given), the lowest, compared net of tax when
 *   one is tax-inclusive and the other not. A price from an active `override` list wins over the
 *   default and sale prices even when higher; `sale` prices compete with the defaults.
 * - Price-list prices count only when the list is active, started, not ended, and either has no
 *   customer groups or shares one with the context.
 */

export type PriceListType = 'sale' | 'override'
export type CalculatedPriceType = 'default' | PriceListType

export interface PriceListInfo {
  type: PriceListType
  /** Absent means active. */
  status?: 'active' | 'draft'
  starts_at?: Date | string | null
  ends_at?: Date | string | null
  /** Empty or absent: the list applies to everyone. */
  customer_group_ids?: readonly string[]
  includes_tax?: boolean
}

export interface SelectablePrice {
  id: string
  amount: number
  currency_code: string
  region_id: string | null
  min_quantity: number | null
  max_quantity: number | null
  price_list_id: string | null
  /** Required for a price with `price_list_id`: without it the list cannot be checked, so the price is skipped. */
  price_list?: PriceListInfo | null
  /** Whether `amount` includes tax; see `priceIncludesTax`. */
  includes_tax?: boolean
}

export interface TaxRateInfo {
  rate: number
  name: string
  code: string | null
}

export interface PriceSelectionContext {
  region_id?: string
  currency_code?: string
  quantity?: number
  customer_group_ids?: readonly string[]
  now?: Date
  /** Tax-inclusive pricing is in effect (feature flag); when false every amount is taken as tax-exclusive. */
  includesTax: boolean
  /** Total tax rate in percent (20 = 20 %); null when the context has no region, so no tax figures. */
  taxRate: number | null
  /** The rates behind `taxRate`, for the `tax_rates` field; defaults to one rate named "default". */
  taxRates?: readonly TaxRateInfo[]
}

export interface PriceSelection<P extends SelectablePrice = SelectablePrice> {
  /** The prices that apply to the context's region or currency (all live prices without a context). */
  prices: P[]
  original_price: number | null
  calculated_price: number | null
  calculated_price_type: CalculatedPriceType | null
  original_price_includes_tax: boolean | null
  calculated_price_includes_tax: boolean | null
  original_price_incl_tax: number | null
  calculated_price_incl_tax: number | null
  original_tax: number | null
  calculated_tax: number | null
  tax_rates: TaxRateInfo[] | null
}

/**
 * v1's rule for whether an amount includes tax: a tax-inclusive price list says so for its prices,
 * then a tax-inclusive region for the prices set on that region, else the currency's setting.
 */
export function priceIncludesTax(
  price: Pick<SelectablePrice, 'region_id' | 'price_list'>,
  settings: { regionIncludesTax?: boolean; currencyIncludesTax?: boolean },
): boolean {
  if (price.price_list?.includes_tax) return true
  if (price.region_id !== null && settings.regionIncludesTax) return true
  return settings.currencyIncludesTax ?? false
}

export function selectPrice<P extends SelectablePrice>(
  prices: readonly P[],
  context: PriceSelectionContext,
): PriceSelection<P> {
  const now = context.now ?? new Date()
  const live = prices.filter((price) => isLive(price, now, context.customer_group_ids))
  const hasContext = context.region_id !== undefined || context.currency_code !== undefined
  const applicable = hasContext ? live.filter((price) => appliesTo(price, context)) : live
  const rate = context.taxRate === null ? null : context.taxRate / 100
  const inclusive = (price: SelectablePrice) => context.includesTax && (price.includes_tax ?? false)

  const original = hasContext ? pickOriginal(applicable, context) : undefined
  const fitting = preferRegion(
    applicable.filter((price) => fitsQuantity(price, context.quantity)),
    context,
  )
  const overrides = fitting.filter((price) => price.price_list?.type === 'override')
  const pool = overrides.length > 0 ? overrides : fitting.filter((price) => price.price_list?.type !== 'override')
  const calculated = hasContext ? lowest(pool, inclusive, rate) : undefined

  const originalTax = original && taxFigures(original.amount, inclusive(original), rate)
  const calculatedTax = calculated && taxFigures(calculated.amount, inclusive(calculated), rate)
  return {
    prices: applicable,
    original_price: original?.amount ?? null,
    calculated_price: calculated?.amount ?? null,
    calculated_price_type: calculated ? (calculated.price_list?.type ?? 'default') : null,
    original_price_includes_tax: original ? inclusive(original) : null,
    calculated_price_includes_tax: calculated ? inclusive(calculated) : null,
    original_price_incl_tax: originalTax?.inclTax ?? null,
    calculated_price_incl_tax: calculatedTax?.inclTax ?? null,
    original_tax: originalTax?.tax ?? null,
    calculated_tax: calculatedTax?.tax ?? null,
    tax_rates:
      context.taxRate === null
        ? null
        : [...(context.taxRates ?? [{ rate: context.taxRate, name: 'default', code: 'default' }])],
  }
}

function toTime(value: Date | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined
  return (value instanceof Date ? value : new Date(value)).getTime()
}

function isLive(price: SelectablePrice, now: Date, groups: readonly string[] | undefined): boolean {
  if (price.price_list_id === null) return true
  const list = price.price_list
  if (!list) return false
  if (list.status !== undefined && list.status !== 'active') return false
  const startsAt = toTime(list.starts_at)
  const endsAt = toTime(list.ends_at)
  if (startsAt !== undefined && startsAt > now.getTime()) return false
  if (endsAt !== undefined && endsAt <= now.getTime()) return false
  const listGroups = list.customer_group_ids ?? []
  return listGroups.length === 0 || listGroups.some((group) => groups?.includes(group))
}

function appliesTo(price: SelectablePrice, context: PriceSelectionContext): boolean {
  if (price.region_id !== null) return context.region_id !== undefined && price.region_id === context.region_id
  return context.currency_code !== undefined && price.currency_code === context.currency_code
}

const unbounded = (price: SelectablePrice) => price.min_quantity === null && price.max_quantity === null

function pickOriginal<P extends SelectablePrice>(prices: readonly P[], context: PriceSelectionContext): P | undefined {
  const defaults = prices.filter((price) => price.price_list_id === null && unbounded(price))
  return (
    defaults.find((price) => context.region_id !== undefined && price.region_id === context.region_id) ??
    defaults.find((price) => price.region_id === null)
  )
}

/** Without a quantity the shopper is taken to buy one unit (v1 skipped tiers starting at 1 here). */
function fitsQuantity(price: SelectablePrice, quantity: number | undefined): boolean {
  const wanted = quantity ?? 1
  return (
    (price.min_quantity === null || price.min_quantity <= wanted) &&
    (price.max_quantity === null || price.max_quantity >= wanted)
  )
}

/** Within each source (default prices, or one price list), region prices hide currency prices. */
function preferRegion<P extends SelectablePrice>(prices: readonly P[], context: PriceSelectionContext): P[] {
  if (context.region_id === undefined) return [...prices]
  const withRegionPrice = new Set(
    prices.filter((price) => price.region_id === context.region_id).map((price) => price.price_list_id),
  )
  return prices.filter((price) => price.region_id !== null || !withRegionPrice.has(price.price_list_id))
}

/**
 * The cheapest price. Amounts of mixed tax treatment are compared gross of tax; without a tax rate
 * they cannot be compared and the earlier one stays (as v1). Default prices come first, so a sale
 * price equal to the default one leaves the type "default".
 */
function lowest<P extends SelectablePrice>(
  prices: readonly P[],
  inclusive: (price: SelectablePrice) => boolean,
  rate: number | null,
): P | undefined {
  const ordered = [...prices].sort((a, b) => Number(a.price_list_id !== null) - Number(b.price_list_id !== null))
  let best: P | undefined
  for (const price of ordered) {
    if (!best || cheaper(price, best, inclusive, rate)) best = price
  }
  return best
}

function cheaper(
  candidate: SelectablePrice,
  current: SelectablePrice,
  inclusive: (price: SelectablePrice) => boolean,
  rate: number | null,
): boolean {
  const candidateInclusive = inclusive(candidate)
  const currentInclusive = inclusive(current)
  if (candidateInclusive === currentInclusive) return candidate.amount < current.amount
  if (rate === null) return false
  const gross = (price: SelectablePrice, included: boolean) => (included ? price.amount : price.amount * (1 + rate))
  return gross(candidate, candidateInclusive) < gross(current, currentInclusive)
}

/** v1's PricingService.calculateTaxes: tax rounded to the minor unit, and the amount with tax. */
function taxFigures(
  amount: number,
  includesTax: boolean,
  rate: number | null,
): { tax: number; inclTax: number } | null {
  if (rate === null) return null
  const tax = Math.round(includesTax ? (amount * rate) / (1 + rate) : amount * rate)
  return { tax, inclTax: includesTax ? amount : amount + tax }
}
