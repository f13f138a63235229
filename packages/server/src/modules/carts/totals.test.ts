import { describe, expect, it } from 'vitest'
import {
  allocateDiscount,
  computeTotals,
  type DiscountRule,
  type Totals,
  type TotalsInput,
  type TotalsLineItem,
  type TotalsShippingMethod,
} from './totals.js'

function taxLines(rates: number[]) {
  return rates.map((rate, index) => ({ rate, name: `tax ${index}`, code: `t${index}` }))
}

function item(
  id: string,
  unitPrice: number,
  quantity: number,
  rates: number[] = [],
  overrides: Partial<TotalsLineItem> = {},
): TotalsLineItem {
  return {
    id,
    unit_price: unitPrice,
    quantity,
    includes_tax: false,
    tax_lines: taxLines(rates),
    adjustments: [],
    ...overrides,
  }
}

function method(id: string, price: number, rates: number[] = [], includesTax = false): TotalsShippingMethod {
  return { id, price, includes_tax: includesTax, tax_lines: taxLines(rates) }
}

function cart(overrides: Partial<TotalsInput> = {}): TotalsInput {
  return {
    currency_code: 'usd',
    region: { gift_cards_taxable: true, tax_rate: 0 },
    items: [],
    shipping_methods: [],
    gift_cards: [],
    kind: 'cart',
    ...overrides,
  }
}

function adjusted(amounts: number[]) {
  return amounts.map((amount) => ({ amount, discount_id: 'disc_1' }))
}

/** 2 × 19.99 + 1 × 5.00 at 8.25 %, 7.99 shipping taxed at 8.25 %. */
function usdCart(overrides: Partial<TotalsInput> = {}): TotalsInput {
  return cart({
    region: { gift_cards_taxable: true, tax_rate: 8.25 },
    items: [item('item_a', 1999, 2, [8.25]), item('item_b', 500, 1, [8.25])],
    shipping_methods: [method('sm_1', 799, [8.25])],
    ...overrides,
  })
}

describe('computeTotals: tax-exclusive prices', () => {
  it('totals a USD cart line by line, then sums the rounded lines', () => {
    // item_a: 2 × 1999 = 3998; tax 3998 × 8.25 % = 329.835 → 330; total 4328
    // item_b: 1 × 500 = 500;   tax 500 × 8.25 %  = 41.25   → 41;  total 541
    // sm_1: 799; tax 799 × 8.25 % = 65.9175 → 66; total 865
    // cart: subtotal 4498, tax 371 + 66 = 437, total 4498 + 799 + 437 = 5734
    const totals = computeTotals(usdCart())

    expect(totals).toEqual({
      subtotal: 4498,
      discount_total: 0,
      raw_discount_total: 0,
      shipping_total: 799,
      item_tax_total: 371,
      shipping_tax_total: 66,
      tax_total: 437,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 5734,
      items: {
        item_a: {
          subtotal: 3998,
          discount_total: 0,
          raw_discount_total: 0,
          tax_total: 330,
          total: 4328,
          original_total: 4328,
          original_tax_total: 330,
        },
        item_b: {
          subtotal: 500,
          discount_total: 0,
          raw_discount_total: 0,
          tax_total: 41,
          total: 541,
          original_total: 541,
          original_tax_total: 41,
        },
      },
      shipping_methods: {
        sm_1: { price: 799, subtotal: 799, tax_total: 66, total: 865, original_total: 865, original_tax_total: 66 },
      },
    } satisfies Totals)
  })

  it('adds the rates of several tax lines and rounds once', () => {
    // 1010 at 5 % + 9.975 % = 14.975 % → 151.2475 → 151
    // (rounding each tax line would give 50.5 → 51 plus 100.7475 → 101 = 152)
    const totals = computeTotals(cart({ items: [item('item_qc', 1010, 1, [5, 9.975])] }))

    expect(totals.items.item_qc).toMatchObject({ subtotal: 1010, tax_total: 151, total: 1161 })
    expect(totals.tax_total).toBe(151)
  })

  it('charges tax on the line after its discount, keeping the undiscounted figures as original_*', () => {
    // 3998 − 500 = 3498; tax 3498 × 8.25 % = 288.585 → 289; original tax 330
    const totals = computeTotals(
      usdCart({ items: [item('item_a', 1999, 2, [8.25], { adjustments: adjusted([500]) })] }),
    )

    expect(totals.items.item_a).toEqual({
      subtotal: 3998,
      discount_total: 500,
      raw_discount_total: 500,
      tax_total: 289,
      total: 3787,
      original_total: 4328,
      original_tax_total: 330,
    })
    // 3998 + 799 + (289 + 66) − 500 = 4652
    expect(totals).toMatchObject({ subtotal: 3998, discount_total: 500, tax_total: 355, total: 4652 })
  })
})

