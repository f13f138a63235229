import { setTimeout as sleep } from 'node:timers/promises'
import { decodeTime } from 'ulid'
import { describe, expect, it } from 'vitest'
import { generateId, ulidGenerator } from './ids.js'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** The 80-bit random part of an id (its last 16 characters) as a number. */
function randomPart(id: string): bigint {
  let value = 0n
  for (const char of id.slice(-16)) value = value * 32n + BigInt(CROCKFORD.indexOf(char))
  return value
}

describe('generateId', () => {
  it('makes prefixed ULIDs that sort in the order they were made, never twice the same', async () => {
    const ids: string[] = []
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 2000; n++) ids.push(generateId('cart'))
      await sleep(2)
    }

    expect(ids.every((id) => /^cart_[0-9A-HJKMNP-TV-Z]{26}$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('draws fresh randomness for every id: no two of 10,000 made in one burst are neighbours', () => {
    const ids = Array.from({ length: 10_000 }, () => generateId('cart'))
    let closest = 2n ** 80n
    for (let n = 1; n < ids.length; n++) {
      const a = randomPart(ids[n - 1])
      const b = randomPart(ids[n])
      const gap = a > b ? a - b : b - a
      if (gap < closest) closest = gap
    }
    // Two independent 80-bit draws lie within 2^32 of each other once in 2^47.
    expect(closest > 2n ** 32n).toBe(true)
    expect([...ids].sort()).toEqual(ids)
  })

  it('keeps time order when the clock stands still or goes back, and rejoins it when it moves on', () => {
    let clock = 1_000_000
    const next = ulidGenerator(() => clock)
    const first = next()
    const second = next()
    clock -= 5_000
    const third = next()
    expect([first, second, third].map((id) => decodeTime(id))).toEqual([1_000_000, 1_000_001, 1_000_002])
    clock = 2_000_000
    expect(decodeTime(next())).toBe(2_000_000)
  })

  it('draws the random part evenly from the whole alphabet', () => {
    const counts = new Map<string, number>()
    const nextUlid = ulidGenerator()
    for (let n = 0; n < 400; n++) {
      for (const char of nextUlid().slice(10, 22)) counts.set(char, (counts.get(char) ?? 0) + 1)
    }

    expect([...counts.keys()].sort()).toEqual([...CROCKFORD].sort())
    // 4,800 draws over 32 characters: 150 each on average; a broken source piles them up.
    expect(Math.max(...counts.values())).toBeLessThan(250)
  })
})
