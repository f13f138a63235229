import { expect } from 'vitest'

/** An id as Medusa v1 makes them: `<prefix>_` and a ULID. */
export function expectId(value: unknown, prefix: string) {
  expect(value, `id with prefix ${prefix}_`).toMatch(new RegExp(`^${prefix}_[0-9A-Z]{26}$`))
}

/** A list envelope: `{<key>: [...], count, offset, limit}` with the paging echoed. */
export function expectPage(body: Record<string, unknown>, key: string, paging: { offset?: number; limit: number }) {
  expect(Array.isArray(body[key]), `${key} is an array`).toBe(true)
  expect(body).toMatchObject({ offset: paging.offset ?? 0, limit: paging.limit })
  expect(Number.isInteger(body.count)).toBe(true)
  expect(body.count as number).toBeGreaterThanOrEqual((body[key] as unknown[]).length)
}

const MONEY = /(^|_)(amount|total|subtotal|price|balance|value_total|unit_price|refundable)$/
const MONEY_EXCEPT = new Set(['tax_rate', 'rate', 'quantity'])

/**
 * Walks an answer: every money field (amounts, prices, totals) is an integer of minor units or
 * null; timestamps are ISO strings; every nested `id` with a known owner has its prefix.
 */
export function expectWireShape(value: unknown, path = '$'): void {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => expectWireShape(entry, `${path}[${index}]`))
    return
  }
  if (value === null || typeof value !== 'object') return
  for (const [key, field] of Object.entries(value)) {
    // medusa-js adds the HTTP `response` (with its request) beside the answer's own keys.
    if (path === '$' && key === 'response') continue
    const at = `${path}.${key}`
    if (MONEY.test(key) && !MONEY_EXCEPT.has(key) && typeof field === 'number') {
      expect(Number.isInteger(field), `${at} is an integer of minor units (${field})`).toBe(true)
    }
    if (/_at$/.test(key) && field !== null && field !== undefined && typeof field !== 'object') {
      expect(typeof field === 'string' && !Number.isNaN(Date.parse(field)), `${at} is an ISO timestamp`).toBe(true)
    }
    if (key === 'metadata') expect(field === null || typeof field === 'object', `${at} is an object or null`).toBe(true)
    expectWireShape(field, at)
  }
}

/** A refusal as the client sees it: the status and, when given, v1's envelope `{type, message}`. */
export async function expectRefusal(call: Promise<unknown>, status: number, type?: string, message?: RegExp) {
  const error = await call.then(
    () => undefined,
    (caught: { response?: { status: number; data: { type?: string; message?: string } } }) => caught,
  )
  expect(error?.response, 'the call is refused').toBeDefined()
  expect(error!.response!.status).toBe(status)
  // A 401 is v1's bare `Unauthorized` text; every other refusal is the JSON envelope.
  if (type) expect(error!.response!.data.type).toBe(type)
  if (message) expect(error!.response!.data.message).toMatch(message)
  return error!.response!.data
}

/**
 * An answer's JSON as the tests read it: medusa-js types answers with @medusajs/medusa's entities,
 * which is not installed (see src/medusa-server-types.d.ts), and the tests check shapes at run time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Wire = any
