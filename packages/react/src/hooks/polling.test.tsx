import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POLLING_LADDER_MS, useLadderPolledQuery } from './polling.js'

/** Renders the hook over a query that records the (fake) time of every fetch. */
function setup({ fail = false } = {}) {
  const fetchedAt: number[] = []
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const queryFn = async () => {
    fetchedAt.push(Date.now())
    if (fail) throw new Error('down')
    return ['job']
  }
  const rendered = renderHook(() => useLadderPolledQuery({ queryKey: ['batch_jobs'], queryFn }), { wrapper })
  return { ...rendered, fetchedAt }
}

/**
 * Runs fake timers one at a time (each inside `act`, so React re-renders between them) until the
 * condition holds.
 */
async function runTimersUntil(condition: () => boolean) {
  for (let step = 0; !condition(); step += 1) {
    if (step > 1_000) throw new Error('condition never held')
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync()
    })
  }
}

// The cache tells React one tick after a fetch settles, so a measured wait may be 1-2 ms longer.
function expectGaps(times: number[], expected: number[]) {
  const gaps = times.slice(1).map((time, i) => time - times[i])
  expect(gaps).toHaveLength(expected.length)
  gaps.forEach((gap, i) => expect(gap - expected[i]).toBeGreaterThanOrEqual(0))
  gaps.forEach((gap, i) => expect(gap - expected[i]).toBeLessThanOrEqual(2))
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useLadderPolledQuery', () => {
  it('waits 2, 5, 10, 15, 30 and then 60 s between polls, never more', async () => {
    const { fetchedAt, result } = setup()
    await runTimersUntil(() => fetchedAt.length === 9)

    expectGaps(fetchedAt, [2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 60_000, 60_000])
    expect(result.current.interval).toBe(60_000)
    expect(POLLING_LADDER_MS).toEqual([2_000, 5_000, 10_000, 15_000, 30_000, 60_000])
  })

  it('exposes the wait before the next poll', async () => {
    const { fetchedAt, result } = setup()
    const seen: number[] = []
    for (let fetches = 1; fetches <= 4; fetches += 1) {
      await runTimersUntil(() => fetchedAt.length === fetches && !result.current.isFetching)
      seen.push(result.current.interval)
    }
    expect(seen).toEqual([2_000, 5_000, 10_000, 15_000])
  })

  it('steps down the ladder on failed fetches too', async () => {
    const { fetchedAt, result } = setup({ fail: true })
    await runTimersUntil(() => fetchedAt.length === 4)
    expect(result.current.isError).toBe(true)
    expectGaps(fetchedAt, [2_000, 5_000, 10_000])
  })

  it('reset goes back to 2 s and fetches at once', async () => {
    const { fetchedAt, result } = setup()
    await runTimersUntil(() => fetchedAt.length === 4 && result.current.interval === 15_000)

    const resetAt = Date.now()
    await act(async () => result.current.resetInterval())
    await runTimersUntil(() => fetchedAt.length === 7)

    expect(fetchedAt[4] - resetAt).toBeLessThanOrEqual(2)
    expectGaps(fetchedAt.slice(4), [2_000, 5_000])
  })
})
