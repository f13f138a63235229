/**
 * v1 metadata semantics: updates merge key by key into the stored object, and a key sent as ""
 * is removed.
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
