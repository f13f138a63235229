import { describe, expect, it } from 'vitest'
import {
  priceIncludesTax,
  selectPrice,
  type PriceListInfo,
  type PriceSelectionContext,
  type SelectablePrice,
} from './price-selection.js'

let sequence = 0

function price(overrides: Partial<SelectablePrice> & { amount: number }): SelectablePrice {
  sequence += 1
  return {
    id: `ma_${sequence}`,
    currency_code: 'eur',
    region_id: null,
    min_quantity: null,
    max_quantity: null,
    price_list_id: null,
    ...overrides,
  }
}

function listPrice(amount: number, list: PriceListInfo, overrides: Partial<SelectablePrice> = {}): SelectablePrice {
  return price({ amount, price_list_id: `pl_${list.type}_${sequence}`, price_list: list, ...overrides })
}

const EU = 'reg_eu'
const US = 'reg_us'
const regionContext = (overrides: Partial<PriceSelectionContext> = {}): PriceSelectionContext => ({
  region_id: EU,
  currency_code: 'eur',
  includesTax: false,
  taxRate: 0,
  ...overrides,
})
const currencyContext = (overrides: Partial<PriceSelectionContext> = {}): PriceSelectionContext => ({
  currency_code: 'eur',
  includesTax: false,
  taxRate: null,
  ...overrides,
})

describe('selectPrice: which prices apply', () => {
  it('gives nothing but the live prices when the context names no region or currency', () => {
    const prices = [price({ amount: 100 }), price({ amount: 200, currency_code: 'usd' })]

    const result = selectPrice(prices, { includesTax: false, taxRate: null })

    expect(result.prices).toHaveLength(2)
    expect(result).toMatchObject({
      original_price: null,
      calculated_price: null,
      calculated_price_type: null,
      original_price_includes_tax: null,
      calculated_price_includes_tax: null,
      original_tax: null,
      calculated_tax: null,
      original_price_incl_tax: null,
      calculated_price_incl_tax: null,
      tax_rates: null,
    })
  })

  it('returns nulls when the variant has no price at all', () => {
    const result = selectPrice([], regionContext())

    expect(result.prices).toEqual([])
    expect(result.original_price).toBeNull()
    expect(result.calculated_price).toBeNull()
    expect(result.calculated_price_type).toBeNull()
  })

  it('uses the currency price in a currency context', () => {
    const eur = price({ amount: 1000 })
    const usd = price({ amount: 1200, currency_code: 'usd' })

    const result = selectPrice([usd, eur], currencyContext())

    expect(result.prices).toEqual([eur])
    expect(result.original_price).toBe(1000)
    expect(result.calculated_price).toBe(1000)
    expect(result.calculated_price_type).toBe('default')
  })

  it('ignores region prices in a currency-only context', () => {
    const regionPrice = price({ amount: 500, region_id: EU })
    const currencyPrice = price({ amount: 1000 })

    const result = selectPrice([regionPrice, currencyPrice], currencyContext())

    expect(result.prices).toEqual([currencyPrice])
    expect(result.calculated_price).toBe(1000)
  })

  it('never applies the price of another region, even in the same currency', () => {
    const other = price({ amount: 100, region_id: US })
    const currencyPrice = price({ amount: 1000 })

    const result = selectPrice([other, currencyPrice], regionContext())

    expect(result.prices).toEqual([currencyPrice])
    expect(result.original_price).toBe(1000)
    expect(result.calculated_price).toBe(1000)
  })

  it('has no price in a currency the variant is not priced in', () => {
    const result = selectPrice([price({ amount: 1000, currency_code: 'usd' })], currencyContext())

    expect(result.prices).toEqual([])
    expect(result.calculated_price).toBeNull()
    expect(result.original_price).toBeNull()
  })
})

