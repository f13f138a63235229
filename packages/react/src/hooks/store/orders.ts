import type { EmporiumClient } from '../../client.js'
import {
  detailQuery,
  fixedQuery,
  idMutation,
  mutation,
  useEmporiumQuery,
  type Answer,
  type Arg,
  type DetailQueryHook,
  type FixedQueryHook,
  type IdMutationHook,
  type MutationHook,
  type QueryOptions,
} from '../factory.js'
import { giftCardKeys, orderEditKeys, orderKeys, returnReasonKeys, swapKeys } from './keys.js'

type Store = EmporiumClient['store']
type Orders = Store['orders']
type OrderEdits = Store['orderEdits']

/** @example const { order } = useOrder('order_01…') */
export const useOrder = detailQuery(orderKeys, (c, id, q?: Arg<Orders['retrieve'], 1>) =>
  c.store.orders.retrieve(id, q),
)

/** The order placed from a cart. @example const { order } = useCartOrder(cartId) */
export const useCartOrder = detailQuery(orderKeys, (c, cartId, q?: Arg<Orders['retrieveByCartId'], 1>) =>
  c.store.orders.retrieveByCartId(cartId, q),
)

/**
 * An order looked up by display id, e-mail (and postal code).
 *
 * @example
 * const { order } = useCustomerOrder({ display_id: 12, email: 'shopper@example.com' })
 * @since 0.1.0
 */
export function useCustomerOrder(
  query: Arg<Orders['lookupOrder'], 0>,
  options?: QueryOptions<Awaited<ReturnType<Orders['lookupOrder']>>>,
) {
  return useEmporiumQuery(orderKeys.list(query), (c) => c.store.orders.lookupOrder(query), options)
}

/** Asks for access to guest orders by e-mail. @example useRequestOrderAccess().mutate({ order_ids }) */
export const useRequestOrderAccess = mutation(
  (c, payload: Arg<Orders['requestCustomerOrders'], 0>) => c.store.orders.requestCustomerOrders(payload),
  () => [orderKeys.all],
)

/** Confirms access to guest orders with the e-mailed token. @example useGrantOrderAccess().mutate({ token }) */
export const useGrantOrderAccess = mutation(
  (c, payload: Arg<Orders['confirmRequest'], 0>) => c.store.orders.confirmRequest(payload),
  () => [orderKeys.all],
)

/** @example const { order_edit } = useOrderEdit('oe_01…') */
export const useOrderEdit: DetailQueryHook<Answer<OrderEdits['retrieve']>> = detailQuery(orderEditKeys, (c, id) =>
  c.store.orderEdits.retrieve(id),
)

/** @example useDeclineOrderEdit(id).mutate({ declined_reason: 'Too pricey' }) */
export const useDeclineOrderEdit: IdMutationHook<
  Arg<OrderEdits['decline'], 1>,
  Answer<OrderEdits['decline']>
> = idMutation(
  (c, id, payload: Arg<OrderEdits['decline'], 1>) => c.store.orderEdits.decline(id, payload),
  (id) => [orderEditKeys.lists(), orderEditKeys.detail(id)],
)

/** @example useCompleteOrderEdit(id).mutate() */
export const useCompleteOrderEdit: IdMutationHook<void, Answer<OrderEdits['complete']>> = idMutation(
  (c, id) => c.store.orderEdits.complete(id),
  (id) => [orderEditKeys.lists(), orderEditKeys.detail(id), orderKeys.all],
)

/** A gift card by code. @example const { gift_card } = useGiftCard('ABCD-EFGH') */
export const useGiftCard: DetailQueryHook<Answer<Store['giftCards']['retrieve']>> = detailQuery(
  giftCardKeys,
  (c, code) => c.store.giftCards.retrieve(code),
)

/** @example const { return_reasons } = useReturnReasons() */
export const useReturnReasons: FixedQueryHook<Answer<Store['returnReasons']['list']>> = fixedQuery(
  returnReasonKeys.lists(),
  (c) => c.store.returnReasons.list(),
)

/** @example const { return_reason } = useReturnReason('rr_01…') */
export const useReturnReason: DetailQueryHook<Answer<Store['returnReasons']['retrieve']>> = detailQuery(
  returnReasonKeys,
  (c, id) => c.store.returnReasons.retrieve(id),
)

/** @example useCreateReturn().mutate({ order_id, items }) */
export const useCreateReturn: MutationHook<
  Arg<Store['returns']['create'], 0>,
  Answer<Store['returns']['create']>
> = mutation(
  (c, payload: Arg<Store['returns']['create'], 0>) => c.store.returns.create(payload),
  () => [orderKeys.all],
)

/** @example useCreateSwap().mutate({ order_id, return_items, additional_items }) */
export const useCreateSwap: MutationHook<Arg<Store['swaps']['create'], 0>, Answer<Store['swaps']['create']>> = mutation(
  (c, payload: Arg<Store['swaps']['create'], 0>) => c.store.swaps.create(payload),
  () => [swapKeys.all, orderKeys.all],
)

/** The swap a cart belongs to. @example const { swap } = useCartSwap(cartId) */
export const useCartSwap = detailQuery(swapKeys, (c, cartId) => c.store.swaps.retrieveByCartId(cartId))