describe('computeTotals: tax-inclusive prices', () => {
  /** 2 × 12.00 and 4.90 shipping, all including 20 % VAT. */
  const eurCart = (overrides: Partial<TotalsInput> = {}) =>
    cart({
      currency_code: 'eur',
      region: { gift_cards_taxable: true, tax_rate: 20 },
      items: [item('item_eu', 1200, 2, [20], { includes_tax: true })],
      shipping_methods: [method('sm_eu', 490, [20], true)],
      ...overrides,
    })

  it('splits the gross into net subtotal and tax, and the total is what the customer pays', () => {
    // item: gross 2400; net 2400 / 1.2 = 2000; tax 400
    // shipping: gross 490; net 490 / 1.2 = 408.33 → 408; tax 82
    // cart: 2000 + 408 + 482 = 2890 = 2400 + 490
    const totals = computeTotals(eurCart())

    expect(totals).toEqual({
      subtotal: 2000,
      discount_total: 0,
      raw_discount_total: 0,
      shipping_total: 408,
      item_tax_total: 400,
      shipping_tax_total: 82,
      tax_total: 482,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 2890,
      items: {
        item_eu: {
          subtotal: 2000,
          discount_total: 0,
          raw_discount_total: 0,
          tax_total: 400,
          total: 2400,
          original_total: 2400,
          original_tax_total: 400,
        },
      },
      shipping_methods: {
        sm_eu: { price: 490, subtotal: 408, tax_total: 82, total: 490, original_total: 490, original_tax_total: 82 },
      },
    } satisfies Totals)
  })

  it('takes a discount off the gross and reports it net of the tax it carried', () => {
    // gross 2400 − 600 = 1800 paid; net 1800 / 1.2 = 1500, tax 300
    // discount_total = 2000 − 1500 = 500 (the 600 off splits into 500 net + 100 tax)
    // line: 2000 − 500 + 300 = 1800
    const totals = computeTotals(
      eurCart({ items: [item('item_eu', 1200, 2, [20], { includes_tax: true, adjustments: adjusted([600]) })] }),
    )

    expect(totals.items.item_eu).toEqual({
      subtotal: 2000,
      discount_total: 500,
      raw_discount_total: 500,
      tax_total: 300,
      total: 1800,
      original_total: 2400,
      original_tax_total: 400,
    })
    // 2000 + 408 + (300 + 82) − 500 = 2290 = 1800 + 490
    expect(totals).toMatchObject({ discount_total: 500, raw_discount_total: 500, tax_total: 382, total: 2290 })
  })

  it('adds the rates of several inclusive tax lines', () => {
    // gross 1150 at 10 % + 5 %: net 1150 / 1.15 = 1000, tax 150
    const totals = computeTotals(cart({ items: [item('item_x', 1150, 1, [10, 5], { includes_tax: true })] }))

    expect(totals.items.item_x).toMatchObject({ subtotal: 1000, tax_total: 150, total: 1150 })
  })

  it('treats an inclusive price without tax lines as all net', () => {
    const totals = computeTotals(cart({ items: [item('item_x', 999, 3, [], { includes_tax: true })] }))

    expect(totals).toMatchObject({ subtotal: 2997, tax_total: 0, total: 2997 })
  })

  it('mixes inclusive and exclusive lines in one cart', () => {
    // inclusive 1200 at 20 %: net 1000, tax 200; exclusive 1000 at 20 %: tax 200
    const totals = computeTotals(
      cart({ items: [item('item_in', 1200, 1, [20], { includes_tax: true }), item('item_ex', 1000, 1, [20])] }),
    )

    expect(totals).toMatchObject({ subtotal: 2000, item_tax_total: 400, total: 2400 })
  })
})

