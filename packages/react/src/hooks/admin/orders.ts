import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import {
  detailQuery,
  idMutation,
  listQuery,
  useEmporiumMutation,
  type Answer,
  type Arg,
  type DetailQueryHook,
  type IdMutationHook,
  type MutationOptions,
} from '../factory.js'
import {
  adminDashboardKeys,
  adminDraftOrderKeys,
  adminOrderEditKeys,
  adminOrderKeys,
  adminReturnKeys,
  adminSwapKeys,
} from './keys.js'

type Admin = EmporiumClient['admin']
type Orders = Admin['orders']
type OrderEdits = Admin['orderEdits']
type DraftOrders = Admin['draftOrders']
// Named here because the client does not export its order answer type by name.
type OrderAnswer = Answer<Orders['retrieve']>

// Fulfilments, shipments, returns, swaps and claims all answer with the order they change.
const orderChange = (id: string) => [adminOrderKeys.lists(), adminOrderKeys.detail(id)]
const orderAndSwaps = (id: string) => [...orderChange(id), adminSwapKeys.all]
const orderAndReturns = (id: string) => [...orderChange(id), adminReturnKeys.all]

/**
 * Admin orders.
 *
 * @example
 * const { orders, count } = useAdminOrders({ limit: 15, offset: 0 })
 * @since 0.1.0
 */
export const useAdminOrders = listQuery(adminOrderKeys, (c, q?: Arg<Orders['list'], 0>) => c.admin.orders.list(q))
/** @example const { order } = useAdminOrder(id, { expand: 'items' }) */
export const useAdminOrder: DetailQueryHook<OrderAnswer, Arg<Orders['retrieve'], 1>> = detailQuery(
  adminOrderKeys,
  (c, id, q?: Arg<Orders['retrieve'], 1>) => c.admin.orders.retrieve(id, q),
)
/**
 * The order's history, oldest first (an Emporium extension), cached under the order, so whatever
 * refreshes the order refreshes it too.
 *
 * @example const { timeline } = useAdminOrderTimeline(orderId)
 */
export const useAdminOrderTimeline = detailQuery(adminOrderKeys, (c, id) => c.admin.orders.timeline(id), 'timeline')
/** @example useAdminUpdateOrder(id).mutate({ email: 'new@example.com' }) */
export const useAdminUpdateOrder: IdMutationHook<Arg<Orders['update'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['update'], 1>) => c.admin.orders.update(id, payload),
  orderChange,
)
/** @example useAdminCompleteOrder(id).mutate() */
export const useAdminCompleteOrder: IdMutationHook<void, OrderAnswer> = idMutation(
  (c, id) => c.admin.orders.complete(id),
  orderChange,
)
/** @example useAdminCancelOrder(id).mutate() */
export const useAdminCancelOrder: IdMutationHook<void, OrderAnswer> = idMutation(
  (c, id) => c.admin.orders.cancel(id),
  orderChange,
)
/** @example useAdminArchiveOrder(id).mutate() */
export const useAdminArchiveOrder: IdMutationHook<void, OrderAnswer> = idMutation(
  (c, id) => c.admin.orders.archive(id),
  orderChange,
)
/** @example useAdminCapturePayment(id).mutate() */
export const useAdminCapturePayment: IdMutationHook<void, OrderAnswer> = idMutation(
  (c, id) => c.admin.orders.capturePayment(id),
  orderChange,
)
/** @example useAdminRefundPayment(id).mutate({ amount: 500, reason: 'discount' }) */
export const useAdminRefundPayment: IdMutationHook<Arg<Orders['refundPayment'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['refundPayment'], 1>) => c.admin.orders.refundPayment(id, payload),
  orderChange,
)
/** @example useAdminCreateFulfillment(id).mutate({ items: [{ item_id, quantity: 1 }] }) */
export const useAdminCreateFulfillment: IdMutationHook<Arg<Orders['createFulfillment'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['createFulfillment'], 1>) => c.admin.orders.createFulfillment(id, payload),
  orderChange,
)
/** @example useAdminCancelFulfillment(id).mutate(fulfillmentId) */
export const useAdminCancelFulfillment: IdMutationHook<string, OrderAnswer> = idMutation(
  (c, id, fulfillmentId: string) => c.admin.orders.cancelFulfillment(id, fulfillmentId),
  orderChange,
)
/** @example useAdminCreateShipment(id).mutate({ fulfillment_id, tracking_numbers: [] }) */
export const useAdminCreateShipment: IdMutationHook<Arg<Orders['createShipment'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['createShipment'], 1>) => c.admin.orders.createShipment(id, payload),
  orderChange,
)
/** @example useAdminRequestReturn(id).mutate({ items: [{ item_id, quantity: 1 }] }) */
export const useAdminRequestReturn: IdMutationHook<Arg<Orders['requestReturn'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['requestReturn'], 1>) => c.admin.orders.requestReturn(id, payload),
  orderAndReturns,
)
/** @example useAdminAddShippingMethod(id).mutate({ option_id, price: 500 }) */
export const useAdminAddShippingMethod: IdMutationHook<Arg<Orders['addShippingMethod'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['addShippingMethod'], 1>) => c.admin.orders.addShippingMethod(id, payload),
  orderChange,
)

