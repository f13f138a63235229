import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import { domainOfPath, domainOfRequest } from './route-domain.js'

/** `a,b,/\.example\.com$/`: literal origins or regex literals, as v1's `store_cors`/`admin_cors`. */
export function parseOrigins(value: string): (string | RegExp)[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const regex = /^\/(.*)\/([a-z]*)$/.exec(entry)
      return regex ? new RegExp(regex[1], regex[2]) : entry.replace(/\/$/, '')
    })
}

export function isAllowedOrigin(origin: string, origins: (string | RegExp)[]): boolean {
  return origins.some((entry) => (typeof entry === 'string' ? entry === origin : entry.test(origin)))
}

/**
 * CORS per domain: `/store` routes answer only `STORE_CORS` origins, `/admin` routes only
 * `ADMIN_CORS`, both with credentials. Other paths (health, docs, uploads) send no CORS headers.
 * The domain is the matched route's; a request no route of ours matched (a preflight, answered by
 * the catch-all `OPTIONS *` route, or a 404) goes by its path as the router reads it.
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  const store = parseOrigins(app.config.storeCors)
  const admin = parseOrigins(app.config.adminCors)
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const origin = request.headers.origin
      const domain = domainOfRequest(request) ?? domainOfPath(request.url)
      const list = domain === 'store' ? store : domain === 'admin' ? admin : undefined
      if (!list || !origin) return callback(null, { origin: false })
      callback(null, {
        origin: isAllowedOrigin(origin, list),
        credentials: true,
        exposedHeaders: ['Idempotency-Key'],
        allowedHeaders: [
          'Content-Type',
          'Accept',
          'Authorization',
          'Idempotency-Key',
          'x-medusa-access-token',
          'x-publishable-api-key',
          'x-request-id',
        ],
        methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
        maxAge: 600,
      })
    },
  })
}
