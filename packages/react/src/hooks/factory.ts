import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query'
import type { EmporiumClient } from '../client.js'
import { useEmporium } from '../provider.js'
import type { QueryKeys } from '../query-keys.js'

/** What a caller may set on a query hook; the key and the fetch belong to the hook. */
export type QueryOptions<TData> = Omit<UseQueryOptions<TData, Error, TData, QueryKey>, 'queryKey' | 'queryFn'>

/** What a caller may set on a mutation hook; its `onSuccess` runs after the hook's own cache refresh. */
export type MutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>

/**
 * A query hook's answer as medusa-react gives it: the response's fields (`products`, `count`…)
 * spread beside TanStack Query's state (`isLoading`, `refetch`…), plus `data` itself.
 */
export type QueryHookResult<TData> = Partial<Omit<TData, keyof UseQueryResult<TData, Error>>> &
  UseQueryResult<TData, Error>

/** Keys of the cached entries a successful write makes stale. */
export type Invalidates<TArgs extends unknown[]> = (...args: TArgs) => QueryKey[]

/**
 * Runs a query through the provider's client and spreads the answer, medusa-react style.
 *
 * @example
 * const { store } = useEmporiumQuery(['admin_store'], (client) => client.admin.store.retrieve())
 * @since 0.1.0
 */
export function useEmporiumQuery<TData>(
  queryKey: QueryKey,
  fetch: (client: EmporiumClient) => Promise<TData>,
  options?: QueryOptions<TData>,
): QueryHookResult<TData> {
  const { client } = useEmporium()
  const result = useQuery({ ...options, queryKey, queryFn: () => fetch(client) })
  return { ...(result.data as object), ...result } as QueryHookResult<TData>
}

/**
 * Runs a write through the provider's client; on success it first marks the given cache entries
 * stale (refetching those on screen), then calls the caller's `onSuccess`, which never replaces it.
 *
 * @example
 * const create = useEmporiumMutation(
 *   (client, payload: AdminPostProductsReq) => client.admin.products.create(payload),
 *   () => [adminProductKeys.lists()],
 * )
 * @since 0.1.0
 */
export function useEmporiumMutation<TData, TVariables>(
  write: (client: EmporiumClient, variables: TVariables) => Promise<TData>,
  invalidates: Invalidates<[TVariables, TData]>,
  options?: MutationOptions<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const { client } = useEmporium()
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: (variables) => write(client, variables),
    onSuccess: async (data, variables, ...rest) => {
      await Promise.all(invalidates(variables, data).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      return options?.onSuccess?.(data, variables, ...rest)
    },
  })
}

/** A list hook `(query?, options?)` cached under `keys.list(query)`. */
export function listQuery<TQuery, TData>(
  keys: QueryKeys<string>,
  fetch: (client: EmporiumClient, query?: TQuery) => Promise<TData>,
) {
  return function useListQuery(query?: TQuery, options?: QueryOptions<TData>) {
    return useEmporiumQuery(keys.list(query), (client) => fetch(client, query), options)
  }
}

/**
 * A detail hook `(id, query?, options?)` cached under `keys.detail(id)`, or under a sub-key of it
 * (`part`) for a record's sub-resource, so refreshing the record refreshes both.
 */
export function detailQuery<TQuery, TData>(
  keys: QueryKeys<string>,
  fetch: (client: EmporiumClient, id: string, query?: TQuery) => Promise<TData>,
  part?: string,
) {
  return function useDetailQuery(id: string, query?: TQuery, options?: QueryOptions<TData>) {
    const queryKey = [...keys.detail(id), ...(part ? [part] : []), ...(query === undefined ? [] : [{ query }])]
    return useEmporiumQuery(queryKey, (client) => fetch(client, id, query), options)
  }
}

/** A hook `(options?)` for a call without arguments, cached under `key`. */
export function fixedQuery<TData>(queryKey: QueryKey, fetch: (client: EmporiumClient) => Promise<TData>) {
  return function useFixedQuery(options?: QueryOptions<TData>) {
    return useEmporiumQuery(queryKey, fetch, options)
  }
}

/** A mutation hook `(options?)` whose variables are the call's payload. */
export function mutation<TVariables, TData>(
  write: (client: EmporiumClient, variables: TVariables) => Promise<TData>,
  invalidates: Invalidates<[TVariables, TData]>,
) {
  return function useWrite(options?: MutationOptions<TData, TVariables>) {
    return useEmporiumMutation(write, invalidates, options)
  }
}

/** A mutation hook `(id, options?)` bound to one record; deletes take no variables. */
export function idMutation<TData, TVariables = void>(
  write: (client: EmporiumClient, id: string, variables: TVariables) => Promise<TData>,
  invalidates: Invalidates<[string, TVariables, TData]>,
) {
  return function useRecordWrite(id: string, options?: MutationOptions<TData, TVariables>) {
    return useEmporiumMutation(
      (client, variables: TVariables) => write(client, id, variables),
      (variables, data) => invalidates(id, variables, data),
      options,
    )
  }
}

/** Lists and the record's detail: what an update or delete of one record makes stale. */
export const listsAndDetail = (keys: QueryKeys<string>) => (id: string) => [keys.lists(), keys.detail(id)]

/** Lists only: what a create makes stale. */
export const lists = (keys: QueryKeys<string>) => () => [keys.lists()]

/** The type of argument `I` of a client method, so hooks follow the client's own signatures. */
export type Arg<F, I extends number> = F extends (...args: infer P) => unknown ? P[I] : never

/** What a client method resolves to. */
export type Answer<F> = F extends (...args: never[]) => Promise<infer A> ? A : never

// Hook signatures, for the few hooks whose answer type the client does not export by name.
export type DetailQueryHook<TData, TQuery = undefined> = (
  id: string,
  query?: TQuery,
  options?: QueryOptions<TData>,
) => QueryHookResult<TData>
export type FixedQueryHook<TData> = (options?: QueryOptions<TData>) => QueryHookResult<TData>
export type MutationHook<TVariables, TData> = (
  options?: MutationOptions<TData, TVariables>,
) => UseMutationResult<TData, Error, TVariables>
export type IdMutationHook<TVariables, TData> = (
  id: string,
  options?: MutationOptions<TData, TVariables>,
) => UseMutationResult<TData, Error, TVariables>
