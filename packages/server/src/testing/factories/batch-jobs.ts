import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import { asc, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { batchJob, type BatchJobRow } from '../../modules/batch-jobs/schema.js'
import { loadProductRelations, type LoadedProduct } from '../../modules/catalog/loader.js'
import { product } from '../../modules/catalog/schema.js'
import { makeCategory, makeCollection, makeProduct, makeProductType } from './catalog.js'
import { makeRegion } from './regions.js'
import { makeSalesChannel } from './sales-channels.js'

/** A batch job row written straight to the database (list and permission tests). */
export async function makeBatchJob(
  db: Db,
  overrides: Partial<BatchJobRow> & { created_by: string },
): Promise<BatchJobRow> {
  const [row] = await db
    .insert(batchJob)
    .values({ id: generateId('batch'), type: 'product-export', context: {}, ...overrides })
    .returning()
  return row
}

/** A CSV file from rows of cells (the first row is the header). */
export const csvText = (rows: readonly (readonly string[])[]) => stringify(rows as string[][])

/** Stores text as a protected upload, as `POST /admin/uploads/protected` does; returns its key. */
export async function storeImportFile(app: FastifyInstance, text: string): Promise<string> {
  const stored = await app.providers.file.upload(
    { filename: 'import.csv', mimeType: 'text/csv', stream: Readable.from([Buffer.from(text)]) },
    { private: true },
  )
  return stored.key
}

/** Reads a stored file back as text. */
export async function readStoredFile(app: FastifyInstance, key: string): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of await app.providers.file.getStream(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A varied catalogue: options, several variants, currency and region prices, images, tags, a type,
 * collections, categories, sales channels, metadata, and text with commas, quotes and line breaks.
 */
export async function makeVariedCatalogue(db: Db, count: number) {
  const region = await makeRegion(db, { name: 'Europe', currency_code: 'eur' })
  const channels = [await makeSalesChannel(db, { name: 'Web' }), await makeSalesChannel(db, { name: 'Shop, "Main"' })]
  const collections = [await makeCollection(db), await makeCollection(db)]
  const types = [await makeProductType(db, 'Shirts'), await makeProductType(db, 'Hats')]
  const categories = [await makeCategory(db), await makeCategory(db)]
  for (let n = 0; n < count; n++) {
    const sizes = n % 3 === 0 ? ['S'] : ['S', 'M', 'L'].slice(0, 1 + (n % 3))
    const images = n % 4 === 0 ? [] : [`https://img.example.com/${n}/a.png`, `https://img.example.com/${n}/b.png`]
    await makeProduct(db, {
      title: `Product "${n}", the best`,
      handle: `product-${n}`,
      status: n % 5 === 0 ? 'draft' : 'published',
      subtitle: n % 2 === 0 ? null : `Subtitle ${n}`,
      description: n % 2 === 0 ? `Line one\nline two, with "quotes" ${n}` : null,
      discountable: n % 7 !== 0,
      collection_id: n % 3 === 0 ? null : collections[n % 2].id,
      type_id: n % 4 === 0 ? null : types[n % 2].id,
      metadata: n % 2 === 0 ? { origin: 'import', rank: n } : null,
      tags: n % 2 === 0 ? ['summer', `tag-${n % 10}`] : [],
      images,
      options: ['Size', 'Color'],
      sales_channel_ids: channels.slice(0, n % 3).map((channel) => channel.id),
      category_ids: n % 2 === 0 ? [categories[n % 4 === 0 ? 0 : 1].id] : [],
      variants: sizes.map((size, index) => ({
        title: `${size} / Blue`,
        sku: n % 6 === 0 && index === 0 ? null : `SKU-${n}-${size}`,
        inventory_quantity: n + index,
        allow_backorder: index % 2 === 1,
        manage_inventory: n % 2 === 0,
        options: [size, 'Blue'],
        metadata: index === 0 ? { warehouse: `W${n % 3}` } : null,
        prices: [
          { amount: 1000 + n, currency_code: 'usd' },
          ...(n % 2 === 0 ? [{ amount: 900 + n, currency_code: 'eur', region_id: region.id }] : []),
        ],
      })),
    })
  }
  return { region, channels, collections, types, categories }
}

const ALL_RELATIONS = new Set([
  'variants',
  'variants.prices',
  'variants.options',
  'options',
  'images',
  'tags',
  'type',
  'collection',
  'sales_channels',
  'categories',
])

/** Everything a product import and export carries, without ids and timestamps, by handle. */
function comparable(loaded: LoadedProduct) {
  const optionTitle = new Map((loaded.options ?? []).map((option) => [option.id, option.title]))
  return {
    handle: loaded.handle,
    title: loaded.title,
    subtitle: loaded.subtitle,
    description: loaded.description,
    status: loaded.status,
    thumbnail: loaded.thumbnail,
    dimensions: [loaded.weight, loaded.length, loaded.width, loaded.height],
    customs: [loaded.hs_code, loaded.origin_country, loaded.mid_code, loaded.material],
    discountable: loaded.discountable,
    is_giftcard: loaded.is_giftcard,
    external_id: loaded.external_id,
    metadata: loaded.metadata,
    collection: loaded.collection?.handle ?? null,
    type: loaded.type?.value ?? null,
    tags: (loaded.tags ?? []).map((tag) => tag.value).sort(),
    images: (loaded.images ?? []).map((image) => image.url),
    options: (loaded.options ?? []).map((option) => option.title),
    sales_channels: (loaded.sales_channels ?? []).map((channel) => channel.id).sort(),
    categories: (loaded.categories ?? []).map((category) => category.handle).sort(),
    variants: (loaded.variants ?? []).map((variant) => ({
      title: variant.title,
      sku: variant.sku,
      codes: [variant.barcode, variant.ean, variant.upc],
      inventory_quantity: variant.inventory_quantity,
      allow_backorder: variant.allow_backorder,
      manage_inventory: variant.manage_inventory,
      dimensions: [variant.weight, variant.length, variant.width, variant.height],
      customs: [variant.hs_code, variant.origin_country, variant.mid_code, variant.material],
      metadata: variant.metadata,
      options: (variant.options ?? []).map((value) => `${optionTitle.get(value.option_id)}=${value.value}`).sort(),
      prices: (variant.prices ?? []).map((price) => `${price.region_id ?? price.currency_code}:${price.amount}`).sort(),
    })),
  }
}

/** The whole live catalogue in comparable form, sorted by handle. */
export async function catalogueSnapshot(db: Db) {
  const rows = await db.select().from(product).where(isNull(product.deleted_at)).orderBy(asc(product.handle))
  const loaded = await loadProductRelations(db, rows, ALL_RELATIONS)
  return loaded.map(comparable)
}
