import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type * as T from '../../types/admin.js'
import type { Payload } from '../../types/local.js'
import { Resource, seg } from '../resource.js'

export class AdminPayments extends Resource {
  retrieve(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminPaymentRes> {
    return this.getRequest(`/admin/payments/${seg(id)}`, undefined, headers)
  }

  capturePayment(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminPaymentRes> {
    return this.postRequest(`/admin/payments/${seg(id)}/capture`, undefined, undefined, headers)
  }

  refundPayment(
    id: string,
    payload: T.AdminPostPaymentRefundsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminRefundRes> {
    return this.postRequest(`/admin/payments/${seg(id)}/refund`, payload, undefined, headers)
  }
}

/** The admin home's figures (an Emporium extension: `GET /admin/dashboard`). */
export class AdminDashboard extends Resource {
  retrieve(query?: T.AdminGetDashboardParams, headers?: RequestHeaders): ResponsePromise<T.AdminDashboardRes> {
    return this.getRequest('/admin/dashboard', query, headers)
  }
}

export class AdminAnalyticsConfigs extends Resource {
  /** The signed-in user's analytics preferences (only with the analytics feature flag on). */
  retrieve(headers?: RequestHeaders): ResponsePromise<T.AdminAnalyticsConfigRes> {
    return this.getRequest('/admin/analytics-configs', undefined, headers)
  }

  create(payload: T.AdminPostAnalyticsConfigReq, headers?: RequestHeaders): ResponsePromise<T.AdminAnalyticsConfigRes> {
    return this.postRequest('/admin/analytics-configs', payload, undefined, headers)
  }

  update(
    payload: T.AdminPostAnalyticsConfigUpdateReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminAnalyticsConfigRes> {
    return this.postRequest('/admin/analytics-configs/update', payload, undefined, headers)
  }

  delete(headers?: RequestHeaders): ResponsePromise<T.AdminDeleteAnalyticsConfigRes> {
    return this.deleteRequest('/admin/analytics-configs', undefined, undefined, headers)
  }
}

/** Calls to any route under `/admin`, such as a plugin's: `custom.get('/my-route')` is `GET /admin/my-route`. */
export class AdminCustom extends Resource {
  get<T = Payload>(path: string, query?: object, headers?: RequestHeaders): ResponsePromise<T> {
    return this.getRequest(adminPath(path), query, headers)
  }

  post<T = Payload>(path: string, payload?: object, query?: object, headers?: RequestHeaders): ResponsePromise<T> {
    return this.postRequest(adminPath(path), payload, query, headers)
  }

  delete<T = Payload>(path: string, headers?: RequestHeaders): ResponsePromise<T> {
    return this.deleteRequest(adminPath(path), undefined, undefined, headers)
  }
}

function adminPath(path: string): string {
  return `/admin${path.startsWith('/') ? path : `/${path}`}`
}

export class AdminBatchJobs extends Resource {
  create(payload: T.AdminPostBatchesReq, headers?: RequestHeaders): ResponsePromise<T.AdminBatchJobRes> {
    return this.postRequest('/admin/batch-jobs', payload, undefined, headers)
  }

  list(query?: T.AdminGetBatchParams, headers?: RequestHeaders): ResponsePromise<T.AdminBatchJobListRes> {
    return this.getRequest('/admin/batch-jobs', query, headers)
  }

  retrieve(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminBatchJobRes> {
    return this.getRequest(`/admin/batch-jobs/${seg(id)}`, undefined, headers)
  }

  cancel(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminBatchJobRes> {
    return this.postRequest(`/admin/batch-jobs/${seg(id)}/cancel`, undefined, undefined, headers)
  }

  confirm(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminBatchJobRes> {
    return this.postRequest(`/admin/batch-jobs/${seg(id)}/confirm`, undefined, undefined, headers)
  }
}
