import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminOrderReservationsListRes,
  AdminOrdersListRes,
  AdminOrdersRes,
  AdminPaymentRes,
  AdminRefundRes,
  AdminReservationsRes,
} from '../../../modules/orders/admin/contract.js'
import {
  StoreCustomersListOrdersRes,
  StoreOrdersRes,
  StorePostCartsCartCompleteRes,
} from '../../../modules/orders/contract.js'
import { AdminDashboardRes } from '../../../modules/orders/dashboard/contract.js'
import {
  AdminDraftOrderDeleteRes,
  AdminDraftOrderPayRes,
  AdminDraftOrdersListRes,
  AdminDraftOrdersRes,
} from '../../../modules/orders/draft-orders/contract.js'
import {
  AdminOrderEditsListRes,
  OrderEditDeleteRes,
  OrderEditRes,
  OrderItemChangeDeleteRes,
} from '../../../modules/orders/edits/contract.js'
import { ReturnReasonsListRes, ReturnReasonsRes } from '../../../modules/orders/return-reasons/contract.js'
import { AdminReturnsListRes, ReturnsRes } from '../../../modules/orders/returns/contract.js'
import { AdminSwapsListRes, SwapRes } from '../../../modules/orders/swaps/contract.js'
import { AdminOrderTimelineRes } from '../../../modules/orders/timeline/contract.js'
import { Unknown } from '../client.js'

/** The schemas by name, so that declarations stay small. */
export type OrdersRoutes = {
  'POST /store/carts/:id/complete': typeof StorePostCartsCartCompleteRes
  'POST /store/carts/:id/complete-cart': typeof StorePostCartsCartCompleteRes
  'GET /admin/dashboard': typeof AdminDashboardRes
  'GET /admin/draft-orders': typeof AdminDraftOrdersListRes
  'POST /admin/draft-orders': typeof AdminDraftOrdersRes
  'DELETE /admin/draft-orders/:id': typeof AdminDraftOrderDeleteRes
  'GET /admin/draft-orders/:id': typeof AdminDraftOrdersRes
  'POST /admin/draft-orders/:id': typeof AdminDraftOrdersRes
  'POST /admin/draft-orders/:id/line-items': typeof AdminDraftOrdersRes
  'DELETE /admin/draft-orders/:id/line-items/:line_id': typeof AdminDraftOrdersRes
  'POST /admin/draft-orders/:id/line-items/:line_id': typeof AdminDraftOrdersRes
  'POST /admin/draft-orders/:id/pay': typeof AdminDraftOrderPayRes
  'GET /admin/order-edits': typeof AdminOrderEditsListRes
  'POST /admin/order-edits': typeof OrderEditRes
  'DELETE /admin/order-edits/:id': typeof OrderEditDeleteRes
  'GET /admin/order-edits/:id': typeof OrderEditRes
  'POST /admin/order-edits/:id': typeof OrderEditRes
  'POST /admin/order-edits/:id/cancel': typeof OrderEditRes
  'DELETE /admin/order-edits/:id/changes/:change_id': typeof OrderItemChangeDeleteRes
  'POST /admin/order-edits/:id/confirm': typeof OrderEditRes
  'POST /admin/order-edits/:id/items': typeof OrderEditRes
  'DELETE /admin/order-edits/:id/items/:item_id': typeof OrderEditRes
  'POST /admin/order-edits/:id/items/:item_id': typeof OrderEditRes
  'POST /admin/order-edits/:id/request': typeof OrderEditRes
  'GET /admin/orders': typeof AdminOrdersListRes
  'GET /admin/orders/:id': typeof AdminOrdersRes
  'POST /admin/orders/:id': typeof AdminOrdersRes
  'POST /admin/orders/:id/archive': typeof AdminOrdersRes
  'POST /admin/orders/:id/cancel': typeof AdminOrdersRes
  'POST /admin/orders/:id/capture': typeof AdminOrdersRes
  'POST /admin/orders/:id/claims': typeof AdminOrdersRes
  'POST /admin/orders/:id/claims/:claim_id': typeof AdminOrdersRes
  'POST /admin/orders/:id/claims/:claim_id/cancel': typeof AdminOrdersRes
  'POST /admin/orders/:id/claims/:claim_id/fulfillments': typeof AdminOrdersRes
  'POST /admin/orders/:id/claims/:claim_id/fulfillments/:fulfillment_id/cancel': typeof AdminOrdersRes
  'POST /admin/orders/:id/claims/:claim_id/shipments': typeof AdminOrdersRes
  'POST /admin/orders/:id/complete': typeof AdminOrdersRes
  'POST /admin/orders/:id/fulfillment': typeof AdminOrdersRes
  'POST /admin/orders/:id/fulfillments/:fulfillment_id/cancel': typeof AdminOrdersRes
  'POST /admin/orders/:id/line-items/:line_item_id/reserve': typeof AdminReservationsRes
  'POST /admin/orders/:id/refund': typeof AdminOrdersRes
  'GET /admin/orders/:id/reservations': typeof AdminOrderReservationsListRes
  'POST /admin/orders/:id/return': typeof AdminOrdersRes
  'POST /admin/orders/:id/shipment': typeof AdminOrdersRes
  'POST /admin/orders/:id/shipping-methods': typeof AdminOrdersRes
  'POST /admin/orders/:id/swaps': typeof AdminOrdersRes
  'POST /admin/orders/:id/swaps/:swap_id/cancel': typeof AdminOrdersRes
  'POST /admin/orders/:id/swaps/:swap_id/fulfillments': typeof AdminOrdersRes
  'POST /admin/orders/:id/swaps/:swap_id/fulfillments/:fulfillment_id/cancel': typeof AdminOrdersRes
  'POST /admin/orders/:id/swaps/:swap_id/process-payment': typeof AdminOrdersRes
  'POST /admin/orders/:id/swaps/:swap_id/shipments': typeof AdminOrdersRes
  'GET /admin/orders/:id/timeline': typeof AdminOrderTimelineRes
  'GET /admin/payments/:id': typeof AdminPaymentRes
  'POST /admin/payments/:id/capture': typeof AdminPaymentRes
  'POST /admin/payments/:id/refund': typeof AdminRefundRes
  'GET /admin/return-reasons': typeof ReturnReasonsListRes
  'POST /admin/return-reasons': typeof ReturnReasonsRes
  'DELETE /admin/return-reasons/:id': typeof DeleteResponse
  'GET /admin/return-reasons/:id': typeof ReturnReasonsRes
  'POST /admin/return-reasons/:id': typeof ReturnReasonsRes
  'GET /admin/returns': typeof AdminReturnsListRes
  'POST /admin/returns/:id/cancel': typeof AdminOrdersRes
  'POST /admin/returns/:id/receive': typeof ReturnsRes
  'GET /admin/swaps': typeof AdminSwapsListRes
  'GET /admin/swaps/:id': typeof SwapRes
  'GET /store/customers/me/orders': typeof StoreCustomersListOrdersRes
  'GET /store/order-edits/:id': typeof OrderEditRes
  'POST /store/order-edits/:id/complete': typeof OrderEditRes
  'POST /store/order-edits/:id/decline': typeof OrderEditRes
  'GET /store/orders': typeof StoreOrdersRes
  'GET /store/orders/:id': typeof StoreOrdersRes
  'POST /store/orders/batch/customer/token': typeof Unknown
  'GET /store/orders/cart/:cart_id': typeof StoreOrdersRes
  'POST /store/orders/customer/confirm': typeof Unknown
  'GET /store/return-reasons': typeof ReturnReasonsListRes
  'GET /store/return-reasons/:id': typeof ReturnReasonsRes
  'POST /store/returns': typeof ReturnsRes
  'POST /store/swaps': typeof SwapRes
  'GET /store/swaps/:cart_id': typeof SwapRes
}

