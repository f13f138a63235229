/**
 * A variant price is set per currency or per region. Each is a column of the price editor, keyed
 * `currency:eur` or `region:reg_…`, so a form holds prices as a flat record of texts.
 */
export interface PriceColumn {
  key: string
  currency_code: string
  region_id?: string
  /** Shown in the label: the currency code, or the region's name. */
  name: string
}

export interface PriceInput {
  id?: string
  amount: number
  currency_code?: string
  region_id?: string
}

export interface MoneyAmountLike {
  id?: string
  amount?: number
  currency_code?: string
  region_id?: string | null
}

interface CurrencyLike {
  code?: string
}
interface RegionLike {
  id: string
  name?: string
  currency_code?: string
}

export function priceColumns(currencies: readonly CurrencyLike[], regions: readonly RegionLike[]): PriceColumn[] {
  return [
    ...currencies
      .filter((currency) => currency.code)
      .map((currency) => ({
        key: `currency:${currency.code}`,
        currency_code: currency.code!,
        name: currency.code!.toUpperCase(),
      })),
    ...regions
      .filter((region) => region.id && region.currency_code)
      .map((region) => ({
        key: `region:${region.id}`,
        currency_code: region.currency_code!,
        region_id: region.id,
        name: region.name ?? region.id,
      })),
  ]
}

/** The column a stored price belongs to. */
export function columnKeyOf(price: MoneyAmountLike): string | undefined {
  if (price.region_id) return `region:${price.region_id}`
  if (price.currency_code) return `currency:${price.currency_code}`
  return undefined
}
