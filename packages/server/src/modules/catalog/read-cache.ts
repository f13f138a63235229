import type { Db } from '../../db/types.js'

/**
 * A short-lived, per-database memo for the two storefront reads that cost the most for what they
 * return: the total `count` of a product list (it scans every matching row, where the page reads
 * twenty) and the region a list is priced for. Both change rarely and a storefront tolerates them
 * being a moment old, so they are kept for `TTL_MS`. Catalogue writes in this process forget them
 * at once; other processes see a write within `TTL_MS`.
 *
 * Keyed by the root database object, so two databases in one process (tests, tools) never share
 * entries. Admin reads never go through here: they always count exactly.
 */

const TTL_MS = 2_000
const MAX_ENTRIES = 1_000

interface Entry {
  value: unknown
  expires: number
}

const caches = new WeakMap<Db, Map<string, Entry>>()

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  return cache
}

/** The cached value for `key`, or `load()`'s result, remembered for a moment. Failures are not kept. */
export async function remembered<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db)
  const now = Date.now()
  const hit = cache.get(key)
  if (hit && hit.expires > now) return hit.value as T
  const value = await load()
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(key, { value, expires: now + TTL_MS })
  return value
}

/** Called after a catalogue write commits, so this process's next storefront read is exact. */
export function forgetCatalogReads(db: Db): void {
  caches.get(db)?.clear()
}

/** Runs a catalogue write in one transaction, then forgets the memo once the write has committed. */
export async function catalogWrite<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction(work)
  forgetCatalogReads(db)
  return result
}
