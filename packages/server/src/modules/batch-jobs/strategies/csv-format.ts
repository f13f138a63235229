/**
 * The product CSV shared by export and import: one row per variant (a product without variants has
 * one row with empty variant cells), product cells repeated on each of its rows, and numbered
 * columns for prices, options, images, sales channels and categories. Column names follow Medusa
 * v1's product export; amounts are integers in minor units.
 */

export type CellKind = 'text' | 'number' | 'integer' | 'boolean' | 'json'

export interface ScalarColumn {
  header: string
  /** The catalogue field the column carries. */
  field: string
  kind: CellKind
}

const text = (header: string, field: string): ScalarColumn => ({ header, field, kind: 'text' })
const number = (header: string, field: string): ScalarColumn => ({ header, field, kind: 'number' })

export const PRODUCT_COLUMNS: readonly ScalarColumn[] = [
  text('Product Id', 'id'),
  text('Product Handle', 'handle'),
  text('Product Title', 'title'),
  text('Product Subtitle', 'subtitle'),
  text('Product Description', 'description'),
  text('Product Status', 'status'),
  text('Product Thumbnail', 'thumbnail'),
  number('Product Weight', 'weight'),
  number('Product Length', 'length'),
  number('Product Width', 'width'),
  number('Product Height', 'height'),
  text('Product HS Code', 'hs_code'),
  text('Product Origin Country', 'origin_country'),
  text('Product MID Code', 'mid_code'),
  text('Product Material', 'material'),
  text('Product Collection Title', 'collection_title'),
  text('Product Collection Handle', 'collection_handle'),
  text('Product Type', 'type'),
  text('Product Tags', 'tags'),
  { header: 'Product Discountable', field: 'discountable', kind: 'boolean' },
  { header: 'Product Is Giftcard', field: 'is_giftcard', kind: 'boolean' },
  text('Product External Id', 'external_id'),
  { header: 'Product Metadata', field: 'metadata', kind: 'json' },
]

export const VARIANT_COLUMNS: readonly ScalarColumn[] = [
  text('Variant Id', 'id'),
  text('Variant Title', 'title'),
  text('Variant SKU', 'sku'),
  text('Variant Barcode', 'barcode'),
  text('Variant EAN', 'ean'),
  text('Variant UPC', 'upc'),
  { header: 'Variant Inventory Quantity', field: 'inventory_quantity', kind: 'integer' },
  { header: 'Variant Allow Backorder', field: 'allow_backorder', kind: 'boolean' },
  { header: 'Variant Manage Inventory', field: 'manage_inventory', kind: 'boolean' },
  number('Variant Weight', 'weight'),
  number('Variant Length', 'length'),
  number('Variant Width', 'width'),
  number('Variant Height', 'height'),
  text('Variant HS Code', 'hs_code'),
  text('Variant Origin Country', 'origin_country'),
  text('Variant MID Code', 'mid_code'),
  text('Variant Material', 'material'),
  { header: 'Variant Metadata', field: 'metadata', kind: 'json' },
]

/** A price column: `Price EUR` (a currency price) or `Price Europe [EUR]` (a region's price). */
export interface PriceColumn {
  header: string
  currency_code: string
  region_id: string | null
}

export const currencyPriceHeader = (code: string) => `Price ${code.toUpperCase()}`
export const regionPriceHeader = (regionName: string, code: string) => `Price ${regionName} [${code.toUpperCase()}]`

/** Numbered columns, `Option 1 Name`…; `n` counts from 1. */
export const numbered = {
  optionName: (n: number) => `Option ${n} Name`,
  optionValue: (n: number) => `Option ${n} Value`,
  image: (n: number) => `Image ${n} Url`,
  channelName: (n: number) => `Sales Channel ${n} Name`,
  channelId: (n: number) => `Sales Channel ${n} Id`,
  category: (n: number) => `Product Category ${n} Handle`,
}

export const NUMBERED_HEADER =
  /^(?:Option (\d+) (Name|Value)|Image (\d+) Url|Sales Channel (\d+) (Name|Id)|Product Category (\d+) Handle)$/
export const REGION_PRICE_HEADER = /^Price (.+) \[([A-Za-z]{3})\]$/
export const CURRENCY_PRICE_HEADER = /^Price ([A-Za-z]{3})$/

/** How many numbered columns of each kind an export needs, and its price columns. */
export interface Layout {
  prices: PriceColumn[]
  options: number
  images: number
  salesChannels: number
  categories: number
}

export function headerOf(layout: Layout): string[] {
  const range = (n: number) => Array.from({ length: n }, (_, index) => index + 1)
  return [
    ...PRODUCT_COLUMNS.map((column) => column.header),
    ...VARIANT_COLUMNS.map((column) => column.header),
    ...layout.prices.map((column) => column.header),
    ...range(layout.options).flatMap((n) => [numbered.optionName(n), numbered.optionValue(n)]),
    ...range(layout.images).map(numbered.image),
    ...range(layout.salesChannels).flatMap((n) => [numbered.channelName(n), numbered.channelId(n)]),
    ...range(layout.categories).map(numbered.category),
  ]
}

/** A catalogue value as a cell: empty for null, `true`/`false`, JSON for metadata. */
export function formatCell(kind: CellKind, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (kind === 'json') return JSON.stringify(value)
  return String(value)
}

export type Parsed = { value: unknown } | { error: string }

/** A cell as a catalogue value; an empty cell is `null`. */
export function parseCell(kind: CellKind, cell: string): Parsed {
  if (cell === '') return { value: null }
  switch (kind) {
    case 'text':
      return { value: cell }
    case 'number': {
      const value = Number(cell)
      return Number.isFinite(value) && cell.trim() !== '' ? { value } : { error: `"${cell}" is not a number` }
    }
    case 'integer': {
      const value = Number(cell)
      return Number.isSafeInteger(value) && /^-?\d+$/.test(cell.trim())
        ? { value }
        : { error: `"${cell}" is not a whole number` }
    }
    case 'boolean': {
      const lower = cell.trim().toLowerCase()
      if (lower === 'true') return { value: true }
      if (lower === 'false') return { value: false }
      return { error: `"${cell}" is not true or false` }
    }
    case 'json': {
      try {
        const value: unknown = JSON.parse(cell)
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { value }
      } catch {
        // reported below
      }
      return { error: 'must be a JSON object' }
    }
  }
}

/** Tags are one cell, comma-separated (v1); a tag value therefore cannot hold a comma. */
export const joinTags = (values: readonly string[]) => values.join(',')
export const splitTags = (cell: string) =>
  cell
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