/** @example useAdminCreateSwap(orderId).mutate({ return_items, additional_items }) */
export const useAdminCreateSwap: IdMutationHook<Arg<Orders['createSwap'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['createSwap'], 1>) => c.admin.orders.createSwap(id, payload),
  orderAndSwaps,
)
/** @example useAdminCancelSwap(orderId).mutate(swapId) */
export const useAdminCancelSwap: IdMutationHook<string, OrderAnswer> = idMutation(
  (c, id, swapId: string) => c.admin.orders.cancelSwap(id, swapId),
  orderAndSwaps,
)
/** @example useAdminFulfillSwap(orderId).mutate({ swap_id }) */
export const useAdminFulfillSwap: IdMutationHook<{ swap_id: string } & Arg<Orders['fulfillSwap'], 2>, OrderAnswer> =
  idMutation(
    (c, id, { swap_id, ...payload }: { swap_id: string } & Arg<Orders['fulfillSwap'], 2>) =>
      c.admin.orders.fulfillSwap(id, swap_id, payload),
    orderAndSwaps,
  )
/** @example useAdminCreateSwapShipment(orderId).mutate({ swap_id, fulfillment_id }) */
export const useAdminCreateSwapShipment: IdMutationHook<
  { swap_id: string } & Arg<Orders['createSwapShipment'], 2>,
  OrderAnswer
> = idMutation(
  (c, id, { swap_id, ...payload }: { swap_id: string } & Arg<Orders['createSwapShipment'], 2>) =>
    c.admin.orders.createSwapShipment(id, swap_id, payload),
  orderAndSwaps,
)
/** @example useAdminProcessSwapPayment(orderId).mutate(swapId) */
export const useAdminProcessSwapPayment: IdMutationHook<string, OrderAnswer> = idMutation(
  (c, id, swapId: string) => c.admin.orders.processSwapPayment(id, swapId),
  orderAndSwaps,
)
/** @example useAdminCancelSwapFulfillment(orderId).mutate({ swap_id, fulfillment_id }) */
export const useAdminCancelSwapFulfillment: IdMutationHook<{ swap_id: string; fulfillment_id: string }, OrderAnswer> =
  idMutation(
    (c, id, { swap_id, fulfillment_id }: { swap_id: string; fulfillment_id: string }) =>
      c.admin.orders.cancelSwapFulfillment(id, swap_id, fulfillment_id),
    orderAndSwaps,
  )
/** @example const { swaps } = useAdminSwaps() */
export const useAdminSwaps = listQuery(adminSwapKeys, (c, q?: Arg<Admin['swaps']['list'], 0>) => c.admin.swaps.list(q))
/** @example const { swap } = useAdminSwap(id) */
export const useAdminSwap = detailQuery(adminSwapKeys, (c, id) => c.admin.swaps.retrieve(id))

/** @example useAdminCreateClaim(orderId).mutate({ type: 'refund', claim_items }) */
export const useAdminCreateClaim: IdMutationHook<Arg<Orders['createClaim'], 1>, OrderAnswer> = idMutation(
  (c, id, payload: Arg<Orders['createClaim'], 1>) => c.admin.orders.createClaim(id, payload),
  orderChange,
)
/** @example useAdminUpdateClaim(orderId).mutate({ claim_id, no_notification: true }) */
export const useAdminUpdateClaim: IdMutationHook<{ claim_id: string } & Arg<Orders['updateClaim'], 2>, OrderAnswer> =
  idMutation(
    (c, id, { claim_id, ...payload }: { claim_id: string } & Arg<Orders['updateClaim'], 2>) =>
      c.admin.orders.updateClaim(id, claim_id, payload),
    orderChange,
  )
