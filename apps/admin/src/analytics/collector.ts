/**
 * Usage events for the collector (SPEC §7, §9): identify, page views and named tracks, sent in
 * batches of 10 events or every 5 s, sooner when a batch nears 450 KB, each request given 300 ms.
 */
export type AnalyticsEvent =
  | { type: 'identify'; userId: string; traits: Record<string, unknown>; timestamp: string }
  | { type: 'page'; path: string; timestamp: string }
  | { type: 'track'; event: TrackEvent; properties: Record<string, unknown>; timestamp: string }

export const TRACK_EVENTS = [
  'numUsers',
  'storeName',
  'regions',
  'currencies',
  'numOrders',
  'numProducts',
  'numDiscounts',
  'userEmail',
] as const
export type TrackEvent = (typeof TRACK_EVENTS)[number]

export const BATCH_SIZE = 10
export const FLUSH_INTERVAL_MS = 5000
export const MAX_BATCH_BYTES = 450 * 1024
export const REQUEST_TIMEOUT_MS = 300
export const ANONYMOUS_ID_COOKIE = 'emporium_anonymous_id'
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export interface CollectorOptions {
  endpoint: string
  /** Defaults to the global fetch. */
  fetch?: typeof fetch
  now?: () => Date
}

/** The browser's anonymous id, kept in a cookie for 365 days so sessions of one browser connect. */
export function anonymousId(doc: Document = document): string {
  const existing = doc.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${ANONYMOUS_ID_COOKIE}=`))
    ?.split('=')[1]
  if (existing) return existing
  const id = crypto.randomUUID()
  doc.cookie = `${ANONYMOUS_ID_COOKIE}=${id}; max-age=${COOKIE_MAX_AGE_S}; path=/; samesite=lax`
  return id
}

export class Collector {
  private queue: AnalyticsEvent[] = []
  private queuedBytes = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly send: typeof fetch
  private readonly now: () => Date
  private readonly anonymousId = anonymousId()

  constructor(private readonly options: CollectorOptions) {
    this.send = options.fetch ?? ((...args) => fetch(...args))
    this.now = options.now ?? (() => new Date())
  }

  identify(userId: string, traits: Record<string, unknown>): void {
    this.enqueue({ type: 'identify', userId, traits, timestamp: this.now().toISOString() })
  }

  page(path: string): void {
    this.enqueue({ type: 'page', path, timestamp: this.now().toISOString() })
  }

  track(event: TrackEvent, properties: Record<string, unknown>): void {
    this.enqueue({ type: 'track', event, properties, timestamp: this.now().toISOString() })
  }

  /** Sends what is queued now (also on page hide and when the provider unmounts). */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.queue.length === 0) return
    const batch = this.queue
    this.queue = []
    this.queuedBytes = 0
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
    // Usage data is best effort: a lost batch is not worth the user's attention.
    void this.send(this.options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ anonymousId: this.anonymousId, sentAt: this.now().toISOString(), batch }),
      signal: controller.signal,
      keepalive: true,
    })
      .catch(() => undefined)
      .finally(() => clearTimeout(timeout))
  }

  private enqueue(event: AnalyticsEvent): void {
    const bytes = new TextEncoder().encode(JSON.stringify(event)).length
    if (this.queuedBytes + bytes > MAX_BATCH_BYTES) this.flush()
    this.queue.push(event)
    this.queuedBytes += bytes
    if (this.queue.length >= BATCH_SIZE) this.flush()
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS)
  }
}
