import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify'

/**
 * Which API a route belongs to, decided on the route as registered, never on the URL a client
 * sent: `/%61dmin/users` reaches the `/admin/users` handler (the router decodes the path), so a
 * guard that read the URL text would let it through unguarded.
 */
export type Domain = 'admin' | 'store'

/** The domain of a route pattern (`/admin/products/:id`), or undefined for the others. */
export function domainOfRoute(url: string | undefined): Domain | undefined {
  if (url === undefined) return undefined
  if (url === '/admin' || url.startsWith('/admin/')) return 'admin'
  if (url === '/store' || url.startsWith('/store/')) return 'store'
  return undefined
}

/** The domain of the route a request matched; undefined for unmatched requests (404s, preflights). */
export function domainOfRequest(request: FastifyRequest): Domain | undefined {
  return domainOfRoute(request.routeOptions.url)
}

/**
 * The domain a request's path would reach, read as the router reads it (percent-decoded once).
 * Only for requests no route of ours matched, such as CORS preflights, which are answered by a
 * catch-all `OPTIONS *` route; everything else goes by `domainOfRequest`.
 */
export function domainOfPath(url: string): Domain | undefined {
  const path = url.split('?')[0]
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined
  }
  return domainOfRoute(decoded)
}

const guards = new WeakSet<onRequestAsyncHookHandler>()

/**
 * Attaches `hook` as an `onRequest` hook of every route of `domain` registered from now on, for
 * which `applies(route)` holds. A route added later is guarded without anyone remembering to:
 * call this before any module registers its routes. Guards run in the order they were attached,
 * before any `onRequest` hook of the route's own (nothing route-specific runs for a caller its
 * guards refuse).
 */
export function guardRoutes(
  app: FastifyInstance,
  domain: Domain,
  hook: onRequestAsyncHookHandler,
  applies: (route: RouteOptions) => boolean = () => true,
): void {
  guards.add(hook)
  app.addHook('onRoute', (route) => {
    if (domainOfRoute(route.url) !== domain || !applies(route)) return
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat()
    const ownHooks = hooks.findIndex((existing) => !guards.has(existing as onRequestAsyncHookHandler))
    const at = ownHooks === -1 ? hooks.length : ownHooks
    route.onRequest = [...hooks.slice(0, at), hook, ...hooks.slice(at)]
  })
}
