import { and, eq, inArray, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { inIdsParam } from '../../db/in-ids.js'
import type { Db } from '../../db/types.js'
import { concurrently, lastBatch } from '../../db/fast-path/concurrent.js'
import { prepared, preparedInsert, unencoded } from '../../db/fast-path/prepared.js'
import { Conflict, InvalidData } from '../../core/errors.js'
import {
  checkShippingOptionForCart,
  listShippingOptionsForCart,
  meetsRequirements,
  validateShippingOptionForCart,
  type ShippingCart,
} from '../shipping/cart.js'
import { priceShippingOption, readShippingOption, type ShippingOptionView } from '../shipping/service.js'
import { assertCartOpen, mutateCart, type CartEnv } from './lock.js'
import {
  loadCartDetails,
  readWholeCart,
  wholeCartDetails,
  type CartDetails,
  type CartRegion,
  type WholeCart,
} from './loader.js'
import { syncPaymentSessions } from './payment-sessions.js'
import { lineItem, shippingMethod } from './schema.js'
import { cartView, defaultCartRelations, type CartView } from './view.js'

/** What the shipping module needs to know of a cart. */
export function shippingCartOf(details: CartDetails): ShippingCart {
  return {
    id: details.cart.id,
    region_id: details.cart.region_id,
    subtotal: details.totals.subtotal,
    total: details.totals.total,
    items: details.items.map((item) => ({
      product_id: item.product?.id ?? null,
      profile_id: item.product?.profile_id ?? null,
    })),
  }
}

// `updated_at` is a placeholder: a kept statement must not keep the time it was built at (`prepared`).
const unshipStatement = prepared('cart_unship_lines', (db) =>
  db
    .update(lineItem)
    .set({ has_shipping: false, updated_at: unencoded('now') })
    .where(and(eq(lineItem.cart_id, sql.placeholder('cartId')), eq(lineItem.has_shipping, true))),
)

const shipLinesStatement = prepared('cart_ship_lines', (db) =>
  db
    .update(lineItem)
    .set({ has_shipping: unencoded('value'), updated_at: unencoded('now') })
    .where(inIdsParam(lineItem.id, 'ids')),
)

const insertMethod = preparedInsert('cart_shipping_method_insert', shippingMethod, [
  'id',
  'shipping_option_id',
  'cart_id',
  'price',
  'data',
  'includes_tax',
])

/** `has_shipping` on each line: whether a shipping method covers its product's profile (v1). */
function shippedLineUpdates(tx: Db, details: CartDetails, profiles: Set<string>) {
  const shipped = (value: boolean) =>
    details.items
      .filter((item) => item.product !== null && profiles.has(item.product.profile_id) === value)
      .filter((item) => item.has_shipping !== value)
      .map((item) => item.id)
  // Statements for `concurrently`: at most one per value.
  return [true, false].flatMap((value) => {
    const ids = shipped(value)
    return ids.length > 0 ? [() => shipLinesStatement(tx, { ids, value, now: new Date() })] : []
  })
}

/** Marks the cart's lines not shipped, for a cart without shipping methods. */
export function unshipLines(tx: Db, cartId: string) {
  return unshipStatement(tx, { cartId, now: new Date() })
}

/**
 * After the lines changed (inside the change's transaction): drops the shipping methods no line
 * needs any more (no line of their profile) and those whose option's subtotal requirements the cart
 * no longer meets, then marks the lines shipped or not. v1 dropped every method whenever a line was
 * removed; keeping the ones that still apply spares the customer choosing again. A calculated
 * method keeps the price it was given, as in v1. `hasMethods`, when the caller knows it, saves
 * looking.
 */
export async function reconcileShippingMethods(
  tx: Db,
  env: CartEnv,
  cartId: string,
  hasMethods?: boolean,
): Promise<void> {
  const any =
    hasMethods ??
    (await tx.select({ id: shippingMethod.id }).from(shippingMethod).where(eq(shippingMethod.cart_id, cartId)).limit(1))
      .length > 0
  if (!any) {
    // Without methods nothing is shipped; one statement instead of loading the cart.
    await unshipLines(tx, cartId)
    return
  }
  const details = await loadCartDetails(tx, cartId, env.flags)
  const profiles = new Set(details.items.flatMap((item) => (item.product ? [item.product.profile_id] : [])))
  const cart = shippingCartOf(details)
  const stale = details.shipping_methods.filter((method) => {
    const option = method.shipping_option
    return !option || !profiles.has(option.profile_id) || !meetsRequirements(option, cart)
  })
  const kept = details.shipping_methods.filter((method) => !stale.includes(method))
  await concurrently(tx, [
    ...(stale.length > 0
      ? [
          () =>
            tx.delete(shippingMethod).where(
              inArray(
                shippingMethod.id,
                stale.map((method) => method.id),
              ),
            ),
        ]
      : []),
    ...shippedLineUpdates(tx, details, new Set(kept.map((method) => method.shipping_option!.profile_id))),
  ])
}

/** What an answer from the shipping provider was based on; when it changed, the answer is stale. */
function shippingFingerprint(details: CartDetails): string {
  return JSON.stringify([
    details.cart.region_id,
    details.totals.subtotal,
    details.totals.total,
    details.items.map((item) => [item.id, item.quantity, item.unit_price]),
  ])
}

class StaleCart extends Error {}

/** The option's provider may reach an outside service, so it is not called under the cart's lock. */
class CallsOutside extends Error {}

const MAX_ATTEMPTS = 3

/**
 * `POST /store/carts/:id/shipping-methods`. The option is checked and priced for the cart, and the
 * fulfillment provider validates the method's data; the method then replaces the cart's method for
 * the same shipping profile (one per profile). A provider that answers from this process (`local`)
 * is asked under the cart's lock, in the transaction that writes the method; any other is asked
 * outside a transaction (it may reach a carrier), and the method is written under the lock provided
 * the cart is still what the provider saw, otherwise the checks run again.
 */
export async function addShippingMethod(
  db: Db,
  env: CartEnv,
  cartId: string,
  input: { option_id: string; data?: Record<string, unknown> },
): Promise<CartView> {
  let written: WrittenMethod
  try {
    written = await addUnderLock(db, env, cartId, input)
  } catch (error) {
    if (!(error instanceof CallsOutside)) throw error
    written = await addBesideProvider(db, env, cartId, input)
  }
  const whole = (await written.answers).at(-1) as WholeCart | undefined
  const read = await wholeCartDetails(db, cartId, whole, env.flags, { region: written.region })
  const details = await syncPaymentSessions(db, env, cartId, { read })
  return cartView(db, details, defaultCartRelations(env.flags))
}

/** The cart as the shipping module checks an option against it, and the checks' context. */
function optionCheckOf(env: CartEnv, details: CartDetails) {
  return {
    cart: shippingCartOf(details),
    context: { providers: env.fulfillmentProviders, flags: env.flags, region: details.region },
  }
}

/** The whole request in one transaction: the cart and the option are read with the cart's lock. */
function addUnderLock(
  db: Db,
  env: CartEnv,
  cartId: string,
  input: { option_id: string; data?: Record<string, unknown> },
): Promise<WrittenMethod> {
  return mutateCart(
    db,
    cartId,
    async (tx, _row, [current, row]) => {
      const provider = env.fulfillmentProviders.get(row.provider_id)
      if (!provider?.local) throw new CallsOutside()
      const { cart, context } = optionCheckOf(env, current)
      const priced = await priceShippingOption(tx, row, env.flags, [current.region])
      const option = await checkShippingOptionForCart(tx, priced, cart, context)
      const data = await provider.validateFulfillmentData(option.data, input.data ?? {}, { ...cart })
      return writeMethod(tx, current, option, data, env)
    },
    (tx: Db) =>
      concurrently(tx, [() => loadCartDetails(tx, cartId, env.flags), () => readShippingOption(tx, input.option_id)]),
  )
}

/** The provider is asked outside any transaction, then the method is written if the cart is unchanged. */
async function addBesideProvider(
  db: Db,
  env: CartEnv,
  cartId: string,
  input: { option_id: string; data?: Record<string, unknown> },
): Promise<WrittenMethod> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const seen = await loadCartDetails(db, cartId, env.flags)
    assertCartOpen(seen.cart)
    const { cart, context } = optionCheckOf(env, seen)
    const option = await validateShippingOptionForCart(db, input.option_id, cart, context)
    const provider = env.fulfillmentProviders.get(option.provider_id)
    if (!provider) throw new InvalidData(`The fulfillment provider ${option.provider_id} is not installed`)
    const data = await provider.validateFulfillmentData(option.data, input.data ?? {}, { ...cart })
    try {
      // The cart is read again with the lock, to check it is still the one the provider saw.
      return await mutateCart(
        db,
        cartId,
        async (tx, _row, current) => {
          if (shippingFingerprint(current) !== shippingFingerprint(seen)) throw new StaleCart()
          return writeMethod(tx, current, option, data, env)
        },
        (tx: Db) => loadCartDetails(tx, cartId, env.flags, { region: seen.region }),
      )
    } catch (error) {
      if (!(error instanceof StaleCart)) throw error
    }
  }
  throw new Conflict('The cart kept changing while its shipping method was being checked')
}

