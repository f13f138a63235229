type MessageSource = { message?: unknown } | undefined

function responseData(error: unknown): { message?: unknown } | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const response = (error as { response?: { data?: unknown } }).response
  const data = response?.data
  return typeof data === 'object' && data !== null ? (data as { message?: unknown }) : undefined
}

/**
 * The message of a failed call as v1's admin shows it: the response data's `message`, or, when the
 * data is a list of errors, the first one's message; otherwise the fallback (SPEC §8: common's
 * `errors.fallback`, see `useErrorMessage`).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const data = responseData(error)
  const message = data?.message
  if (Array.isArray(message)) {
    const first = message[0] as MessageSource | string
    if (typeof first === 'string' && first) return first
    if (typeof first === 'object' && typeof first?.message === 'string' && first.message) return first.message
    return fallback
  }
  if (typeof message === 'string' && message) return message
  if (Array.isArray(data)) {
    const first = (data as MessageSource[])[0]
    if (typeof first?.message === 'string' && first.message) return first.message
  }
  return fallback
}
