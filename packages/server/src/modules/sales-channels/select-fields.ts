import type { AnyColumn } from 'drizzle-orm'
import { parseFields } from '../../core/list.js'

/**
 * The columns a list loads for `fields=` (reference/conventions.md §3): only the selected ones,
 * always with `id` and `created_at`, or every column when `fields` is absent. Typed as the full
 * set so drizzle infers the row; callers type the result as partial when `fields` is given.
 */
export function listColumns<T extends Record<string, AnyColumn>>(
  all: T,
  fields: string | undefined,
  allowed: readonly string[],
): T {
  const selected = parseFields(fields, allowed)
  if (!selected) return all
  selected.add('created_at')
  return Object.fromEntries(Object.entries(all).filter(([key]) => selected.has(key))) as T
}
