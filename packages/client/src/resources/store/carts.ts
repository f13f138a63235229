import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type {
  CartFindParams,
  StoreCartsRes,
  StoreCompleteCartRes,
  StorePostCartReq,
  StorePostCartsCartLineItemsItemReq,
  StorePostCartsCartLineItemsReq,
  StorePostCartsCartPaymentSessionReq,
  StorePostCartsCartPaymentSessionUpdateReq,
  StorePostCartsCartReq,
  StorePostCartsCartShippingMethodReq,
} from '../../types/store.js'
import { Resource, seg } from '../resource.js'

const cartPath = (id: string) => `/store/carts/${seg(id)}`

export class StoreLineItems extends Resource {
  create(
    cartId: string,
    payload: StorePostCartsCartLineItemsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCartsRes> {
    return this.postRequest(`${cartPath(cartId)}/line-items`, payload, undefined, headers)
  }

  update(
    cartId: string,
    lineId: string,
    payload: StorePostCartsCartLineItemsItemReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCartsRes> {
    return this.postRequest(`${cartPath(cartId)}/line-items/${seg(lineId)}`, payload, undefined, headers)
  }

  delete(cartId: string, lineId: string, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.deleteRequest(`${cartPath(cartId)}/line-items/${seg(lineId)}`, undefined, undefined, headers)
  }
}

export class StoreCarts extends Resource {
  readonly lineItems = new StoreLineItems(this.http)

  create(payload: StorePostCartReq = {}, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.postRequest('/store/carts', payload, undefined, headers)
  }

  retrieve(id: string, query?: CartFindParams, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.getRequest(cartPath(id), query, headers)
  }

  update(id: string, payload: StorePostCartsCartReq, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.postRequest(cartPath(id), payload, undefined, headers)
  }

  /** Places the order: `{ type: 'order', data }`, or the cart (or swap) when it cannot be. */
  complete(id: string, headers?: RequestHeaders): ResponsePromise<StoreCompleteCartRes> {
    return this.postRequest(`${cartPath(id)}/complete`, undefined, undefined, headers)
  }

  addShippingMethod(
    id: string,
    payload: StorePostCartsCartShippingMethodReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCartsRes> {
    return this.postRequest(`${cartPath(id)}/shipping-methods`, payload, undefined, headers)
  }

  createPaymentSessions(id: string, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.postRequest(`${cartPath(id)}/payment-sessions`, undefined, undefined, headers)
  }

  setPaymentSession(
    id: string,
    payload: StorePostCartsCartPaymentSessionReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCartsRes> {
    return this.postRequest(`${cartPath(id)}/payment-session`, payload, undefined, headers)
  }

  updatePaymentSession(
    id: string,
    providerId: string,
    payload: StorePostCartsCartPaymentSessionUpdateReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCartsRes> {
    return this.postRequest(`${cartPath(id)}/payment-sessions/${seg(providerId)}`, payload, undefined, headers)
  }

  deletePaymentSession(id: string, providerId: string, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.deleteRequest(`${cartPath(id)}/payment-sessions/${seg(providerId)}`, undefined, undefined, headers)
  }

  refreshPaymentSession(id: string, providerId: string, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.postRequest(
      `${cartPath(id)}/payment-sessions/${seg(providerId)}/refresh`,
      undefined,
      undefined,
      headers,
    )
  }

  deleteDiscount(id: string, code: string, headers?: RequestHeaders): ResponsePromise<StoreCartsRes> {
    return this.deleteRequest(`${cartPath(id)}/discounts/${seg(code)}`, undefined, undefined, headers)
  }
}
