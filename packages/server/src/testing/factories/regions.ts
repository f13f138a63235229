import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { region } from '../../modules/regions/schema.js'
import { fulfillmentProvider, paymentProvider } from '../../modules/store/schema.js'
import {
  assignCountries,
  linkProviders,
  retrieveRegion,
  type CountryRow,
  type ProviderRow,
  type RegionRow,
} from '../../modules/regions/service.js'
import type { CurrencyRow } from '../../modules/store/service.js'

export type RegionFixture = RegionRow & {
  countries: CountryRow[]
  payment_providers: ProviderRow[]
  fulfillment_providers: ProviderRow[]
  currency: CurrencyRow
}

let counter = 0

/**
 * A region written straight to the database (no store-currency check), with the manual providers
 * and no countries unless given. Countries are lower-case iso_2 codes; one already in another
 * region fails, as in the API.
 */
export async function makeRegion(
  db: Db,
  overrides: Partial<{
    name: string
    currency_code: string
    tax_rate: number
    tax_code: string
    includes_tax: boolean
    automatic_taxes: boolean
    gift_cards_taxable: boolean
    metadata: Record<string, unknown>
    countries: string[]
    payment_providers: string[]
    fulfillment_providers: string[]
  }> = {},
): Promise<RegionFixture> {
  counter += 1
  const id = generateId('reg')
  const payment = overrides.payment_providers ?? ['manual']
  const fulfillment = overrides.fulfillment_providers ?? ['manual']
  // The app records its providers when it starts; make sure these exist even before that.
  if (payment.length > 0)
    await db
      .insert(paymentProvider)
      .values(payment.map((p) => ({ id: p })))
      .onConflictDoNothing()
  if (fulfillment.length > 0) {
    await db
      .insert(fulfillmentProvider)
      .values(fulfillment.map((p) => ({ id: p })))
      .onConflictDoNothing()
  }
  await db.insert(region).values({
    id,
    name: overrides.name ?? `Region ${counter}`,
    currency_code: overrides.currency_code ?? 'usd',
    tax_rate: overrides.tax_rate ?? 0,
    tax_code: overrides.tax_code ?? null,
    includes_tax: overrides.includes_tax ?? false,
    automatic_taxes: overrides.automatic_taxes ?? true,
    gift_cards_taxable: overrides.gift_cards_taxable ?? true,
    metadata: overrides.metadata ?? null,
  })
  await assignCountries(db, id, overrides.countries ?? [], false)
  await linkProviders(db, id, 'payment', payment, false)
  await linkProviders(db, id, 'fulfillment', fulfillment, false)
  return (await retrieveRegion(db, id)) as RegionFixture
}