describe('selectPrice: region beats currency', () => {
  it('takes the region price over a cheaper currency price for the region currency', () => {
    const currencyPrice = price({ amount: 900 })
    const regionPrice = price({ amount: 1000, region_id: EU })

    const result = selectPrice([currencyPrice, regionPrice], regionContext())

    expect(result.original_price).toBe(1000)
    expect(result.calculated_price).toBe(1000)
    expect(result.prices).toEqual([currencyPrice, regionPrice])
  })

  it('takes the region price over a dearer currency price', () => {
    const result = selectPrice([price({ amount: 1200 }), price({ amount: 1000, region_id: EU })], regionContext())

    expect(result.original_price).toBe(1000)
    expect(result.calculated_price).toBe(1000)
  })

  it('falls back to the currency price when the region has none', () => {
    const result = selectPrice([price({ amount: 1200 })], regionContext())

    expect(result.original_price).toBe(1200)
    expect(result.calculated_price).toBe(1200)
  })

  it('falls back to currency tiers when the region price does not fit the quantity', () => {
    const regionTier = price({ amount: 700, region_id: EU, min_quantity: 10 })
    const currencyBase = price({ amount: 1000 })

    const one = selectPrice([regionTier, currencyBase], regionContext({ quantity: 1 }))
    const ten = selectPrice([regionTier, currencyBase], regionContext({ quantity: 10 }))

    expect(one.calculated_price).toBe(1000)
    expect(ten.calculated_price).toBe(700)
    expect(ten.original_price).toBe(1000)
  })

  it('lets a sale list region price hide the same list currency price', () => {
    const sale = { type: 'sale' as const }
    const listId = 'pl_sale'
    const listCurrency = price({ amount: 500, price_list_id: listId, price_list: sale })
    const listRegion = price({ amount: 800, region_id: EU, price_list_id: listId, price_list: sale })
    const base = price({ amount: 1000, region_id: EU })

    const result = selectPrice([base, listCurrency, listRegion], regionContext())

    expect(result.calculated_price).toBe(800)
    expect(result.calculated_price_type).toBe('sale')
  })
})

describe('selectPrice: quantity tiers', () => {
  const base = price({ amount: 1000 })
  const tier10 = price({ amount: 900, min_quantity: 10, max_quantity: 49 })
  const tier50 = price({ amount: 800, min_quantity: 50 })
  const prices = [base, tier10, tier50]

  it.each([
    [undefined, 1000],
    [1, 1000],
    [9, 1000],
    [10, 900],
    [49, 900],
    [50, 800],
    [5000, 800],
  ])('quantity %s costs %i', (quantity, expected) => {
    const result = selectPrice(prices, currencyContext({ quantity }))

    expect(result.calculated_price).toBe(expected)
    expect(result.original_price).toBe(1000)
  })

  it('keeps the bounds inclusive at both ends', () => {
    const only = price({ amount: 500, min_quantity: 2, max_quantity: 3 })

    expect(selectPrice([only], currencyContext({ quantity: 1 })).calculated_price).toBeNull()
    expect(selectPrice([only], currencyContext({ quantity: 2 })).calculated_price).toBe(500)
    expect(selectPrice([only], currencyContext({ quantity: 3 })).calculated_price).toBe(500)
    expect(selectPrice([only], currencyContext({ quantity: 4 })).calculated_price).toBeNull()
  })

  it('takes one unit when no quantity is given, so tiers starting at 0 or 1 count', () => {
    const fromZero = price({ amount: 700, min_quantity: 0, max_quantity: 5 })
    const fromOne = price({ amount: 600, min_quantity: 1, max_quantity: 5 })
    const fromTwo = price({ amount: 500, min_quantity: 2 })

    expect(selectPrice([base, fromZero], currencyContext()).calculated_price).toBe(700)
    expect(selectPrice([base, fromOne], currencyContext()).calculated_price).toBe(600)
    expect(selectPrice([base, fromTwo], currencyContext()).calculated_price).toBe(1000)
  })

  it('has no original price when every price has quantity bounds', () => {
    const result = selectPrice([tier10], currencyContext({ quantity: 10 }))

    expect(result.original_price).toBeNull()
    expect(result.calculated_price).toBe(900)
  })
})