describe('computeTotals: zero-decimal currencies', () => {
  it('totals a JPY cart in yen', () => {
    // 3 × ¥1500 = 4500, tax 450; 1 × ¥980, tax 98; shipping ¥700, tax 70
    // total 5480 + 700 + 618 = 6798
    const totals = computeTotals(
      cart({
        currency_code: 'jpy',
        region: { gift_cards_taxable: true, tax_rate: 10 },
        items: [item('item_1', 1500, 3, [10]), item('item_2', 980, 1, [10])],
        shipping_methods: [method('sm_jp', 700, [10])],
      }),
    )

    expect(totals).toMatchObject({
      subtotal: 5480,
      shipping_total: 700,
      item_tax_total: 548,
      shipping_tax_total: 70,
      tax_total: 618,
      total: 6798,
    })
  })

  it('never divides a yen amount by 100', () => {
    // ¥123 stays 123 (not 1.23); tax 12.3 → 12. ¥5 at 10 % = 0.5 → 1.
    const totals = computeTotals(
      cart({ currency_code: 'jpy', items: [item('item_1', 123, 1, [10]), item('item_2', 5, 1, [10])] }),
    )

    expect(totals.items.item_1).toMatchObject({ subtotal: 123, tax_total: 12, total: 135 })
    expect(totals.items.item_2).toMatchObject({ subtotal: 5, tax_total: 1, total: 6 })
    expect(totals.total).toBe(141)
  })

  it('totals a KRW cart, including a VAT-inclusive price', () => {
    // 2 × ₩15900 = 31800, tax 3180; ₩11000 incl. 10 %: net 10000, tax 1000; shipping ₩3000, tax 300
    // total 41800 + 3000 + 4480 = 49280
    const totals = computeTotals(
      cart({
        currency_code: 'krw',
        region: { gift_cards_taxable: true, tax_rate: 10 },
        items: [item('item_1', 15900, 2, [10]), item('item_2', 11000, 1, [10], { includes_tax: true })],
        shipping_methods: [method('sm_kr', 3000, [10])],
      }),
    )

    expect(totals).toMatchObject({ subtotal: 41800, item_tax_total: 4180, shipping_tax_total: 300, total: 49280 })
    expect(totals.items.item_2).toMatchObject({ subtotal: 10000, tax_total: 1000, total: 11000 })
  })

  it('totals a VND cart', () => {
    // ₫250000, tax 25000; 3 × ₫33333 = 99999, tax 9999.9 → 10000; shipping ₫30000, tax 3000
    // total 349999 + 30000 + 38000 = 417999
    const totals = computeTotals(
      cart({
        currency_code: 'vnd',
        region: { gift_cards_taxable: true, tax_rate: 10 },
        items: [item('item_1', 250000, 1, [10]), item('item_2', 33333, 3, [10])],
        shipping_methods: [method('sm_vn', 30000, [10])],
      }),
    )

    expect(totals).toMatchObject({ subtotal: 349999, item_tax_total: 35000, tax_total: 38000, total: 417999 })
    expect(totals.items.item_2.tax_total).toBe(10000)
  })
})

describe('computeTotals: rounding', () => {
  it('rounds the tax of 1-cent lines at 7.5 % per line', () => {
    // 1¢: 0.075 → 0; 7 × 1¢: 0.525 → 1; 20 × 1¢: 1.5 → 2
    const totals = computeTotals(
      cart({ items: [item('one', 1, 1, [7.5]), item('seven', 1, 7, [7.5]), item('twenty', 1, 20, [7.5])] }),
    )

    expect(totals.items.one).toMatchObject({ subtotal: 1, tax_total: 0, total: 1 })
    expect(totals.items.seven).toMatchObject({ subtotal: 7, tax_total: 1, total: 8 })
    expect(totals.items.twenty).toMatchObject({ subtotal: 20, tax_total: 2, total: 22 })
    expect(totals).toMatchObject({ subtotal: 28, tax_total: 3, total: 31 })
  })

  it('rounds exact halves away from zero, not to even', () => {
    // 10¢ at 5 % = 0.5 → 1 (banker's: 0); 50¢ at 5 % = 2.5 → 3 (banker's: 2)
    const totals = computeTotals(cart({ items: [item('a', 10, 1, [5]), item('b', 50, 1, [5])] }))

    expect(totals.items.a.tax_total).toBe(1)
    expect(totals.items.b.tax_total).toBe(3)
  })

  it('rounds the exact decimal product, where floating point lands just below the half', () => {
    // 200 × 7.25 % = 14.5 → 15 (200 * 0.0725 is 14.499999999999998 in binary)
    // 500 × 0.7 % = 3.5 → 4; 2000 × 9.975 % = 199.5 → 200
    const totals = computeTotals(
      cart({ items: [item('a', 200, 1, [7.25]), item('b', 500, 1, [0.7]), item('c', 2000, 1, [9.975])] }),
    )

    expect(totals.items.a.tax_total).toBe(15)
    expect(totals.items.b.tax_total).toBe(4)
    expect(totals.items.c.tax_total).toBe(200)
  })

  it('sums rounded lines rather than rounding the cart: ten 10¢ lines at 5 % carry 10¢ of tax', () => {
    // each line 0.5 → 1, so 10; rounding the cart's 100¢ × 5 % would give 5
    const items = Array.from({ length: 10 }, (_, index) => item(`line_${index}`, 10, 1, [5]))

    const totals = computeTotals(cart({ items }))

    expect(totals).toMatchObject({ subtotal: 100, item_tax_total: 10, tax_total: 10, total: 110 })
  })

  it('sums rounded lines rather than rounding the cart: ten 1¢ lines at 7.5 % carry no tax', () => {
    // each line 0.075 → 0; the cart's 10¢ × 7.5 % = 0.75 would round to 1
    const items = Array.from({ length: 10 }, (_, index) => item(`line_${index}`, 1, 1, [7.5]))

    const totals = computeTotals(cart({ items }))

    expect(totals).toMatchObject({ subtotal: 10, tax_total: 0, total: 10 })
  })

  it('rounds a line as a whole, not unit by unit', () => {
    // 3 × 10¢ at 5 % = 1.5 → 2 (per unit it would be 3 × round(0.5) = 3)
    const totals = computeTotals(cart({ items: [item('a', 10, 3, [5])] }))

    expect(totals.items.a.tax_total).toBe(2)
  })

  it('rounds a tax-inclusive half away from zero too', () => {
    // 3¢ incl. 20 %: net 2.5 → 3, tax 0
    const totals = computeTotals(cart({ items: [item('a', 3, 1, [20], { includes_tax: true })] }))

    expect(totals.items.a).toMatchObject({ subtotal: 3, tax_total: 0, total: 3 })
  })

  it('rounds the sum of fractional adjustments once per line and keeps the raw figure', () => {
    // a: 0.25 + 0.25 = 0.5 → 1; b: 333.3333 + 333.3333 + 333.3334 = 1000 exactly
    const totals = computeTotals(
      cart({
        items: [
          item('a', 100, 1, [], { adjustments: adjusted([0.25, 0.25]) }),
          item('b', 3000, 1, [], { adjustments: adjusted([333.3333, 333.3333, 333.3334]) }),
          item('c', 100, 1, [], { adjustments: adjusted([12.4]) }),
        ],
      }),
    )

    expect(totals.items.a).toMatchObject({ discount_total: 1, raw_discount_total: 0.5, total: 99 })
    expect(totals.items.b).toMatchObject({ discount_total: 1000, raw_discount_total: 1000 })
    expect(totals.items.c).toMatchObject({ discount_total: 12, raw_discount_total: 12.4 })
    // subtotal 3200 − 1013 = 2187
    expect(totals).toMatchObject({ discount_total: 1013, raw_discount_total: 1012.9, total: 2187 })
  })

  it('caps a line discount at the line amount', () => {
    const totals = computeTotals(cart({ items: [item('a', 500, 1, [10], { adjustments: adjusted([400, 300]) })] }))

    expect(totals.items.a).toMatchObject({ subtotal: 500, discount_total: 500, tax_total: 0, total: 0 })
    expect(totals.total).toBe(0)
  })
})

