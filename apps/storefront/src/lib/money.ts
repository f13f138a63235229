import { formatAmount, formatVariantPrice, type ProductVariantInfo, type RegionInfo } from '@emporium/react'
import { useTranslation } from 'react-i18next'

/** The number format of each shop language: currencies are written the way the reader expects. */
const NUMBER_LOCALES: Record<string, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' }

export function numberLocale(language: string | undefined): string {
  return NUMBER_LOCALES[language?.slice(0, 2) ?? 'en'] ?? 'en-US'
}

/**
 * Prices as the region says: a region whose prices already include tax shows them as they are;
 * otherwise the region's tax rate is added, so the shopper sees what they will pay.
 */
export function regionShowsTaxIncluded(region: RegionInfo & { includes_tax?: boolean | null }): boolean {
  return !region.includes_tax
}

/** Formatters bound to the page's language. */
export function useMoney() {
  const { i18n } = useTranslation()
  const locale = numberLocale(i18n.resolvedLanguage)
  return {
    /** An amount already final (an order or cart total), in minor units. */
    total: (amount: number, currencyCode: string) =>
      formatAmount({ amount, region: { currency_code: currencyCode, tax_rate: 0 }, includeTaxes: false, locale }),
    /** A variant's price in the region, with the region's tax added when its prices exclude it. */
    variant: (variant: ProductVariantInfo, region: RegionInfo & { includes_tax?: boolean | null }) =>
      formatVariantPrice({ variant, region, includeTaxes: regionShowsTaxIncluded(region), locale }),
  }
}
