import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type {
  StoreOrderEditsRes,
  StorePostOrderEditsOrderEditDecline,
  StorePostReturnsReq,
  StoreReturnReasonsListRes,
  StoreReturnReasonsRes,
  StoreReturnsRes,
  StorePostSwapsReq,
  StoreSwapsRes,
} from '../../types/store.js'
import type {
  StoreGetOrdersParams,
  StoreGiftCardsRes,
  StoreOrderFindParams,
  StoreOrdersRes,
  StorePostCustomersCustomerAcceptClaimReq,
  StorePostCustomersCustomerOrderClaimReq,
} from '../../types/store.js'
import { Resource, seg } from '../resource.js'

export class StoreOrders extends Resource {
  retrieve(id: string, query?: StoreOrderFindParams, headers?: RequestHeaders): ResponsePromise<StoreOrdersRes> {
    return this.getRequest(`/store/orders/${seg(id)}`, query, headers)
  }

  retrieveByCartId(
    cartId: string,
    query?: StoreOrderFindParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreOrdersRes> {
    return this.getRequest(`/store/orders/cart/${seg(cartId)}`, query, headers)
  }

  /** Finds an order by display id and e-mail. */
  lookupOrder(query: StoreGetOrdersParams, headers?: RequestHeaders): ResponsePromise<StoreOrdersRes> {
    return this.getRequest('/store/orders', query, headers)
  }

  /** Asks for the right to claim guest orders; a token goes to the orders' e-mail. */
  requestCustomerOrders(
    payload: StorePostCustomersCustomerOrderClaimReq,
    headers?: RequestHeaders,
  ): ResponsePromise<Record<string, never>> {
    return this.postRequest('/store/orders/batch/customer/token', payload, undefined, headers)
  }

  confirmRequest(
    payload: StorePostCustomersCustomerAcceptClaimReq,
    headers?: RequestHeaders,
  ): ResponsePromise<Record<string, never>> {
    return this.postRequest('/store/orders/customer/confirm', payload, undefined, headers)
  }
}

export class StoreOrderEdits extends Resource {
  retrieve(id: string, headers?: RequestHeaders): ResponsePromise<StoreOrderEditsRes> {
    return this.getRequest(`/store/order-edits/${seg(id)}`, undefined, headers)
  }

  decline(
    id: string,
    payload: StorePostOrderEditsOrderEditDecline = {},
    headers?: RequestHeaders,
  ): ResponsePromise<StoreOrderEditsRes> {
    return this.postRequest(`/store/order-edits/${seg(id)}/decline`, payload, undefined, headers)
  }

  complete(id: string, headers?: RequestHeaders): ResponsePromise<StoreOrderEditsRes> {
    return this.postRequest(`/store/order-edits/${seg(id)}/complete`, undefined, undefined, headers)
  }
}

export type { StoreGiftCardsRes }

export class StoreGiftCards extends Resource {
  /** Looks a gift card up by its code. */
  retrieve(code: string, headers?: RequestHeaders): ResponsePromise<StoreGiftCardsRes> {
    return this.getRequest(`/store/gift-cards/${seg(code)}`, undefined, headers)
  }
}

export class StoreReturnReasons extends Resource {
  list(headers?: RequestHeaders): ResponsePromise<StoreReturnReasonsListRes> {
    return this.getRequest('/store/return-reasons', undefined, headers)
  }

  retrieve(id: string, headers?: RequestHeaders): ResponsePromise<StoreReturnReasonsRes> {
    return this.getRequest(`/store/return-reasons/${seg(id)}`, undefined, headers)
  }
}

export class StoreReturns extends Resource {
  create(payload: StorePostReturnsReq, headers?: RequestHeaders): ResponsePromise<StoreReturnsRes> {
    return this.postRequest('/store/returns', payload, undefined, headers)
  }
}

export class StoreSwaps extends Resource {
  create(payload: StorePostSwapsReq, headers?: RequestHeaders): ResponsePromise<StoreSwapsRes> {
    return this.postRequest('/store/swaps', payload, undefined, headers)
  }

  retrieveByCartId(cartId: string, headers?: RequestHeaders): ResponsePromise<StoreSwapsRes> {
    return this.getRequest(`/store/swaps/${seg(cartId)}`, undefined, headers)
  }
}
