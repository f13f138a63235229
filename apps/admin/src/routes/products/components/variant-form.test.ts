import { describe, expect, it } from 'vitest'
import { priceColumns } from './price-columns'
import { pricesToPayload, variantToForm } from './variant-form'

const columns = priceColumns(
  [{ code: 'eur' }, { code: 'jpy' }],
  [{ id: 'reg_eu', name: 'Europe', currency_code: 'eur' }],
)

describe('priceColumns', () => {
  it('has a column per store currency, then per region', () => {
    expect(columns.map((column) => column.key)).toEqual(['currency:eur', 'currency:jpy', 'region:reg_eu'])
    expect(columns[2]).toMatchObject({ currency_code: 'eur', region_id: 'reg_eu', name: 'Europe' })
  })
})

describe('pricesToPayload', () => {
  it('sends filled columns in minor units, by currency or by region', () => {
    expect(pricesToPayload([{ amount: '12.5' }, { amount: '' }, { amount: '10' }], columns)).toEqual([
      { currency_code: 'eur', amount: 1250 },
      { region_id: 'reg_eu', amount: 1000 },
    ])
  })

  it('keeps the ids of prices the variant already has, so they are updated', () => {
    const existing = [
      { id: 'ma_1', currency_code: 'eur', amount: 100 },
      { id: 'ma_2', region_id: 'reg_eu', currency_code: 'eur', amount: 200 },
    ]
    expect(pricesToPayload([{ amount: '2' }, { amount: '500' }, { amount: '3' }], columns, existing)).toEqual([
      { id: 'ma_1', currency_code: 'eur', amount: 200 },
      { currency_code: 'jpy', amount: 500 },
      { id: 'ma_2', region_id: 'reg_eu', amount: 300 },
    ])
  })
})

describe('variantToForm', () => {
  it('lays option values and prices out in the order of the options and columns', () => {
    const form = variantToForm(
      {
        title: 'S / Red',
        sku: null,
        inventory_quantity: 4,
        options: [
          { option_id: 'opt_colour', value: 'Red' },
          { option_id: 'opt_size', value: 'S' },
        ],
        prices: [
          { region_id: 'reg_eu', currency_code: 'eur', amount: 1999 },
          { currency_code: 'jpy', amount: 2500 },
        ],
      },
      ['opt_size', 'opt_colour'],
      columns,
    )
    expect(form).toEqual({
      title: 'S / Red',
      sku: '',
      inventory_quantity: '4',
      options: [{ value: 'S' }, { value: 'Red' }],
      prices: [{ amount: '' }, { amount: '2500' }, { amount: '19.99' }],
    })
  })
})