describe('selectPrice: price lists', () => {
  const now = new Date('2024-06-01T12:00:00Z')
  const base = () => price({ amount: 1000 })

  it('lets a cheaper sale price win with type sale', () => {
    const result = selectPrice([base(), listPrice(800, { type: 'sale' })], currencyContext({ now }))

    expect(result.original_price).toBe(1000)
    expect(result.calculated_price).toBe(800)
    expect(result.calculated_price_type).toBe('sale')
  })

  it('keeps the default price when the sale price is higher or equal', () => {
    const higher = selectPrice([base(), listPrice(1200, { type: 'sale' })], currencyContext({ now }))
    const equal = selectPrice([listPrice(1000, { type: 'sale' }), base()], currencyContext({ now }))

    expect(higher.calculated_price).toBe(1000)
    expect(higher.calculated_price_type).toBe('default')
    expect(equal.calculated_price).toBe(1000)
    expect(equal.calculated_price_type).toBe('default')
  })

  it('lets an override price win even when it is higher', () => {
    const result = selectPrice(
      [base(), listPrice(800, { type: 'sale' }), listPrice(1100, { type: 'override' })],
      currencyContext({ now }),
    )

    expect(result.original_price).toBe(1000)
    expect(result.calculated_price).toBe(1100)
    expect(result.calculated_price_type).toBe('override')
  })

  it('takes the lowest of several override prices', () => {
    const result = selectPrice(
      [base(), listPrice(1300, { type: 'override' }), listPrice(1100, { type: 'override' })],
      currencyContext({ now }),
    )

    expect(result.calculated_price).toBe(1100)
  })

  it('ignores an override price whose quantity bounds do not fit', () => {
    const result = selectPrice(
      [base(), listPrice(1100, { type: 'override' }, { min_quantity: 5 })],
      currencyContext({ now, quantity: 2 }),
    )

    expect(result.calculated_price).toBe(1000)
    expect(result.calculated_price_type).toBe('default')
  })

  it('never uses a list price for the original price', () => {
    const result = selectPrice([listPrice(800, { type: 'sale' })], currencyContext({ now }))

    expect(result.original_price).toBeNull()
    expect(result.calculated_price).toBe(800)
  })

  it.each<[string, PriceListInfo]>([
    ['draft', { type: 'sale', status: 'draft' }],
    ['not started', { type: 'sale', starts_at: new Date('2024-06-02T00:00:00Z') }],
    ['ended', { type: 'sale', ends_at: new Date('2024-06-01T11:59:59Z') }],
    ['ending right now', { type: 'sale', ends_at: now }],
    ['for another customer group', { type: 'sale', customer_group_ids: ['cgrp_vip'] }],
  ])('skips a %s list', (_label, list) => {
    const sale = listPrice(500, list)

    const result = selectPrice([base(), sale], currencyContext({ now, customer_group_ids: ['cgrp_regular'] }))

    expect(result.calculated_price).toBe(1000)
    expect(result.prices).not.toContain(sale)
  })

  it('uses a list inside its window and accepts ISO strings for the dates', () => {
    const list: PriceListInfo = {
      type: 'sale',
      status: 'active',
      starts_at: '2024-05-01T00:00:00Z',
      ends_at: '2024-07-01T00:00:00Z',
    }

    expect(selectPrice([base(), listPrice(500, list)], currencyContext({ now })).calculated_price).toBe(500)
  })

  it('uses a customer-group list for a member of the group', () => {
    const vip = listPrice(600, { type: 'sale', customer_group_ids: ['cgrp_a', 'cgrp_vip'] })

    const member = selectPrice([base(), vip], currencyContext({ now, customer_group_ids: ['cgrp_vip'] }))
    const guest = selectPrice([base(), vip], currencyContext({ now }))

    expect(member.calculated_price).toBe(600)
    expect(guest.calculated_price).toBe(1000)
  })

  it('skips a price that names a list without describing it', () => {
    const orphan = price({ amount: 1, price_list_id: 'pl_unknown' })

    const result = selectPrice([base(), orphan], currencyContext({ now }))

    expect(result.calculated_price).toBe(1000)
    expect(result.prices).not.toContain(orphan)
  })

  it('uses the current time when the context has none', () => {
    const expired = listPrice(1, { type: 'sale', ends_at: new Date(Date.now() - 60_000) })
    const running = listPrice(2, { type: 'sale', ends_at: new Date(Date.now() + 60_000) })

    expect(selectPrice([base(), expired], currencyContext()).calculated_price).toBe(1000)
    expect(selectPrice([base(), running], currencyContext()).calculated_price).toBe(2)
  })
})