describe('allocateDiscount', () => {
  const fixedTotal = (value: number): DiscountRule => ({ type: 'fixed', value, allocation: 'total' })

  it('spreads a fixed discount over three equal lines, the odd cent to the first', () => {
    // 1000 / 3 = 333.33 each → floors 333 × 3 = 999; the leftover cent goes to the earliest tie
    const lines = [item('a', 1000, 1), item('b', 1000, 1), item('c', 1000, 1)]

    const allocation = allocateDiscount(lines, fixedTotal(1000), 'usd')

    expect(allocation).toEqual({ a: 334, b: 333, c: 333 })
  })

  it('spreads a fixed discount in proportion to unequal lines, summing exactly', () => {
    // bases 3998, 500, 1250 (Σ 5748): shares 695.546, 86.987, 217.467 → floors 695 + 86 + 217 = 998;
    // the 2 leftover cents go to the largest fractions: b (.987), then a (.546)
    const lines = [item('a', 1999, 2), item('b', 500, 1), item('c', 1250, 1)]

    const allocation = allocateDiscount(lines, fixedTotal(1000), 'usd')

    expect(allocation).toEqual({ a: 696, b: 87, c: 217 })
  })

  it('caps a fixed discount at the discountable amount and skips non-discountable lines', () => {
    const lines = [item('a', 300, 1), item('b', 700, 1), item('gift', 5000, 1, [], { is_discountable: false })]

    const allocation = allocateDiscount(lines, fixedTotal(5000), 'usd')

    expect(allocation).toEqual({ a: 300, b: 700 })
  })

  it('takes a percentage of each discountable line, rounded per line', () => {
    // 15 %: 3998 → 599.7 → 600; 500 → 75; 333 → 49.95 → 50
    const lines = [
      item('a', 1999, 2),
      item('b', 500, 1),
      item('c', 333, 1),
      item('x', 999, 1, [], { is_discountable: false }),
    ]

    const allocation = allocateDiscount(lines, { type: 'percentage', value: 15, allocation: 'total' }, 'usd')

    expect(allocation).toEqual({ a: 600, b: 75, c: 50 })
  })

  it('caps a percentage at 100', () => {
    const allocation = allocateDiscount(
      [item('a', 999, 2)],
      { type: 'percentage', value: 150, allocation: 'item' },
      'usd',
    )

    expect(allocation).toEqual({ a: 1998 })
  })

  it('applies a fixed per-item discount per unit, capped at the line', () => {
    // a: 300 × 2 = 600 of 3998; b: 300 × 1 capped at 250
    const lines = [item('a', 1999, 2), item('b', 250, 1)]

    const allocation = allocateDiscount(lines, { type: 'fixed', value: 300, allocation: 'item' }, 'usd')

    expect(allocation).toEqual({ a: 600, b: 250 })
  })

  it('allocates yen as yen, with no scaling by 100', () => {
    const lines = [item('a', 1000, 1), item('b', 1000, 1), item('c', 1000, 1)]

    const allocation = allocateDiscount(lines, fixedTotal(100), 'jpy')

    expect(allocation).toEqual({ a: 34, b: 33, c: 33 })
  })

  it('gives nothing to empty lines and returns nothing for an empty cart', () => {
    const allocation = allocateDiscount([item('a', 1000, 0), item('b', 1000, 1)], fixedTotal(500), 'usd')

    expect(allocation).toEqual({ a: 0, b: 500 })
    expect(allocateDiscount([], fixedTotal(500), 'usd')).toEqual({})
  })

  it('feeds computeTotals: a fixed 10.00 over three 10.00 lines at 10 % tax', () => {
    // adjustments 334 / 333 / 333 → bases 666 / 667 / 667 → tax 66.6 → 67, 66.7 → 67, 67
    // subtotal 3000, discount 1000, tax 201, total 2201
    const lines = [item('a', 1000, 1, [10]), item('b', 1000, 1, [10]), item('c', 1000, 1, [10])]
    const allocation = allocateDiscount(lines, fixedTotal(1000), 'usd')

    const totals = computeTotals(
      cart({ items: lines.map((line) => ({ ...line, adjustments: adjusted([allocation[line.id]]) })) }),
    )

    expect(totals).toMatchObject({ subtotal: 3000, discount_total: 1000, tax_total: 201, total: 2201 })
    expect(totals.items.a).toMatchObject({ discount_total: 334, tax_total: 67, total: 733 })
  })
})

