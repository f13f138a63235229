export interface MetadataRow {
  key: string
  value: string
}

/** Stored metadata as editable rows; non-text values are shown as JSON. */
export function metadataToRows(metadata: Record<string, unknown> | null | undefined): MetadataRow[] {
  return Object.entries(metadata ?? {}).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }))
}

/**
 * What to send for the edited rows: new and changed keys with their values, and removed keys as
 * '' (the server deletes a key set to ''). Untouched keys are left out, so non-text values survive.
 */
export function metadataPatch(
  original: Record<string, unknown> | null | undefined,
  rows: readonly MetadataRow[],
): Record<string, string> {
  const before = new Map(metadataToRows(original).map((row) => [row.key, row.value]))
  const patch: Record<string, string> = {}
  const kept = new Set<string>()
  for (const row of rows) {
    const key = row.key.trim()
    if (key === '') continue
    kept.add(key)
    if (before.get(key) !== row.value) patch[key] = row.value
  }
  for (const key of before.keys()) {
    if (!kept.has(key)) patch[key] = ''
  }
  return patch
}

/** Keys used by more than one row. */
export function duplicateKeys(rows: readonly MetadataRow[]): Set<string> {
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const row of rows) {
    const key = row.key.trim()
    if (key === '') continue
    if (seen.has(key)) duplicates.add(key)
    seen.add(key)
  }
  return duplicates
}
