import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type {
  GetPaymentCollectionParams,
  RegionFindParams,
  StoreGetRegionsParams,
  StoreGetShippingOptionsParams,
  StorePaymentCollectionSessionRes,
  StorePaymentCollectionsRes,
  StorePostPaymentCollectionsBatchSessionsAuthorizeReq,
  StorePostPaymentCollectionsBatchSessionsReq,
  StorePostPaymentCollectionsSessionReq,
  StoreRegionsListRes,
  StoreRegionsRes,
  StoreShippingOptionsListRes,
} from '../../types/store.js'
import { Resource, seg } from '../resource.js'

export class StoreRegions extends Resource {
  list(query?: StoreGetRegionsParams, headers?: RequestHeaders): ResponsePromise<StoreRegionsListRes> {
    return this.getRequest('/store/regions', query, headers)
  }

  retrieve(id: string, query?: RegionFindParams, headers?: RequestHeaders): ResponsePromise<StoreRegionsRes> {
    return this.getRequest(`/store/regions/${seg(id)}`, query, headers)
  }
}

export class StoreShippingOptions extends Resource {
  list(query?: StoreGetShippingOptionsParams, headers?: RequestHeaders): ResponsePromise<StoreShippingOptionsListRes> {
    return this.getRequest('/store/shipping-options', query, headers)
  }

  /** The options a cart can use. */
  listCartOptions(cartId: string, headers?: RequestHeaders): ResponsePromise<StoreShippingOptionsListRes> {
    return this.getRequest(`/store/shipping-options/${seg(cartId)}`, undefined, headers)
  }
}

const collectionPath = (id: string) => `/store/payment-collections/${seg(id)}`

export class StorePaymentCollections extends Resource {
  retrieve(
    id: string,
    query?: GetPaymentCollectionParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StorePaymentCollectionsRes> {
    return this.getRequest(collectionPath(id), query, headers)
  }

  managePaymentSession(
    id: string,
    payload: StorePostPaymentCollectionsSessionReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StorePaymentCollectionsRes> {
    return this.postRequest(`${collectionPath(id)}/sessions`, payload, undefined, headers)
  }

  managePaymentSessionsBatch(
    id: string,
    payload: StorePostPaymentCollectionsBatchSessionsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StorePaymentCollectionsRes> {
    return this.postRequest(`${collectionPath(id)}/sessions/batch`, payload, undefined, headers)
  }

  authorizePaymentSessionsBatch(
    id: string,
    payload: StorePostPaymentCollectionsBatchSessionsAuthorizeReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StorePaymentCollectionsRes> {
    return this.postRequest(`${collectionPath(id)}/sessions/batch/authorize`, payload, undefined, headers)
  }

  refreshPaymentSession(
    id: string,
    sessionId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<StorePaymentCollectionSessionRes> {
    return this.postRequest(`${collectionPath(id)}/sessions/${seg(sessionId)}`, undefined, undefined, headers)
  }

  authorizePaymentSession(
    id: string,
    sessionId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<StorePaymentCollectionSessionRes> {
    return this.postRequest(`${collectionPath(id)}/sessions/${seg(sessionId)}/authorize`, undefined, undefined, headers)
  }
}
