import { PRODUCT_STATUSES } from '../../catalog/schema.js'
import { numbered, parseCell, PRODUCT_COLUMNS, splitTags, VARIANT_COLUMNS, type ScalarColumn } from './csv-format.js'
import { FirstLines } from './first-lines.js'
import type { ImportHeader } from './import-header.js'
import type { CsvRow, RowError, RowGroup } from './import-rows.js'

/**
 * The first, database-free step of validating a product's rows: every cell parsed, the shape of the
 * product checked (consecutive rows, options, SKUs unique in the file). What needs the database is
 * checked by import-plan.ts.
 */

export interface DraftVariant {
  line: number
  /** Parsed scalar cells by catalogue field; only the columns present in the file. */
  fields: Record<string, unknown>
  prices: { amount: number; currency_code: string; region_id: string | null }[] | undefined
  optionValues: string[]
}

export interface DraftProduct {
  line: number
  rows: number
  productId: string | null
  handle: string | null
  fields: Record<string, unknown>
  tags: string[] | undefined
  images: string[] | undefined
  channelIds: { id: string; column: string }[] | undefined
  categoryHandles: { handle: string; column: string }[] | undefined
  optionTitles: string[]
  variants: DraftVariant[]
}

/** What the file has shown so far, for checks across products (kept compact: see FirstLines). */
export class FileState {
  private readonly firstLineOfKey = new FirstLines()
  private readonly lineOfSku = new FirstLines()

  /** The line the key was first seen on, when a product's rows are not consecutive. */
  seenBefore(key: string, line: number): number | undefined {
    return this.firstLineOfKey.firstLine(key, line)
  }

  skuSeenOn(sku: string, line: number): number | undefined {
    return this.lineOfSku.firstLine(sku, line)
  }
}

/** Reads one row's cells by column name, collecting its errors (also used by the price-list import). */
export class CellReader {
  constructor(
    private readonly header: Pick<ImportHeader, 'index'>,
    private readonly row: CsvRow,
    private readonly errors: RowError[],
  ) {}

  has(column: string): boolean {
    return this.header.index.has(column)
  }

  raw(column: string): string {
    const at = this.header.index.get(column)
    return at === undefined ? '' : (this.row.cells[at] ?? '')
  }

  trimmed(column: string): string {
    return this.raw(column).trim()
  }

  error(column: string | null, message: string): void {
    this.errors.push({ line: this.row.line, column, message })
  }

  /** The scalar columns present, parsed; a bad cell is reported and left out. */
  scalars(columns: readonly ScalarColumn[]): Record<string, unknown> {
    const fields: Record<string, unknown> = {}
    for (const column of columns) {
      if (!this.has(column.header)) continue
      const cell = column.kind === 'text' ? this.raw(column.header) : this.trimmed(column.header)
      const parsed = parseCell(column.kind, cell)
      if ('error' in parsed) this.error(column.header, parsed.error)
      else fields[column.field] = parsed.value
    }
    return fields
  }
}

/** Whether a row's cells can be read: as many as the header's, none holding U+0000 (each reported). */
export function rowCellsReadable(reader: CellReader, row: CsvRow, names: readonly string[]): boolean {
  if (row.cells.length !== names.length) {
    reader.error(null, `The row has ${row.cells.length} cells; the header has ${names.length}`)
    return false
  }
  // The database cannot store it; each such cell is named here rather than failing the batch.
  const nulCells = names.filter((_, at) => row.cells[at].includes('\u0000'))
  for (const column of nulCells) reader.error(column, 'must not contain the NUL character (U+0000)')
  return nulCells.length === 0
}

const VARIANT_HEADERS = VARIANT_COLUMNS.map((column) => column.header)

function hasVariantCells(reader: CellReader, header: ImportHeader): boolean {
  return (
    VARIANT_HEADERS.some((column) => reader.trimmed(column) !== '') ||
    header.prices.some((column) => reader.trimmed(column.header) !== '') ||
    header.options.some((n) => reader.trimmed(numbered.optionValue(n)) !== '')
  )
}

function readOptions(reader: CellReader, header: ImportHeader): { titles: string[]; values: string[] } {
  const titles: string[] = []
  const values: string[] = []
  for (const n of header.options) {
    const title = reader.trimmed(numbered.optionName(n))
    const value = reader.raw(numbered.optionValue(n))
    if (!title && !value) continue
    if (!title) reader.error(numbered.optionName(n), 'is required when the option has a value')
    else if (!value) reader.error(numbered.optionValue(n), `is required for option ${title}`)
    titles.push(title)
    values.push(value)
  }
  return { titles, values }
}

