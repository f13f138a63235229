import type { Dashboard } from '@emporium/client'

export const PERIODS = ['7d', '30d', '90d', '365d'] as const
export type Period = (typeof PERIODS)[number]

/** The currency shown: the one asked for if it sold in the period, else the store's, else the first. */
export function shownCurrency(dashboard: Dashboard, wanted: string | undefined, storeCurrency: string | undefined) {
  const codes = dashboard.totals.map((total) => total.currency_code)
  if (wanted && codes.includes(wanted)) return wanted
  if (storeCurrency && codes.includes(storeCurrency)) return storeCurrency
  return codes[0]
}

/** One currency's days, for the charts. */
export function seriesOf(dashboard: Dashboard, currency: string | undefined) {
  return dashboard.days.filter((day) => day.currency_code === currency)
}
