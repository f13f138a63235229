import { and, asc, count, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { InvalidData } from '../../../core/errors.js'
import { loadProductRelations, type LoadedProduct, type LoadedVariant } from '../../catalog/loader.js'
import type { CatalogFlags } from '../../catalog/products/products.js'
import { product } from '../../catalog/schema.js'
import type { BatchJobResult } from '../schema.js'
import type { BatchJobStrategy, JobRun } from '../strategy.js'
import { exportCsv } from './csv-export.js'
import {
  currencyPriceHeader,
  formatCell,
  headerOf,
  joinTags,
  PRODUCT_COLUMNS,
  regionPriceHeader,
  VARIANT_COLUMNS,
  type Layout,
} from './csv-format.js'
import { rowsOf } from '../../../db/raw-rows.js'

/** `product-export`: every live product and its variants as one CSV, written through the file provider. */

function relationsFor(flags: CatalogFlags): Set<string> {
  const relations = [
    'variants',
    'variants.prices',
    'variants.options',
    'options',
    'images',
    'tags',
    'type',
    'collection',
  ]
  if (flags.sales_channels) relations.push('sales_channels')
  if (flags.product_categories) relations.push('categories')
  return new Set(relations)
}

const live = isNull(product.deleted_at)

async function countProducts(db: Db): Promise<number> {
  const [{ value }] = await db.select({ value: count() }).from(product).where(live)
  return value
}

/** The widest product of each numbered kind, and every price column in use, for the header. */
async function layoutOf(db: Db, flags: CatalogFlags): Promise<Layout> {
  const widest = async (table: string, column = 'product_id', extra = '') => {
    const [row] = rowsOf<{ widest: number | null }>(
      await db.execute(sql`
        SELECT max(n)::int AS widest FROM (
          SELECT count(*) AS n FROM ${sql.raw(table)} t JOIN product p ON p.id = t.${sql.raw(column)}
          WHERE p.deleted_at IS NULL ${sql.raw(extra)} GROUP BY t.${sql.raw(column)}
        ) counts`),
    )
    return Number(row?.widest ?? 0)
  }
  const prices = rowsOf<{ currency_code: string; region_id: string | null; region_name: string | null }>(
    await db.execute(sql`
      SELECT DISTINCT ma.currency_code, ma.region_id, r.name AS region_name
      FROM money_amount ma
      JOIN product_variant v ON v.id = ma.variant_id AND v.deleted_at IS NULL
      JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
      LEFT JOIN region r ON r.id = ma.region_id
      WHERE ma.deleted_at IS NULL AND ma.price_list_id IS NULL
        AND ma.min_quantity IS NULL AND ma.max_quantity IS NULL
      ORDER BY ma.region_id NULLS FIRST, ma.currency_code`),
  )
  return {
    prices: prices.map((row) => ({
      header: row.region_id
        ? regionPriceHeader(row.region_name ?? row.region_id, row.currency_code)
        : currencyPriceHeader(row.currency_code),
      currency_code: row.currency_code,
      region_id: row.region_id,
    })),
    options: await widest('product_option', 'product_id', 'AND t.deleted_at IS NULL'),
    images: await widest('product_images'),
    salesChannels: flags.sales_channels ? await widest('product_sales_channel') : 0,
    categories: flags.product_categories ? await widest('product_category_product') : 0,
  }
}

function productCells(loaded: LoadedProduct): string[] {
  const values: Record<string, unknown> = {
    ...loaded,
    collection_title: loaded.collection?.title ?? null,
    collection_handle: loaded.collection?.handle ?? null,
    type: loaded.type?.value ?? null,
    tags: loaded.tags && loaded.tags.length > 0 ? joinTags(loaded.tags.map((tag) => tag.value)) : null,
  }
  return PRODUCT_COLUMNS.map((column) => formatCell(column.kind, values[column.field]))
}

function padded(values: string[], width: number): string[] {
  return [...values, ...Array<string>(Math.max(0, width - values.length)).fill('')]
}

/** The CSV rows of one product: one per variant, or one with empty variant cells. */
function rowsOfProduct(loaded: LoadedProduct, layout: Layout): string[][] {
  const productPart = productCells(loaded)
  const options = loaded.options ?? []
  const images = padded(
    (loaded.images ?? []).map((image) => image.url),
    layout.images,
  )
  const channels = (loaded.sales_channels ?? []).flatMap((channel) => [channel.name, channel.id])
  const categories = (loaded.categories ?? []).map((category) => category.handle)
  const tail = [...images, ...padded(channels, layout.salesChannels * 2), ...padded(categories, layout.categories)]
  const variants: (LoadedVariant | undefined)[] = loaded.variants?.length ? loaded.variants : [undefined]
  return variants.map((variant) => {
    const variantPart = VARIANT_COLUMNS.map((column) =>
      variant ? formatCell(column.kind, (variant as Record<string, unknown>)[column.field]) : '',
    )
    const prices = layout.prices.map((column) => {
      const price = variant?.prices?.find(
        (candidate) =>
          candidate.price_list_id === null &&
          candidate.min_quantity === null &&
          candidate.max_quantity === null &&
          candidate.region_id === column.region_id &&
          (column.region_id !== null || candidate.currency_code === column.currency_code),
      )
      return price ? String(price.amount) : ''
    })
    const optionCells = options.flatMap((option) => [
      option.title,
      variant?.options?.find((value) => value.option_id === option.id)?.value ?? '',
    ])
    return [...productPart, ...variantPart, ...prices, ...padded(optionCells, layout.options * 2), ...tail]
  })
}

export const productExportStrategy: BatchJobStrategy = {
  type: 'product-export',

  async prepareContext(context) {
    const unknown = Object.keys(context)
    if (unknown.length > 0) {
      throw new InvalidData(`context.${unknown[0]}: product-export takes no options; it exports every product`)
    }
    return {}
  },

  async preProcess(run: JobRun): Promise<BatchJobResult> {
    const total = await countProducts(run.db)
    return {
      count: total,
      advancement_count: 0,
      progress: 0,
      stat_descriptors: [
        {
          key: 'product-export-count',
          name: 'Number of products to export',
          message: `${total} products will be exported.`,
        },
      ],
    }
  },

  async process(run: JobRun): Promise<BatchJobResult> {
    const layout = await layoutOf(run.db, run.flags)
    const relations = relationsFor(run.flags)
    return exportCsv(run, {
      filename: 'product-export.csv',
      total: await countProducts(run.db),
      csv: { header: true, columns: headerOf(layout) },
      readPage: (tx, after, limit) =>
        tx
          .select()
          .from(product)
          .where(and(live, gt(product.id, after)))
          .orderBy(asc(product.id))
          .limit(limit),
      recordsOf: async (tx, page) =>
        (await loadProductRelations(tx, page, relations)).flatMap((loaded) => rowsOfProduct(loaded, layout)),
    })
  },
}
