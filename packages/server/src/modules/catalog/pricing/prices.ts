import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { InvalidData, NotFound } from '../../../core/errors.js'
import { region } from '../../regions/schema.js'
import { currency } from '../../store/schema.js'
import type { PriceInput } from '../products/contract.js'
import { moneyAmount } from '../schema.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'

/** A price from a request body and where it sat in the body, for messages that name the field. */
export interface LocatedPrice {
  input: PriceInput
  path: string
}

export interface ResolvedPrice {
  id?: string
  amount: number
  currency_code: string
  region_id: string | null
  min_quantity: number | null
  max_quantity: number | null
}

/**
 * Checks prices and resolves each one's currency: exactly one of `region_id` / `currency_code`,
 * `min_quantity` ≤ `max_quantity`, a known currency (400 naming the field) and a known region (404,
 * as v1); a region price takes the region's currency. Two queries for any number of prices.
 */
export async function resolvePrices(db: Db, prices: readonly LocatedPrice[]): Promise<ResolvedPrice[]> {
  for (const { input, path } of prices) {
    if ((input.region_id === undefined) === (input.currency_code === undefined)) {
      throw new InvalidData(`${path} must have exactly one of region_id or currency_code`)
    }
    const min = input.min_quantity ?? null
    const max = input.max_quantity ?? null
    if (min !== null && max !== null && min > max) {
      throw new InvalidData(`${path}.min_quantity must not be greater than ${path}.max_quantity`)
    }
  }
  const codes = [
    ...new Set(prices.flatMap(({ input }) => (input.currency_code ? [input.currency_code.toLowerCase()] : []))),
  ]
  const regionIds = [...new Set(prices.flatMap(({ input }) => (input.region_id ? [input.region_id] : [])))]
  const [knownCurrencies, regions] = await concurrently(db, [
    () =>
      codes.length > 0
        ? db.select({ code: currency.code }).from(currency).where(inArray(currency.code, codes))
        : Promise.resolve([]),
    () =>
      regionIds.length > 0
        ? db
            .select({ id: region.id, currency_code: region.currency_code })
            .from(region)
            .where(and(inArray(region.id, regionIds), isNull(region.deleted_at)))
        : Promise.resolve([]),
  ])
  const currencies = new Set(knownCurrencies.map((row) => row.code))
  const regionCurrency = new Map(regions.map((row) => [row.id, row.currency_code]))
  return prices.map(({ input, path }) => {
    let code: string
    if (input.region_id !== undefined) {
      const found = regionCurrency.get(input.region_id)
      if (!found) throw NotFound.entity('Region', input.region_id)
      code = found
    } else {
      code = input.currency_code!.toLowerCase()
      if (!currencies.has(code))
        throw new InvalidData(`${path}.currency_code ${input.currency_code} is not a known currency`)
    }
    return {
      id: input.id,
      amount: input.amount,
      currency_code: code,
      region_id: input.region_id ?? null,
      min_quantity: input.min_quantity ?? null,
      max_quantity: input.max_quantity ?? null,
    }
  })
}

/** A price's own columns, as stored on its `money_amount` row. */
export const priceColumns = (price: ResolvedPrice) => ({
  amount: price.amount,
  currency_code: price.currency_code,
  region_id: price.region_id,
  min_quantity: price.min_quantity,
  max_quantity: price.max_quantity,
})

/** Adds prices to new variants. */
export async function insertPrices(db: Db, rows: { variantId: string; price: ResolvedPrice }[]): Promise<void> {
  if (rows.length === 0) return
  await db.insert(moneyAmount).values(
    rows.map(({ variantId, price }) => ({
      id: generateId('ma'),
      variant_id: variantId,
      ...priceColumns(price),
    })),
  )
}

/**
 * Replaces a variant's own prices (those outside price lists) with `prices`: entries with an `id`
 * update that price, others are created, and the variant's other own prices are removed.
 */
export async function replaceVariantPrices(
  db: Db,
  variantId: string,
  prices: readonly ResolvedPrice[],
  path: string,
): Promise<void> {
  const own = and(eq(moneyAmount.variant_id, variantId), isNull(moneyAmount.price_list_id))
  const keptIds = prices.flatMap((price) => (price.id ? [price.id] : []))
  if (keptIds.length > 0) {
    const existing = await db
      .select({ id: moneyAmount.id })
      .from(moneyAmount)
      .where(and(own, inArray(moneyAmount.id, keptIds), isNull(moneyAmount.deleted_at)))
    const found = new Set(existing.map((row) => row.id))
    const missing = prices.findIndex((price) => price.id !== undefined && !found.has(price.id))
    if (missing >= 0) throw new NotFound(`${path}.${missing}.id: Money amount ${prices[missing].id} was not found`)
  }
  await db.delete(moneyAmount).where(keptIds.length > 0 ? and(own, notInArray(moneyAmount.id, keptIds)) : own)
  for (const price of prices) {
    if (!price.id) continue
    await db.update(moneyAmount).set(priceColumns(price)).where(eq(moneyAmount.id, price.id))
  }
  await insertPrices(
    db,
    prices.filter((price) => !price.id).map((price) => ({ variantId, price })),
  )
}
