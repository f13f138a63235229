import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/**
 * v1 metadata semantics: updates merge key by key into the stored object, and a key sent as ""
 * is removed. Merged here, in memory, for rows the caller builds whole (a new row, the rows of a
 * bulk update); an update of one stored row merges with `mergedMetadata`.
 */
export function mergeMetadata(
  current: Record<string, unknown> | null | undefined,
  update: Record<string, unknown> | undefined,
): Record<string, unknown> | null | undefined {
  if (update === undefined) return undefined
  const merged: Record<string, unknown> = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key]
    else merged[key] = value
  }
  return merged
}

/**
 * The same merge, made by the database on the value it holds when the update runs: two updates of
 * one row at once keep each other's keys, where a merge into the value read before would lose the
 * first one's. Undefined (no change) when there is no update.
 */
export function mergedMetadata(column: AnyColumn, update: Record<string, unknown> | undefined): SQL | undefined {
  if (update === undefined) return undefined
  const set = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== ''))
  const removals = Object.keys(update)
    .filter((key) => update[key] === '')
    .map((key) => sql` - ${key}::text`)
  return sql`(coalesce(${column}, '{}'::jsonb) || ${JSON.stringify(set)}::jsonb)${sql.join(removals)}`
}
