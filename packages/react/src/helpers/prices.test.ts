import { describe, expect, it } from 'vitest'
import { computeAmount, computeVariantPrice, formatAmount, formatVariantPrice, getVariantPrice } from './prices.js'

const variant = {
  prices: [
    { currency_code: 'usd', amount: 1250 },
    { currency_code: 'EUR', amount: 999 },
    { currency_code: 'jpy', amount: 1500 },
    { currency_code: 'krw', amount: 13000 },
    { currency_code: 'vnd', amount: 250000 },
  ],
}

describe('getVariantPrice', () => {
  it('finds the price in the region currency, case-insensitively', () => {
    expect(getVariantPrice(variant, { currency_code: 'USD' })).toBe(1250)
    expect(getVariantPrice(variant, { currency_code: 'eur' })).toBe(999)
  })

  it('falls back to 0 without a price in that currency, a variant or a region', () => {
    expect(getVariantPrice(variant, { currency_code: 'gbp' })).toBe(0)
    expect(getVariantPrice(undefined, { currency_code: 'usd' })).toBe(0)
    expect(getVariantPrice(variant, undefined)).toBe(0)
    expect(getVariantPrice({ prices: null }, { currency_code: 'usd' })).toBe(0)
  })
})

describe('computeAmount', () => {
  it.each([
    ['usd', 1250, 12.5],
    ['eur', 999, 9.99],
    ['jpy', 1500, 1500],
    ['krw', 13000, 13000],
    ['vnd', 250000, 250000],
    ['JPY', 1500, 1500],
  ])('divides %s minor units correctly', (currency_code, amount, expected) => {
    expect(computeAmount({ amount, region: { currency_code, tax_rate: 0 }, includeTaxes: false })).toBe(expected)
  })

  it('adds tax_rate / 100 when taxes are included, which is the default', () => {
    expect(computeAmount({ amount: 1000, region: { currency_code: 'usd', tax_rate: 25 } })).toBe(12.5)
    expect(computeAmount({ amount: 1000, region: { currency_code: 'jpy', tax_rate: 10 } })).toBeCloseTo(1100)
    expect(computeAmount({ amount: 1000, region: { currency_code: 'usd', tax_rate: 25 }, includeTaxes: false })).toBe(
      10,
    )
  })

  it('treats a region without a tax rate as untaxed', () => {
    expect(computeAmount({ amount: 1000, region: { currency_code: 'usd' } })).toBe(10)
  })
})

describe('computeVariantPrice', () => {
  it('is the variant price in the region, tax on or off', () => {
    const region = { currency_code: 'eur', tax_rate: 20 }
    expect(computeVariantPrice({ variant, region })).toBeCloseTo(11.988)
    expect(computeVariantPrice({ variant, region, includeTaxes: false })).toBe(9.99)
  })
})

describe('formatting', () => {
  it('formats USD, EUR, JPY, KRW and VND in en-US by default', () => {
    const untaxed = (currency_code: string) => ({ currency_code, tax_rate: 0 })
    expect(formatVariantPrice({ variant, region: untaxed('usd') })).toBe('$12.50')
    expect(formatVariantPrice({ variant, region: untaxed('eur') })).toBe('€9.99')
    expect(formatVariantPrice({ variant, region: untaxed('jpy') })).toBe('¥1,500')
    expect(formatVariantPrice({ variant, region: untaxed('krw') })).toBe('₩13,000')
    expect(formatVariantPrice({ variant, region: untaxed('vnd') })).toBe('₫250,000')
  })

  it('formats with tax included by default and without on request', () => {
    const region = { currency_code: 'usd', tax_rate: 10 }
    expect(formatAmount({ amount: 1000, region })).toBe('$11.00')
    expect(formatAmount({ amount: 1000, region, includeTaxes: false })).toBe('$10.00')
    expect(formatVariantPrice({ variant, region })).toBe('$13.75')
  })

  it('honours the locale and fraction digits', () => {
    const region = { currency_code: 'eur', tax_rate: 0 }
    expect(formatAmount({ amount: 123456, region, locale: 'de-DE' })).toBe('1.234,56\u00a0€')
    expect(formatAmount({ amount: 123456, region, maximumFractionDigits: 0, minimumFractionDigits: 0 })).toBe('€1,235')
  })

  it('prints the bare number when the region has no currency', () => {
    expect(formatAmount({ amount: 1000, region: { currency_code: '', tax_rate: 0 } })).toBe('10')
  })
})
