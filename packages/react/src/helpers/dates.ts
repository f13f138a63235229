/**
 * Numbers below this are read as seconds since the epoch, others as milliseconds. 1e11 seconds is
 * the year 5138 and 1e11 milliseconds is March 1973, so every timestamp a store meets reads right.
 */
export const SECONDS_THRESHOLD = 100_000_000_000

/**
 * A Date from a timestamp in seconds or milliseconds (see {@link SECONDS_THRESHOLD}), an ISO string
 * or a Date.
 *
 * @example
 * toDate(1_700_000_000).toISOString() // '2023-11-14T22:13:20.000Z'
 * toDate(1_700_000_000_000).toISOString() // '2023-11-14T22:13:20.000Z'
 * @since 0.1.0
 */
export function toDate(value: number | string | Date): Date {
  if (value instanceof Date) return new Date(value.getTime())
  if (typeof value === 'number') return new Date(value < SECONDS_THRESHOLD ? value * 1000 : value)
  return new Date(value)
}
