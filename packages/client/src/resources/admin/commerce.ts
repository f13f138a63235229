import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type * as T from '../../types/admin.js'
import type { AdminOrdersRes } from '../../types/admin.js'
import type { Payload } from '../../types/local.js'
import { CrudResource } from '../crud.js'
import { Resource, seg } from '../resource.js'

/** Routes of SPEC §7 "Admin" whose server contracts are still to come: typed with local types. */

export type { AdminOrdersRes }

export class AdminOrders extends Resource {
  private at(id: string, rest = ''): string {
    return `/admin/orders/${seg(id)}${rest}`
  }

  retrieve(id: string, query?: T.AdminOrderFindParams, headers?: RequestHeaders): ResponsePromise<AdminOrdersRes> {
    return this.getRequest(this.at(id), query, headers)
  }

  list(query?: T.AdminGetOrdersParams, headers?: RequestHeaders): ResponsePromise<T.AdminOrdersListRes> {
    return this.getRequest('/admin/orders', query, headers)
  }

  update(id: string, payload: T.AdminPostOrdersOrderReq, headers?: RequestHeaders): ResponsePromise<AdminOrdersRes> {
    return this.postRequest(this.at(id), payload, undefined, headers)
  }

  /** The order's history, oldest first (an Emporium extension: `GET /admin/orders/{id}/timeline`). */
  timeline(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminOrderTimelineRes> {
    return this.getRequest(this.at(id, '/timeline'), undefined, headers)
  }

  /** POST `/admin/orders/{id}{action}`: the order's state changes all answer with the order. */
  private act(
    id: string,
    action: string,
    payload?: Payload,
    headers?: RequestHeaders,
  ): ResponsePromise<AdminOrdersRes> {
    return this.postRequest(this.at(id, action), payload, undefined, headers)
  }

  complete(id: string, headers?: RequestHeaders) {
    return this.act(id, '/complete', undefined, headers)
  }

  capturePayment(id: string, headers?: RequestHeaders) {
    return this.act(id, '/capture', undefined, headers)
  }

  refundPayment(id: string, payload: T.AdminPostOrdersOrderRefundsReq, headers?: RequestHeaders) {
    return this.act(id, '/refund', payload, headers)
  }

  createFulfillment(id: string, payload: T.AdminPostOrdersOrderFulfillmentsReq, headers?: RequestHeaders) {
    return this.act(id, '/fulfillment', payload, headers)
  }

  cancelFulfillment(id: string, fulfillmentId: string, headers?: RequestHeaders) {
    return this.act(id, `/fulfillments/${seg(fulfillmentId)}/cancel`, undefined, headers)
  }

  createShipment(id: string, payload: T.AdminPostOrdersOrderShipmentReq, headers?: RequestHeaders) {
    return this.act(id, '/shipment', payload, headers)
  }

  requestReturn(id: string, payload: T.AdminPostOrdersOrderReturnsReq, headers?: RequestHeaders) {
    return this.act(id, '/return', payload, headers)
  }

  cancel(id: string, headers?: RequestHeaders) {
    return this.act(id, '/cancel', undefined, headers)
  }

  addShippingMethod(id: string, payload: T.AdminPostOrdersOrderShippingMethodsReq, headers?: RequestHeaders) {
    return this.act(id, '/shipping-methods', payload, headers)
  }

  archive(id: string, headers?: RequestHeaders) {
    return this.act(id, '/archive', undefined, headers)
  }

  /** The reservations of the order's lines (inventory module). */
  listReservations(
    id: string,
    query?: T.AdminGetOrdersOrderReservationsParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminOrderReservationsListRes> {
    return this.getRequest(this.at(id, '/reservations'), query, headers)
  }

  /** Reserves what a line has neither fulfilled nor reserved yet (inventory module). */
  reserveLineItem(
    id: string,
    lineItemId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminOrderLineItemReservationRes> {
    return this.postRequest(this.at(id, `/line-items/${seg(lineItemId)}/reserve`), {}, undefined, headers)
  }

  createSwap(id: string, payload: T.AdminPostOrdersOrderSwapsReq, headers?: RequestHeaders) {
    return this.act(id, '/swaps', payload, headers)
  }

  cancelSwap(id: string, swapId: string, headers?: RequestHeaders) {
    return this.act(id, `/swaps/${seg(swapId)}/cancel`, undefined, headers)
  }

  fulfillSwap(
    id: string,
    swapId: string,
    payload: T.AdminPostOrdersSwapFulfillmentsReq = {},
    headers?: RequestHeaders,
  ) {
    return this.act(id, `/swaps/${seg(swapId)}/fulfillments`, payload, headers)
  }

  createSwapShipment(id: string, swapId: string, payload: T.AdminPostOrdersSwapShipmentsReq, headers?: RequestHeaders) {
    return this.act(id, `/swaps/${seg(swapId)}/shipments`, payload, headers)
  }

  processSwapPayment(id: string, swapId: string, headers?: RequestHeaders) {
    return this.act(id, `/swaps/${seg(swapId)}/process-payment`, undefined, headers)
  }

  cancelSwapFulfillment(id: string, swapId: string, fulfillmentId: string, headers?: RequestHeaders) {
    return this.act(id, `/swaps/${seg(swapId)}/fulfillments/${seg(fulfillmentId)}/cancel`, undefined, headers)
  }

  createClaim(id: string, payload: Payload, headers?: RequestHeaders) {
    return this.act(id, '/claims', payload, headers)
  }

  updateClaim(id: string, claimId: string, payload: Payload, headers?: RequestHeaders) {
    return this.act(id, `/claims/${seg(claimId)}`, payload, headers)
  }

  cancelClaim(id: string, claimId: string, headers?: RequestHeaders) {
    return this.act(id, `/claims/${seg(claimId)}/cancel`, undefined, headers)
  }

  fulfillClaim(id: string, claimId: string, payload: Payload = {}, headers?: RequestHeaders) {
    return this.act(id, `/claims/${seg(claimId)}/fulfillments`, payload, headers)
  }

  createClaimShipment(
    id: string,
    claimId: string,
    payload: { fulfillment_id: string; tracking_numbers?: string[] },
    headers?: RequestHeaders,
  ) {
    return this.act(id, `/claims/${seg(claimId)}/shipments`, payload, headers)
  }

  cancelClaimFulfillment(id: string, claimId: string, fulfillmentId: string, headers?: RequestHeaders) {
    return this.act(id, `/claims/${seg(claimId)}/fulfillments/${seg(fulfillmentId)}/cancel`, undefined, headers)
  }
}

export class AdminSwaps extends Resource {
  retrieve(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminSwapsRes> {
    return this.getRequest(`/admin/swaps/${seg(id)}`, undefined, headers)
  }

  list(query?: T.AdminGetSwapsParams, headers?: RequestHeaders): ResponsePromise<T.AdminSwapsListRes> {
    return this.getRequest('/admin/swaps', query, headers)
  }
}

export class AdminReturns extends Resource {
  list(query?: T.AdminGetReturnsParams, headers?: RequestHeaders): ResponsePromise<T.AdminReturnsListRes> {
    return this.getRequest('/admin/returns', query, headers)
  }

  cancel(id: string, headers?: RequestHeaders): ResponsePromise<AdminOrdersRes> {
    return this.postRequest(`/admin/returns/${seg(id)}/cancel`, undefined, undefined, headers)
  }

  receive(
    id: string,
    payload: T.AdminPostReturnsReturnReceiveReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminReturnsRes> {
    return this.postRequest(`/admin/returns/${seg(id)}/receive`, payload, undefined, headers)
  }
}

export class AdminDraftOrders extends CrudResource<{
  create: T.AdminPostDraftOrdersReq
  update: T.AdminPostDraftOrdersDraftOrderReq
  listQuery: T.AdminGetDraftOrdersParams
  retrieveQuery: Record<string, never>
  one: T.AdminDraftOrdersRes
  list: T.AdminDraftOrdersListRes
}> {
  protected readonly path = '/admin/draft-orders'

  /** Marks the draft paid, which turns it into an order. */
  markPaid(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminDraftOrderPayRes> {
    return this.postRequest(`${this.itemPath(id)}/pay`, undefined, undefined, headers)
  }

  addLineItem(
    id: string,
    payload: T.AdminPostDraftOrdersDraftOrderLineItemsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDraftOrdersRes> {
    return this.postRequest(`${this.itemPath(id)}/line-items`, payload, undefined, headers)
  }

  updateLineItem(
    id: string,
    itemId: string,
    payload: T.AdminPostDraftOrdersDraftOrderLineItemsItemReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDraftOrdersRes> {
    return this.postRequest(`${this.itemPath(id)}/line-items/${seg(itemId)}`, payload, undefined, headers)
  }

  removeLineItem(id: string, itemId: string, headers?: RequestHeaders): ResponsePromise<T.AdminDraftOrdersRes> {
    return this.deleteRequest(`${this.itemPath(id)}/line-items/${seg(itemId)}`, undefined, undefined, headers)
  }
}

export class AdminOrderEdits extends CrudResource<{
  create: T.AdminPostOrderEditsReq
  update: T.AdminPostOrderEditsEditReq
  listQuery: T.AdminGetOrderEditsParams
  retrieveQuery: T.AdminGetOrderEditsOrderEditParams
  one: T.AdminOrderEditsRes
  list: T.AdminOrderEditsListRes
}> {
  protected readonly path = '/admin/order-edits'

  private step(
    id: string,
    rest: string,
    payload?: object,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminOrderEditsRes> {
    return this.postRequest(`${this.itemPath(id)}${rest}`, payload, undefined, headers)
  }

  addLineItem(id: string, payload: T.AdminPostOrderEditsEditLineItemsReq, headers?: RequestHeaders) {
    return this.step(id, '/items', payload, headers)
  }

  updateLineItem(
    id: string,
    itemId: string,
    payload: T.AdminPostOrderEditsEditLineItemsLineItemReq,
    headers?: RequestHeaders,
  ) {
    return this.step(id, `/items/${seg(itemId)}`, payload, headers)
  }

  removeLineItem(id: string, itemId: string, headers?: RequestHeaders): ResponsePromise<T.AdminOrderEditsRes> {
    return this.deleteRequest(`${this.itemPath(id)}/items/${seg(itemId)}`, undefined, undefined, headers)
  }

  deleteItemChange(
    id: string,
    changeId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminOrderEditItemChangeDeleteRes> {
    return this.deleteRequest(`${this.itemPath(id)}/changes/${seg(changeId)}`, undefined, undefined, headers)
  }

  requestConfirmation(id: string, payload?: T.AdminPostOrderEditsRequestConfirmationReq, headers?: RequestHeaders) {
    return this.step(id, '/request', payload, headers)
  }

  cancel(id: string, headers?: RequestHeaders) {
    return this.step(id, '/cancel', undefined, headers)
  }

  confirm(id: string, headers?: RequestHeaders) {
    return this.step(id, '/confirm', undefined, headers)
  }
}

export class AdminDiscounts extends CrudResource<{
  create: T.AdminPostDiscountsReq
  update: T.AdminPostDiscountsDiscountReq
  listQuery: T.AdminGetDiscountsParams
  retrieveQuery: T.AdminDiscountFindParams
  one: T.AdminDiscountsRes
  list: T.AdminDiscountsListRes
}> {
  protected readonly path = '/admin/discounts'

  private discountCall(
    method: 'POST' | 'DELETE',
    id: string,
    rest: string,
    payload?: object,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDiscountsRes> {
    const path = `${this.itemPath(id)}${rest}`
    return method === 'POST'
      ? this.postRequest<T.AdminDiscountsRes>(path, payload, undefined, headers)
      : this.deleteRequest<T.AdminDiscountsRes>(path, payload, undefined, headers)
  }

  retrieveByCode(
    code: string,
    query?: T.AdminDiscountFindParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDiscountsRes> {
    return this.getRequest(`/admin/discounts/code/${seg(code)}`, query, headers)
  }

  addRegion(id: string, regionId: string, headers?: RequestHeaders) {
    return this.discountCall('POST', id, `/regions/${seg(regionId)}`, undefined, headers)
  }

  removeRegion(id: string, regionId: string, headers?: RequestHeaders) {
    return this.discountCall('DELETE', id, `/regions/${seg(regionId)}`, undefined, headers)
  }

  createDynamicCode(id: string, payload: T.AdminPostDiscountsDynamicCodesReq, headers?: RequestHeaders) {
    return this.discountCall('POST', id, '/dynamic-codes', payload, headers)
  }

  deleteDynamicCode(id: string, code: string, headers?: RequestHeaders) {
    return this.discountCall('DELETE', id, `/dynamic-codes/${seg(code)}`, undefined, headers)
  }

  getCondition(
    id: string,
    conditionId: string,
    query?: T.AdminDiscountFindParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDiscountConditionsRes> {
    return this.getRequest(`${this.itemPath(id)}/conditions/${seg(conditionId)}`, query, headers)
  }

  createCondition(id: string, payload: T.AdminDiscountConditionInput, headers?: RequestHeaders) {
    return this.discountCall('POST', id, '/conditions', payload, headers)
  }

  updateCondition(
    id: string,
    conditionId: string,
    payload: T.AdminPostDiscountConditionResourcesReq,
    headers?: RequestHeaders,
  ) {
    return this.discountCall('POST', id, `/conditions/${seg(conditionId)}`, payload, headers)
  }

  deleteCondition(
    id: string,
    conditionId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDiscountConditionsDeleteRes> {
    return this.deleteRequest(`${this.itemPath(id)}/conditions/${seg(conditionId)}`, undefined, undefined, headers)
  }

  addConditionResourceBatch(
    id: string,
    conditionId: string,
    payload: T.AdminDiscountConditionBatchReq,
    headers?: RequestHeaders,
  ) {
    return this.discountCall('POST', id, `/conditions/${seg(conditionId)}/batch`, payload, headers)
  }

  deleteConditionResourceBatch(
    id: string,
    conditionId: string,
    payload: T.AdminDiscountConditionBatchReq,
    headers?: RequestHeaders,
  ) {
    return this.discountCall('DELETE', id, `/conditions/${seg(conditionId)}/batch`, payload, headers)
  }
}

export class AdminGiftCards extends CrudResource<{
  create: T.AdminPostGiftCardsReq
  update: T.AdminPostGiftCardsGiftCardReq
  listQuery: T.AdminGetGiftCardsParams
  retrieveQuery: Record<string, never>
  one: T.AdminGiftCardsRes
  list: T.AdminGiftCardsListRes
}> {
  protected readonly path = '/admin/gift-cards'
}

export class AdminNotes extends CrudResource<{
  create: T.AdminPostNotesReq
  update: T.AdminPostNotesNoteReq
  listQuery: T.AdminGetNotesParams
  retrieveQuery: Record<string, never>
  one: T.AdminNotesRes
  list: T.AdminNotesListRes
}> {
  protected readonly path = '/admin/notes'
}

export class AdminReturnReasons extends CrudResource<{
  create: T.AdminPostReturnReasonsReq
  update: T.AdminPostReturnReasonsReasonReq
  listQuery: Record<string, never>
  retrieveQuery: Record<string, never>
  one: T.AdminReturnReasonsRes
  list: T.AdminReturnReasonsListRes
}> {
  protected readonly path = '/admin/return-reasons'
}

export class AdminPriceLists extends CrudResource<{
  create: T.AdminPostPriceListsPriceListReq
  update: T.AdminPostPriceListsPriceListPriceListReq
  listQuery: T.AdminGetPriceListPaginationParams
  retrieveQuery: Record<string, never>
  one: T.AdminPriceListRes
  list: T.AdminPriceListsListRes
}> {
  protected readonly path = '/admin/price-lists'

  listProducts(
    id: string,
    query?: T.AdminGetPriceListsPriceListProductsParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductsListRes> {
    return this.getRequest(`${this.itemPath(id)}/products`, query, headers)
  }

  addPrices(
    id: string,
    payload: T.AdminPostPriceListPricesPricesReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPriceListRes> {
    return this.postRequest(`${this.itemPath(id)}/prices/batch`, payload, undefined, headers)
  }

  deletePrices(
    id: string,
    payload: T.AdminDeletePriceListPricesPricesReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPriceListDeleteBatchRes> {
    return this.deleteRequest(`${this.itemPath(id)}/prices/batch`, payload, undefined, headers)
  }

  deleteProductPrices(
    id: string,
    productId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPriceListDeleteBatchRes> {
    return this.deleteRequest(`${this.itemPath(id)}/products/${seg(productId)}/prices`, undefined, undefined, headers)
  }

  deleteVariantPrices(
    id: string,
    variantId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPriceListDeleteBatchRes> {
    return this.deleteRequest(`${this.itemPath(id)}/variants/${seg(variantId)}/prices`, undefined, undefined, headers)
  }

  deleteProductsPrices(
    id: string,
    payload: T.AdminDeletePriceListsPriceListProductsPricesBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPriceListDeleteBatchRes> {
    return this.deleteRequest(`${this.itemPath(id)}/products/prices/batch`, payload, undefined, headers)
  }
}

export class AdminNotifications extends Resource {
  list(query?: T.AdminGetNotificationsParams, headers?: RequestHeaders): ResponsePromise<T.AdminNotificationsListRes> {
    return this.getRequest('/admin/notifications', query, headers)
  }

  resend(
    id: string,
    payload: T.AdminPostNotificationsNotificationResendReq = {},
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminNotificationsRes> {
    return this.postRequest(`/admin/notifications/${seg(id)}/resend`, payload, undefined, headers)
  }
}
