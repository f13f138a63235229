export interface RegionValues {
  name: string
  currency_code: string
  tax_rate: string
  tax_code: string
  countries: string
  payment_providers: string[]
  fulfillment_providers: string[]
}

interface RegionLike {
  name?: string
  currency_code?: string
  tax_rate?: number
  tax_code?: string | null
  countries?: readonly { iso_2?: string }[]
  payment_providers?: readonly { id: string }[]
  fulfillment_providers?: readonly { id: string }[]
}

export function regionToValues(region: RegionLike | undefined, defaultCurrency: string): RegionValues {
  return {
    name: region?.name ?? '',
    currency_code: region?.currency_code ?? defaultCurrency,
    tax_rate: String(region?.tax_rate ?? 0),
    tax_code: region?.tax_code ?? '',
    countries: (region?.countries ?? []).map((country) => country.iso_2?.toUpperCase()).join(', '),
    payment_providers: (region?.payment_providers ?? []).map((provider) => provider.id),
    fulfillment_providers: (region?.fulfillment_providers ?? []).map((provider) => provider.id),
  }
}

/** 'de, FR ,at' → ['de', 'fr', 'at']: two-letter country codes, lower case, without repeats. */
export function parseCountryCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((code) => code.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}

export function isCountryList(text: string): boolean {
  return parseCountryCodes(text).every((code) => /^[a-z]{2}$/.test(code))
}

export function regionPayload(values: RegionValues) {
  return {
    name: values.name.trim(),
    currency_code: values.currency_code,
    tax_rate: Number(values.tax_rate),
    ...(values.tax_code.trim() ? { tax_code: values.tax_code.trim() } : {}),
    countries: parseCountryCodes(values.countries),
    payment_providers: values.payment_providers,
    fulfillment_providers: values.fulfillment_providers,
  }
}
