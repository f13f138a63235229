import { describe, expect, it } from 'vitest'
import { fromMinorUnits, toMinorUnits } from './money'

describe('toMinorUnits', () => {
  it('reads two-decimal currencies in cents', () => {
    expect(toMinorUnits('12.5', 'eur')).toBe(1250)
    expect(toMinorUnits('12.05', 'EUR')).toBe(1205)
    expect(toMinorUnits(' 7 ', 'usd')).toBe(700)
    expect(toMinorUnits('0', 'usd')).toBe(0)
  })

  it('reads krw, jpy and vnd without minor units', () => {
    expect(toMinorUnits('1000', 'jpy')).toBe(1000)
    expect(toMinorUnits('1000', 'KRW')).toBe(1000)
    expect(toMinorUnits('1000.5', 'vnd')).toBeNull()
  })

  it('rejects what is not an amount', () => {
    for (const text of ['', 'abc', '-1', '12.345', '1,50', '1e3']) expect(toMinorUnits(text, 'eur')).toBeNull()
  })
})

describe('fromMinorUnits', () => {
  it('shows cents as a decimal amount and zero-decimal currencies as they are', () => {
    expect(fromMinorUnits(1250, 'eur')).toBe('12.50')
    expect(fromMinorUnits(1000, 'jpy')).toBe('1000')
  })
})
