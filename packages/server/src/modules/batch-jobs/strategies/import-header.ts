import { and, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import type { CatalogFlags } from '../../catalog/products/products.js'
import { region } from '../../regions/schema.js'
import { currency } from '../../store/schema.js'
import {
  CURRENCY_PRICE_HEADER,
  NUMBERED_HEADER,
  PRODUCT_COLUMNS,
  REGION_PRICE_HEADER,
  VARIANT_COLUMNS,
  type PriceColumn,
} from './csv-format.js'
import type { RowError } from './import-rows.js'

/** What an import file's header says: where each column is, and which prices and numbered columns it has. */
export interface ImportHeader {
  names: string[]
  index: Map<string, number>
  prices: ResolvedPriceColumn[]
  /** The `n` of each numbered kind present, ascending. */
  options: number[]
  images: number[]
  salesChannels: number[]
  categories: number[]
}

const KNOWN = new Set([...PRODUCT_COLUMNS, ...VARIANT_COLUMNS].map((column) => column.header))

export const headerError = (column: string | null, message: string): RowError => ({ line: 1, column, message })

/** Reads the header; every problem with it is an error on line 1 naming the column. */
export async function readHeader(
  db: Db,
  names: string[],
  flags: CatalogFlags,
): Promise<{ header: ImportHeader; errors: RowError[] }> {
  const errors: RowError[] = []
  const index = new Map<string, number>()
  const numbers = {
    options: new Set<number>(),
    images: new Set<number>(),
    salesChannels: new Set<number>(),
    categories: new Set<number>(),
  }
  const priceHeaders: PriceHeader[] = []
  for (const [at, name] of names.entries()) {
    if (index.has(name)) {
      errors.push(headerError(name, `The column ${name} appears more than once`))
      continue
    }
    index.set(name, at)
    if (KNOWN.has(name)) continue
    const price = priceHeaderOf(name, at)
    const numbered = NUMBERED_HEADER.exec(name)
    if (price) priceHeaders.push(price)
    else if (numbered?.[1]) numbers.options.add(Number(numbered[1]))
    else if (numbered?.[3]) numbers.images.add(Number(numbered[3]))
    else if (numbered?.[4]) numbers.salesChannels.add(Number(numbered[4]))
    else if (numbered?.[6]) numbers.categories.add(Number(numbered[6]))
    else errors.push(headerError(name, `Unknown column ${name}`))
  }
  if (!index.has('Product Id') && !index.has('Product Handle')) {
    errors.push(headerError(null, 'The file needs a Product Id or a Product Handle column'))
  }
  for (const n of numbers.options) {
    for (const name of [`Option ${n} Name`, `Option ${n} Value`]) {
      if (!index.has(name)) errors.push(headerError(name, `The column ${name} is missing (options come in pairs)`))
    }
  }
  if (numbers.salesChannels.size > 0 && !flags.sales_channels) {
    errors.push(
      headerError(
        `Sales Channel ${[...numbers.salesChannels][0]} Id`,
        'Sales channels are turned off (feature flag sales_channels)',
      ),
    )
  }
  if (numbers.categories.size > 0 && !flags.product_categories) {
    errors.push(
      headerError(
        `Product Category ${[...numbers.categories][0]} Handle`,
        'Categories are turned off (feature flag product_categories)',
      ),
    )
  }
  const prices = await resolvePriceColumns(db, priceHeaders, errors)
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b)
  return {
    header: {
      names,
      index,
      prices,
      options: sorted(numbers.options),
      images: sorted(numbers.images),
      salesChannels: sorted(numbers.salesChannels),
      categories: sorted(numbers.categories),
    },
    errors,
  }
}

/** A price column's header before its region and currency are looked up. */
export interface PriceHeader {
  name: string
  at: number
  region?: string
  code: string
}

/** `Price EUR` or `Price Europe [EUR]` (v1's names); undefined for any other header. */
export function priceHeaderOf(name: string, at: number): PriceHeader | undefined {
  const regionPrice = REGION_PRICE_HEADER.exec(name)
  if (regionPrice) return { name, at, region: regionPrice[1], code: regionPrice[2].toLowerCase() }
  const currencyPrice = CURRENCY_PRICE_HEADER.exec(name)
  return currencyPrice ? { name, at, code: currencyPrice[1].toLowerCase() } : undefined
}

/** A price column found in the database, with its currency's decimal digits. */
export type ResolvedPriceColumn = PriceColumn & { at: number; decimal_digits: number }

/**
 * Looks up the regions and currencies of price columns (two statements); each unknown currency or
 * region, or a region of another currency, is an error on line 1 naming the column.
 */
export async function resolvePriceColumns(
  db: Db,
  headers: PriceHeader[],
  errors: RowError[],
): Promise<ResolvedPriceColumn[]> {
  const regionNames = [...new Set(headers.flatMap((entry) => (entry.region ? [entry.region] : [])))]
  const codes = [...new Set(headers.map((entry) => entry.code))]
  const [regions, currencies] = await Promise.all([
    regionNames.length > 0
      ? db
          .select({ id: region.id, name: region.name, currency_code: region.currency_code })
          .from(region)
          .where(and(inArray(region.name, regionNames), isNull(region.deleted_at)))
      : Promise.resolve([]),
    codes.length > 0
      ? db
          .select({ code: currency.code, decimal_digits: currency.decimal_digits })
          .from(currency)
          .where(inArray(currency.code, codes))
      : Promise.resolve([]),
  ])
  const digits = new Map(currencies.map((row) => [row.code, row.decimal_digits]))
  const columns: ResolvedPriceColumn[] = []
  for (const entry of headers) {
    const decimal_digits = digits.get(entry.code)
    if (decimal_digits === undefined) {
      errors.push(headerError(entry.name, `Unknown currency ${entry.code.toUpperCase()}`))
      continue
    }
    const column = { header: entry.name, at: entry.at, currency_code: entry.code, decimal_digits }
    if (!entry.region) {
      columns.push({ ...column, region_id: null })
      continue
    }
    const matches = regions.filter((row) => row.name === entry.region)
    if (matches.length !== 1) {
      errors.push(
        headerError(
          entry.name,
          matches.length === 0 ? `No region is named ${entry.region}` : `Several regions are named ${entry.region}`,
        ),
      )
    } else if (matches[0].currency_code !== entry.code) {
      errors.push(
        headerError(
          entry.name,
          `Region ${entry.region} uses ${matches[0].currency_code.toUpperCase()}, not ${entry.code.toUpperCase()}`,
        ),
      )
    } else {
      columns.push({ ...column, region_id: matches[0].id })
    }
  }
  return columns
}
