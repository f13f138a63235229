import type { EmporiumClient } from '../client.js'
import type { QueryKeys } from '../query-keys.js'
import {
  detailQuery,
  idMutation,
  listQuery,
  mutation,
  type Answer,
  type Arg,
  type IdMutationHook,
  type MutationHook,
  type QueryHookResult,
  type QueryOptions,
} from './factory.js'

/** The five calls of a create-retrieve-update-delete-list resource of the client. */
export interface CrudResourceLike {
  list(query?: never): Promise<unknown>
  retrieve(id: string, query?: never): Promise<unknown>
  create(payload: never): Promise<unknown>
  update(id: string, payload: never): Promise<unknown>
  delete(id: string): Promise<unknown>
}

export interface CrudHooks<R extends CrudResourceLike> {
  /** `(query?, options?)`, cached under `keys.list(query)`. */
  useList(query?: Arg<R['list'], 0>, options?: QueryOptions<Answer<R['list']>>): QueryHookResult<Answer<R['list']>>
  /** `(id, query?, options?)`, cached under `keys.detail(id)`. */
  useRetrieve(
    id: string,
    query?: Arg<R['retrieve'], 1>,
    options?: QueryOptions<Answer<R['retrieve']>>,
  ): QueryHookResult<Answer<R['retrieve']>>
  /** Refreshes the lists. */
  useCreate: MutationHook<Arg<R['create'], 0>, Answer<R['create']>>
  /** Refreshes the lists and the record. */
  useUpdate: IdMutationHook<Arg<R['update'], 1>, Answer<R['update']>>
  /** Refreshes the lists and the record. */
  useDelete: IdMutationHook<void, Answer<R['delete']>>
}

/**
 * The five hooks of a CRUD resource, typed from the client's own methods.
 *
 * @example
 * const products = crudHooks(adminProductKeys, (client) => client.admin.products)
 * export const useAdminProducts = products.useList
 * @since 0.1.0
 */
export function crudHooks<R extends CrudResourceLike>(
  keys: QueryKeys<string>,
  resource: (client: EmporiumClient) => R,
): CrudHooks<R> {
  // The resource is typed by the caller's R; inside, its calls are made through the loose shape.
  const calls = (client: EmporiumClient) => resource(client) as unknown as LooseCrud
  const listsAndDetail = (id: string) => [keys.lists(), keys.detail(id)]
  return {
    useList: listQuery(keys, (client, query?: unknown) => calls(client).list(query)),
    useRetrieve: detailQuery(keys, (client, id, query?: unknown) => calls(client).retrieve(id, query)),
    useCreate: mutation(
      (client, payload: unknown) => calls(client).create(payload),
      () => [keys.lists()],
    ),
    useUpdate: idMutation((client, id, payload: unknown) => calls(client).update(id, payload), listsAndDetail),
    useDelete: idMutation((client, id) => calls(client).delete(id), listsAndDetail),
  } as CrudHooks<R>
}

interface LooseCrud {
  list(query?: unknown): Promise<unknown>
  retrieve(id: string, query?: unknown): Promise<unknown>
  create(payload: unknown): Promise<unknown>
  update(id: string, payload: unknown): Promise<unknown>
  delete(id: string): Promise<unknown>
}
