import axios, { type AxiosInstance, type AxiosResponse, type RawAxiosResponseHeaders } from 'axios'
import { resolveConfig, type ClientConfig, type ResolvedConfig } from '../config.js'
import { randomId } from './random-id.js'
import { attachRetries } from './retry.js'
import { domainOf, TokenStore } from './tokens.js'

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

/** The HTTP details every resolved value carries as `response`. */
export interface HttpResponse<T = unknown> {
  status: number
  statusText: string
  headers: RawAxiosResponseHeaders
  data: T
}

/** A call's answer: the response body with `response` added. */
export type Response<T> = T & { response: HttpResponse<T> }
export type ResponsePromise<T> = Promise<Response<T>>

/** Per-call headers, such as an `Authorization` of the caller's own. */
export type RequestHeaders = Record<string, string>

/**
 * One axios instance per client: base URL, credentials, no timeout, the retry rule, and the
 * headers of SPEC §7 set per call.
 */
export class HttpClient {
  readonly config: ResolvedConfig
  readonly tokens = new TokenStore()
  private readonly axios: AxiosInstance

  constructor(config: ClientConfig = {}) {
    this.config = resolveConfig(config)
    this.axios = axios.create({ baseURL: this.config.baseUrl, timeout: 0, withCredentials: true })
    attachRetries(this.axios, this.config.maxRetries)
  }

  /** Sends a call; only POST and DELETE carry a body. */
  async request<T>(
    method: HttpMethod,
    path: string,
    payload?: object,
    customHeaders: RequestHeaders = {},
  ): ResponsePromise<T> {
    const response = await this.axios.request<T>({
      method,
      url: path,
      headers: this.headers(method, path, customHeaders),
      data: method === 'GET' ? undefined : (payload ?? {}),
    })
    return withResponse(response)
  }

  /** Multipart upload: every file under the field `files`. */
  async upload<T>(path: string, files: Blob | Blob[], customHeaders: RequestHeaders = {}): ResponsePromise<T> {
    const form = new FormData()
    for (const file of Array.isArray(files) ? files : [files]) {
      form.append('files', file, file instanceof File ? file.name : 'upload')
    }
    const headers = this.headers('POST', path, customHeaders)
    // The runtime sets the multipart content type with its boundary.
    delete headers['Content-Type']
    const response = await this.axios.request<T>({ method: 'POST', url: path, headers, data: form })
    return withResponse(response)
  }

  private headers(method: HttpMethod, path: string, customHeaders: RequestHeaders): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' }
    const domain = domainOf(path)
    if (this.config.apiKey && domain === 'admin') headers['x-medusa-access-token'] = this.config.apiKey
    if (this.config.publishableApiKey) headers['x-publishable-api-key'] = this.config.publishableApiKey
    const token = this.tokens.get(domain)
    if (token && !customHeaders.Authorization) headers.Authorization = `Bearer ${token}`
    // One key per POST, reused by its retries, so the server applies the write once.
    if (this.config.maxRetries > 0 && method === 'POST') headers['Idempotency-Key'] = randomId()
    return { ...headers, ...this.config.customHeaders, ...customHeaders }
  }
}

function withResponse<T>(response: AxiosResponse<T>): Response<T> {
  const { status, statusText, headers, data } = response
  const details: HttpResponse<T> = { status, statusText, headers: headers as RawAxiosResponseHeaders, data }
  const body = (data && typeof data === 'object' ? data : {}) as T
  return { ...body, response: details }
}
