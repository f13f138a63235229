import { QueryClient } from '@tanstack/react-query'

/**
 * A QueryClient with the defaults of SPEC §9: no refetch on window focus, data stale after
 * 90 s, one retry.
 *
 * @example
 * const queryClient = createQueryClient()
 * <EmporiumProvider queryClient={queryClient}>…</EmporiumProvider>
 * @since 0.1.0
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 90_000, retry: 1 },
    },
  })
}
