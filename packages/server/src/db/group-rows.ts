/** Rows grouped by a key, each group in the rows' order: the children of many parents read at once. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const row of rows) {
    const value = key(row)
    const group = groups.get(value)
    if (group) group.push(row)
    else groups.set(value, [row])
  }
  return groups
}