/** @example useAdminCancelClaim(orderId).mutate(claimId) */
export const useAdminCancelClaim: IdMutationHook<string, OrderAnswer> = idMutation(
  (c, id, claimId: string) => c.admin.orders.cancelClaim(id, claimId),
  orderChange,
)
/** @example useAdminFulfillClaim(orderId).mutate({ claim_id }) */
export const useAdminFulfillClaim: IdMutationHook<{ claim_id: string } & Arg<Orders['fulfillClaim'], 2>, OrderAnswer> =
  idMutation(
    (c, id, { claim_id, ...payload }: { claim_id: string } & Arg<Orders['fulfillClaim'], 2>) =>
      c.admin.orders.fulfillClaim(id, claim_id, payload),
    orderChange,
  )
/** @example useAdminCreateClaimShipment(orderId).mutate({ claim_id, fulfillment_id }) */
export const useAdminCreateClaimShipment: IdMutationHook<
  { claim_id: string } & Arg<Orders['createClaimShipment'], 2>,
  OrderAnswer
> = idMutation(
  (c, id, { claim_id, ...payload }: { claim_id: string } & Arg<Orders['createClaimShipment'], 2>) =>
    c.admin.orders.createClaimShipment(id, claim_id, payload),
  orderChange,
)
/** @example useAdminCancelClaimFulfillment(orderId).mutate({ claim_id, fulfillment_id }) */
export const useAdminCancelClaimFulfillment: IdMutationHook<{ claim_id: string; fulfillment_id: string }, OrderAnswer> =
  idMutation(
    (c, id, { claim_id, fulfillment_id }: { claim_id: string; fulfillment_id: string }) =>
      c.admin.orders.cancelClaimFulfillment(id, claim_id, fulfillment_id),
    orderChange,
  )

/** @example const { returns } = useAdminReturns() */
export const useAdminReturns = listQuery(adminReturnKeys, (c, q?: Arg<Admin['returns']['list'], 0>) =>
  c.admin.returns.list(q),
)
/** @example useAdminCancelReturn(returnId).mutate() */
export const useAdminCancelReturn: IdMutationHook<void, OrderAnswer> = idMutation(
  (c, id) => c.admin.returns.cancel(id),
  () => [adminReturnKeys.all, adminOrderKeys.all],
)
/** @example useAdminReceiveReturn(returnId).mutate({ items: [{ item_id, quantity: 1 }] }) */
export const useAdminReceiveReturn = idMutation(
  (c, id, payload: Arg<Admin['returns']['receive'], 1>) => c.admin.returns.receive(id, payload),
  () => [adminReturnKeys.all, adminOrderKeys.all],
)

const draftOrders = crudHooks(adminDraftOrderKeys, (c) => c.admin.draftOrders)
const draftOrderChange = (id: string) => [adminDraftOrderKeys.lists(), adminDraftOrderKeys.detail(id)]
/** @example const { draft_orders } = useAdminDraftOrders() */
export const useAdminDraftOrders = draftOrders.useList
/** @example const { draft_order } = useAdminDraftOrder(id) */
export const useAdminDraftOrder = draftOrders.useRetrieve
/** @example useAdminCreateDraftOrder().mutate({ email, region_id, items, shipping_methods }) */
export const useAdminCreateDraftOrder = draftOrders.useCreate
/** @example useAdminUpdateDraftOrder(id).mutate({ email }) */
export const useAdminUpdateDraftOrder = draftOrders.useUpdate
/** @example useAdminDeleteDraftOrder(id).mutate() */
export const useAdminDeleteDraftOrder = draftOrders.useDelete
/** Marks the draft order paid, which places the order. @example useAdminDraftOrderRegisterPayment(id).mutate() */
export const useAdminDraftOrderRegisterPayment: IdMutationHook<void, OrderAnswer> = idMutation(
  (c, id) => c.admin.draftOrders.markPaid(id),
  (id) => [...draftOrderChange(id), adminOrderKeys.lists()],
)
/** @example useAdminDraftOrderAddLineItem(id).mutate({ variant_id, quantity: 1 }) */
export const useAdminDraftOrderAddLineItem = idMutation(
  (c, id, payload: Arg<DraftOrders['addLineItem'], 1>) => c.admin.draftOrders.addLineItem(id, payload),
  draftOrderChange,
)
/** @example useAdminDraftOrderUpdateLineItem(id).mutate({ item_id, quantity: 2 }) */
export const useAdminDraftOrderUpdateLineItem = idMutation(
  (c, id, { item_id, ...payload }: { item_id: string } & Arg<DraftOrders['updateLineItem'], 2>) =>
    c.admin.draftOrders.updateLineItem(id, item_id, payload),
  draftOrderChange,
)
/** @example useAdminDraftOrderRemoveLineItem(id).mutate(itemId) */
export const useAdminDraftOrderRemoveLineItem = idMutation(
  (c, id, itemId: string) => c.admin.draftOrders.removeLineItem(id, itemId),
  draftOrderChange,
)

