import { useSearchParams } from 'react-router'

export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

/** A list's state as kept in the URL: search, page, page size, sort and filters. */
export interface TableQuery {
  q: string
  offset: number
  limit: number
  /** The API's `order`: a field, descending with a leading '-'; '' for the server's default. */
  order: string
  /** Filter key → chosen value, for the keys the screen declares. */
  filters: Record<string, string>
}

export interface TableQueryController {
  query: TableQuery
  /** The current URL search, for saved views. */
  search: string
  setSearch: (q: string) => void
  setOffset: (offset: number) => void
  setLimit: (limit: number) => void
  setOrder: (order: string) => void
  setFilter: (key: string, value: string) => void
  clearFilters: () => void
  /** Replaces the whole state with a saved view's search. */
  applySearch: (search: string) => void
}

function toPositiveInt(text: string | null, fallback: number): number {
  const value = Number(text)
  return Number.isInteger(value) && value >= 0 ? value : fallback
}

/**
 * Reads and writes a list's state in the URL, so a reload, a shared link or Back shows the same
 * rows. Any change but the page itself starts again from the first page.
 */
export function useTableQuery(filterKeys: readonly string[] = []): TableQueryController {
  const [params, setParams] = useSearchParams()
  const limitParam = toPositiveInt(params.get('limit'), DEFAULT_PAGE_SIZE)
  const query: TableQuery = {
    q: params.get('q') ?? '',
    offset: toPositiveInt(params.get('offset'), 0),
    limit: (PAGE_SIZES as readonly number[]).includes(limitParam) ? limitParam : DEFAULT_PAGE_SIZE,
    order: params.get('order') ?? '',
    filters: Object.fromEntries(
      filterKeys.flatMap((key) => {
        const value = params.get(key)
        return value ? [[key, value]] : []
      }),
    ),
  }
  const update = (change: (next: URLSearchParams) => void, keepOffset = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        change(next)
        if (!keepOffset) next.delete('offset')
        return next
      },
      { replace: true },
    )
  const setOrDelete = (next: URLSearchParams, key: string, value: string) => {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return {
    query,
    search: params.toString(),
    setSearch: (q) => update((next) => setOrDelete(next, 'q', q)),
    setOffset: (offset) => update((next) => setOrDelete(next, 'offset', offset > 0 ? String(offset) : ''), true),
    setLimit: (limit) => update((next) => setOrDelete(next, 'limit', limit === DEFAULT_PAGE_SIZE ? '' : String(limit))),
    setOrder: (order) => update((next) => setOrDelete(next, 'order', order)),
    setFilter: (key, value) => update((next) => setOrDelete(next, key, value)),
    clearFilters: () =>
      update((next) => {
        next.delete('q')
        for (const key of filterKeys) next.delete(key)
      }),
    applySearch: (search) => setParams(new URLSearchParams(search), { replace: true }),
  }
}
