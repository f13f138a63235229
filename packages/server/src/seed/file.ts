import { readFile } from 'node:fs/promises'
import cliProgress from 'cli-progress'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/types.js'
import { fromPgError } from '../core/pg-errors.js'
import { AppError, type ErrorType } from '../core/errors.js'
import { createCategory } from '../modules/catalog/lookups/categories.js'
import { createCollection } from '../modules/catalog/lookups/collections.js'
import { createProduct } from '../modules/catalog/products/writes.js'
import type { CatalogFlags } from '../modules/catalog/products/products.js'
import type { AdminPostProductsReq } from '../modules/catalog/products/contract.js'
import { createRegion } from '../modules/regions/service.js'
import { withRegionIds } from './placeholder-ids.js'
import { addSalesChannelsToKey, createPublishableApiKey } from '../modules/sales-channels/publishable-keys.js'
import { createSalesChannel } from '../modules/sales-channels/service.js'
import { ensureDefaultShippingProfiles, updateShippingProfile } from '../modules/shipping/profiles.js'
import { createShippingOption } from '../modules/shipping/service.js'
import { store } from '../modules/store/schema.js'
import { ensureStore, retrieveStore, syncProviders, updateStore } from '../modules/store/service.js'
import { createUser } from '../modules/users/service.js'
import { defaultFulfillmentProviders } from '../providers/fulfillment.js'
import { DEFAULT_PROVIDER_IDS } from '../providers/registry.js'
import { flattenCategories, seedProblems, type FlatCategory } from './file-checks.js'
import { schemaProblems, unknownKeys, type SeedFile, type SeedProduct } from './file-schema.js'
import { step } from './progress.js'

/**
 * `emporium seed --file seed.json`: loads a Medusa v1 seed file. The file is checked whole before
 * anything is written, and everything is written in one transaction, so a file that fails leaves
 * the database as it was.
 */

/** A seed file that cannot be loaded, with every problem found, each naming its JSON path. */
export class SeedFileError extends AppError {
  constructor(
    type: ErrorType,
    summary: string,
    readonly problems: string[],
  ) {
    super(type, [summary, ...problems.map((problem) => `  - ${problem}`)].join('\n'))
  }
}

export interface SeedFileOptions {
  /** Print steps and a progress bar over the products. */
  progress: boolean
  /** Told about each key the loader ignores, before anything is checked or written. */
  warn?: (message: string) => void
  flags: Pick<CatalogFlags, 'tax_inclusive_pricing'>
}

export interface SeedFileResult {
  created: {
    users: number
    regions: number
    shipping_options: number
    categories: number
    product_collections: number
    products: number
    variants: number
    sales_channels: number
    publishable_api_keys: number
  }
  warnings: string[]
}

const LABELS: Record<keyof SeedFileResult['created'], [string, string]> = {
  users: ['user', 'users'],
  regions: ['region', 'regions'],
  shipping_options: ['shipping option', 'shipping options'],
  categories: ['category', 'categories'],
  product_collections: ['collection', 'collections'],
  products: ['product', 'products'],
  variants: ['variant', 'variants'],
  sales_channels: ['sales channel', 'sales channels'],
  publishable_api_keys: ['publishable API key', 'publishable API keys'],
}

/** `1 user, 2 regions, 6 products, …` for the counts above zero. */
export function describeCreated(created: SeedFileResult['created']): string {
  const parts = (Object.keys(LABELS) as (keyof typeof LABELS)[])
    .filter((key) => created[key] > 0)
    .map((key) => `${created[key]} ${LABELS[key][created[key] === 1 ? 0 : 1]}`)
  return parts.length > 0 ? parts.join(', ') : 'nothing to add'
}

export async function readSeedFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new SeedFileError('invalid_data', `Could not read the seed file ${path}`, [(error as Error).message])
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new SeedFileError('invalid_data', `The seed file ${path} is not valid JSON`, [(error as Error).message])
  }
}

