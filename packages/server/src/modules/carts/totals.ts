import {
  add,
  exact,
  integer,
  min,
  mul,
  netOfInclusive,
  nonNegative,
  percentOf,
  roundRatio,
  sumExact,
  toNumber,
  ZERO,
  type Ratio,
} from './rounding.js'

export interface TotalsTaxLine {
  /** Percent (8.25 = 8.25 %). */
  rate: number
  name: string
  code: string | null
}

export interface TotalsLineItem {
  id: string
  /** Minor units. Gross of tax when `includes_tax`. */
  unit_price: number
  /** For orders, the quantity still held (quantity − returned_quantity). */
  quantity: number
  includes_tax: boolean
  /** v1 `allow_discounts`; defaults to true. Only `allocateDiscount` looks at it. */
  is_discountable?: boolean
  tax_lines: readonly TotalsTaxLine[]
  /** Discount amounts on the line, minor units, possibly fractional; they reduce the price as entered (the gross for tax-inclusive lines). */
  adjustments: readonly { amount: number; discount_id?: string | null }[]
  /**
   * A swap cart's line for an item coming back (v1 `is_return`, stored at minus its price): its
   * figures are those of the same line at the positive price, negated, so the cart totals the
   * difference the shopper pays or gets back.
   */
  is_return?: boolean
}

export interface TotalsShippingMethod {
  id: string
  price: number
  includes_tax: boolean
  tax_lines: readonly TotalsTaxLine[]
}

export interface TotalsGiftCard {
  balance: number
  /** The card's own rate (v1 snapshots it when the card is issued); falls back to the region's. */
  tax_rate?: number | null
}

export interface TotalsGiftCardTransaction {
  amount: number
  tax_rate?: number | null
  /** Null on transactions recorded before v1 stored it: the region decides. */
  is_taxable?: boolean | null
}

export interface TotalsInput {
  currency_code: string
  region: { gift_cards_taxable: boolean; tax_rate: number }
  items: readonly TotalsLineItem[]
  shipping_methods: readonly TotalsShippingMethod[]
  /** A free-shipping discount applies to the cart/order. */
  free_shipping?: boolean
  gift_cards: readonly TotalsGiftCard[]
  /** When present (orders), used instead of `gift_cards`: balances have already been drawn down. */
  gift_card_transactions?: readonly TotalsGiftCardTransaction[]
  kind: 'cart' | 'order'
}

export interface LineItemTotals {
  subtotal: number
  discount_total: number
  /** Unrounded discount, net of tax like `discount_total`; internal, never on the wire. */
  raw_discount_total: number
  tax_total: number
  total: number
  original_total: number
  original_tax_total: number
}

export interface ShippingMethodTotals {
  price: number
  subtotal: number
  tax_total: number
  total: number
  original_total: number
  original_tax_total: number
}

export interface Totals {
  subtotal: number
  discount_total: number
  /** Unrounded; internal, stripped from responses. */
  raw_discount_total: number
  shipping_total: number
  item_tax_total: number
  shipping_tax_total: number
  tax_total: number
  gift_card_total: number
  gift_card_tax_total: number
  total: number
  /** Keyed by line item id (ids are unique within one input). */
  items: Record<string, LineItemTotals>
  /** Keyed by shipping method id. */
  shipping_methods: Record<string, ShippingMethodTotals>
}

