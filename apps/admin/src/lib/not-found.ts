/** The call failed because the record does not exist (HTTP 404). */
export function isNotFoundError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const response = (error as { response?: { status?: unknown } }).response
  return response?.status === 404
}