/** Keys the v1 format does not have, which the loader ignores. */
export function seedWarnings(data: unknown): string[] {
  return unknownKeys(data).map((path) => `${path} is not part of the seed format; ignored`)
}

/** Checks the shape against the v1 format, naming the path of every mismatch. */
export function parseSeedFile(data: unknown): SeedFile {
  const problems = schemaProblems(data)
  if (problems.length > 0) {
    throw new SeedFileError('invalid_data', 'The seed file does not match the Medusa v1 seed format:', problems)
  }
  return data as SeedFile
}

/** A service error while writing, named by the entry that caused it (nothing is kept). */
async function at<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const mapped = fromPgError(error) ?? error
    if (mapped instanceof AppError && !(mapped instanceof SeedFileError)) {
      throw new SeedFileError(mapped.type, 'The seed file could not be loaded; nothing was saved:', [
        `${path}: ${mapped.message}`,
      ])
    }
    throw error
  }
}

export async function seedFromFile(db: Db, data: unknown, options: SeedFileOptions): Promise<SeedFileResult> {
  const warnings = seedWarnings(data)
  for (const warning of warnings) options.warn?.(warning)
  const seed = parseSeedFile(data)
  const categories = flattenCategories(seed.categories ?? [])
  const created = await db.transaction(async (tx) => {
    await syncProviders(tx, DEFAULT_PROVIDER_IDS)
    await ensureStore(tx)
    const problems = await seedProblems(tx, seed, categories)
    if (problems.invalid.length > 0) {
      throw new SeedFileError('invalid_data', 'The seed file has problems; nothing was saved:', [
        ...problems.invalid,
        ...problems.duplicates,
      ])
    }
    if (problems.duplicates.length > 0) {
      throw new SeedFileError(
        'duplicate_error',
        'The database already has rows this seed file would create (was it loaded before?); nothing was saved:',
        problems.duplicates,
      )
    }
    return writeSeed(tx, withRegionIds(seed), categories, options)
  })
  return { created, warnings }
}

async function writeSeed(
  db: Db,
  seed: SeedFile,
  categories: FlatCategory[],
  options: SeedFileOptions,
): Promise<SeedFileResult['created']> {
  const { progress } = options
  if (seed.store) await at('store', () => writeStore(db, seed.store!))
  for (const [i, entry] of (seed.users ?? []).entries()) {
    await at(`users[${i}]`, () =>
      createUser(db, {
        email: entry.email,
        password: entry.password,
        first_name: entry.first_name ?? undefined,
        last_name: entry.last_name ?? undefined,
        role: entry.role,
      }),
    )
  }
  for (const [i, entry] of (seed.regions ?? []).entries()) {
    await at(`regions[${i}]`, () =>
      createRegion(
        db,
        {
          name: entry.name,
          currency_code: entry.currency_code,
          tax_rate: entry.tax_rate,
          tax_code: entry.tax_code ?? undefined,
          includes_tax: entry.includes_tax,
          payment_providers: entry.payment_providers ?? [],
          fulfillment_providers: entry.fulfillment_providers ?? [],
          countries: entry.countries,
          metadata: entry.metadata ?? undefined,
        },
        { id: entry.id },
      ),
    )
  }
  const shippingOptions = await writeShippingOptions(db, seed)
  step(
    progress,
    `store, ${seed.users?.length ?? 0} user(s), ${seed.regions?.length ?? 0} region(s), ${shippingOptions} shipping option(s)`,
  )
  const catalog = await writeCatalog(db, seed, categories, options)
  const channelId = await ensureDefaultSalesChannel(db)
  for (const [i, entry] of (seed.sales_channels ?? []).entries()) {
    await at(`sales_channels[${i}]`, () =>
      createSalesChannel(db, { name: entry.name, description: entry.description, is_disabled: entry.is_disabled }),
    )
  }
  for (const [i, entry] of (seed.publishable_api_keys ?? []).entries()) {
    await at(`publishable_api_keys[${i}]`, async () => {
      const key = await createPublishableApiKey(db, { title: entry.title }, null)
      // v1 attaches seeded keys to the default sales channel, so a storefront can use them at once.
      await addSalesChannelsToKey(db, key.id, [channelId])
    })
  }
  step(
    progress,
    `${seed.sales_channels?.length ?? 0} sales channel(s), ${seed.publishable_api_keys?.length ?? 0} publishable key(s)`,
  )
  return {
    users: seed.users?.length ?? 0,
    regions: seed.regions?.length ?? 0,
    shipping_options: shippingOptions,
    ...catalog,
    sales_channels: seed.sales_channels?.length ?? 0,
    publishable_api_keys: seed.publishable_api_keys?.length ?? 0,
  }
}

