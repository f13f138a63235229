import type { FastifyInstance } from 'fastify'

/**
 * Tells the CDN which cached answers a catalogue write made stale, by their surrogate keys (see
 * cdn-cache.ts): `POST EMPORIUM_CDN_PURGE_URL` with `{"surrogate_keys": [...]}` and the same keys
 * in a `Surrogate-Key` header, the shapes Fastly's and Cloudflare's purge-by-tag endpoints (or a
 * small proxy in front of them) take.
 *
 * Runs as an event subscriber, so a purge follows the write's commit and, when the CDN does not
 * answer 2xx, is retried with the event bus's back-off instead of being lost.
 */

type Data = Record<string, unknown>

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
const id = (value: unknown): string[] => (typeof value === 'string' ? [value] : [])

/** The keys each catalogue event purges: the changed record's own and the lists it may join or leave. */
export const PURGED_KEYS: Record<string, (data: Data) => string[]> = {
  'product.created': (data) => [...id(data.id), 'products:list'],
  'product.updated': (data) => [...id(data.id), 'products:list'],
  'product.deleted': (data) => [...id(data.id), 'products:list'],
  'product-variant.created': (data) => [...id(data.product_id), 'products:list', 'variants:list'],
  'product-variant.updated': (data) => [...id(data.id), ...id(data.product_id), 'products:list', 'variants:list'],
  'product-variant.deleted': (data) => [...id(data.id), ...id(data.product_id), 'products:list', 'variants:list'],
  'product-collection.created': () => ['collections:list'],
  'product-collection.updated': (data) => [...id(data.id), 'collections:list'],
  'product-collection.deleted': (data) => [...id(data.id), 'collections:list'],
  'product-collection.products_added': (data) => [...id(data.id), ...ids(data.productIds), 'products:list'],
  'product-collection.products_removed': (data) => [...id(data.id), ...ids(data.productIds), 'products:list'],
  'product-category.created': () => ['product-categories:list'],
  'product-category.updated': (data) => [...id(data.id), 'product-categories:list'],
  'product-category.deleted': (data) => [...id(data.id), 'product-categories:list'],
  'sales_channel.updated': (data) => [...ids(data.product_ids), 'products:list'],
}

const PURGE_TIMEOUT_MS = 10_000

export async function sendPurge(url: string, keys: string[], token?: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'surrogate-key': keys.join(' '),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ surrogate_keys: keys }),
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  })
  await response.arrayBuffer()
  // Thrown, the event is delivered again later: a purge must not be lost to a CDN hiccup.
  if (!response.ok) throw new Error(`CDN purge answered ${response.status}`)
}

export function registerCdnPurge(app: FastifyInstance): void {
  const { cdnPurgeUrl, cdnPurgeToken } = app.config
  if (!cdnPurgeUrl) return
  for (const [eventName, keysOf] of Object.entries(PURGED_KEYS)) {
    app.events.subscribe(eventName, async (data) => {
      const keys = [...new Set(keysOf(data))]
      await sendPurge(cdnPurgeUrl, keys, cdnPurgeToken)
    })
  }
}
