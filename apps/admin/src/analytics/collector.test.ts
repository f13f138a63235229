import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANONYMOUS_ID_COOKIE, Collector, MAX_BATCH_BYTES } from './collector'

function collector() {
  const send = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 200 }))
  const instance = new Collector({ endpoint: 'https://collector.test/v1/batch', fetch: send as typeof fetch })
  const batches = () => send.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).batch as unknown[])
  return { instance, send, batches }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('Collector', () => {
  it('sends a batch once 10 events are queued', () => {
    const { instance, send, batches } = collector()
    for (let index = 0; index < 9; index += 1) instance.page(`/a/products/${index}`)
    expect(send).not.toHaveBeenCalled()
    instance.track('numProducts', { count: 12 })
    expect(batches()).toHaveLength(1)
    expect(batches()[0]).toHaveLength(10)
    expect(send.mock.calls[0][0]).toBe('https://collector.test/v1/batch')
  })

  it('sends what is queued after 5 s', () => {
    const { instance, batches } = collector()
    instance.identify('usr_1', { store: 'Acme' })
    vi.advanceTimersByTime(4999)
    expect(batches()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(batches()).toEqual([
      [expect.objectContaining({ type: 'identify', userId: 'usr_1', traits: { store: 'Acme' } })],
    ])
  })

  it('sends early when the next event would pass 450 KB', () => {
    const { instance, batches } = collector()
    const big = 'x'.repeat(MAX_BATCH_BYTES / 2)
    instance.track('storeName', { name: big })
    instance.track('storeName', { name: big })
    expect(batches()).toHaveLength(1)
    expect(batches()[0]).toHaveLength(1)
  })

  it('gives each request 300 ms', () => {
    const { instance, send } = collector()
    instance.page('/a')
    instance.flush()
    const signal = send.mock.calls[0][1]?.signal as AbortSignal
    vi.advanceTimersByTime(299)
    expect(signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(signal.aborted).toBe(true)
  })

  it('keeps an anonymous id in a cookie for 365 days', () => {
    const { instance, send } = collector()
    instance.page('/a')
    instance.flush()
    const { anonymousId } = JSON.parse(String(send.mock.calls[0][1]?.body))
    expect(document.cookie).toContain(`${ANONYMOUS_ID_COOKIE}=${anonymousId}`)
  })
})