/**
 * The calculated totals of a cart or an order (also used for swaps, claims, draft orders and order
 * edits, which are carts or orders underneath). Pure: the caller loads items with their tax lines and
 * adjustments, shipping methods with theirs, and the gift cards or gift card transactions.
 *
 * Amounts are integers in the currency's minor unit. Zero-decimal currencies (JPY, KRW, VND…) need no
 * special case: their minor unit is the major unit, and nothing here scales by 100 — the only 100 is
 * the one that turns a percent into a fraction.
 *
 * Rounding — one rule, applied once per figure:
 * - Mode: half away from zero (0.5 → 1), on exact decimal values (no binary floating point in between;
 *   see `rounding.ts` for why this mode and not banker's).
 * - Granularity: per line (item or shipping method), after discounts; never per unit and never on the
 *   cart as a whole. Every cart figure is the sum of the rounded line figures, so the lines of a receipt
 *   always add up to its totals to the cent (ten 10¢ lines at 5 % carry 1¢ tax each: 10¢ of tax, where
 *   rounding the cart would say 5¢).
 * - Several tax lines on one line add their rates and are rounded once (5 % + 9.975 % on 10.10 is
 *   round(1.512475) = 1.51, not 0.51 + 1.01).
 * - A line's discount is the sum of its adjustments, rounded, capped at the line's amount; tax is charged
 *   on the line amount minus that rounded discount, so the tax on a receipt can be recomputed from it.
 *
 * Lines, with R = Σ tax line rates:
 * - Tax-exclusive: `subtotal` = unit_price × quantity; `tax_total` = round((subtotal − discount_total) × R/100);
 *   `original_tax_total` = round(subtotal × R/100); `total` = subtotal − discount_total + tax_total;
 *   `original_total` = subtotal + original_tax_total.
 * - Tax-inclusive: the price is gross, net(g) = round(g / (1 + R/100)). `subtotal` = net(gross);
 *   the discount D reduces the gross; `total` = gross − D; `tax_total` = total − net(total);
 *   `discount_total` = subtotal − net(total), the discount net of the tax it carried, so that
 *   subtotal − discount_total + tax_total = total holds for every line; `original_total` = gross,
 *   `original_tax_total` = gross − subtotal.
 * - Shipping methods: the same without discounts; `price` is passed through. Free shipping zeroes
 *   `subtotal`, `tax_total` and `total`; the `original_*` figures keep the undiscounted amounts.
 *
 * Cart and order:
 * - `subtotal`, `discount_total`, `item_tax_total` sum the items; `shipping_total`, `shipping_tax_total`
 *   sum the shipping methods' `subtotal` / `tax_total`.
 * - Gift-cardable amount = subtotal + shipping_total − discount_total, plus item and shipping tax when
 *   the region's gift cards are not taxable. Gift cards (or, when given, gift card transactions) are
 *   drawn in order up to that amount, so `gift_card_total` = min(Σ balances, gift-cardable amount).
 *   When taxable, each card's drawn amount carries tax at its rate (else the region's), rounded per
 *   card; `gift_card_tax_total` is their sum, capped so it never exceeds the tax charged nor drives the
 *   total below zero.
 * - Cart: `tax_total` = item_tax_total + shipping_tax_total; `total` = subtotal + shipping_total +
 *   tax_total − (gift_card_total + discount_total + gift_card_tax_total).
 * - Order: `total` = subtotal + shipping_total + tax_total − (gift_card_total + discount_total), where
 *   v1's order `tax_total` is item_tax_total + shipping_tax_total − gift_card_tax_total. An order so
 *   totals exactly what its cart did.
 *
 * Nothing goes negative: negative prices, quantities, balances and rates count as zero, and the caps
 * above keep every derived figure ≥ 0 — save a swap cart's return lines (`is_return`), which
 * subtract what the returned items cost.
 */
export function computeTotals(input: TotalsInput): Totals {
  const items: Record<string, LineItemTotals> = {}
  let subtotal = 0
  let discountTotal = 0
  let rawDiscountTotal = ZERO
  let itemTaxTotal = 0
  for (const item of input.items) {
    const { totals, rawDiscount } = lineItemTotals(item)
    items[item.id] = totals
    subtotal += totals.subtotal
    discountTotal += totals.discount_total
    rawDiscountTotal = add(rawDiscountTotal, rawDiscount)
    itemTaxTotal += totals.tax_total
  }

  const shippingMethods: Record<string, ShippingMethodTotals> = {}
  let shippingTotal = 0
  let shippingTaxTotal = 0
  for (const method of input.shipping_methods) {
    const totals = shippingMethodTotals(method, input.free_shipping ?? false)
    shippingMethods[method.id] = totals
    shippingTotal += totals.subtotal
    shippingTaxTotal += totals.tax_total
  }

  const chargedTax = itemTaxTotal + shippingTaxTotal
  const netTotal = subtotal + shippingTotal - discountTotal
  const giftCardable = input.region.gift_cards_taxable ? netTotal : netTotal + chargedTax
  const drawn = drawGiftCards(input, giftCardable)
  const giftCardTotal = drawn.total
  // Never below zero, which a swap cart's return lines could otherwise make it.
  const giftCardTaxTotal = Math.max(0, Math.min(drawn.tax, chargedTax, netTotal + chargedTax - giftCardTotal))

  const taxTotal = input.kind === 'order' ? chargedTax - giftCardTaxTotal : chargedTax
  const total =
    input.kind === 'order'
      ? subtotal + shippingTotal + taxTotal - (giftCardTotal + discountTotal)
      : subtotal + shippingTotal + taxTotal - (giftCardTotal + discountTotal + giftCardTaxTotal)

  return {
    subtotal,
    discount_total: discountTotal,
    raw_discount_total: toNumber(rawDiscountTotal),
    shipping_total: shippingTotal,
    item_tax_total: itemTaxTotal,
    shipping_tax_total: shippingTaxTotal,
    tax_total: taxTotal,
    gift_card_total: giftCardTotal,
    gift_card_tax_total: giftCardTaxTotal,
    total,
    items,
    shipping_methods: shippingMethods,
  }
}

