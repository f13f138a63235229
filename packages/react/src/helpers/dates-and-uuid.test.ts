import { describe, expect, it } from 'vitest'
import { SECONDS_THRESHOLD, toDate } from './dates.js'
import { isUuid, parseUuid } from './uuid.js'

describe('toDate', () => {
  it('reads numbers below the threshold as seconds and others as milliseconds', () => {
    expect(toDate(1_700_000_000).toISOString()).toBe('2023-11-14T22:13:20.000Z')
    expect(toDate(1_700_000_000_000).toISOString()).toBe('2023-11-14T22:13:20.000Z')
    expect(toDate(SECONDS_THRESHOLD - 1).getTime()).toBe((SECONDS_THRESHOLD - 1) * 1000)
    expect(toDate(SECONDS_THRESHOLD).getTime()).toBe(SECONDS_THRESHOLD)
  })

  it('reads ISO strings and copies dates', () => {
    const date = new Date('2024-02-29T12:00:00.000Z')
    expect(toDate('2024-02-29T12:00:00.000Z').getTime()).toBe(date.getTime())
    const copy = toDate(date)
    expect(copy).not.toBe(date)
    expect(copy.getTime()).toBe(date.getTime())
  })
})

describe('uuid', () => {
  it('parses a UUID into its 16 bytes', () => {
    const bytes = parseUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
    expect(bytes).toHaveLength(16)
    expect(Array.from(bytes.slice(0, 4))).toEqual([0x6b, 0xa7, 0xb8, 0x10])
    expect(bytes[15]).toBe(0xc8)
  })

  it("throws 'Invalid UUID' for anything else", () => {
    expect(() => parseUuid('not-a-uuid')).toThrow(new TypeError('Invalid UUID'))
    expect(() => parseUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c')).toThrow('Invalid UUID')
    expect(() => parseUuid('6ba7b810-9dad-01d1-80b4-00c04fd430c8')).toThrow('Invalid UUID')
  })

  it('accepts the nil UUID and tells UUIDs from other values', () => {
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true)
    expect(isUuid('6BA7B810-9DAD-11D1-80B4-00C04FD430C8')).toBe(true)
    expect(isUuid(42)).toBe(false)
  })
})
