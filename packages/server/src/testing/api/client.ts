import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify'

export type Method = 'GET' | 'POST' | 'DELETE'

/** A domain's routes: `'<METHOD> <fastify path>'` → the route's 200 response schema, from its contract. */
export type RouteTable = Record<`${Method} /${string}`, TSchema>

/** A route that declares no response schema (an empty answer, a redirect, bytes). */
export const Unknown = Type.Unknown()

/** The `{ type, message, code? }` envelope of an error answer. */
export interface ErrorEnvelope {
  type: string
  message: string
  code?: string
  /** The multiple-errors case: one message each. */
  errors?: string[]
  [key: string]: unknown
}

/**
 * An answer as JSON carries it: dates are strings, and every property is there. Response schemas
 * mark fields optional because `fields=` and `expand=` may leave them out; a test reads what its
 * request asked for, and an assertion on a field that is not there fails anyway.
 */
export type Full<T> = T extends Date
  ? string
  : T extends readonly (infer E)[]
    ? Full<E>[]
    : T extends object
      ? { [K in keyof T]-?: Full<Exclude<T[K], undefined>> }
      : T

/** The raw `inject` answer, with `json()` typed from the route's response schema. */
export type Answer<T> = Omit<Response, 'json'> & {
  json(): Full<T>
  /** The body of a 4xx/5xx answer. */
  error(): ErrorEnvelope
}

/** `'/admin/products/:id'` → `` `/admin/products/${string}` ``: the URLs a route answers. */
type UrlOf<P extends string> = P extends `:${string}/${infer Rest}`
  ? `${string}/${UrlOf<Rest>}`
  : P extends `:${string}`
    ? string
    : P extends `${infer Segment}/${infer Rest}`
      ? `${Segment}/${UrlOf<Rest>}`
      : P

type PathOf<K> = K extends `${Method} ${infer P}` ? P : never
type KeysOf<R, M extends Method> = Extract<keyof R, `${M} ${string}`>

/** The routes of method `M` whose path pattern accepts `U` (a path, maybe with a query string). */
type Candidates<R, M extends Method, U extends string> = {
  [K in KeysOf<R, M>]: U extends UrlOf<PathOf<K>> | `${UrlOf<PathOf<K>>}?${string}` ? K : never
}[KeysOf<R, M>]

/** Of the candidates, the most specific: `/products/types` over `/products/:id`, as the router picks. */
type Chosen<C> = {
  [K in C & string]: {
    [O in Exclude<C, K> & string]: UrlOf<PathOf<O>> extends UrlOf<PathOf<K>> ? O : never
  }[Exclude<C, K> & string] extends never
    ? K
    : never
}[C & string]

/** The body type of the route of `R` that answers `M U`; `unknown` when no route in the table does. */
export type AnswerOf<R, M extends Method, U extends string> =
  Chosen<Candidates<R, M, U>> extends infer K extends keyof R
    ? [K] extends [never]
      ? unknown
      : R[K] extends TSchema
        ? Static<R[K]>
        : unknown
    : unknown

export interface CallOptions {
  /** Extra headers, over the caller's own (a header set to `undefined` is not sent). */
  headers?: Record<string, string | undefined>
  /** `false`: send none of the caller's headers (an anonymous request). */
  auth?: boolean
}

/** How a caller authenticates: headers computed once, on its first request. */
export type AuthHeaders = (app: FastifyInstance) => Promise<Record<string, string>> | Record<string, string>

/** The app a test file talks to: `useTestApp()`'s context, or a getter. */
export type AppSource = { readonly app: FastifyInstance } | (() => FastifyInstance)

export function requestClient<R extends RouteTable>(source: AppSource, routes: R, auth: AuthHeaders) {
  const appOf = () => (typeof source === 'function' ? source() : source.app)
  let authHeaders: Promise<Record<string, string>> | undefined

  async function send(method: Method, url: string, payload: unknown, options: CallOptions = {}) {
    const app = appOf()
    checkRoute(app, routes, method, url)
    authHeaders ??= Promise.resolve(auth(app))
    const headers: Record<string, string> = options.auth === false ? {} : { ...(await authHeaders) }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name]
      else headers[name] = value
    }
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
    return Object.assign(res, { error: () => res.json() as ErrorEnvelope })
  }

  return {
    get<U extends string>(url: U, options?: CallOptions) {
      return send('GET', url, undefined, options) as Promise<Answer<AnswerOf<R, 'GET', U>>>
    },
    post<U extends string>(url: U, payload?: unknown, options?: CallOptions) {
      return send('POST', url, payload, options) as Promise<Answer<AnswerOf<R, 'POST', U>>>
    },
    del<U extends string>(url: U, payload?: unknown, options?: CallOptions) {
      return send('DELETE', url, payload, options) as Promise<Answer<AnswerOf<R, 'DELETE', U>>>
    },
  }
}

/**
 * The types pick a table route by the URL's shape; make sure the router serves the URL with that
 * same route, so a body is never typed from a neighbour while the real route is missing.
 */
function checkRoute(app: FastifyInstance, routes: RouteTable, method: Method, url: string) {
  const segments = url
    .split('?')[0]
    .replace(/(.)\/$/, '$1')
    .split('/')
  const found = app.findRoute({ method, url: segments.join('/') })
  if (!found) return // a 404 is an answer some tests want
  const params = Object.keys(found.params ?? {})
    .sort()
    .join()
  const served = Object.keys(routes).some((key) => {
    const [keyMethod, pattern] = key.split(' ')
    const parts = pattern.split('/')
    return (
      keyMethod === method &&
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i]) &&
      parts
        .filter((part) => part.startsWith(':'))
        .map((part) => part.slice(1))
        .sort()
        .join() === params
    )
  })
  if (!served) throw new Error(`${method} ${url}: no route in testing/api/routes; add it from the module's contract`)
}