const orderEdits = crudHooks(adminOrderEditKeys, (c) => c.admin.orderEdits)
const orderEditChange = (id: string) => [adminOrderEditKeys.lists(), adminOrderEditKeys.detail(id)]
/** @example const { order_edits } = useAdminOrderEdits({ order_id }) */
export const useAdminOrderEdits = orderEdits.useList
/** @example const { order_edit } = useAdminOrderEdit(id) */
export const useAdminOrderEdit = orderEdits.useRetrieve
/** @example useAdminCreateOrderEdit().mutate({ order_id }) */
export const useAdminCreateOrderEdit = orderEdits.useCreate
/** @example useAdminUpdateOrderEdit(id).mutate({ internal_note: 'Swap size' }) */
export const useAdminUpdateOrderEdit = orderEdits.useUpdate
/** @example useAdminDeleteOrderEdit(id).mutate() */
export const useAdminDeleteOrderEdit = orderEdits.useDelete
/** @example useAdminOrderEditAddLineItem(id).mutate({ variant_id, quantity: 1 }) */
export const useAdminOrderEditAddLineItem = idMutation(
  (c, id, payload: Arg<OrderEdits['addLineItem'], 1>) => c.admin.orderEdits.addLineItem(id, payload),
  orderEditChange,
)

/**
 * Changes the quantity of one item of an order edit.
 *
 * @example
 * useAdminOrderEditUpdateLineItem(orderEditId, itemId).mutate({ quantity: 2 })
 * @since 0.1.0
 */
export function useAdminOrderEditUpdateLineItem(
  id: string,
  itemId: string,
  options?: MutationOptions<Awaited<ReturnType<OrderEdits['updateLineItem']>>, Arg<OrderEdits['updateLineItem'], 2>>,
) {
  return useEmporiumMutation(
    (c, payload: Arg<OrderEdits['updateLineItem'], 2>) => c.admin.orderEdits.updateLineItem(id, itemId, payload),
    () => orderEditChange(id),
    options,
  )
}

/** @example useAdminOrderEditDeleteLineItem(orderEditId).mutate(itemId) */
export const useAdminOrderEditDeleteLineItem = idMutation(
  (c, id, itemId: string) => c.admin.orderEdits.removeLineItem(id, itemId),
  orderEditChange,
)
/** @example useAdminDeleteOrderEditItemChange(orderEditId).mutate(changeId) */
export const useAdminDeleteOrderEditItemChange = idMutation(
  (c, id, changeId: string) => c.admin.orderEdits.deleteItemChange(id, changeId),
  orderEditChange,
)
/** @example useAdminRequestOrderEditConfirmation(id).mutate() */
export const useAdminRequestOrderEditConfirmation = idMutation(
  (c, id) => c.admin.orderEdits.requestConfirmation(id),
  orderEditChange,
)
/** @example useAdminCancelOrderEdit(id).mutate() */
export const useAdminCancelOrderEdit = idMutation((c, id) => c.admin.orderEdits.cancel(id), orderEditChange)
/** @example useAdminConfirmOrderEdit(id).mutate() */
export const useAdminConfirmOrderEdit = idMutation(
  (c, id) => c.admin.orderEdits.confirm(id),
  (id) => [...orderEditChange(id), adminOrderKeys.all],
)

/**
 * The admin home's figures for a period ending today (an Emporium extension: `GET /admin/dashboard`).
 *
 * @example const { dashboard } = useAdminDashboard({ period: '30d' })
 */
export const useAdminDashboard = listQuery(adminDashboardKeys, (c, q?: Arg<Admin['dashboard']['retrieve'], 0>) =>
  c.admin.dashboard.retrieve(q),
)