/** A method's writes, sent with the COMMIT, and the region of the cart they read (see `writeMethod`). */
interface WrittenMethod {
  answers: Promise<unknown[]>
  region: CartRegion
}

/**
 * Writes the method, and reads the cart as it then stands in the same batch, which goes out with
 * the COMMIT: the read is the last of the `answers`, awaited once the transaction is over (see
 * `lastBatch`), and made into the cart then (see `readWholeCart`).
 */
async function writeMethod(
  tx: Db,
  details: CartDetails,
  option: ShippingOptionView,
  data: Record<string, unknown>,
  env: CartEnv,
): Promise<WrittenMethod> {
  const sameProfile = details.shipping_methods
    .filter((method) => method.shipping_option?.profile_id === option.profile_id)
    .map((method) => method.id)
  // The profiles shipped once the method replaces those of its profile, known without a read.
  const shipped = new Set(
    details.shipping_methods.flatMap((method) =>
      method.shipping_option && !sameProfile.includes(method.id) ? [method.shipping_option.profile_id] : [],
    ),
  ).add(option.profile_id)
  // One batch, in this order: the replaced methods go, the new one is written, the lines follow,
  // then the cart is read.
  const { answers } = await lastBatch(tx, [
    ...(sameProfile.length > 0
      ? [
          () =>
            tx
              .delete(shippingMethod)
              .where(and(eq(shippingMethod.cart_id, details.cart.id), inArray(shippingMethod.id, sameProfile))),
        ]
      : []),
    () =>
      insertMethod(tx, {
        id: generateId('sm'),
        shipping_option_id: option.id,
        cart_id: details.cart.id,
        price: option.amount ?? 0,
        data,
        includes_tax: env.flags.tax_inclusive_pricing && option.includes_tax,
      }),
    ...shippedLineUpdates(tx, details, shipped),
    () => readWholeCart(tx, details.cart.id, details.region),
  ])
  return { answers, region: details.region }
}

/**
 * `GET /store/shipping-options/:cart_id`: the options the cart may take, priced for it. Calculated
 * options ask their provider, so this reads without a transaction.
 */
export async function listCartShippingOptions(db: Db, env: CartEnv, cartId: string): Promise<ShippingOptionView[]> {
  const details = await loadCartDetails(db, cartId, env.flags)
  return listShippingOptionsForCart(db, shippingCartOf(details), {
    providers: env.fulfillmentProviders,
    flags: env.flags,
  })
}
