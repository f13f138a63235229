import { describe, expect, it } from 'vitest'
import { meetsRequirements } from './cart.js'
import { priceShipping, shippingTaxRates } from './pricing.js'

const rate = (value: number) => [{ rate: value, name: 'default', code: 'default' }]

describe('shippingTaxRates', () => {
  it("is the region's rate named default when taxes are automatic, else none", () => {
    expect(shippingTaxRates({ tax_rate: 25, automatic_taxes: true })).toEqual(rate(25))
    expect(shippingTaxRates({ tax_rate: 0, automatic_taxes: true })).toEqual(rate(0))
    expect(shippingTaxRates({ tax_rate: 25, automatic_taxes: false })).toEqual([])
  })
})

describe('priceShipping', () => {
  it('adds the tax to a tax-exclusive amount, rounded to the minor unit', () => {
    expect(priceShipping(1000, false, rate(20), false)).toEqual({
      price_incl_tax: 1200,
      tax_rates: rate(20),
      tax_amount: 200,
    })
    expect(priceShipping(999, false, rate(12.5), false)).toMatchObject({ tax_amount: 125, price_incl_tax: 1124 })
  })

  it('sums several rates', () => {
    const rates = [
      { rate: 10, name: 'state', code: 's' },
      { rate: 5, name: 'city', code: null },
    ]
    expect(priceShipping(2000, false, rates, false)).toMatchObject({ tax_amount: 300, price_incl_tax: 2300 })
  })

  it('takes the tax out of a tax-inclusive amount only with the tax_inclusive_pricing flag', () => {
    expect(priceShipping(1200, true, rate(20), true)).toMatchObject({ tax_amount: 200, price_incl_tax: 1200 })
    expect(priceShipping(1000, true, rate(25), true)).toMatchObject({ tax_amount: 200, price_incl_tax: 1000 })
    expect(priceShipping(1200, true, rate(20), false)).toMatchObject({ tax_amount: 240, price_incl_tax: 1440 })
    expect(priceShipping(1200, false, rate(20), true)).toMatchObject({ tax_amount: 240, price_incl_tax: 1440 })
  })

  it('prices a missing amount (a calculated option without a cart) as 0, and no rates as no tax', () => {
    expect(priceShipping(null, false, rate(20), false)).toEqual({
      price_incl_tax: 0,
      tax_rates: rate(20),
      tax_amount: 0,
    })
    expect(priceShipping(1500, false, [], false)).toEqual({ price_incl_tax: 1500, tax_rates: [], tax_amount: 0 })
  })
})

describe('meetsRequirements', () => {
  const option = (requirements: { type: 'min_subtotal' | 'max_subtotal'; amount: number }[], includesTax = false) => ({
    includes_tax: includesTax,
    requirements,
  })

  it('holds without requirements', () => {
    expect(meetsRequirements(option([]), { subtotal: 0 })).toBe(true)
    expect(meetsRequirements({ includes_tax: false }, { subtotal: 0 })).toBe(true)
  })

  it('compares min_subtotal inclusively and max_subtotal exclusively', () => {
    const min = option([{ type: 'min_subtotal', amount: 5000 }])
    expect(meetsRequirements(min, { subtotal: 4999 })).toBe(false)
    expect(meetsRequirements(min, { subtotal: 5000 })).toBe(true)
    const max = option([{ type: 'max_subtotal', amount: 10000 }])
    expect(meetsRequirements(max, { subtotal: 9999 })).toBe(true)
    expect(meetsRequirements(max, { subtotal: 10000 })).toBe(false)
  })

  it('needs every requirement to hold', () => {
    const both = option([
      { type: 'min_subtotal', amount: 1000 },
      { type: 'max_subtotal', amount: 2000 },
    ])
    expect([999, 1000, 1999, 2000].map((subtotal) => meetsRequirements(both, { subtotal }))).toEqual([
      false,
      true,
      true,
      false,
    ])
    const equal = option([
      { type: 'min_subtotal', amount: 1000 },
      { type: 'max_subtotal', amount: 1000 },
    ])
    expect(meetsRequirements(equal, { subtotal: 1000 })).toBe(false)
  })

  it('compares the total instead for tax-inclusive options, falling back to the subtotal', () => {
    const min = option([{ type: 'min_subtotal', amount: 1200 }], true)
    expect(meetsRequirements(min, { subtotal: 1000, total: 1200 })).toBe(true)
    expect(meetsRequirements(min, { subtotal: 1000 })).toBe(false)
    expect(meetsRequirements({ ...min, includes_tax: false }, { subtotal: 1000, total: 1200 })).toBe(false)
  })
})
