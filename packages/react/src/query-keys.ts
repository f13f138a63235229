export interface QueryKeys<TScope extends string> {
  all: readonly [TScope]
  lists(): readonly [TScope, 'list']
  list(query?: unknown): readonly [TScope, 'list', { query: unknown }]
  details(): readonly [TScope, 'detail']
  detail(id: string): readonly [TScope, 'detail', string]
}

/**
 * The cache keys of one resource, shaped as medusa-react's: `all ⊃ lists ⊃ list(query)` and
 * `all ⊃ details ⊃ detail(id)`, so invalidating `lists()` refreshes every filtered list.
 *
 * @example
 * const adminProductKeys = queryKeysFactory('admin_products')
 * queryClient.invalidateQueries({ queryKey: adminProductKeys.lists() })
 * @since 0.1.0
 */
export function queryKeysFactory<TScope extends string>(scope: TScope): QueryKeys<TScope> {
  const keys: QueryKeys<TScope> = {
    all: [scope],
    lists: () => [scope, 'list'],
    list: (query) => [scope, 'list', { query: query ?? {} }],
    details: () => [scope, 'detail'],
    detail: (id) => [scope, 'detail', id],
  }
  return keys
}
