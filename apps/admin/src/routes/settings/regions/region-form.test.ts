import { describe, expect, it } from 'vitest'
import { isCountryList, parseCountryCodes, regionPayload, regionToValues } from './region-form'

describe('country codes', () => {
  it('reads codes separated by commas or spaces, lower-cased, once each', () => {
    expect(parseCountryCodes('DE, fr ,at  DE')).toEqual(['de', 'fr', 'at'])
    expect(parseCountryCodes('')).toEqual([])
  })

  it('accepts only two-letter codes', () => {
    expect(isCountryList('DE, FR')).toBe(true)
    expect(isCountryList('')).toBe(true)
    expect(isCountryList('DEU')).toBe(false)
    expect(isCountryList('D1')).toBe(false)
  })
})

describe('regionPayload', () => {
  it('round-trips a stored region through the form', () => {
    const values = regionToValues(
      {
        name: 'Europe',
        currency_code: 'eur',
        tax_rate: 21,
        tax_code: null,
        countries: [{ iso_2: 'de' }, { iso_2: 'fr' }],
        payment_providers: [{ id: 'manual' }],
        fulfillment_providers: [{ id: 'manual' }],
      },
      'usd',
    )
    expect(values.countries).toBe('DE, FR')
    expect(regionPayload(values)).toEqual({
      name: 'Europe',
      currency_code: 'eur',
      tax_rate: 21,
      countries: ['de', 'fr'],
      payment_providers: ['manual'],
      fulfillment_providers: ['manual'],
    })
  })

  it('starts a new region in the store default currency', () => {
    expect(regionToValues(undefined, 'usd')).toMatchObject({ currency_code: 'usd', tax_rate: '0', countries: '' })
  })
})