/** v1 replaces the store's currencies with the file's; the default moves to the first if it would be lost. */
async function writeStore(db: Db, input: NonNullable<SeedFile['store']>): Promise<void> {
  const currencies = input.currencies?.map((code) => code.toLowerCase())
  let defaultCode = input.default_currency_code?.toLowerCase()
  if (currencies && currencies.length > 0 && !defaultCode) {
    const current = (await retrieveStore(db)).default_currency_code
    if (!currencies.includes(current)) defaultCode = currencies[0]
  }
  await updateStore(db, {
    name: input.name,
    currencies: currencies && currencies.length > 0 ? currencies : undefined,
    default_currency_code: defaultCode,
    metadata: input.metadata ?? undefined,
  })
}

/** v1 puts each option in the default profile, or in the gift-card profile when `is_giftcard` is set. */
async function writeShippingOptions(db: Db, seed: SeedFile): Promise<number> {
  const options = seed.shipping_options ?? []
  if (options.length === 0) return 0
  const profiles = await ensureDefaultShippingProfiles(db)
  const providers = defaultFulfillmentProviders()
  for (const [i, entry] of options.entries()) {
    await at(`shipping_options[${i}]`, () =>
      createShippingOption(
        db,
        {
          name: entry.name,
          region_id: entry.region_id,
          provider_id: entry.provider_id,
          profile_id: entry.is_giftcard ? profiles.gift_card.id : profiles.default.id,
          data: entry.data ?? {},
          price_type: entry.price_type,
          amount: entry.amount,
          is_return: entry.is_return,
          admin_only: entry.admin_only,
          includes_tax: entry.includes_tax,
          requirements: entry.requirements,
          metadata: entry.metadata ?? undefined,
        },
        providers,
      ),
    )
  }
  return options.length
}

async function ensureDefaultSalesChannel(db: Db): Promise<string> {
  const current = await ensureStore(db)
  if (current.default_sales_channel_id) return current.default_sales_channel_id
  // v1 creates the default channel at boot; a store that never ran the demo seed has none yet.
  const channel = await createSalesChannel(db, { name: 'Default Sales Channel', description: 'Created by the seed' })
  await db.update(store).set({ default_sales_channel_id: channel.id }).where(eq(store.id, current.id))
  return channel.id
}

async function writeCatalog(
  db: Db,
  seed: SeedFile,
  categories: FlatCategory[],
  options: SeedFileOptions,
): Promise<Pick<SeedFileResult['created'], 'categories' | 'product_collections' | 'products' | 'variants'>> {
  const categoryIds: string[] = []
  for (const { category, path, parentIndex, parentId } of categories) {
    const row = await at(path, () =>
      createCategory(
        db,
        {
          name: category.name,
          handle: category.handle ?? undefined,
          description: category.description ?? undefined,
          // v1's seed makes every category active and public unless the file says otherwise.
          is_active: category.is_active ?? true,
          is_internal: category.is_internal ?? false,
          parent_category_id: parentIndex !== undefined ? categoryIds[parentIndex] : (parentId ?? null),
          metadata: category.metadata ?? undefined,
        },
        {},
        { id: category.id },
      ),
    )
    categoryIds.push(row.id!)
  }
  for (const [i, entry] of (seed.product_collections ?? []).entries()) {
    await at(`product_collections[${i}]`, () =>
      createCollection(
        db,
        { title: entry.title, handle: entry.handle ?? undefined, metadata: entry.metadata ?? undefined },
        { id: entry.id },
      ),
    )
  }
  if (categories.length > 0 || seed.product_collections?.length) {
    step(options.progress, `${categories.length} categories, ${seed.product_collections?.length ?? 0} collection(s)`)
  }
  const variants = await writeProducts(db, seed.products ?? [], options)
  return {
    categories: categories.length,
    product_collections: seed.product_collections?.length ?? 0,
    products: seed.products?.length ?? 0,
    variants,
  }
}

