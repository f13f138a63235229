/** The smallest shape of a region the price helpers read. */
export interface RegionInfo {
  currency_code: string
  tax_rate?: number | null
}

/** The smallest shape of a money amount the price helpers read. */
export interface MoneyAmountInfo {
  currency_code: string
  amount: number
}

/** The smallest shape of a variant the price helpers read. */
export interface ProductVariantInfo {
  prices?: MoneyAmountInfo[] | null
}

export interface LocaleOptions {
  /** BCP 47 locale of the formatted string; `en-US` by default. */
  locale?: string
  minimumFractionDigits?: number
  maximumFractionDigits?: number
}

// Currencies whose minor unit is the major unit: their amounts are stored undivided.
const NO_DIVISION_CURRENCIES = ['krw', 'jpy', 'vnd']

/**
 * The variant's amount in the region's currency, in minor units; the currency codes are compared
 * case-insensitively and a missing price is 0.
 *
 * @example
 * getVariantPrice({ prices: [{ currency_code: 'USD', amount: 1250 }] }, { currency_code: 'usd' }) // 1250
 * @since 0.1.0
 */
export function getVariantPrice(
  variant: ProductVariantInfo | null | undefined,
  region: RegionInfo | null | undefined,
): number {
  const currency = region?.currency_code?.toLowerCase()
  const price = variant?.prices?.find((p) => p.currency_code?.toLowerCase() === currency)
  return price?.amount ?? 0
}

/**
 * A minor-unit amount as a decimal in the region's currency, with the region's tax rate added
 * when `includeTaxes` is true (the default).
 *
 * @example
 * computeAmount({ amount: 1000, region: { currency_code: 'usd', tax_rate: 25 } }) // 12.5
 * computeAmount({ amount: 1000, region: { currency_code: 'jpy', tax_rate: 10 }, includeTaxes: false }) // 1000
 * @since 0.1.0
 */
export function computeAmount({
  amount,
  region,
  includeTaxes = true,
}: {
  amount: number
  region: RegionInfo
  includeTaxes?: boolean
}): number {
  const decimal = toDecimal(amount, region)
  const taxRate = includeTaxes ? (region.tax_rate ?? 0) / 100 : 0
  return decimal * (1 + taxRate)
}

/**
 * The variant's price in the region as a decimal, tax included by default.
 *
 * @example
 * computeVariantPrice({ variant, region }) // 12.5
 * @since 0.1.0
 */
export function computeVariantPrice({
  variant,
  region,
  includeTaxes = true,
}: {
  variant: ProductVariantInfo
  region: RegionInfo
  includeTaxes?: boolean
}): number {
  return computeAmount({ amount: getVariantPrice(variant, region), region, includeTaxes })
}

/**
 * A minor-unit amount formatted in the region's currency, tax included by default.
 *
 * @example
 * formatAmount({ amount: 1000, region: { currency_code: 'eur', tax_rate: 0 }, locale: 'de-DE' }) // '10,00 €'
 * @since 0.1.0
 */
export function formatAmount({
  amount,
  region,
  includeTaxes = true,
  ...localeOptions
}: { amount: number; region: RegionInfo; includeTaxes?: boolean } & LocaleOptions): string {
  return toLocaleString(computeAmount({ amount, region, includeTaxes }), region.currency_code, localeOptions)
}

/**
 * The variant's price in the region, formatted in its currency, tax included by default.
 *
 * @example
 * formatVariantPrice({ variant, region: { currency_code: 'usd', tax_rate: 0 } }) // '$12.50'
 * @since 0.1.0
 */
export function formatVariantPrice({
  variant,
  region,
  includeTaxes = true,
  ...localeOptions
}: { variant: ProductVariantInfo; region: RegionInfo; includeTaxes?: boolean } & LocaleOptions): string {
  return toLocaleString(computeVariantPrice({ variant, region, includeTaxes }), region.currency_code, localeOptions)
}

function toDecimal(amount: number, region: RegionInfo): number {
  const divisor = NO_DIVISION_CURRENCIES.includes(region.currency_code?.toLowerCase()) ? 1 : 100
  return Math.floor(amount) / divisor
}

function toLocaleString(amount: number, currencyCode: string | undefined, options: LocaleOptions): string {
  if (!currencyCode) return amount.toString()
  const { locale = 'en-US', minimumFractionDigits, maximumFractionDigits } = options
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    minimumFractionDigits,
    maximumFractionDigits,
  }).format(amount)
}