export interface DiscountRule {
  type: 'fixed' | 'percentage'
  /** Minor units for `fixed`, percent for `percentage`. */
  value: number
  allocation: 'total' | 'item'
}

/**
 * What one discount takes off each discountable line, as integer minor units ready to store as the
 * lines' adjustment `amount`. Keyed by item id, in input order, with an entry (possibly 0) for every
 * line whose `is_discountable` is not false; other lines are absent.
 *
 * The base of a line is unit_price × quantity — the price as entered, so the gross of a tax-inclusive
 * line (the discount reduces what the customer pays, and `computeTotals` splits it into net and tax).
 * - fixed, allocation `total`: min(value, Σ bases) spread in proportion to the bases by largest
 *   remainder: each line gets the floor of its share, and the units left over go one each to the
 *   lines with the largest fractional parts (earlier line first on a tie), so the amounts sum to the
 *   discount exactly and no line exceeds its base.
 * - fixed, allocation `item`: value × quantity per line, capped at the base.
 * - percentage (either allocation): round(base × value / 100) per line, half away from zero, the
 *   percent capped at 100.
 *
 * `currencyCode` rides along with the amounts it qualifies; allocation is identical in every currency
 * because amounts are already in minor units (for zero-decimal currencies minor = major).
 */
export function allocateDiscount(
  items: readonly Pick<TotalsLineItem, 'id' | 'unit_price' | 'quantity' | 'is_discountable' | 'is_return'>[],
  discount: DiscountRule,
  _currencyCode: string,
): Record<string, number> {
  const lines = items
    .filter((item) => item.is_discountable !== false && !item.is_return)
    .map((item) => ({ id: item.id, base: lineAmount(item.unit_price, item.quantity), quantity: item.quantity }))
  const amounts = discountAmounts(lines, discount)
  return Object.fromEntries(lines.map((line, index) => [line.id, amounts[index]]))
}

const HUNDRED: Ratio = { num: 100n, den: 1n }

function discountAmounts(lines: readonly { base: number; quantity: number }[], discount: DiscountRule): number[] {
  const value = nonNegative(exact(discount.value))
  if (discount.type === 'percentage') {
    const percent = min(value, HUNDRED)
    return lines.map((line) => roundRatio(percentOf(integer(line.base), percent)))
  }
  if (discount.allocation === 'item') {
    return lines.map((line) => Math.min(line.base, roundRatio(mul(value, nonNegative(exact(line.quantity))))))
  }
  const bases = lines.map((line) => line.base)
  const pool = Math.min(
    roundRatio(value),
    bases.reduce((sum, base) => sum + base, 0),
  )
  return spreadProportionally(pool, bases)
}

function lineItemTotals(item: TotalsLineItem): { totals: LineItemTotals; rawDiscount: Ratio } {
  if (item.is_return) {
    const { totals } = lineItemTotals({
      ...item,
      is_return: false,
      unit_price: Math.abs(item.unit_price),
      adjustments: [],
    })
    const negated = Object.fromEntries(
      Object.entries(totals).map(([key, value]) => [key, value === 0 ? 0 : -value]),
    ) as unknown as LineItemTotals
    return { totals: negated, rawDiscount: ZERO }
  }
  const gross = lineAmount(item.unit_price, item.quantity)
  const rate = totalRate(item.tax_lines)
  const rawDiscount = min(
    nonNegative(sumExact(item.adjustments.map((adjustment) => adjustment.amount))),
    integer(gross),
  )
  const discount = roundRatio(rawDiscount)

  if (!item.includes_tax) {
    const originalTax = roundRatio(percentOf(integer(gross), rate))
    const tax = roundRatio(percentOf(integer(gross - discount), rate))
    return {
      totals: {
        subtotal: gross,
        discount_total: discount,
        raw_discount_total: toNumber(rawDiscount),
        tax_total: tax,
        total: gross - discount + tax,
        original_total: gross + originalTax,
        original_tax_total: originalTax,
      },
      rawDiscount,
    }
  }

  const net = roundRatio(netOfInclusive(integer(gross), rate))
  const paid = gross - discount
  const paidNet = roundRatio(netOfInclusive(integer(paid), rate))
  const rawNetDiscount = netOfInclusive(rawDiscount, rate)
  return {
    totals: {
      subtotal: net,
      discount_total: net - paidNet,
      raw_discount_total: toNumber(rawNetDiscount),
      tax_total: paid - paidNet,
      total: paid,
      original_total: gross,
      original_tax_total: gross - net,
    },
    rawDiscount: rawNetDiscount,
  }
}