describe('selectPrice: taxes', () => {
  it('adds tax to tax-exclusive prices and lists the default rate', () => {
    const result = selectPrice([price({ amount: 1000, region_id: EU })], regionContext({ taxRate: 20 }))

    expect(result).toMatchObject({
      original_price: 1000,
      calculated_price: 1000,
      original_tax: 200,
      calculated_tax: 200,
      original_price_incl_tax: 1200,
      calculated_price_incl_tax: 1200,
      original_price_includes_tax: false,
      calculated_price_includes_tax: false,
      tax_rates: [{ rate: 20, name: 'default', code: 'default' }],
    })
  })

  it('extracts the tax of tax-inclusive prices', () => {
    const result = selectPrice(
      [price({ amount: 1200, region_id: EU, includes_tax: true })],
      regionContext({ taxRate: 20, includesTax: true }),
    )

    expect(result).toMatchObject({
      calculated_price: 1200,
      calculated_tax: 200,
      calculated_price_incl_tax: 1200,
      calculated_price_includes_tax: true,
      original_price_includes_tax: true,
    })
  })

  it('treats every price as tax-exclusive when tax-inclusive pricing is off', () => {
    const result = selectPrice(
      [price({ amount: 1200, region_id: EU, includes_tax: true })],
      regionContext({ taxRate: 20, includesTax: false }),
    )

    expect(result.calculated_tax).toBe(240)
    expect(result.calculated_price_incl_tax).toBe(1440)
    expect(result.calculated_price_includes_tax).toBe(false)
  })

  it('rounds the tax to the minor unit', () => {
    const exclusive = selectPrice([price({ amount: 999 })], currencyContext({ taxRate: 12.5 }))
    const inclusive = selectPrice(
      [price({ amount: 1001, includes_tax: true })],
      currencyContext({ taxRate: 25, includesTax: true }),
    )

    expect(exclusive.calculated_tax).toBe(125) // 124.875
    expect(exclusive.calculated_price_incl_tax).toBe(1124)
    expect(inclusive.calculated_tax).toBe(200) // 200.2
  })

  it('gives zero tax at a zero rate and for a free variant', () => {
    const zeroRate = selectPrice([price({ amount: 1000 })], currencyContext({ taxRate: 0 }))
    const free = selectPrice([price({ amount: 0 })], currencyContext({ taxRate: 20 }))

    expect(zeroRate.calculated_tax).toBe(0)
    expect(zeroRate.calculated_price_incl_tax).toBe(1000)
    expect(free.calculated_tax).toBe(0)
    expect(free.calculated_price_incl_tax).toBe(0)
  })

  it('reports the given tax rates', () => {
    const taxRates = [
      { rate: 5, name: 'GST', code: 'gst' },
      { rate: 7, name: 'PST', code: null },
    ]

    const result = selectPrice([price({ amount: 1000 })], currencyContext({ taxRate: 12, taxRates }))

    expect(result.tax_rates).toEqual(taxRates)
    expect(result.calculated_tax).toBe(120)
  })

  it('compares mixed tax treatment gross of tax', () => {
    // 1100 excl. 20 % = 1320 gross, dearer than 1250 incl.: the inclusive price wins.
    const exclusive = price({ amount: 1100 })
    const inclusive = listPrice(1250, { type: 'sale', includes_tax: true }, { includes_tax: true })

    const result = selectPrice([exclusive, inclusive], currencyContext({ taxRate: 20, includesTax: true }))

    expect(result.calculated_price).toBe(1250)
    expect(result.calculated_price_includes_tax).toBe(true)
    expect(result.calculated_tax).toBe(208)
    expect(result.original_price).toBe(1100)
    expect(result.original_price_includes_tax).toBe(false)
    expect(result.original_price_incl_tax).toBe(1320)
  })

  it('keeps the earlier price when mixed treatments cannot be compared without a rate', () => {
    const exclusive = price({ amount: 1100 })
    const inclusive = listPrice(900, { type: 'sale', includes_tax: true }, { includes_tax: true })

    const result = selectPrice([exclusive, inclusive], currencyContext({ taxRate: null, includesTax: true }))

    expect(result.calculated_price).toBe(1100)
    expect(result.calculated_tax).toBeNull()
    expect(result.tax_rates).toBeNull()
  })
})

describe('priceIncludesTax', () => {
  it('follows the price list, then the region for region prices, then the currency', () => {
    const regionPrice = { region_id: EU, price_list: null }
    const currencyPrice = { region_id: null, price_list: null }
    const inclusiveList = { region_id: null, price_list: { type: 'sale' as const, includes_tax: true } }

    expect(priceIncludesTax(inclusiveList, {})).toBe(true)
    expect(priceIncludesTax(regionPrice, { regionIncludesTax: true })).toBe(true)
    expect(priceIncludesTax(currencyPrice, { regionIncludesTax: true })).toBe(false)
    expect(priceIncludesTax(currencyPrice, { currencyIncludesTax: true })).toBe(true)
    expect(priceIncludesTax(regionPrice, { regionIncludesTax: false, currencyIncludesTax: true })).toBe(true)
    expect(priceIncludesTax(regionPrice, {})).toBe(false)
  })
})
