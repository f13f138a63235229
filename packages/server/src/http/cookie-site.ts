import type { Config, CookieSameSite } from '../config.js'
import { parseOrigins } from './cors.js'

/**
 * The site of an origin as browsers judge "same-site": its scheme and registrable domain. The
 * registrable domain is taken as the last two labels of the host name (`api.shop.com` →
 * `shop.com`), which holds for most shops; under a two-label public suffix (`shop.co.uk`) set
 * `COOKIE_SAME_SITE` yourself.
 */
export function siteOf(origin: string): string | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  const host = url.hostname
  const isAddress = /^[\d.]+$/.test(host) || host.startsWith('[')
  const labels = host.split('.')
  return `${url.protocol}//${isAddress || labels.length <= 2 ? host : labels.slice(-2).join('.')}`
}

/**
 * The session cookie's SameSite. `Lax` keeps the cookie off requests other sites' pages make,
 * which is all a shop needs when its admin and storefront are served from this server's own site.
 * A browser app on another site (a storefront on `shop.example` talking to `api.other.example`)
 * only gets the cookie with `None`, which browsers accept over HTTPS alone: so `None` when, in
 * production, a literal origin of `ADMIN_CORS` or `STORE_CORS` is on another site than
 * `EMPORIUM_PUBLIC_URL`. `COOKIE_SAME_SITE` overrides either. With `None` the origin check of
 * every cookie-authenticated write (http/origin-check.ts) still refuses forged requests.
 */
export function sessionCookieSameSite(config: Config): CookieSameSite {
  if (config.cookieSameSite) return config.cookieSameSite
  if (!config.production) return 'lax'
  const ownSite = siteOf(config.publicUrl)
  const origins = [...parseOrigins(config.adminCors), ...parseOrigins(config.storeCors)]
  const crossSite = origins.some((origin) => typeof origin === 'string' && siteOf(origin) !== ownSite)
  return crossSite ? 'none' : 'lax'
}
