import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isCachedRoute } from './micro-cache.js'
import { PUBLISHABLE_KEY_HEADER } from './publishable-key.js'
import { domainOfRoute } from './route-domain.js'

/**
 * HTTP caching a CDN (or a browser) can use, for the same anonymous catalogue reads the micro-cache
 * keeps (`isCachedRoute`):
 *
 * - `ETag` (a hash of the body) and `304 Not Modified` on a matching `If-None-Match`, so a client
 *   that holds the answer revalidates without receiving it again.
 * - `Cache-Control: public, max-age=<browser>, s-maxage=<cdn>`: browsers revalidate (max-age 0 by
 *   default), a CDN keeps the answer until it is purged or `s-maxage` runs out.
 * - `Surrogate-Key` and `Cache-Tag` (Fastly's and Cloudflare's names): the products, variants,
 *   collections and categories the answer holds, its route family's list key (`products:list`)
 *   and `catalog`, so a purge of `prod_1` drops every answer that shows that product.
 *
 * Anything else under /store and /admin (carts, customers, a request with a session cookie or an
 * `Authorization` header) is marked `private, no-store`: a CDN must never keep a customer's answer.
 *
 * Registered before the micro-cache, so its `onSend` runs first: the headers computed on a miss are
 * kept with the micro-cache's entry, and a hit costs no hashing (the `ETag` is already set and only
 * compared). A 304 has no body, so the micro-cache never keeps one.
 */

export interface CdnCacheOptions {
  /** `max-age` for browsers, in seconds. */
  browserMaxAgeS: number
  /** `s-maxage` for shared caches (the CDN), in seconds; 0 turns the public headers off. */
  cdnMaxAgeS: number
  sessionCookie: string
}

/** The ids a surrogate key may name: products, variants, collections and categories. */
const ID_PATTERN = /"(?:id|product_id|collection_id|variant_id)":"((?:prod|variant|pcol|pcat)_[0-9A-Za-z]+)"/g
/** Beyond this many ids an answer is tagged by its family only; headers have size limits. */
const MAX_ID_KEYS = 150
export const CATALOG_KEY = 'catalog'

/** `products`, `product-categories`… for `/store/products/:id` and `/store/product-categories`. */
function familyOf(route: string): string {
  return route.split('/')[2]
}

/** The surrogate keys of an answer: the ids it holds, its family's list key and `catalog`. */
export function surrogateKeys(route: string, body: string): string[] {
  const keys = new Set<string>()
  for (const match of body.matchAll(ID_PATTERN)) {
    keys.add(match[1])
    if (keys.size > MAX_ID_KEYS) {
      keys.clear()
      break
    }
  }
  const family = familyOf(route)
  // A list changes when any member is added or removed; a detail only when its own ids change.
  keys.add(route.includes('/:') ? family : `${family}:list`)
  keys.add(CATALOG_KEY)
  return [...keys]
}

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`
}

/** Weak comparison (RFC 9110 §13.1.2): a proxy that compressed the body may have weakened the tag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const strip = (tag: string) => tag.trim().replace(/^W\//, '')
  const own = strip(etag)
  return header.split(',').some((tag) => strip(tag) === own)
}

const VARY = ['Authorization', 'Cookie', PUBLISHABLE_KEY_HEADER]

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary')
  const names =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((name) => name.trim())
  const lower = new Set(names.map((name) => name.toLowerCase()))
  for (const name of VARY) if (!lower.has(name.toLowerCase())) names.push(name)
  reply.header('vary', names.join(', '))
}

/**
 * Whether a request is an anonymous catalogue read (a GET of a micro-cached store route, with no
 * session cookie and no `Authorization`): its answer is the same for every visitor, so a CDN may
 * keep it and a read replica may serve it.
 */
export function anonymousCatalogReads(sessionCookieName: string): (request: FastifyRequest) => boolean {
  const sessionCookie = `${sessionCookieName}=`
  const byRoute = new Map<string, boolean>()
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    const { headers } = request
    if (headers.authorization !== undefined || headers.cookie?.includes(sessionCookie)) return false
    const route = request.routeOptions.url
    if (route === undefined) return false
    let cached = byRoute.get(route)
    if (cached === undefined) byRoute.set(route, (cached = domainOfRoute(route) === 'store' && isCachedRoute(route)))
    return cached
  }
}

export function registerCdnCache(app: FastifyInstance, options: CdnCacheOptions): void {
  const publicControl = `public, max-age=${options.browserMaxAgeS}, s-maxage=${options.cdnMaxAgeS}`
  const isPublic = anonymousCatalogReads(options.sessionCookie)

  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url
    const domain = domainOfRoute(route)
    if (domain === undefined) return done(null, payload)
    const cacheable =
      options.cdnMaxAgeS > 0 &&
      domain === 'store' &&
      reply.statusCode === 200 &&
      reply.getHeader('set-cookie') === undefined &&
      isPublic(request) &&
      (typeof payload === 'string' || Buffer.isBuffer(payload))
    if (!cacheable) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store')
      return done(null, payload)
    }
    let etag = reply.getHeader('etag') as string | undefined
    if (etag === undefined) {
      etag = etagOf(payload as string | Buffer)
      const keys = surrogateKeys(route!, payload.toString()).join(' ')
      reply.header('etag', etag).header('surrogate-key', keys).header('cache-tag', keys.replaceAll(' ', ','))
    }
    reply.header('cache-control', publicControl)
    addVary(reply)
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length')
      return done(null, '')
    }
    done(null, payload)
  })
}