describe('computeTotals: free shipping', () => {
  it('zeroes the shipping figures and keeps the undiscounted ones as original_*', () => {
    // 4498 + 0 + 371 = 4869
    const totals = computeTotals(usdCart({ free_shipping: true }))

    expect(totals.shipping_methods.sm_1).toEqual({
      price: 799,
      subtotal: 0,
      tax_total: 0,
      total: 0,
      original_total: 865,
      original_tax_total: 66,
    })
    expect(totals).toMatchObject({ shipping_total: 0, shipping_tax_total: 0, tax_total: 371, total: 4869 })
  })

  it('zeroes a tax-inclusive shipping method as well', () => {
    const totals = computeTotals(cart({ shipping_methods: [method('sm', 490, [20], true)], free_shipping: true }))

    expect(totals.shipping_methods.sm).toMatchObject({ subtotal: 0, tax_total: 0, total: 0, original_total: 490 })
    expect(totals.total).toBe(0)
  })
})

describe('computeTotals: gift cards', () => {
  it('taxes the covered amount when the region taxes gift cards', () => {
    // gift card 1000 of a 5297 gift-cardable net; its tax 1000 × 8.25 % = 82.5 → 83
    // total 5734 − 1000 − 83 = 4651
    const totals = computeTotals(usdCart({ gift_cards: [{ balance: 1000 }] }))

    expect(totals).toMatchObject({ gift_card_total: 1000, gift_card_tax_total: 83, tax_total: 437, total: 4651 })
  })

  it('covers tax-inclusive money without tax when gift cards are not taxable', () => {
    // total 5734 − 1000 = 4734
    const totals = computeTotals(
      usdCart({ region: { gift_cards_taxable: false, tax_rate: 8.25 }, gift_cards: [{ balance: 1000 }] }),
    )

    expect(totals).toMatchObject({ gift_card_total: 1000, gift_card_tax_total: 0, total: 4734 })
  })

  it('caps a taxable gift card larger than the cart at the net amount: total 0', () => {
    // gift-cardable = 4498 + 799 − 0 = 5297; tax on it 5297 × 8.25 % = 437.0025 → 437
    // total 5734 − 5297 − 437 = 0
    const totals = computeTotals(usdCart({ gift_cards: [{ balance: 100000 }] }))

    expect(totals).toMatchObject({ gift_card_total: 5297, gift_card_tax_total: 437, total: 0 })
  })

  it('caps a non-taxable gift card larger than the cart at the gross amount: total 0', () => {
    const totals = computeTotals(
      usdCart({ region: { gift_cards_taxable: false, tax_rate: 8.25 }, gift_cards: [{ balance: 100000 }] }),
    )

    expect(totals).toMatchObject({ gift_card_total: 5734, gift_card_tax_total: 0, total: 0 })
  })

  it('subtracts the discount from the gift-cardable amount', () => {
    // 3998 − 500 + 799 = 4297 gift-cardable; tax on it 354.5025 → 355; total 4652 − 4297 − 355 = 0
    const totals = computeTotals(
      usdCart({
        items: [item('item_a', 1999, 2, [8.25], { adjustments: adjusted([500]) })],
        gift_cards: [{ balance: 100000 }],
      }),
    )

    expect(totals).toMatchObject({ discount_total: 500, gift_card_total: 4297, gift_card_tax_total: 355, total: 0 })
  })

  it('draws several cards in order and taxes each at its own rate', () => {
    // 4999 at 10 %: tax 499.9 → 500; gift-cardable (taxable) = 4999
    // card 1 draws 150, tax at its 5 % = 7.5 → 8; card 2 draws 150, tax at the region's 10 % = 15;
    // card 3 draws the remaining 4699, tax 469.9 → 470. Gift card tax 8 + 15 + 470 = 493
    // total 4999 + 500 − 4999 − 493 = 7
    const totals = computeTotals(
      cart({
        region: { gift_cards_taxable: true, tax_rate: 10 },
        items: [item('a', 4999, 1, [10])],
        gift_cards: [{ balance: 150, tax_rate: 5 }, { balance: 150 }, { balance: 9999 }],
      }),
    )

    expect(totals).toMatchObject({ gift_card_total: 4999, gift_card_tax_total: 493, total: 7 })
  })

  it('never lets gift card tax exceed the tax charged, so the total stays ≥ 0', () => {
    // untaxed item 1000, region 25 %: the card's tax (100) would exceed the 0 charged → capped at 0
    const totals = computeTotals(
      cart({
        region: { gift_cards_taxable: true, tax_rate: 25 },
        items: [item('a', 1000, 1)],
        gift_cards: [{ balance: 5000 }],
      }),
    )

    expect(totals).toMatchObject({ gift_card_total: 1000, gift_card_tax_total: 0, total: 0 })
  })

  it('uses gift card transactions on orders, and the order totals what its cart did', () => {
    // transaction 1000 at 8.25 % → tax 83; order tax_total = 437 − 83 = 354
    // order total 4498 + 799 + 354 − 1000 = 4651 (the cart's total with that card)
    const totals = computeTotals(
      usdCart({
        kind: 'order',
        gift_cards: [{ balance: 0 }],
        gift_card_transactions: [{ amount: 1000, tax_rate: 8.25, is_taxable: true }],
      }),
    )

    expect(totals).toMatchObject({
      item_tax_total: 371,
      shipping_tax_total: 66,
      tax_total: 354,
      gift_card_total: 1000,
      gift_card_tax_total: 83,
      total: 4651,
    })
  })

  it('lets the region decide for legacy transactions and skips non-taxable ones', () => {
    // legacy (null) 1000 at region 10 % → 100; non-taxable 500 → 0
    const order = (taxable: boolean) =>
      computeTotals(
        cart({
          kind: 'order',
          region: { gift_cards_taxable: taxable, tax_rate: 10 },
          items: [item('a', 10000, 1, [10])],
          gift_card_transactions: [
            { amount: 1000, is_taxable: null },
            { amount: 500, is_taxable: false },
          ],
        }),
      )

    // taxable region: 10000 + 1000 − 100 − 1500 = 9400
    expect(order(true)).toMatchObject({ gift_card_total: 1500, gift_card_tax_total: 100, tax_total: 900, total: 9400 })
    // non-taxable region: 10000 + 1000 − 1500 = 9500
    expect(order(false)).toMatchObject({ gift_card_total: 1500, gift_card_tax_total: 0, tax_total: 1000, total: 9500 })
  })

  it('caps order transactions at the order amount', () => {
    const totals = computeTotals(
      usdCart({ kind: 'order', gift_card_transactions: [{ amount: 100000, is_taxable: true }] }),
    )

    // like the cart case: 5297 covered, tax 437; tax_total 0; total 0
    expect(totals).toMatchObject({ gift_card_total: 5297, gift_card_tax_total: 437, tax_total: 0, total: 0 })
  })
})

