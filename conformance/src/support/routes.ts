import type { Medusa } from './medusa.js'

export interface Route {
  method: string
  /** As the OpenAPI document spells it: `/store/carts/{id}`. */
  path: string
}

export const routeKey = (route: Route) => `${route.method} ${route.path}`

/** Every store and admin route of an OpenAPI document. */
export function routesOfDocument(document: unknown): Route[] {
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths
  const routes: Route[] = []
  for (const [path, operations] of Object.entries(paths)) {
    if (!/^\/(store|admin)(\/|$)/.test(path)) continue
    for (const method of Object.keys(operations)) {
      if (['get', 'post', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path })
    }
  }
  return routes
}

interface Matcher {
  route: Route
  pattern: RegExp
  /** Static segments win over parameters, as in the server's router (`/products/types`). */
  staticSegments: number
}

/** Records which server route each request of a medusa-js client reached. */
export class RouteRecorder {
  readonly called = new Map<string, number>()
  calls = 0
  private readonly matchers: Matcher[]

  constructor(readonly routes: Route[]) {
    this.matchers = routes
      .map((route) => ({
        route,
        pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
        staticSegments: route.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      }))
      .sort((a, b) => b.staticSegments - a.staticSegments)
  }

  match(method: string, url: string): Route | undefined {
    const path = new URL(url, 'http://x').pathname.replace(/^([^/])/, '/$1')
    return this.matchers.find((matcher) => matcher.route.method === method && matcher.pattern.test(path))?.route
  }

  /** Hooks into the client's axios instance; each answered request (any status) counts. */
  attach(client: Medusa): Medusa {
    const axios = (client as unknown as { client: { axiosClient: AxiosLike } }).client.axiosClient
    const record = (config: { method?: string; url?: string } | undefined) => {
      if (!config?.url || !config.method) return
      this.calls += 1
      const route = this.match(config.method.toUpperCase(), config.url)
      if (route) this.called.set(routeKey(route), (this.called.get(routeKey(route)) ?? 0) + 1)
    }
    axios.interceptors.response.use(
      (response) => {
        record(response.config)
        return response
      },
      (error: { config?: { method?: string; url?: string }; response?: unknown }) => {
        // Only a request the server answered counts (not one the client failed to send).
        if (error.response) record(error.config)
        return Promise.reject(error)
      },
    )
    return client
  }

  /** The routes among `routes` that no request reached. */
  missing(filter: (route: Route) => boolean): string[] {
    return this.routes
      .filter(filter)
      .map(routeKey)
      .filter((key) => !this.called.has(key))
  }
}

interface AxiosLike {
  interceptors: {
    response: {
      use(
        onFulfilled: (response: { config: { method?: string; url?: string } }) => unknown,
        onRejected: (error: { config?: { method?: string; url?: string } }) => unknown,
      ): void
    }
  }
}
