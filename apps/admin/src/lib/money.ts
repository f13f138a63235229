/** Currencies stored without minor units (SPEC §9): an amount of 1000 KRW is 1000 won, not 10. */
const ZERO_DECIMAL_CURRENCIES = new Set(['krw', 'jpy', 'vnd'])

function decimalsOf(currencyCode: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currencyCode.toLowerCase()) ? 0 : 2
}

/** '12.5' EUR → 1250; '1000' JPY → 1000. Null when the text is not a non-negative amount with at most the currency's decimals. */
export function toMinorUnits(text: string, currencyCode: string): number | null {
  const decimals = decimalsOf(currencyCode)
  const trimmed = text.trim()
  const pattern = decimals === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/
  if (!pattern.test(trimmed)) return null
  const [whole, fraction = ''] = trimmed.split('.')
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0')
}

/** 1250 EUR → '12.50'; 1000 JPY → '1000'. */
export function fromMinorUnits(amount: number, currencyCode: string): string {
  const decimals = decimalsOf(currencyCode)
  return (amount / 10 ** decimals).toFixed(decimals)
}

/** Digits after the decimal point for a currency: 0 for KRW, JPY and VND, 2 otherwise. */
export function currencyDecimals(currencyCode: string): number {
  return decimalsOf(currencyCode)
}

/** 1250 EUR → '€12.50' in the interface language; 1000 JPY → '¥1,000'. */
export function formatMoney(amount: number, currencyCode: string, language = 'en'): string {
  const decimals = decimalsOf(currencyCode)
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currencyCode.toUpperCase(),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount / 10 ** decimals)
}