describe('computeTotals: empty and degenerate input', () => {
  it('gives all zeros for an empty cart', () => {
    const totals = computeTotals(cart({ gift_cards: [{ balance: 1000 }] }))

    expect(totals).toEqual({
      subtotal: 0,
      discount_total: 0,
      raw_discount_total: 0,
      shipping_total: 0,
      item_tax_total: 0,
      shipping_tax_total: 0,
      tax_total: 0,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 0,
      items: {},
      shipping_methods: {},
    } satisfies Totals)
  })

  it('keeps a quantity-0 line with zero figures that add nothing', () => {
    const totals = computeTotals(usdCart({ items: [...usdCart().items, item('none', 1999, 0, [8.25])] }))

    expect(totals.items.none).toEqual({
      subtotal: 0,
      discount_total: 0,
      raw_discount_total: 0,
      tax_total: 0,
      total: 0,
      original_total: 0,
      original_tax_total: 0,
    })
    expect(totals.total).toBe(5734)
  })

  it('counts negative prices, quantities, balances, rates and adjustments as zero', () => {
    const totals = computeTotals(
      cart({
        items: [
          item('neg_price', -100, 2, [10]),
          item('neg_qty', 100, -2, [10]),
          item('neg_rate', 100, 1, [-10]),
          item('neg_adj', 100, 1, [], { adjustments: adjusted([-50]) }),
        ],
        shipping_methods: [method('sm', -500, [10])],
        gift_cards: [{ balance: -50 }],
      }),
    )

    expect(totals).toMatchObject({ subtotal: 200, discount_total: 0, tax_total: 0, gift_card_total: 0, total: 200 })
    expect(totals.shipping_methods.sm).toMatchObject({ price: 0, total: 0 })
  })

  it('totals an order like a cart when no gift card is involved', () => {
    expect(computeTotals(usdCart({ kind: 'order' }))).toEqual(computeTotals(usdCart()))
  })
})