function shippingMethodTotals(method: TotalsShippingMethod, freeShipping: boolean): ShippingMethodTotals {
  const price = roundRatio(nonNegative(exact(method.price)))
  const rate = totalRate(method.tax_lines)
  const subtotal = method.includes_tax ? roundRatio(netOfInclusive(integer(price), rate)) : price
  const tax = method.includes_tax ? price - subtotal : roundRatio(percentOf(integer(price), rate))
  return {
    price,
    subtotal: freeShipping ? 0 : subtotal,
    tax_total: freeShipping ? 0 : tax,
    total: freeShipping ? 0 : subtotal + tax,
    original_total: subtotal + tax,
    original_tax_total: tax,
  }
}

/**
 * What `computeTotals` drew from each of the input's gift cards (or transactions), in input order:
 * the amounts an order takes off the cards' balances. `totals` is `computeTotals(input)`.
 */
export function giftCardDraws(input: TotalsInput, totals: Totals): number[] {
  const netTotal = totals.subtotal + totals.shipping_total - totals.discount_total
  const chargedTax = totals.item_tax_total + totals.shipping_tax_total
  return drawGiftCards(input, input.region.gift_cards_taxable ? netTotal : netTotal + chargedTax).draws
}

/** Draws gift cards (or transactions) in order up to `giftCardable`; tax is per card, uncapped. */
function drawGiftCards(input: TotalsInput, giftCardable: number): { total: number; tax: number; draws: number[] } {
  const { region } = input
  const sources = input.gift_card_transactions
    ? input.gift_card_transactions.map((transaction) => ({
        amount: transaction.amount,
        taxable: transaction.is_taxable ?? region.gift_cards_taxable,
        rate: transaction.tax_rate ?? region.tax_rate,
      }))
    : input.gift_cards.map((card) => ({
        amount: card.balance,
        taxable: region.gift_cards_taxable,
        rate: card.tax_rate ?? region.tax_rate,
      }))

  let remaining = Math.max(0, giftCardable)
  let total = 0
  let tax = 0
  const draws: number[] = []
  for (const source of sources) {
    const drawn = Math.min(remaining, roundRatio(nonNegative(exact(source.amount))))
    remaining -= drawn
    total += drawn
    draws.push(drawn)
    if (source.taxable) tax += roundRatio(percentOf(integer(drawn), nonNegative(exact(source.rate))))
  }
  return { total, tax, draws }
}

/** Unit price × quantity, rounded (inputs are integers; this only guards against strays), never negative. */
function lineAmount(unitPrice: number, quantity: number): number {
  return roundRatio(mul(nonNegative(exact(unitPrice)), nonNegative(exact(quantity))))
}

function totalRate(taxLines: readonly TotalsTaxLine[]): Ratio {
  return nonNegative(sumExact(taxLines.map((line) => line.rate)))
}

/** Spreads `amount` over `weights` in proportion, by largest remainder; the parts sum to `amount` exactly. */
function spreadProportionally(amount: number, weights: readonly number[]): number[] {
  const totalWeight = BigInt(weights.reduce((sum, weight) => sum + weight, 0))
  if (totalWeight === 0n || amount <= 0) return weights.map(() => 0)
  const pool = BigInt(amount)
  const shares = weights.map((weight, index) => {
    const scaled = pool * BigInt(weight)
    return { index, floor: scaled / totalWeight, remainder: scaled % totalWeight }
  })
  let leftover = pool - shares.reduce((sum, share) => sum + share.floor, 0n)
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  )
  const parts = shares.map((share) => share.floor)
  for (const share of byRemainder) {
    if (leftover === 0n) break
    parts[share.index] += 1n
    leftover -= 1n
  }
  return parts.map(Number)
}
