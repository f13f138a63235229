import type { HttpClient, RequestHeaders, ResponsePromise } from '../http/client.js'
import { withQuery } from '../http/query.js'

/** A group of calls over one HTTP client; the verbs keep each method to one line. */
export abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  protected getRequest<T>(path: string, query?: object, headers?: RequestHeaders): ResponsePromise<T> {
    return this.http.request<T>('GET', withQuery(path, query), undefined, headers)
  }

  protected postRequest<T>(path: string, body?: object, query?: object, headers?: RequestHeaders): ResponsePromise<T> {
    return this.http.request<T>('POST', withQuery(path, query), body, headers)
  }

  protected deleteRequest<T>(
    path: string,
    body?: object,
    query?: object,
    headers?: RequestHeaders,
  ): ResponsePromise<T> {
    return this.http.request<T>('DELETE', withQuery(path, query), body, headers)
  }
}

/** `{ id, object, deleted }`, the answer of a delete. */
export interface DeleteRes {
  id: string
  object: string
  deleted: boolean
}

/** Paging keys of every list answer. */
export interface PageRes {
  count: number
  offset: number
  limit: number
}

/** `limit`/`offset`/`expand`/`fields` and any filter of a list without a server contract yet. */
export interface ListParams {
  limit?: number
  offset?: number
  expand?: string
  fields?: string
  order?: string
  q?: string
  [filter: string]: unknown
}

/** Path segments are encoded: ids, codes and e-mails may hold reserved characters. */
export const seg = (value: string): string => encodeURIComponent(value)
