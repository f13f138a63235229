/**
 * Exact decimal arithmetic for money. Rates (8.25, 9.975), discount shares (333.33…) and tax-inclusive
 * divisions produce fractions; doing them in binary floating point puts exact halves a hair to either side
 * (200 × 7.25 % computed as 200 * 0.0725 is 14.499999999999998), so a rounding rule applied to a float is not the rule on paper.
 * Every number here is read as the decimal it prints as (`String(0.1)` is "0.1") and carried as a
 * BigInt fraction until the single rounding step.
 */

/** `num / den` with `den > 0`. Not normalised: values only live for one calculation. */
export interface Ratio {
  readonly num: bigint
  readonly den: bigint
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/

export const ZERO: Ratio = { num: 0n, den: 1n }

export function integer(value: number): Ratio {
  return { num: BigInt(value), den: 1n }
}

/** The decimal a JS number prints as, exactly. Non-finite input is a caller bug, not an amount. */
export function exact(value: number): Ratio {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`)
  const match = DECIMAL.exec(String(Math.abs(value)))
  if (!match) throw new RangeError(`Unparseable amount: ${value}`)
  const [, whole, fraction = '', exponent = '0'] = match
  const scale = fraction.length - Number(exponent)
  let num = BigInt(whole + fraction)
  if (value < 0) num = -num
  return scale >= 0 ? { num, den: 10n ** BigInt(scale) } : { num: num * 10n ** BigInt(-scale), den: 1n }
}

export function add(a: Ratio, b: Ratio): Ratio {
  return a.den === b.den
    ? { num: a.num + b.num, den: a.den }
    : { num: a.num * b.den + b.num * a.den, den: a.den * b.den }
}

export function mul(a: Ratio, b: Ratio): Ratio {
  return { num: a.num * b.num, den: a.den * b.den }
}

/** `a / b`; `b` must be non-zero. */
export function div(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new RangeError('Division by zero')
  const sign = b.num < 0n ? -1n : 1n
  return { num: a.num * b.den * sign, den: a.den * b.num * sign }
}

export function sumExact(values: Iterable<number>): Ratio {
  let total = ZERO
  for (const value of values) total = add(total, exact(value))
  return total
}

export function nonNegative(value: Ratio): Ratio {
  return value.num < 0n ? ZERO : value
}

/** The smaller of two values. */
export function min(a: Ratio, b: Ratio): Ratio {
  return a.num * b.den <= b.num * a.den ? a : b
}

/**
 * Round half away from zero to an integer (0.5 → 1, 2.5 → 3, −0.5 → −1), computed exactly.
 * Chosen over banker's rounding because it is the commercial rule tax authorities and receipts use
 * (EU VAT, US state sales tax round a half cent up), and because v1 rounds with `Math.round`, which
 * agrees with it on every non-negative amount — the only kind these totals produce.
 */
export function roundRatio(value: Ratio): number {
  const negative = value.num < 0n
  const magnitude = negative ? -value.num : value.num
  const rounded = (2n * magnitude + value.den) / (2n * value.den)
  return Number(negative ? -rounded : rounded)
}

/** `amount × percent / 100`, unrounded. */
export function percentOf(amount: Ratio, percent: Ratio): Ratio {
  return mul(amount, { num: percent.num, den: percent.den * 100n })
}

/** The net part of a tax-inclusive `gross` at `percent`: gross / (1 + percent / 100), unrounded. */
export function netOfInclusive(gross: Ratio, percent: Ratio): Ratio {
  return div(mul(gross, { num: 100n, den: 1n }), add({ num: 100n, den: 1n }, percent))
}

/** The float closest to a ratio, for figures deliberately left unrounded (`raw_discount_total`). */
export function toNumber(value: Ratio): number {
  // Twenty decimals, then the engine's correctly rounded decimal parse.
  const SCALE = 10n ** 20n
  const negative = value.num < 0n
  const magnitude = negative ? -value.num : value.num
  const scaled = (magnitude * SCALE + value.den / 2n) / value.den
  const digits = `${scaled / SCALE}.${(scaled % SCALE).toString().padStart(20, '0')}`
  return Number(negative ? `-${digits}` : digits)
}
