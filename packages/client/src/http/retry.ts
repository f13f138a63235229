import type { AxiosError, AxiosInstance } from 'axios'
import * as rax from 'retry-axios'

/** SPEC §9: a lost connection (no response at all) is retried at most twice. */
export const NO_RESPONSE_RETRIES = 2

/**
 * The retry rule of SPEC §8, for any method: no response, a 409, or a status above 500 up to 599,
 * while attempts remain. `retriesDone` counts the retries already made for this request.
 */
export function shouldRetry(status: number | undefined, retriesDone: number, maxRetries: number): boolean {
  if (retriesDone >= maxRetries) return false
  if (status === undefined) return retriesDone < NO_RESPONSE_RETRIES
  return status === 409 || (status > 500 && status <= 599)
}

/**
 * Retries through retry-axios with its defaults (100 ms base delay, exponential backoff,
 * Retry-After honoured up to 300000 ms) and the rule above in place of its method/status lists.
 */
export function attachRetries(instance: AxiosInstance, maxRetries: number): void {
  rax.attach(instance)
  const raxConfig: rax.RetryConfig = {
    retry: maxRetries,
    retryDelay: 100,
    backoffType: 'exponential',
    checkRetryAfter: true,
    maxRetryAfter: 300_000,
    shouldRetry: (error: AxiosError) =>
      shouldRetry(error.response?.status, rax.getConfig(error)?.currentRetryAttempt ?? 0, maxRetries),
  }
  ;(instance.defaults as { raxConfig?: rax.RetryConfig }).raxConfig = raxConfig
}
