import type { Db } from '../../../db/types.js'
import { parseCell } from './csv-format.js'
import { CellReader, rowCellsReadable } from './import-draft.js'
import {
  headerError,
  priceHeaderOf,
  resolvePriceColumns,
  type PriceHeader,
  type ResolvedPriceColumn,
} from './import-header.js'
import type { CsvRow, RowError } from './import-rows.js'

/**
 * The price-list CSV of Medusa v1's `price-list-import`: one row per variant (and quantity band),
 * named by `Product Variant ID` or `SKU`, with `Price USD` (a currency) and `Price Europe [EUR]` (a
 * region, by name) columns. Amounts are in the currency's main unit, as v1 reads them (`13.5` in
 * USD is 1350 cents, `1500` in JPY is ¥1500). `Min Quantity` / `Max Quantity`, our addition, bound
 * every price of their row. Any other column is an error, as in v1.
 */

export const VARIANT_ID_COLUMN = 'Product Variant ID'
export const SKU_COLUMN = 'SKU'
export const MIN_QUANTITY_COLUMN = 'Min Quantity'
export const MAX_QUANTITY_COLUMN = 'Max Quantity'

const KNOWN = new Set([VARIANT_ID_COLUMN, SKU_COLUMN, MIN_QUANTITY_COLUMN, MAX_QUANTITY_COLUMN])
const MAX_INT = 2_147_483_647

export interface PriceListHeader {
  names: string[]
  index: Map<string, number>
  prices: ResolvedPriceColumn[]
}

/** Reads the header; every problem with it is an error on line 1 naming the column. */
export async function readPriceListHeader(
  db: Db,
  names: string[],
): Promise<{ header: PriceListHeader; errors: RowError[] }> {
  const errors: RowError[] = []
  const index = new Map<string, number>()
  const priceHeaders: PriceHeader[] = []
  for (const [at, name] of names.entries()) {
    if (index.has(name)) {
      errors.push(headerError(name, `The column ${name} appears more than once`))
      continue
    }
    index.set(name, at)
    if (KNOWN.has(name)) continue
    const price = priceHeaderOf(name, at)
    if (price) priceHeaders.push(price)
    else errors.push(headerError(name, `Unknown column ${name}`))
  }
  if (!index.has(VARIANT_ID_COLUMN) && !index.has(SKU_COLUMN)) {
    errors.push(headerError(null, `The file needs a ${VARIANT_ID_COLUMN} or a ${SKU_COLUMN} column`))
  }
  if (priceHeaders.length === 0) {
    errors.push(
      headerError(null, 'The file needs a price column: Price USD (a currency) or Price Europe [EUR] (a region)'),
    )
  }
  const prices = await resolvePriceColumns(db, priceHeaders, errors)
  return { header: { names, index, prices }, errors }
}

export interface RowPrice {
  amount: number
  currency_code: string
  region_id: string | null
  column: string
}

/** A row as read without the database: the variant it names and its prices. */
export interface PriceRow {
  line: number
  variantId: string | null
  sku: string | null
  prices: RowPrice[]
  min_quantity: number | null
  max_quantity: number | null
}

/** A cell in the currency's main unit as minor units, or why it is not an amount. */
export function minorUnits(cell: string, column: ResolvedPriceColumn): number | string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(cell)
  if (!match) return `"${cell}" is not an amount (a number such as 12.50, 0 or more)`
  const [, whole, fraction = ''] = match
  const digits = column.decimal_digits
  if (fraction.replace(/0+$/, '').length > digits) {
    return `"${cell}" has more decimals than ${column.currency_code.toUpperCase()} has (${digits})`
  }
  const amount = Number(whole + fraction.padEnd(digits, '0').slice(0, digits))
  return amount > MAX_INT ? `"${cell}" is too large an amount` : amount
}

function quantity(reader: CellReader, column: string): number | null {
  const cell = reader.trimmed(column)
  if (!cell) return null
  const parsed = parseCell('integer', cell)
  if ('error' in parsed || (parsed.value as number) < 0 || (parsed.value as number) > MAX_INT) {
    reader.error(column, `"${cell}" is not a quantity (a whole number, 0 or more)`)
    return null
  }
  return parsed.value as number
}

/** Parses one row; undefined (with its errors added to `errors`) when any cell is at fault. */
export function parsePriceRow(row: CsvRow, header: PriceListHeader, errors: RowError[]): PriceRow | undefined {
  const before = errors.length
  const reader = new CellReader(header, row, errors)
  if (!rowCellsReadable(reader, row, header.names)) return undefined
  const variantId = reader.trimmed(VARIANT_ID_COLUMN) || null
  const sku = reader.trimmed(SKU_COLUMN) || null
  if (!variantId && !sku) {
    const column = header.index.has(VARIANT_ID_COLUMN) ? VARIANT_ID_COLUMN : SKU_COLUMN
    reader.error(column, `A ${VARIANT_ID_COLUMN} or a ${SKU_COLUMN} is required`)
  }
  const min_quantity = quantity(reader, MIN_QUANTITY_COLUMN)
  const max_quantity = quantity(reader, MAX_QUANTITY_COLUMN)
  if (min_quantity !== null && max_quantity !== null && min_quantity > max_quantity) {
    reader.error(MIN_QUANTITY_COLUMN, `${min_quantity} is greater than the ${MAX_QUANTITY_COLUMN} ${max_quantity}`)
  }
  const prices: RowPrice[] = []
  for (const column of header.prices) {
    const cell = reader.trimmed(column.header)
    if (!cell) continue
    const amount = minorUnits(cell, column)
    if (typeof amount === 'string') reader.error(column.header, amount)
    else
      prices.push({ amount, currency_code: column.currency_code, region_id: column.region_id, column: column.header })
  }
  if (errors.length > before) return undefined
  return { line: row.line, variantId, sku, prices, min_quantity, max_quantity }
}
