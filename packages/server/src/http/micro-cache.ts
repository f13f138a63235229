import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { PUBLISHABLE_KEY_HEADER } from './publishable-key.js'
import { domainOfRequest, domainOfRoute } from './route-domain.js'

/**
 * A storefront micro-cache: anonymous GETs of the catalogue routes are answered from memory for a
 * moment (`STORE_CACHE_TTL_MS`, one second by default). Every visitor of a shop's home page asks
 * for the same product list; computing it once per second instead of once per visitor is what
 * lets one process keep up with a crowd.
 *
 * - Only requests without a customer (no session cookie, no `Authorization`): prices and
 *   visibility may depend on who is asking. The key is the full URL and the publishable key header,
 *   nothing else.
 * - Only 2xx answers without `Set-Cookie`; a 4xx (unknown product, revoked key) is never kept.
 * - A successful write in this process empties it before its answer leaves, so an admin sees their
 *   change at once. With `REDIS_URL` the write is announced to the other processes, which empty
 *   theirs; without Redis (or while Redis is unreachable) they serve what they hold until it
 *   expires, so a change takes up to one TTL to show everywhere.
 * - Concurrent misses of one key share one computation: the first request computes, the others
 *   wait for its answer. Once an answer has expired, the first request refreshes it and the
 *   others are served the expired answer meanwhile, so an answer can be one refresh older than
 *   the TTL (never older than twice the TTL, and never older than the last write of this process).
 * - Hits are served from an `onRequest` hook registered before the cookie, session, customer and
 *   publishable-key hooks, so they cost none of that work; helmet and CORS still run before it, as
 *   the CORS headers depend on the request's `Origin`, which is not part of the key.
 */

export interface CachedResponse {
  status: number
  /** The headers the route set (content type…); per-request ones are left out. */
  headers: Record<string, string | string[]>
  body: Buffer
}

interface Entry extends CachedResponse {
  expires: number
}

export interface ResponseCacheOptions {
  ttlMs: number
  maxEntries?: number
  /** Sum of the cached bodies' sizes. */
  maxBytes?: number
  now?: () => number
}

const DEFAULT_MAX_ENTRIES = 5_000
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024

/** An LRU of responses with a TTL, a byte budget and a generation that every `clear()` advances. */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>()
  private readonly inFlight = new Map<string, Promise<CachedResponse | undefined>>()
  private bytes = 0
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly maxBytes: number
  private readonly now: () => number
  /**
   * Advanced by `clear()`. A computation that started before a clear may have read the data as it
   * was before the write, so its answer is not kept (`set` with an older generation is ignored).
   */
  generation = 0

  constructor(options: ResponseCacheOptions) {
    this.ttlMs = options.ttlMs
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
    this.now = options.now ?? (() => Date.now())
  }

  get size(): number {
    return this.entries.size
  }

  get totalBytes(): number {
    return this.bytes
  }

  /**
   * The answer kept for `key`: fresh within its TTL, stale during the TTL after that (served only
   * while a refresh is under way), then gone.
   */
  get(key: string): { response: CachedResponse; fresh: boolean } | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const now = this.now()
    if (entry.expires > now) {
      // Re-inserted, so the Map's order is the order of last use and eviction takes the oldest.
      this.entries.delete(key)
      this.entries.set(key, entry)
      return { response: entry, fresh: true }
    }
    if (entry.expires + this.ttlMs > now) return { response: entry, fresh: false }
    this.entries.delete(key)
    this.bytes -= entry.body.length
    return undefined
  }

  set(key: string, response: CachedResponse, generation: number): void {
    if (generation !== this.generation) return
    const size = response.body.length
    // One answer may not push out more than a tenth of the budget.
    if (size > this.maxBytes / 10) return
    const previous = this.entries.get(key)
    if (previous) {
      this.entries.delete(key)
      this.bytes -= previous.body.length
    }
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.bytes + size > this.maxBytes)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry]
      this.entries.delete(oldestKey)
      this.bytes -= oldest.body.length
    }
    this.entries.set(key, { ...response, expires: this.now() + this.ttlMs })
    this.bytes += size
  }

  /** The computation under way for `key`, if any. */
  pending(key: string): Promise<CachedResponse | undefined> | undefined {
    return this.inFlight.get(key)
  }

  /** Registers the computation of `key`; `settle` must be called once it ends, however it ends. */
  begin(key: string): (response: CachedResponse | undefined) => void {
    let resolve!: (response: CachedResponse | undefined) => void
    const promise = new Promise<CachedResponse | undefined>((done) => (resolve = done))
    this.inFlight.set(key, promise)
    let settled = false
    return (response) => {
      if (settled) return
      settled = true
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key)
      resolve(response)
    }
  }

  clear(): void {
    this.entries.clear()
    // Requests already waiting keep their promise; new ones start afresh.
    this.inFlight.clear()
    this.bytes = 0
    this.generation += 1
  }
}

