import { and, asc, inArray, isNull } from 'drizzle-orm'
import { groupBy } from '../../../db/group-rows.js'
import type { Db } from '../../../db/types.js'
import { productVariant } from '../../catalog/schema.js'
import { cart, lineItem, shippingMethod } from '../../carts/schema.js'
import { address } from '../../customers/schema.js'
import { shippingOption } from '../../shipping/schema.js'
import type { Swap } from './contract.js'
import { fulfillment, fulfillmentItem, order, orderReturn, payment, returnItem, swap, trackingLink } from '../schema.js'

/** Relations of `GET /store/swaps/:cart_id` and of a swap cart's completion (store-api.md). */
export const STORE_SWAP_RELATIONS = [
  'order',
  'additional_items',
  'return_order',
  'fulfillments',
  'payment',
  'shipping_address',
  'shipping_methods',
  'cart',
] as const
export type SwapRelation = (typeof STORE_SWAP_RELATIONS)[number]

/**
 * Swaps by id (or every swap of `orderIds`) with the relations asked for, in a fixed number of
 * reads whatever their number: additional items with variants, the return with its items and
 * shipping method, fulfilments with items and tracking links, the payment, shipping methods with
 * their options, the shipping address, the cart and the order.
 */
export async function loadSwaps(
  db: Db,
  ids: readonly string[],
  relations: readonly SwapRelation[],
  orderIds?: readonly string[],
): Promise<Swap[]> {
  const where = orderIds
    ? and(inArray(swap.order_id, [...orderIds]), isNull(swap.deleted_at))
    : and(inArray(swap.id, [...ids]), isNull(swap.deleted_at))
  if ((orderIds ?? ids).length === 0) return []
  const swaps = await db.select().from(swap).where(where).orderBy(asc(swap.created_at), asc(swap.id))
  if (swaps.length === 0 || relations.length === 0) return swaps as Swap[]
  const swapIds = swaps.map((row) => row.id)
  const addressIds = swaps.flatMap((row) => (row.shipping_address_id ? [row.shipping_address_id] : []))
  const cartIds = swaps.flatMap((row) => (row.cart_id ? [row.cart_id] : []))
  const [additional, fulfillments, methods, payments, returns, addresses, carts, orders] = await Promise.all([
    db
      .select()
      .from(lineItem)
      .where(inArray(lineItem.swap_id, swapIds))
      .orderBy(asc(lineItem.created_at), asc(lineItem.id)),
    db
      .select()
      .from(fulfillment)
      .where(inArray(fulfillment.swap_id, swapIds))
      .orderBy(asc(fulfillment.created_at), asc(fulfillment.id)),
    db.select().from(shippingMethod).where(inArray(shippingMethod.swap_id, swapIds)).orderBy(asc(shippingMethod.id)),
    db
      .select()
      .from(payment)
      .where(and(inArray(payment.swap_id, swapIds), isNull(payment.canceled_at))),
    db.select().from(orderReturn).where(inArray(orderReturn.swap_id, swapIds)),
    addressIds.length ? db.select().from(address).where(inArray(address.id, addressIds)) : [],
    cartIds.length ? db.select().from(cart).where(inArray(cart.id, cartIds)) : [],
    relations.includes('order')
      ? db
          .select()
          .from(order)
          .where(inArray(order.id, [...new Set(swaps.map((row) => row.order_id))]))
      : [],
  ])
  const variantIds = [...new Set(additional.flatMap((line) => (line.variant_id ? [line.variant_id] : [])))]
  const fulfillmentIds = fulfillments.map((row) => row.id)
  const returnIds = returns.map((row) => row.id)
  const optionIds = [...new Set(methods.map((method) => method.shipping_option_id))]
  const [variants, links, fulfilled, returned, returnMethods] = await Promise.all([
    variantIds.length ? db.select().from(productVariant).where(inArray(productVariant.id, variantIds)) : [],
    fulfillmentIds.length
      ? db
          .select()
          .from(trackingLink)
          .where(and(inArray(trackingLink.fulfillment_id, fulfillmentIds), isNull(trackingLink.deleted_at)))
      : [],
    fulfillmentIds.length
      ? db.select().from(fulfillmentItem).where(inArray(fulfillmentItem.fulfillment_id, fulfillmentIds))
      : [],
    returnIds.length ? db.select().from(returnItem).where(inArray(returnItem.return_id, returnIds)) : [],
    returnIds.length ? db.select().from(shippingMethod).where(inArray(shippingMethod.return_id, returnIds)) : [],
  ])
  const allOptionIds = [...new Set([...optionIds, ...returnMethods.map((method) => method.shipping_option_id)])]
  const options = allOptionIds.length
    ? await db.select().from(shippingOption).where(inArray(shippingOption.id, allOptionIds))
    : []
  const optionOf = new Map(options.map((row) => [row.id, row]))
  const withOption = <T extends { shipping_option_id: string }>(method: T) => ({
    ...method,
    shipping_option: optionOf.get(method.shipping_option_id) ?? null,
  })
  const variantOf = new Map(variants.map((row) => [row.id, row]))
  const linksOf = groupBy(links, (row) => row.fulfillment_id)
  const fulfilledOf = groupBy(fulfilled, (row) => row.fulfillment_id)
  const returnItemsOf = groupBy(returned, (row) => row.return_id)
  const returnMethodOf = new Map(returnMethods.map((method) => [method.return_id, method]))
  const returnOf = new Map(
    returns.map((row) => {
      const method = returnMethodOf.get(row.id)
      return [
        row.swap_id,
        { ...row, items: returnItemsOf.get(row.id) ?? [], shipping_method: method ? withOption(method) : null },
      ]
    }),
  )
  const additionalOf = groupBy(additional, (line) => line.swap_id)
  const fulfillmentsOf = groupBy(fulfillments, (row) => row.swap_id)
  const methodsOf = groupBy(methods, (row) => row.swap_id)
  const paymentOf = new Map(payments.map((row) => [row.swap_id, row]))
  const addressOf = new Map(addresses.map((row) => [row.id, row]))
  const cartOf = new Map(carts.map((row) => [row.id, row]))
  const orderOf = new Map(orders.map((row) => [row.id, row]))
  const all: Record<SwapRelation, (row: (typeof swaps)[number]) => unknown> = {
    order: (row) => orderOf.get(row.order_id) ?? null,
    additional_items: (row) =>
      (additionalOf.get(row.id) ?? []).map((line) => ({
        ...line,
        variant: line.variant_id ? (variantOf.get(line.variant_id) ?? null) : null,
      })),
    return_order: (row) => returnOf.get(row.id) ?? null,
    fulfillments: (row) =>
      (fulfillmentsOf.get(row.id) ?? []).map((entry) => ({
        ...entry,
        items: fulfilledOf.get(entry.id) ?? [],
        tracking_links: linksOf.get(entry.id) ?? [],
      })),
    payment: (row) => paymentOf.get(row.id) ?? null,
    shipping_address: (row) => (row.shipping_address_id ? (addressOf.get(row.shipping_address_id) ?? null) : null),
    shipping_methods: (row) => (methodsOf.get(row.id) ?? []).map(withOption),
    cart: (row) => (row.cart_id ? (cartOf.get(row.cart_id) ?? null) : null),
  }
  // The relations are rows of other tables, typed loosely on the wire (contract.ts `Swap`).
  return swaps.map((row) => ({
    ...row,
    ...Object.fromEntries(relations.map((relation) => [relation, all[relation](row)])),
  })) as Swap[]
}

/** The swaps of a page of admin orders, each with the relations the admin order answer names. */
export async function loadOrderSwaps(db: Db, orderIds: readonly string[]): Promise<Map<string, unknown[]>> {
  const rows = await loadSwaps(
    db,
    [],
    ['additional_items', 'return_order', 'fulfillments', 'payment', 'shipping_address', 'shipping_methods'],
    orderIds,
  )
  return groupBy(rows, (row) => row.order_id)
}
