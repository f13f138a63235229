import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type { StoreAuthRes, StoreBearerAuthRes, StoreGetAuthEmailRes, StorePostAuthReq } from '../../types/store.js'
import { Resource, seg } from '../resource.js'

export class StoreAuth extends Resource {
  /** Logs a customer in with a session cookie. */
  authenticate(payload: StorePostAuthReq, headers?: RequestHeaders): ResponsePromise<StoreAuthRes> {
    return this.postRequest('/store/auth', payload, undefined, headers)
  }

  /** Logs the session out. */
  deleteSession(headers?: RequestHeaders): ResponsePromise<Record<string, never>> {
    return this.deleteRequest('/store/auth', undefined, undefined, headers)
  }

  getSession(headers?: RequestHeaders): ResponsePromise<StoreAuthRes> {
    return this.getRequest('/store/auth', undefined, headers)
  }

  exists(email: string, headers?: RequestHeaders): ResponsePromise<StoreGetAuthEmailRes> {
    return this.getRequest(`/store/auth/${seg(email)}`, undefined, headers)
  }

  /** Gets a bearer token; later store calls of this client send it. */
  async getToken(payload: StorePostAuthReq, headers?: RequestHeaders): ResponsePromise<StoreBearerAuthRes> {
    const result = await this.postRequest<StoreBearerAuthRes>('/store/auth/token', payload, undefined, headers)
    this.http.tokens.set('store', result.access_token)
    return result
  }
}