/** Route patterns whose anonymous GETs may be cached: catalogue reads that depend on no cart. */
const CACHED_PREFIXES = [
  '/store/products',
  '/store/variants',
  '/store/regions',
  '/store/collections',
  '/store/product-categories',
]
const CACHED_ROUTES = new Set(['/store/product-tags', '/store/product-types', '/store/shipping-options'])

export function isCachedRoute(route: string): boolean {
  return (
    CACHED_ROUTES.has(route) || CACHED_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`))
  )
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const CART_COMPLETIONS = new Set(['/store/carts/:id/complete', '/store/carts/:id/complete-cart'])

/**
 * Whether a successful request may have changed what the catalogue routes answer. Storefront
 * writes (carts, customers, logins, a search sent as POST) do not, except completing a cart, which
 * takes stock; were they to empty the cache, a busy checkout would keep it empty.
 */
function changesCatalogue(request: FastifyRequest, status: number): boolean {
  if (status >= 400 || SAFE_METHODS.has(request.method)) return false
  return domainOfRequest(request) !== 'store' || CART_COMPLETIONS.has(request.routeOptions.url ?? '')
}

/** Headers that belong to one response, or that the hooks running before a hit set again. */
const PER_REQUEST_HEADERS = new Set(['content-length', 'connection', 'date', 'x-request-id', 'x-cache'])

/** The state of a request that computes an answer for the cache. */
interface Miss {
  key: string
  generation: number
  settle: (response: CachedResponse | undefined) => void
  /** Headers already set when the miss began (helmet, CORS): set again on every hit, so not kept. */
  before: Set<string>
  body?: Buffer
}

function serve(reply: FastifyReply, response: CachedResponse): void {
  reply.code(response.status).headers(response.headers).header('x-cache', 'hit').send(response.body)
}

function keptHeaders(reply: FastifyReply, before: Set<string>): Record<string, string | string[]> | undefined {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || before.has(name) || PER_REQUEST_HEADERS.has(name)) continue
    if (name === 'set-cookie') return undefined
    headers[name] = typeof value === 'number' ? String(value) : value
  }
  return headers
}

/**
 * Tells the other processes to empty their caches, over Redis pub/sub. Messages carry the sender's
 * id, so a process ignores its own.
 */
export class CacheInvalidationChannel {
  private readonly id = randomUUID()
  private readonly publisher: Redis
  private readonly subscriber: Redis

  constructor(
    url: string,
    private readonly channel: string,
    onRemoteClear: () => void,
    logger: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    // Never queue a publish while disconnected: the entries it would clear expire on their own.
    this.publisher = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    this.subscriber = new Redis(url, { lazyConnect: true })
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => logger.warn({ err: error }, 'store cache invalidation: Redis error'))
    }
    this.subscriber.on('message', (from: string, sender: string) => {
      if (from === this.channel && sender !== this.id) onRemoteClear()
    })
  }

  /**
   * Resolves once subscribed and once the publisher has connected or failed its first try: a
   * publish before that would be dropped, since the publisher queues nothing. While Redis is
   * unreachable the subscription waits in the client's queue (and ioredis subscribes again after
   * every reconnection), so a caller need not wait.
   */
  async start(): Promise<void> {
    const publisherTried = this.publisher.connect().catch(() => {
      // Logged by the error handler; ioredis keeps reconnecting.
    })
    await Promise.all([publisherTried, this.subscriber.subscribe(this.channel)])
  }

  publish(): void {
    this.publisher.publish(this.channel, this.id).catch(() => {
      // Unreachable Redis: logged by the error handler; the other processes' entries expire anyway.
    })
  }

  async stop(): Promise<void> {
    this.publisher.disconnect()
    this.subscriber.disconnect()
  }
}

export interface StoreCacheOptions {
  ttlMs: number
  /** The session cookie's name: a request carrying it may belong to a customer. */
  sessionCookie: string
  redisUrl?: string
  /** The pub/sub channel of invalidations; processes of one shop share it. */
  channel?: string
  maxEntries?: number
  maxBytes?: number
}

export const STORE_CACHE_CHANNEL = 'emporium:store-cache:invalidate'

/**
 * Registers the cache's hooks on the root instance. Call it after helmet and CORS and before the
 * cookie and session plugins and the auth hooks: hooks run in the order they were added.
 */
export function registerStoreCache(app: FastifyInstance, options: StoreCacheOptions): ResponseCache | undefined {
  if (options.ttlMs <= 0) return undefined
  const cache = new ResponseCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries, maxBytes: options.maxBytes })
  const misses = new WeakMap<FastifyRequest, Miss>()
  const sessionCookie = `${options.sessionCookie}=`
  const channel = options.redisUrl
    ? new CacheInvalidationChannel(
        options.redisUrl,
        options.channel ?? STORE_CACHE_CHANNEL,
        () => cache.clear(),
        app.log,
      )
    : undefined
  if (channel) {
    app.addHook('onReady', (done) => {
      // Not awaited: a process that cannot reach Redis still serves, its entries expiring after one TTL.
      channel.start().catch((error: unknown) => app.log.warn({ err: error }, 'store cache: not subscribed to Redis'))
      done()
    })
    app.addHook('onClose', () => channel.stop())
  }

  // By route pattern: a few dozen store routes, each decided once.
  const cachedRoutes = new Map<string, boolean>()
  const cacheKey = (request: FastifyRequest): string | undefined => {
    if (request.method !== 'GET') return undefined
    const { headers } = request
    if (headers.authorization !== undefined || headers.cookie?.includes(sessionCookie)) return undefined
    const route = request.routeOptions.url
    if (route === undefined || domainOfRoute(route) !== 'store') return undefined
    let cached = cachedRoutes.get(route)
    if (cached === undefined) cachedRoutes.set(route, (cached = isCachedRoute(route)))
    if (!cached) return undefined
    const key = headers[PUBLISHABLE_KEY_HEADER]
    return `${typeof key === 'string' ? key : ''} ${request.url}`
  }

  app.addHook('onRequest', (request, reply, done) => {
    const key = cacheKey(request)
    if (key === undefined) return done()
    const kept = cache.get(key)
    if (kept?.fresh) return serve(reply, kept.response)
    const pending = cache.pending(key)
    // While one request refreshes an expired answer, the others get the expired one rather than
    // queue behind it: a refresh once per TTL would otherwise stall every request that arrives
    // during it, which is what a p99 measures.
    if (pending && kept) return serve(reply, kept.response)
    if (pending) {
      // The first request's answer, or, when it could not be kept (an error), this request's own work.
      pending.then((response) => {
        if (response) return serve(reply, response)
        reply.header('x-cache', 'miss')
        done()
      }, done)
      return
    }
    reply.header('x-cache', 'miss')
    misses.set(request, {
      key,
      generation: cache.generation,
      settle: cache.begin(key),
      before: new Set(Object.keys(reply.getHeaders())),
    })
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    if (changesCatalogue(request, reply.statusCode)) {
      cache.clear()
      channel?.publish()
    }
    const miss = misses.get(request)
    if (miss && reply.statusCode >= 200 && reply.statusCode < 300) {
      if (typeof payload === 'string') miss.body = Buffer.from(payload)
      else if (Buffer.isBuffer(payload)) miss.body = payload
    }
    done(null, payload)
  })

  // Kept once the response is complete, when every onSend hook has set its headers (Set-Cookie).
  app.addHook('onResponse', (request, reply, done) => {
    const miss = misses.get(request)
    if (miss) {
      misses.delete(request)
      const headers = miss.body && keptHeaders(reply, miss.before)
      const response = headers && { status: reply.statusCode, headers, body: miss.body! }
      if (response) cache.set(miss.key, response, miss.generation)
      miss.settle(response)
    }
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    misses.get(request)?.settle(undefined)
    misses.delete(request)
    done()
  })
  return cache
}