function readPrices(reader: CellReader, header: ImportHeader): DraftVariant['prices'] {
  if (header.prices.length === 0) return undefined
  const prices: NonNullable<DraftVariant['prices']> = []
  for (const column of header.prices) {
    const cell = reader.trimmed(column.header)
    if (!cell) continue
    const parsed = parseCell('integer', cell)
    if ('error' in parsed || (parsed.value as number) < 0 || (parsed.value as number) > 2_147_483_647) {
      reader.error(column.header, `"${cell}" is not an amount (a whole number of minor units, 0 or more)`)
      continue
    }
    prices.push({ amount: parsed.value as number, currency_code: column.currency_code, region_id: column.region_id })
  }
  return prices
}

function readVariant(reader: CellReader, header: ImportHeader, row: CsvRow, state: FileState) {
  const fields = reader.scalars(VARIANT_COLUMNS)
  if (!fields.title) reader.error('Variant Title', 'is required')
  const sku = typeof fields.sku === 'string' ? fields.sku.trim() : ''
  if (sku) {
    const first = state.skuSeenOn(sku, row.line)
    if (first !== undefined && first !== row.line)
      reader.error('Variant SKU', `${sku} is already used on line ${first}`)
  }
  return { fields, prices: readPrices(reader, header), options: readOptions(reader, header) }
}

function readList<T>(
  reader: CellReader,
  numbers: number[],
  column: (n: number) => string,
  make: (value: string, column: string) => T,
) {
  if (numbers.length === 0) return undefined
  return numbers.flatMap((n) => {
    const value = reader.trimmed(column(n))
    return value ? [make(value, column(n))] : []
  })
}

/** Parses one product's rows; `draft` is undefined when any of them has an error. */
export function draftProduct(
  group: RowGroup,
  header: ImportHeader,
  state: FileState,
): { draft?: DraftProduct; errors: RowError[] } {
  const errors: RowError[] = []
  const [first] = group.rows
  const reader = new CellReader(header, first, errors)
  const keyColumn = group.key.startsWith('id:') ? 'Product Id' : 'Product Handle'
  const firstLine = state.seenBefore(group.key, first.line)
  if (group.key.startsWith('line:')) reader.error('Product Handle', 'Product Id or Product Handle is required')
  else if (firstLine !== undefined) {
    reader.error(
      keyColumn,
      `The rows of one product must be consecutive; this product already appeared on line ${firstLine}`,
    )
  }
  const fields = reader.scalars(PRODUCT_COLUMNS)
  if (fields.status !== undefined && fields.status !== null && !PRODUCT_STATUSES.includes(fields.status as never)) {
    reader.error('Product Status', `must be one of ${PRODUCT_STATUSES.join(', ')}`)
  }
  const variants: DraftVariant[] = []
  let optionTitles: string[] | undefined
  const combinations = new Map<string, number>()
  for (const row of group.rows) {
    const rowReader = new CellReader(header, row, errors)
    if (!rowCellsReadable(rowReader, row, header.names)) continue
    if (!hasVariantCells(rowReader, header)) {
      if (group.rows.length > 1)
        rowReader.error('Variant Title', 'is required (a product with several rows has one variant per row)')
      continue
    }
    const variant = readVariant(rowReader, header, row, state)
    optionTitles ??= variant.options.titles
    if (variant.options.titles.join('\u0000') !== optionTitles.join('\u0000')) {
      rowReader.error(
        numbered.optionName(header.options[0] ?? 1),
        `Every row of a product needs the same options (${optionTitles.join(', ') || 'none'})`,
      )
    }
    const combination = variant.options.values.join('\u0000')
    const seenOn = combinations.get(combination)
    if (variant.options.values.length > 0 && seenOn !== undefined) {
      rowReader.error(
        numbered.optionValue(header.options[0] ?? 1),
        `The same option values are already used on line ${seenOn}`,
      )
    } else combinations.set(combination, row.line)
    variants.push({
      line: row.line,
      fields: variant.fields,
      prices: variant.prices,
      optionValues: variant.options.values,
    })
  }
  if (errors.length > 0) return { errors }
  return {
    errors,
    draft: {
      line: first.line,
      rows: group.rows.length,
      productId: (fields.id as string | null)?.trim() || null,
      handle: (fields.handle as string | null)?.trim() || null,
      fields,
      tags: reader.has('Product Tags') ? splitTags(reader.raw('Product Tags')) : undefined,
      images: readList(reader, header.images, numbered.image, (url) => url),
      channelIds: readList(reader, header.salesChannels, numbered.channelId, (id, column) => ({ id, column })),
      categoryHandles: readList(reader, header.categories, numbered.category, (handle, column) => ({ handle, column })),
      optionTitles: optionTitles ?? [],
      variants,
    },
  }
}
