import { InvalidData, NotAllowed } from '../../../core/errors.js'
import type { PaymentSessionRow } from '../../carts/loader.js'
import type { CartDetails } from '../../carts/service.js'
import type { CartType } from '../../carts/schema.js'
import { SYSTEM_PAYMENT_PROVIDER_ID } from '../../../providers/payment.js'

/** The session the customer chose (`cart.payment_session`), if any. */
export function selectedSession(details: Pick<CartDetails, 'payment_sessions'>): PaymentSessionRow | undefined {
  return details.payment_sessions.find((session) => session.is_selected === true)
}

/** The distinct shipping profiles of the cart's products; lines without a product ship nothing. */
function profilesToShip(details: CartDetails): string[] {
  // A swap cart's returned lines come back with the return, not with these methods.
  return [
    ...new Set(details.items.flatMap((item) => (item.product && !item.is_return ? [item.product.profile_id] : []))),
  ]
}

function assertShipping(details: CartDetails): void {
  const { cart, region, shipping_address: shippingAddress, shipping_methods: methods } = details
  for (const method of methods) {
    if (method.shipping_option && method.shipping_option.region_id !== cart.region_id) {
      throw new InvalidData(
        `shipping_methods: the shipping option ${method.shipping_option_id} is not available in the cart's region`,
      )
    }
  }
  const profiles = profilesToShip(details)
  if (profiles.length === 0) return
  if (!shippingAddress) throw new InvalidData('shipping_address is required to complete the cart')
  const country = shippingAddress.country_code
  if (!country || !region.countries.some((entry) => entry.iso_2 === country)) {
    throw new InvalidData(`shipping_address.country_code ${country ?? '(none)'} is not in the cart's region`)
  }
  const covered = new Set(
    methods.flatMap((method) => (method.shipping_option ? [method.shipping_option.profile_id] : [])),
  )
  if (profiles.some((profile) => !covered.has(profile))) {
    throw new InvalidData('shipping_methods: the cart needs a shipping method for every shipping profile of its items')
  }
}

function assertPaymentSession(details: CartDetails): void {
  if (details.totals.total <= 0) return
  const session = selectedSession(details)
  if (!session) throw new NotAllowed('You cannot complete a Cart without a payment session.')
  // The internal `system` provider pays draft orders; it is never offered to regions (v1).
  if (session.provider_id === SYSTEM_PAYMENT_PROVIDER_ID && details.cart.type === 'draft_order') return
  if (!details.region.payment_providers.some((provider) => provider.id === session.provider_id)) {
    throw new InvalidData(
      `payment_session: the payment provider ${session.provider_id} is not available in the cart's region`,
    )
  }
}

/**
 * What a cart needs before it can become an order. Each failure is a 400 naming what is missing;
 * nothing is written, so the cart stays usable and may be completed once fixed.
 */
export function assertCompletable(details: CartDetails, expectedType: CartType = 'default'): void {
  const { cart } = details
  if (cart.type !== expectedType) {
    throw new NotAllowed(`A cart of type ${cart.type} cannot be completed into an order`, 'cart_incompatible_state')
  }
  if (!cart.email) throw new InvalidData('email is required to complete the cart')
  if (!cart.customer_id) throw new InvalidData('customer_id is required to complete the cart: set the cart email')
  if (details.items.length === 0) throw new InvalidData('Cannot create an order from a cart without items')
  const mismatched = details.items.find((item) => item.variant && item.variant.deleted_at)
  if (mismatched) throw new InvalidData(`items: the variant of line ${mismatched.id} is no longer sold`)
  assertShipping(details)
  assertPaymentSession(details)
}
