import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { generateId, ulidGenerator } from './ids.js'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

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

  it('draws the random part evenly from the whole alphabet', async () => {
    const counts = new Map<string, number>()
    // The random part is drawn afresh only when the millisecond changes (then it counts up). A
    // generator of its own: the process's counts up for a while after a test moved the clock ahead.
    const nextUlid = ulidGenerator()
    for (let n = 0; n < 400; n++) {
      const random = nextUlid().slice(10)
      for (const char of random.slice(0, 12)) counts.set(char, (counts.get(char) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, 1))
    }

    expect([...counts.keys()].sort()).toEqual([...CROCKFORD].sort())
    // 4,800 draws over 32 characters: 150 each on average; a broken source piles them up.
    expect(Math.max(...counts.values())).toBeLessThan(250)
  })
})
