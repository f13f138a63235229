import type { FastifyRequest } from 'fastify'
import { isAllowedOrigin } from './cors.js'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a request may act on the strength of the session cookie it carries. A browser sends the
 * cookie with requests that another site's page makes (a form posted to us, a `fetch` with
 * credentials), so a state-changing request authenticated by the cookie alone must come from this
 * server's own origin or one the domain's CORS list allows. Browsers send `Origin` on every such
 * request; `Sec-Fetch-Site` covers the rare one without it. A request with neither comes from a
 * program that is not a browser and holds the cookie itself.
 */
export function isTrustedOrigin(request: FastifyRequest, allowedOrigins: (string | RegExp)[]): boolean {
  if (SAFE_METHODS.has(request.method)) return true
  const origin = request.headers.origin
  if (origin !== undefined) {
    if (isSameOrigin(origin, request.headers.host)) return true
    return origin !== 'null' && isAllowedOrigin(origin, allowedOrigins)
  }
  const site = request.headers['sec-fetch-site']
  return site !== 'cross-site' && site !== 'same-site'
}

function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false
  try {
    const url = new URL(origin)
    // Parsed alike, so that a default port (`:80`) written on one side only still matches.
    return url.host === new URL(`${url.protocol}//${host}`).host
  } catch {
    return false
  }
}
