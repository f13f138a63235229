import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { and, getTableColumns, getTableName, inArray, isNull, sql } from 'drizzle-orm'
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { migrate } from '../../packages/server/src/db/migrate.js'
import type { Db } from '../../packages/server/src/db/types.js'
import {
  image,
  moneyAmount,
  product,
  productCategory,
  productCategoryProduct,
  productCollection,
  productImages,
  productOption,
  productOptionValue,
  productSalesChannel,
  productTag,
  productTags,
  productType,
  productVariant,
} from '../../packages/server/src/modules/catalog/schema.js'
import { ensureDefaultShippingProfiles } from '../../packages/server/src/modules/shipping/profiles.js'
import { store } from '../../packages/server/src/modules/store/schema.js'
import { isEmptyStore, seedDemoStore } from '../../packages/server/src/seed/demo.js'
import { emptyRows, generateProduct, generateTaxonomy, type ProductLinks } from './catalogue.js'
import { benchConfig, positiveInt, redactUrl, requireDatabaseUrl } from './env.js'

const USAGE = `Usage: npm run bench:seed -- [--products N] [--batch-size N] [--seed S] [--reset]

Fills DATABASE_URL (PostgreSQL) with a generated catalogue: N published products (default 1000),
each with 3 variants priced in USD and EUR, 2 images, tags, categories, a collection and a type,
all in the default sales channel. Migrates first and seeds the demo store when the database is
empty. Generation is deterministic: the same --seed writes the same products, and running again
with a larger N adds the missing ones.

  --products N     how many generated products the catalogue should hold (default 1000)
  --batch-size N   products written per transaction (default 500)
  --seed S         pseudo-random seed (default "emporium-bench")
  --reset          empty the catalogue tables first (and, by cascade, rows that reference them)`

/** Catalogue tables in dependency order: a parent before the tables that reference it. */
const CATALOGUE_TABLES: PgTable[] = [
  productCollection,
  productType,
  productTag,
  productCategory,
  product,
  image,
  productImages,
  productOption,
  productVariant,
  productOptionValue,
  moneyAmount,
  productTags,
  productCategoryProduct,
  productSalesChannel,
]

/** node-postgres allows 65,535 bind parameters per statement; stay well under it. */
const MAX_PARAMETERS = 30_000

/** One multi-row INSERT per chunk, sized by the table's column count. */
async function insertAll<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length))
  for (let start = 0; start < rows.length; start += perStatement) {
    await db.insert(table).values(rows.slice(start, start + perStatement))
  }
}

async function resetCatalogue(db: Db): Promise<void> {
  const names = CATALOGUE_TABLES.map((table) => `"${getTableName(table)}"`).join(', ')
  await db.execute(sql.raw(`TRUNCATE ${names} CASCADE`))
}

/** Inserts the shared collections, types, tags and categories unless present, and returns their ids. */
async function ensureTaxonomy(db: Db, seed: string): Promise<Omit<ProductLinks, 'salesChannelId' | 'profileId'>> {
  const taxonomy = generateTaxonomy(seed)
  await db.transaction(async (tx) => {
    await tx.insert(productCollection).values(taxonomy.collections).onConflictDoNothing()
    await tx.insert(productType).values(taxonomy.types).onConflictDoNothing()
    await tx.insert(productTag).values(taxonomy.tags).onConflictDoNothing()
    await tx.insert(productCategory).values(taxonomy.categories).onConflictDoNothing()
  })
  const handles = taxonomy.collections.map((row) => row.handle!)
  const collections = await db
    .select({ id: productCollection.id, key: productCollection.handle })
    .from(productCollection)
    .where(and(inArray(productCollection.handle, handles), isNull(productCollection.deleted_at)))
  const types = await db
    .select({ id: productType.id, key: productType.value })
    .from(productType)
    .where(
      and(
        inArray(
          productType.value,
          taxonomy.types.map((row) => row.value),
        ),
        isNull(productType.deleted_at),
      ),
    )
  const tags = await db
    .select({ id: productTag.id, key: productTag.value })
    .from(productTag)
    .where(
      and(
        inArray(
          productTag.value,
          taxonomy.tags.map((row) => row.value),
        ),
        isNull(productTag.deleted_at),
      ),
    )
  const leaves = taxonomy.categories.filter((row) => row.parent_category_id)
  const categories = await db
    .select({ id: productCategory.id, key: productCategory.handle })
    .from(productCategory)
    .where(
      inArray(
        productCategory.handle,
        leaves.map((row) => row.handle),
      ),
    )
  // Keep the generated order, whatever order the rows come back in, so links stay deterministic.
  const idsInOrder = (keys: (string | null | undefined)[], rows: { id: string; key: string | null }[]) => {
    const byKey = new Map(rows.map((row) => [row.key, row.id]))
    return keys.map((key) => byKey.get(key ?? null)).filter((id): id is string => id !== undefined)
  }
  return {
    collectionIds: idsInOrder(handles, collections),
    typeIds: idsInOrder(
      taxonomy.types.map((row) => row.value),
      types,
    ),
    tagIds: idsInOrder(
      taxonomy.tags.map((row) => row.value),
      tags,
    ),
    categoryIds: idsInOrder(
      leaves.map((row) => row.handle),
      categories,
    ),
  }
}