function productInput(entry: SeedProduct, channelId: string): AdminPostProductsReq {
  const nullable = <T>(value: T | null | undefined) => value ?? undefined
  return {
    title: entry.title,
    subtitle: entry.subtitle,
    description: entry.description,
    handle: nullable(entry.handle),
    is_giftcard: entry.is_giftcard,
    discountable: entry.discountable,
    // v1's seed publishes products unless the file says otherwise.
    status: entry.status ?? 'published',
    thumbnail: entry.thumbnail,
    images: entry.images,
    collection_id: entry.collection_id,
    type: entry.type ? { value: entry.type.value } : entry.type,
    tags: entry.tags?.map((tag) => ({ value: tag.value })),
    categories: entry.categories?.map((ref) => ({ id: ref.id })),
    sales_channels: [{ id: channelId }],
    weight: entry.weight,
    length: entry.length,
    height: entry.height,
    width: entry.width,
    hs_code: entry.hs_code,
    origin_country: entry.origin_country,
    mid_code: entry.mid_code,
    material: entry.material,
    external_id: entry.external_id,
    metadata: nullable(entry.metadata),
    options: entry.options?.map((option) => ({ title: option.title })),
    variants: entry.variants?.map(({ options, prices, metadata, ...variant }) => ({
      ...variant,
      metadata: nullable(metadata),
      options: options?.map((option) => ({ value: option.value })),
      prices: prices.map((price) => ({
        amount: price.amount,
        currency_code: price.currency_code,
        region_id: price.region_id,
        min_quantity: price.min_quantity,
        max_quantity: price.max_quantity,
      })),
    })),
  }
}

/** Products in the default sales channel and in v1's shipping profiles, with a progress bar. */
async function writeProducts(db: Db, products: readonly SeedProduct[], options: SeedFileOptions): Promise<number> {
  if (products.length === 0) return 0
  const flags: CatalogFlags = {
    // Categories and channels are written whatever the flags say, as the file asks.
    product_categories: true,
    sales_channels: true,
    tax_inclusive_pricing: options.flags.tax_inclusive_pricing,
  }
  const channelId = await ensureDefaultSalesChannel(db)
  const bar = options.progress
    ? new cliProgress.SingleBar(
        { format: '  products [{bar}] {value}/{total} {title}', hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      )
    : undefined
  bar?.start(products.length, 0, { title: '' })
  const byProfile = { default: [] as string[], gift_card: [] as string[] }
  let variants = 0
  try {
    for (const [i, entry] of products.entries()) {
      const created = await at(`products[${i}]`, () =>
        createProduct(db, productInput(entry, channelId), flags, { id: entry.id }),
      )
      byProfile[entry.is_giftcard ? 'gift_card' : 'default'].push(created.id!)
      variants += entry.variants?.length ?? 0
      bar?.increment({ title: entry.title.slice(0, 40) })
    }
  } finally {
    bar?.stop()
  }
  const profiles = await ensureDefaultShippingProfiles(db)
  for (const type of ['default', 'gift_card'] as const) {
    const ids = byProfile[type]
    // The profile route takes at most 1000 products at a time.
    for (let start = 0; start < ids.length; start += 1000) {
      await updateShippingProfile(db, profiles[type].id, { products: ids.slice(start, start + 1000) })
    }
  }
  step(options.progress, `${products.length} product(s) with ${variants} variant(s)`)
  return variants
}