describe('computeTotals: invariants over generated carts', () => {
  /** mulberry32: small, seedable, so a failure replays. */
  function random(seed: number) {
    let state = seed
    return () => {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), 1 | state)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
  }

  const CURRENCIES = [
    { code: 'usd', scale: 1 },
    { code: 'eur', scale: 1 },
    { code: 'jpy', scale: 1 },
    { code: 'krw', scale: 10 },
    { code: 'vnd', scale: 100 },
  ]
  const RATES = [0, 2.5, 5, 7.25, 7.5, 8.25, 8.875, 9.975, 10, 19.6, 20, 25]

  function generate(seed: number): TotalsInput {
    const next = random(seed)
    const int = (max: number) => Math.floor(next() * (max + 1))
    const pick = <T>(values: readonly T[]): T => values[int(values.length - 1)]
    const currency = pick(CURRENCIES)
    const rates = () => Array.from({ length: int(2) }, () => pick(RATES))

    let items: TotalsLineItem[] = Array.from({ length: int(6) }, (_, index) =>
      item(`item_${index}`, int(20000) * currency.scale, int(5), rates(), {
        includes_tax: next() < 0.4,
        is_discountable: next() < 0.85,
      }),
    )
    if (next() < 0.5) {
      const rule: DiscountRule = {
        type: next() < 0.5 ? 'fixed' : 'percentage',
        value: int(100) * (next() < 0.5 ? 1 : 50),
        allocation: next() < 0.5 ? 'total' : 'item',
      }
      const allocation = allocateDiscount(items, rule, currency.code)
      items = items.map((line) =>
        line.id in allocation ? { ...line, adjustments: adjusted([allocation[line.id]]) } : line,
      )
    }
    if (next() < 0.2) {
      // Fractional adjustments, as v1 stored them.
      items = items.map((line) => ({ ...line, adjustments: adjusted([int(3000) / 3, int(100) / 7]) }))
    }

    const kind = next() < 0.5 ? 'cart' : 'order'
    const balances = Array.from({ length: int(2) }, () => int(30000) * currency.scale)
    return cart({
      currency_code: currency.code,
      region: { gift_cards_taxable: next() < 0.5, tax_rate: pick(RATES) },
      items,
      shipping_methods: Array.from({ length: int(2) }, (_, index) =>
        method(`sm_${index}`, int(2000) * currency.scale, rates(), next() < 0.4),
      ),
      free_shipping: next() < 0.2,
      gift_cards: balances.map((balance) => ({ balance, tax_rate: next() < 0.3 ? pick(RATES) : null })),
      gift_card_transactions:
        kind === 'order' && next() < 0.5
          ? balances.map((amount) => ({ amount, is_taxable: pick([true, false, null]), tax_rate: pick(RATES) }))
          : undefined,
      kind,
    })
  }

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  const SEEDS = Array.from({ length: 400 }, (_, index) => index + 1)

  function checkInvariants(input: TotalsInput) {
    const totals = computeTotals(input)

    const lines = Object.values(totals.items)
    const methods = Object.values(totals.shipping_methods)
    // every figure an integer ≥ 0, except the deliberately unrounded raw discounts
    const { items: _items, shipping_methods: _methods, raw_discount_total: rawDiscount, ...figures } = totals
    const integers = [
      ...Object.values(figures),
      ...lines.flatMap(({ raw_discount_total: _raw, ...rest }) => Object.values(rest)),
      ...methods.flatMap(Object.values),
    ]
    for (const value of integers) expect(Number.isInteger(value) && value >= 0, `${value}`).toBe(true)
    for (const line of lines) {
      expect(line.raw_discount_total).toBeGreaterThanOrEqual(0)
      expect(line.total).toBe(line.subtotal - line.discount_total + line.tax_total)
      expect(line.original_total).toBe(line.subtotal + line.original_tax_total)
      expect(line.discount_total).toBeLessThanOrEqual(line.subtotal)
    }
    // rounding moves each line's discount by at most 1.5 (half a unit, plus the net split of inclusive lines)
    expect(Math.abs(rawDiscount - totals.discount_total)).toBeLessThanOrEqual(1.5 * lines.length)

    // lines sum to the cart
    expect(totals.subtotal).toBe(sum(lines.map((line) => line.subtotal)))
    expect(totals.discount_total).toBe(sum(lines.map((line) => line.discount_total)))
    expect(totals.item_tax_total).toBe(sum(lines.map((line) => line.tax_total)))
    expect(totals.shipping_total).toBe(sum(methods.map((sm) => sm.subtotal)))
    expect(totals.shipping_tax_total).toBe(sum(methods.map((sm) => sm.tax_total)))
    expect(sum(lines.map((line) => line.total)) + sum(methods.map((sm) => sm.total))).toBe(
      totals.subtotal -
        totals.discount_total +
        totals.shipping_total +
        totals.item_tax_total +
        totals.shipping_tax_total,
    )

    // tax-exclusive lines are never scaled; tax-inclusive lines total what the customer pays
    for (const line of input.items) {
      const gross = line.unit_price * line.quantity
      const discount = sum(line.adjustments.map((adjustment) => adjustment.amount))
      if (!line.includes_tax) expect(totals.items[line.id].subtotal).toBe(gross)
      else expect(totals.items[line.id].total).toBe(gross - Math.min(gross, Math.round(discount)))
    }

    // gift cards
    const available = sum(
      input.gift_card_transactions?.map((transaction) => transaction.amount) ??
        input.gift_cards.map((card) => card.balance),
    )
    const netTotal = totals.subtotal + totals.shipping_total - totals.discount_total
    const chargedTax = totals.item_tax_total + totals.shipping_tax_total
    expect(totals.gift_card_total).toBe(
      Math.min(available, input.region.gift_cards_taxable ? netTotal : netTotal + chargedTax),
    )
    expect(totals.gift_card_tax_total).toBeLessThanOrEqual(chargedTax)

    // the total formula per kind
    if (input.kind === 'cart') {
      expect(totals.tax_total).toBe(chargedTax)
      expect(totals.total).toBe(
        totals.subtotal +
          totals.shipping_total +
          totals.tax_total -
          totals.discount_total -
          totals.gift_card_total -
          totals.gift_card_tax_total,
      )
    } else {
      expect(totals.tax_total).toBe(chargedTax - totals.gift_card_tax_total)
      expect(totals.total).toBe(
        totals.subtotal + totals.shipping_total + totals.tax_total - totals.discount_total - totals.gift_card_total,
      )
    }
    // the same contents total the same as a cart and as an order
    const otherKind = computeTotals({ ...input, kind: input.kind === 'cart' ? 'order' : 'cart' })
    expect(otherKind.total).toBe(totals.total)
  }

  it('holds for a few hundred generated carts and orders', () => {
    for (const seed of SEEDS) {
      const input = generate(seed)
      try {
        checkInvariants(input)
      } catch (error) {
        throw new Error(`generated cart #${seed}: ${(error as Error).message}`, { cause: error })
      }
    }
  })

  it('spreads fixed discounts exactly over generated lines', () => {
    for (const seed of SEEDS) {
      const next = random(seed)
      const lines = Array.from({ length: 1 + Math.floor(next() * 8) }, (_, index) =>
        item(`item_${index}`, Math.floor(next() * 10000), Math.floor(next() * 4), [], {
          is_discountable: next() < 0.8,
        }),
      )
      const value = Math.floor(next() * 20000)

      const allocation = allocateDiscount(lines, { type: 'fixed', value, allocation: 'total' }, 'usd')

      const discountable = lines.filter((line) => line.is_discountable !== false)
      const bases = discountable.map((line) => line.unit_price * line.quantity)
      expect(Object.keys(allocation)).toEqual(discountable.map((line) => line.id))
      expect(sum(Object.values(allocation))).toBe(Math.min(value, sum(bases)))
      discountable.forEach((line, index) => {
        expect(Number.isInteger(allocation[line.id])).toBe(true)
        expect(allocation[line.id]).toBeGreaterThanOrEqual(0)
        expect(allocation[line.id]).toBeLessThanOrEqual(bases[index])
      })
    }
  })
})