/** The index after the highest generated product, so a second run only adds what is missing. */
async function nextIndex(db: Db): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max((${product.metadata} ->> 'bench_index')::int) + 1, 0)::int` })
    .from(product)
  return row?.next ?? 0
}

function progressBar(): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    {
      format: '  products |{bar}| {value}/{total} ({percentage}%) · {rate} products/s · ETA {eta_formatted}',
      hideCursor: true,
      // Logs and CI have no terminal: print a line every few seconds instead of redrawing.
      noTTYOutput: !process.stdout.isTTY,
      notTTYSchedule: 3000,
    },
    cliProgress.Presets.shades_classic,
  )
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      'batch-size': { type: 'string' },
      seed: { type: 'string', default: 'emporium-bench' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const target = positiveInt('products', values.products, 1000)
  const batchSize = positiveInt('batch-size', values['batch-size'], 500)
  const seed = values.seed
  const url = requireDatabaseUrl('bench:seed')

  console.log(`Database: PostgreSQL (${redactUrl(url)})`)
  const database = await openDatabase({ url, poolSize: 2 })
  try {
    const applied = await migrate(database)
    if (applied.length > 0) console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
    const { db } = database
    if (await isEmptyStore(db)) {
      console.log('Empty database: seeding the demo store…')
      await seedDemoStore(db, benchConfig(url), { progress: true })
    }
    if (values.reset) {
      await resetCatalogue(db)
      console.log('Emptied the catalogue tables.')
    }
    const [shop] = await db.select({ channel: store.default_sales_channel_id }).from(store).limit(1)
    if (!shop?.channel) throw new Error('the store has no default sales channel; seed the demo store or set one')
    const profile = (await ensureDefaultShippingProfiles(db)).default
    const links: ProductLinks = {
      ...(await ensureTaxonomy(db, seed)),
      salesChannelId: shop.channel,
      profileId: profile.id,
    }
    // Products generated before the generator set a profile have none, and no cart holding one completes.
    const profiled = await db
      .update(product)
      .set({ profile_id: profile.id })
      .where(and(isNull(product.profile_id), sql`${product.metadata} ? 'bench_index'`))
      .returning({ id: product.id })
    if (profiled.length > 0) console.log(`Put ${profiled.length} generated products in the default shipping profile.`)

    const first = await nextIndex(db)
    if (first >= target) {
      console.log(
        `The catalogue already holds ${first} generated products (asked for ${target}); use --reset to start over.`,
      )
      return
    }
    console.log(`Generating products ${first + 1}–${target} in batches of ${batchSize} (seed "${seed}")`)
    const started = Date.now()
    const bar = progressBar()
    bar.start(target - first, 0, { rate: '–' })
    for (let start = first; start < target; start += batchSize) {
      const end = Math.min(target, start + batchSize)
      const rows = emptyRows()
      for (let index = start; index < end; index++) generateProduct(seed, index, links, rows)
      await db.transaction(async (tx) => {
        await insertAll(tx, product, rows.products)
        await insertAll(tx, image, rows.images)
        await insertAll(tx, productImages, rows.productImages)
        await insertAll(tx, productOption, rows.options)
        await insertAll(tx, productVariant, rows.variants)
        await insertAll(tx, productOptionValue, rows.optionValues)
        await insertAll(tx, moneyAmount, rows.prices)
        await insertAll(tx, productTags, rows.productTags)
        await insertAll(tx, productCategoryProduct, rows.categoryLinks)
        await insertAll(tx, productSalesChannel, rows.salesChannelLinks)
      })
      const done = end - first
      bar.update(done, { rate: Math.round(done / ((Date.now() - started) / 1000)) })
    }
    bar.stop()

    // Fresh planner statistics, so the first benchmark does not run on plans made for empty tables.
    await db.execute(sql.raw(`ANALYZE ${CATALOGUE_TABLES.map((table) => `"${getTableName(table)}"`).join(', ')}`))
    const counts = {
      products: await db.$count(product, isNull(product.deleted_at)),
      variants: await db.$count(productVariant, isNull(productVariant.deleted_at)),
      prices: await db.$count(moneyAmount, isNull(moneyAmount.deleted_at)),
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `Generated ${target - first} products in ${seconds} s. The catalogue holds ${counts.products} products, ` +
        `${counts.variants} variants and ${counts.prices} prices.`,
    )
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${(error as Error).stack ?? String(error)}\n`)
  process.exit(1)
})
