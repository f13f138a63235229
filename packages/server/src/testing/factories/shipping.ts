import type { FastifyInstance } from 'fastify'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { fulfillmentProvider } from '../../modules/store/schema.js'
import {
  shippingOption,
  shippingOptionRequirement,
  shippingProfile,
  type RequirementType,
  type ShippingOptionPriceType,
  type ShippingProfileType,
} from '../../modules/shipping/schema.js'
import { ensureDefaultShippingProfiles, type ShippingProfileRow } from '../../modules/shipping/profiles.js'
import type { RequirementRow, ShippingOptionRow } from '../../modules/shipping/service.js'
import type { FulfillmentCart, FulfillmentData, FulfillmentProvider } from '../../providers/fulfillment.js'

let counter = 0

/** The store's default and gift-card profiles, created if missing. */
export const defaultProfiles = (db: Db) => ensureDefaultShippingProfiles(db)

/** A custom profile unless another type is given (a second default or gift-card profile fails). */
export async function makeShippingProfile(
  db: Db,
  overrides: Partial<{ name: string; type: ShippingProfileType; metadata: Record<string, unknown> }> = {},
): Promise<ShippingProfileRow> {
  counter += 1
  const [row] = await db
    .insert(shippingProfile)
    .values({
      id: generateId('sp'),
      name: overrides.name ?? `Profile ${counter}`,
      type: overrides.type ?? 'custom',
      metadata: overrides.metadata ?? null,
    })
    .returning()
  return row
}

export type ShippingOptionFixture = ShippingOptionRow & { requirements: RequirementRow[] }

/**
 * An option written straight to the database: a flat rate of 1000 with the manual provider in the
 * default profile, unless told otherwise. The region must exist (see `makeRegion`); the provider
 * need not be one of the region's.
 */
export async function makeShippingOption(
  db: Db,
  regionId: string,
  overrides: Partial<{
    name: string
    profile_id: string
    provider_id: string
    price_type: ShippingOptionPriceType
    amount: number | null
    is_return: boolean
    admin_only: boolean
    includes_tax: boolean
    data: Record<string, unknown>
    metadata: Record<string, unknown>
    requirements: { type: RequirementType; amount: number }[]
  }> = {},
): Promise<ShippingOptionFixture> {
  counter += 1
  const profileId = overrides.profile_id ?? (await ensureDefaultShippingProfiles(db)).default.id
  const priceType = overrides.price_type ?? 'flat_rate'
  const [option] = await db
    .insert(shippingOption)
    .values({
      id: generateId('so'),
      name: overrides.name ?? `Option ${counter}`,
      region_id: regionId,
      profile_id: profileId,
      provider_id: overrides.provider_id ?? 'manual',
      price_type: priceType,
      amount: overrides.amount !== undefined ? overrides.amount : priceType === 'flat_rate' ? 1000 : null,
      is_return: overrides.is_return ?? false,
      admin_only: overrides.admin_only ?? false,
      includes_tax: overrides.includes_tax ?? false,
      data: overrides.data ?? {},
      metadata: overrides.metadata ?? null,
    })
    .returning()
  const wanted = overrides.requirements ?? []
  const requirements =
    wanted.length === 0
      ? []
      : await db
          .insert(shippingOptionRequirement)
          .values(wanted.map((r) => ({ id: generateId('sor'), shipping_option_id: option.id, ...r })))
          .returning()
  return { ...option, requirements }
}

/**
 * A provider that calculates prices: 10% of the cart subtotal, or `data.price` when set. Options
 * with `data.valid: false` are refused, `data.calculate: false` cannot be calculated and
 * `data.fail: true` fails to price.
 */
export class CalculatingFulfillmentProvider implements FulfillmentProvider {
  readonly id = 'test-calc'

  async getFulfillmentOptions() {
    return [{ id: 'calc-express' }]
  }

  async validateFulfillmentData(_optionData: FulfillmentData, data: FulfillmentData) {
    return data
  }

  async validateOption(data: FulfillmentData) {
    return data.valid !== false
  }

  async canCalculate(data: FulfillmentData) {
    return data.calculate !== false
  }

  async calculatePrice(optionData: FulfillmentData, _data: FulfillmentData, cart: FulfillmentCart | null) {
    if (optionData.fail) throw new Error('carrier unavailable')
    if (typeof optionData.price === 'number') return optionData.price
    return Math.round((cart?.subtotal ?? 0) / 10)
  }

  async createFulfillment() {
    return {}
  }

  async cancelFulfillment() {
    return {}
  }

  async createShipment(data: FulfillmentData) {
    return data
  }
}

/** Installs the calculating provider in a test app (and its provider row, so regions can use it). */
export async function installCalculatingProvider(
  app: FastifyInstance,
  db: Db,
): Promise<CalculatingFulfillmentProvider> {
  const provider = new CalculatingFulfillmentProvider()
  ;(app.providers.fulfillmentProviders as Map<string, FulfillmentProvider>).set(provider.id, provider)
  await db.insert(fulfillmentProvider).values({ id: provider.id }).onConflictDoNothing()
  return provider
}
