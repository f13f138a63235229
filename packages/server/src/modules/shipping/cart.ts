import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { InvalidData, NotAllowed } from '../../core/errors.js'
import type { FulfillmentProviderMap } from '../../providers/fulfillment.js'
import { priceShipping, type PricingRegion, type ShippingPrice } from './pricing.js'
import { profilesOfProducts } from './profiles.js'
import { shippingOption } from './schema.js'
import {
  loadShippingOptions,
  retrieveShippingOption,
  type RequirementRow,
  type ShippingFlags,
  type ShippingOptionView,
} from './service.js'

/**
 * What shipping needs to know of a cart. Items name their product (its shipping profile is looked
 * up) or their profile directly; items with neither, such as custom line items, need no shipping.
 */
export interface ShippingCart {
  id?: string
  region_id: string
  /** Minor units, before taxes: what `min_subtotal` and `max_subtotal` compare with. */
  subtotal: number
  /** Compared instead of the subtotal for options whose amount includes tax (v1); defaults to the subtotal. */
  total?: number
  items: { product_id?: string | null; profile_id?: string | null }[]
}

export interface CartShippingContext {
  /** Prices calculated options; without it, or without their provider, they are left out. */
  providers?: FulfillmentProviderMap
  flags?: ShippingFlags
  /** The cart's region, when the caller has read it, so pricing the option does not read it again. */
  region?: PricingRegion
}

/**
 * v1 requirement semantics: `min_subtotal` holds when the amount is at least the requirement,
 * `max_subtotal` when it is below it.
 */
export function meetsRequirements(
  option: { includes_tax: boolean; requirements?: Pick<RequirementRow, 'type' | 'amount'>[] },
  cart: Pick<ShippingCart, 'subtotal' | 'total'>,
): boolean {
  const amount = option.includes_tax ? (cart.total ?? cart.subtotal) : cart.subtotal
  return (option.requirements ?? []).every((requirement) =>
    requirement.type === 'min_subtotal' ? amount >= requirement.amount : amount < requirement.amount,
  )
}

/** The distinct shipping profiles of the cart's items. */
export async function cartProfiles(db: Db, cart: ShippingCart): Promise<string[]> {
  const direct = cart.items.map((item) => item.profile_id).filter((id): id is string => !!id)
  const productIds = cart.items
    .filter((item) => !item.profile_id && item.product_id)
    .map((item) => item.product_id as string)
  const viaProducts = await profilesOfProducts(db, [...new Set(productIds)])
  return [...new Set([...direct, ...viaProducts])]
}

/**
 * A calculated option's amount for this cart from its provider, then its price. Undefined when the
 * provider is missing or refuses, so the option is not offered (v1 drops it the same way).
 */
async function priceForCart(
  option: ShippingOptionView,
  cart: ShippingCart,
  context: CartShippingContext,
): Promise<ShippingOptionView | undefined> {
  if (option.price_type !== 'calculated') return option
  const provider = context.providers?.get(option.provider_id)
  if (!provider) return undefined
  let amount: number
  try {
    amount = await provider.calculatePrice(option.data, option.data, { ...cart })
  } catch {
    return undefined
  }
  const price: ShippingPrice = priceShipping(
    amount,
    option.includes_tax,
    option.tax_rates,
    context.flags?.tax_inclusive_pricing ?? false,
  )
  return { ...option, amount, ...price }
}

/**
 * The options a customer may pick for a cart (`GET /store/shipping-options/:cart_id`): of the
 * cart's region and its items' shipping profiles, neither admin-only nor for returns, whose
 * requirements the cart meets, priced for it, with `requirements` and `profile`. Calculated options
 * ask their provider, so call this outside a database transaction.
 */
export async function listShippingOptionsForCart(
  db: Db,
  cart: ShippingCart,
  context: CartShippingContext = {},
): Promise<ShippingOptionView[]> {
  const profiles = await cartProfiles(db, cart)
  if (profiles.length === 0) return []
  const options = await loadShippingOptions(
    db,
    and(
      isNull(shippingOption.deleted_at),
      eq(shippingOption.region_id, cart.region_id),
      eq(shippingOption.admin_only, false),
      eq(shippingOption.is_return, false),
      inArray(shippingOption.profile_id, profiles),
    ),
    ['requirements', 'profile'],
    context.flags ?? { tax_inclusive_pricing: false },
  )
  const priced = await Promise.all(
    options.filter((option) => meetsRequirements(option, cart)).map((option) => priceForCart(option, cart, context)),
  )
  return priced.filter((option): option is ShippingOptionView => option !== undefined)
}

/**
 * The option, priced for the cart, when the cart may use it; otherwise a 400 saying why. Admin
 * flows (draft orders) may pass `allowAdminOnly`. A cart without items may take any option of its
 * region, as in v1. Calculated options ask their provider, so call this outside a transaction.
 */
export async function validateShippingOptionForCart(
  db: Db,
  optionId: string,
  cart: ShippingCart,
  context: CartShippingContext & { allowAdminOnly?: boolean } = {},
): Promise<ShippingOptionView> {
  const option = await retrieveShippingOption(db, optionId, context.flags, context.region ? [context.region] : [])
  return checkShippingOptionForCart(db, option, cart, context)
}

/** `validateShippingOptionForCart` over an option already read and priced for its region. */
export async function checkShippingOptionForCart(
  db: Db,
  option: ShippingOptionView,
  cart: ShippingCart,
  context: CartShippingContext & { allowAdminOnly?: boolean } = {},
): Promise<ShippingOptionView> {
  if (option.region_id !== cart.region_id) {
    throw new InvalidData("The shipping option is not available in the cart's region")
  }
  if (option.is_return) throw new InvalidData('A return shipping option cannot be used for a cart')
  if (option.admin_only && !context.allowAdminOnly) {
    throw new InvalidData('The shipping option is only available to admins')
  }
  const profiles = await cartProfiles(db, cart)
  if (profiles.length > 0 && !profiles.includes(option.profile_id)) {
    throw new InvalidData("The shipping option's profile does not match any item in the cart")
  }
  if (!meetsRequirements(option, cart)) {
    throw new NotAllowed("The Cart does not satisfy the shipping option's requirements")
  }
  const priced = await priceForCart(option, cart, context)
  if (!priced) throw new InvalidData('The fulfillment provider cannot calculate a price for this cart')
  return priced
}