export const ordersRoutes: OrdersRoutes = {
  'POST /store/carts/:id/complete': StorePostCartsCartCompleteRes,
  'POST /store/carts/:id/complete-cart': StorePostCartsCartCompleteRes,
  'GET /admin/dashboard': AdminDashboardRes,
  'GET /admin/draft-orders': AdminDraftOrdersListRes,
  'POST /admin/draft-orders': AdminDraftOrdersRes,
  'DELETE /admin/draft-orders/:id': AdminDraftOrderDeleteRes,
  'GET /admin/draft-orders/:id': AdminDraftOrdersRes,
  'POST /admin/draft-orders/:id': AdminDraftOrdersRes,
  'POST /admin/draft-orders/:id/line-items': AdminDraftOrdersRes,
  'DELETE /admin/draft-orders/:id/line-items/:line_id': AdminDraftOrdersRes,
  'POST /admin/draft-orders/:id/line-items/:line_id': AdminDraftOrdersRes,
  'POST /admin/draft-orders/:id/pay': AdminDraftOrderPayRes,
  'GET /admin/order-edits': AdminOrderEditsListRes,
  'POST /admin/order-edits': OrderEditRes,
  'DELETE /admin/order-edits/:id': OrderEditDeleteRes,
  'GET /admin/order-edits/:id': OrderEditRes,
  'POST /admin/order-edits/:id': OrderEditRes,
  'POST /admin/order-edits/:id/cancel': OrderEditRes,
  'DELETE /admin/order-edits/:id/changes/:change_id': OrderItemChangeDeleteRes,
  'POST /admin/order-edits/:id/confirm': OrderEditRes,
  'POST /admin/order-edits/:id/items': OrderEditRes,
  'DELETE /admin/order-edits/:id/items/:item_id': OrderEditRes,
  'POST /admin/order-edits/:id/items/:item_id': OrderEditRes,
  'POST /admin/order-edits/:id/request': OrderEditRes,
  'GET /admin/orders': AdminOrdersListRes,
  'GET /admin/orders/:id': AdminOrdersRes,
  'POST /admin/orders/:id': AdminOrdersRes,
  'POST /admin/orders/:id/archive': AdminOrdersRes,
  'POST /admin/orders/:id/cancel': AdminOrdersRes,
  'POST /admin/orders/:id/capture': AdminOrdersRes,
  'POST /admin/orders/:id/claims': AdminOrdersRes,
  'POST /admin/orders/:id/claims/:claim_id': AdminOrdersRes,
  'POST /admin/orders/:id/claims/:claim_id/cancel': AdminOrdersRes,
  'POST /admin/orders/:id/claims/:claim_id/fulfillments': AdminOrdersRes,
  'POST /admin/orders/:id/claims/:claim_id/fulfillments/:fulfillment_id/cancel': AdminOrdersRes,
  'POST /admin/orders/:id/claims/:claim_id/shipments': AdminOrdersRes,
  'POST /admin/orders/:id/complete': AdminOrdersRes,
  'POST /admin/orders/:id/fulfillment': AdminOrdersRes,
  'POST /admin/orders/:id/fulfillments/:fulfillment_id/cancel': AdminOrdersRes,
  'POST /admin/orders/:id/line-items/:line_item_id/reserve': AdminReservationsRes,
  'POST /admin/orders/:id/refund': AdminOrdersRes,
  'GET /admin/orders/:id/reservations': AdminOrderReservationsListRes,
  'POST /admin/orders/:id/return': AdminOrdersRes,
  'POST /admin/orders/:id/shipment': AdminOrdersRes,
  'POST /admin/orders/:id/shipping-methods': AdminOrdersRes,
  'POST /admin/orders/:id/swaps': AdminOrdersRes,
  'POST /admin/orders/:id/swaps/:swap_id/cancel': AdminOrdersRes,
  'POST /admin/orders/:id/swaps/:swap_id/fulfillments': AdminOrdersRes,
  'POST /admin/orders/:id/swaps/:swap_id/fulfillments/:fulfillment_id/cancel': AdminOrdersRes,
  'POST /admin/orders/:id/swaps/:swap_id/process-payment': AdminOrdersRes,
  'POST /admin/orders/:id/swaps/:swap_id/shipments': AdminOrdersRes,
  'GET /admin/orders/:id/timeline': AdminOrderTimelineRes,
  'GET /admin/payments/:id': AdminPaymentRes,
  'POST /admin/payments/:id/capture': AdminPaymentRes,
  'POST /admin/payments/:id/refund': AdminRefundRes,
  'GET /admin/return-reasons': ReturnReasonsListRes,
  'POST /admin/return-reasons': ReturnReasonsRes,
  'DELETE /admin/return-reasons/:id': DeleteResponse,
  'GET /admin/return-reasons/:id': ReturnReasonsRes,
  'POST /admin/return-reasons/:id': ReturnReasonsRes,
  'GET /admin/returns': AdminReturnsListRes,
  'POST /admin/returns/:id/cancel': AdminOrdersRes,
  'POST /admin/returns/:id/receive': ReturnsRes,
  'GET /admin/swaps': AdminSwapsListRes,
  'GET /admin/swaps/:id': SwapRes,
  'GET /store/customers/me/orders': StoreCustomersListOrdersRes,
  'GET /store/order-edits/:id': OrderEditRes,
  'POST /store/order-edits/:id/complete': OrderEditRes,
  'POST /store/order-edits/:id/decline': OrderEditRes,
  'GET /store/orders': StoreOrdersRes,
  'GET /store/orders/:id': StoreOrdersRes,
  'POST /store/orders/batch/customer/token': Unknown,
  'GET /store/orders/cart/:cart_id': StoreOrdersRes,
  'POST /store/orders/customer/confirm': Unknown,
  'GET /store/return-reasons': ReturnReasonsListRes,
  'GET /store/return-reasons/:id': ReturnReasonsRes,
  'POST /store/returns': ReturnsRes,
  'POST /store/swaps': SwapRes,
  'GET /store/swaps/:cart_id': SwapRes,
}
