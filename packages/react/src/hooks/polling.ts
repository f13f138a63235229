import {
  hashKey,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'

/** The waits between polls, in milliseconds: each settled fetch moves one step down the ladder. */
export const POLLING_LADDER_MS = [2_000, 5_000, 10_000, 15_000, 30_000, 60_000] as const

export type LadderPolledQueryResult<TData, TError> = UseQueryResult<TData, TError> & {
  /** The wait before the next poll, in milliseconds. */
  interval: number
  /** Back to the first step (2 s) and fetch now. */
  resetInterval(): void
}

/**
 * A query polled on the back-off ladder 2, 5, 10, 15, 30, 60 s: the wait after the n-th settled
 * fetch (counted from mount or the last reset) is the ladder's n-th step, and stays at 60 s.
 *
 * @example
 * const { data, interval, resetInterval } = useLadderPolledQuery({ queryKey: ['jobs'], queryFn: fetchJobs })
 * @since 0.1.0
 */
export function useLadderPolledQuery<TQueryFnData, TError = Error, TData = TQueryFnData>(
  options: Omit<UseQueryOptions<TQueryFnData, TError, TData, QueryKey>, 'refetchInterval'>,
): LadderPolledQueryResult<TData, TError> {
  const [settled, setSettled] = useState(0)
  const interval = POLLING_LADDER_MS[Math.min(Math.max(settled - 1, 0), POLLING_LADDER_MS.length - 1)]
  const result = useQuery({ ...options, refetchInterval: interval })
  const { refetch } = result
  const queryClient = useQueryClient()
  const queryHash = hashKey(options.queryKey)

  // Counted from the cache's own events: two fetches may settle within one millisecond, so
  // `dataUpdatedAt` cannot tell them apart, and a render may skip the fetching state altogether.
  useEffect(
    function stepDownTheLadderOnEachSettledFetch() {
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.query.queryHash !== queryHash) return
        const settledFetch = (event.action.type === 'success' && !event.action.manual) || event.action.type === 'error'
        if (settledFetch) setSettled((count) => count + 1)
      })
    },
    [queryClient, queryHash],
  )

  const resetInterval = useCallback(() => {
    setSettled(0)
    void refetch()
  }, [refetch])

  return { ...result, interval, resetInterval }
}
