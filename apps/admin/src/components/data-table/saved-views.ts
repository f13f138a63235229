import { useCallback, useState } from 'react'

/** A named list state: the URL search (filters, search, sort, page size) it restores. */
export interface SavedView {
  name: string
  search: string
}

/** Per user and per table, so two staff members on one browser keep their own views and columns. */
export function tableStorageKey(userId: string, tableId: string, kind: 'views' | 'columns'): string {
  return `emporium.table.${userId}.${tableId}.${kind}`
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : fallback
  } catch {
    // Unreadable or blocked storage: start empty rather than break the list.
    return fallback
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Full or blocked storage: the choice lasts for this page only.
  }
}

/** A value kept in local storage under `key`, read once per key. */
export function useStoredState<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [state, setState] = useState(() => ({ key, value: read(key, fallback) }))
  const current = state.key === key ? state.value : read(key, fallback)
  if (state.key !== key) setState({ key, value: current })
  const set = useCallback(
    (value: T) => {
      write(key, value)
      setState({ key, value })
    },
    [key],
  )
  return [current, set]
}

/** Adds or replaces (same name) a view, keeping them in name order. */
export function withView(views: readonly SavedView[], view: SavedView): SavedView[] {
  return [...views.filter((other) => other.name !== view.name), view].sort((a, b) => a.name.localeCompare(b.name))
}
