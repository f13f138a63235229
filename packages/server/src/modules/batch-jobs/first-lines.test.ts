import { describe, expect, it } from 'vitest'
import { FirstLines } from './strategies/first-lines.js'

describe('FirstLines', () => {
  it('gives the first line of every key seen again, across many growths of its table', () => {
    const seen = new FirstLines()
    const count = 200_000
    let reportedAsRepeats = 0
    for (let n = 0; n < count; n++) if (seen.firstLine(`SKU-${n}`, n + 2) !== undefined) reportedAsRepeats++
    expect(reportedAsRepeats).toBe(0)
    for (let n = 0; n < count; n += 997) expect(seen.firstLine(`SKU-${n}`, count + 5)).toBe(n + 2)
    // A repeat does not replace the line recorded first.
    expect(seen.firstLine('SKU-0', 9)).toBe(2)
    expect(seen.firstLine('SKU-', 9)).toBeUndefined()
  })

  it('tells apart keys that differ in one character, in case, or in length', () => {
    const seen = new FirstLines()
    const keys = ['a', 'A', 'ab', 'ba', 'a ', 'é', 'e\u0301', '', 'handle:shirt', 'id:shirt']
    keys.forEach((key, index) => expect(seen.firstLine(key, index + 1)).toBeUndefined())
    keys.forEach((key, index) => expect(seen.firstLine(key, 100)).toBe(index + 1))
  })
})
