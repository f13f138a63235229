import { and, eq, inArray, isNull, notInArray, type SQL } from 'drizzle-orm'
import { NotFound } from '../../core/errors.js'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { resolvePrices, priceColumns } from '../catalog/pricing/prices.js'
import { moneyAmount, productVariant } from '../catalog/schema.js'
import type { PriceListPriceInput } from './contract.js'

/**
 * Writes a list's prices: entries with an `id` update that price of the list, the others are
 * added; with `replace`, the list's other prices go. Checks the whole batch first (currencies,
 * regions, variants, ids of the list: a few statements whatever its size), then writes.
 */
export async function upsertListPrices(
  tx: Db,
  priceListId: string,
  prices: readonly PriceListPriceInput[],
  options: { path: string; replace?: boolean },
): Promise<void> {
  const located = prices.map((input, index) => ({ input, path: `${options.path}.${index}` }))
  const resolved = await resolvePrices(tx, located)
  const variantIds = [...new Set(prices.map((price) => price.variant_id))]
  const priceIds = prices.flatMap((price) => (price.id ? [price.id] : []))
  const [variants, existing] = await Promise.all([
    variantIds.length > 0
      ? tx
          .select({ id: productVariant.id })
          .from(productVariant)
          .where(and(inArray(productVariant.id, variantIds), isNull(productVariant.deleted_at)))
      : [],
    priceIds.length > 0
      ? tx
          .select({ id: moneyAmount.id })
          .from(moneyAmount)
          .where(and(inArray(moneyAmount.id, priceIds), eq(moneyAmount.price_list_id, priceListId)))
      : [],
  ])
  const knownVariants = new Set(variants.map((row) => row.id))
  const knownPrices = new Set(existing.map((row) => row.id))
  prices.forEach((price, index) => {
    if (!knownVariants.has(price.variant_id)) {
      throw new NotFound(`${options.path}.${index}.variant_id: Variant ${price.variant_id} was not found`)
    }
    if (price.id && !knownPrices.has(price.id)) {
      throw new NotFound(`${options.path}.${index}.id: Money amount ${price.id} was not found in the price list`)
    }
  })
  if (options.replace) {
    const ofList = eq(moneyAmount.price_list_id, priceListId)
    await tx.delete(moneyAmount).where(priceIds.length > 0 ? and(ofList, notInArray(moneyAmount.id, priceIds)) : ofList)
  }
  for (const [index, price] of resolved.entries()) {
    if (!price.id) continue
    await tx
      .update(moneyAmount)
      .set({ ...priceColumns(price), variant_id: prices[index].variant_id, updated_at: new Date() })
      .where(eq(moneyAmount.id, price.id))
  }
  const added = resolved.flatMap((price, index) =>
    price.id
      ? []
      : [
          {
            id: generateId('ma'),
            price_list_id: priceListId,
            variant_id: prices[index].variant_id,
            ...priceColumns(price),
          },
        ],
  )
  if (added.length > 0) await tx.insert(moneyAmount).values(added)
}

/** A price an import writes, already checked (variant, currency, region, quantity bounds). */
export interface ImportedListPrice {
  variant_id: string
  amount: number
  currency_code: string
  region_id: string | null
  min_quantity: number | null
  max_quantity: number | null
}

// 8 parameters a row: 5,000 rows stay well under PostgreSQL's 65,535 parameters a statement.
const INSERT_CHUNK = 5000

/**
 * One batch of a price-list import: the list's prices of the `replaced` variants go (those the file
 * reaches for the first time), then `prices` are added; one delete and one insert per 5,000 prices.
 */
export async function replaceListPricesOfVariants(
  tx: Db,
  priceListId: string,
  replaced: readonly string[],
  prices: readonly ImportedListPrice[],
): Promise<void> {
  if (replaced.length > 0) {
    await tx
      .delete(moneyAmount)
      .where(and(eq(moneyAmount.price_list_id, priceListId), inArray(moneyAmount.variant_id, [...replaced])))
  }
  for (let start = 0; start < prices.length; start += INSERT_CHUNK) {
    await tx
      .insert(moneyAmount)
      .values(
        prices
          .slice(start, start + INSERT_CHUNK)
          .map((price) => ({ id: generateId('ma'), price_list_id: priceListId, ...price })),
      )
  }
}

/** Removes prices of the list chosen by `where` (by id, product or variant) and answers their ids. */
async function removeListPrices(tx: Db, priceListId: string, where: SQL): Promise<string[]> {
  const rows = await tx
    .delete(moneyAmount)
    .where(and(eq(moneyAmount.price_list_id, priceListId), where))
    .returning({ id: moneyAmount.id })
  return rows.map((row) => row.id)
}

export const removePricesById = (tx: Db, priceListId: string, ids: readonly string[]) =>
  removeListPrices(tx, priceListId, inArray(moneyAmount.id, [...ids]))

export const removePricesOfVariant = (tx: Db, priceListId: string, variantId: string) =>
  removeListPrices(tx, priceListId, eq(moneyAmount.variant_id, variantId))

export const removePricesOfProducts = (tx: Db, priceListId: string, productIds: readonly string[]) =>
  removeListPrices(
    tx,
    priceListId,
    inArray(
      moneyAmount.variant_id,
      tx
        .select({ id: productVariant.id })
        .from(productVariant)
        .where(inArray(productVariant.product_id, [...productIds])),
    ),
  )
