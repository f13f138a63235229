import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Config } from '../config.js'
import type { Db } from '../db/types.js'
import { createCategory } from '../modules/catalog/categories.js'
import { createCollection } from '../modules/catalog/collections.js'
import { createProduct } from '../modules/catalog/product-writes.js'
import type { CatalogFlags } from '../modules/catalog/products.js'
import { region } from '../modules/regions/schema.js'
import { createRegion } from '../modules/regions/service.js'
import { addSalesChannelsToKey, createPublishableApiKey } from '../modules/sales-channels/publishable-keys.js'
import { publishableApiKey } from '../modules/sales-channels/schema.js'
import { createSalesChannel } from '../modules/sales-channels/service.js'
import { ensureDefaultShippingProfiles, updateShippingProfile } from '../modules/shipping/profiles.js'
import { createShippingOption } from '../modules/shipping/service.js'
import { store } from '../modules/store/schema.js'
import { ensureStore, syncProviders, updateStore } from '../modules/store/service.js'
import { user } from '../modules/users/schema.js'
import { createUser } from '../modules/users/service.js'
import { LocalFileProvider, type FileProvider, type StoredFile } from '../providers/file.js'
import { defaultFulfillmentProviders } from '../providers/fulfillment.js'
import { DEFAULT_PROVIDER_IDS } from '../providers/registry.js'
import {
  DEMO_CATEGORIES,
  DEMO_COLLECTIONS,
  DEMO_PRODUCTS,
  demoStock,
  demoVariants,
  type CategoryKey,
  type CollectionKey,
} from './demo-catalog.js'
import { removeImages, uploadImages } from './images.js'
import { step } from './progress.js'

export const DEMO_ADMIN_EMAIL = 'admin@emporium.test'

interface DemoLogin {
  /** The demo admin's; none in production, where the first admin is made with `user create`. */
  email?: string
  password?: string
  publishableKey?: string
}

const loginFile = (config: Config) => join(config.dataDir, 'demo-login.json')

/** No staff and no regions yet: nobody has set this store up (the store row itself exists from start-up). */
export async function isEmptyStore(db: Db): Promise<boolean> {
  const [[anyUser], [anyRegion]] = await Promise.all([
    db.select({ id: user.id }).from(user).limit(1),
    db.select({ id: region.id }).from(region).limit(1),
  ])
  return anyUser === undefined && anyRegion === undefined
}

interface DemoRegion {
  id: string
  currency_code: string
}

export interface DemoSeedOptions {
  progress: boolean
  /** Where the product pictures go; the local provider of `config` when not given. */
  files?: FileProvider
}

/** The provider the app will serve `/uploads` from (app.ts builds the same one). */
function localFiles(config: Config): FileProvider {
  return new LocalFileProvider({ dataDir: config.dataDir, publicUrl: config.publicUrl, secret: config.cookieSecret })
}

/**
 * A small, real-looking store to start from: currencies, two regions with manual payment and
 * fulfillment, the default sales channel with a publishable key for the storefront, a catalogue
 * with pictures, shipping options, and an admin whose generated password is kept in the data folder
 * so every start can print it (not in production: no password is made, kept or printed there, and
 * the first admin comes from `emporium user create`). The pictures are stored first (no provider call inside a
 * transaction), then every row is written in one transaction, so a failed seed leaves an empty
 * store that the next start seeds again.
 */
export async function seedDemoStore(db: Db, config: Config, options: DemoSeedOptions): Promise<DemoLogin> {
  const { progress } = options
  const files = options.files ?? localFiles(config)
  const stored = await uploadImages(
    files,
    DEMO_PRODUCTS.flatMap((product) => product.images.map((image) => ({ ...image, title: product.title }))),
  )
  step(progress, `${stored.length} product pictures stored under /uploads`)
  const password = config.production ? undefined : randomBytes(9).toString('base64url')
  let created: { email?: string; publishableKey: string }
  try {
    created = await db.transaction(async (tx) => {
      const { regions, channelId } = await seedStoreSetup(tx, progress)
      const admin = password
        ? await createUser(tx, {
            email: DEMO_ADMIN_EMAIL,
            password,
            first_name: 'Demo',
            last_name: 'Admin',
            role: 'admin',
          })
        : undefined
      const key = await createPublishableApiKey(tx, { title: 'Demo storefront' }, admin?.id ?? null)
      await addSalesChannelsToKey(tx, key.id, [channelId])
      step(progress, 'default sales channel and the storefront publishable key')
      if (admin) step(progress, `admin user ${admin.email}`)
      await seedCatalog(tx, config, regions, stored, progress)
      await seedShipping(tx, regions, progress)
      return { email: admin?.email, publishableKey: key.id }
    })
  } catch (error) {
    await removeImages(files, stored)
    throw error
  }
  if (!created.email || !password) return { publishableKey: created.publishableKey }
  const login = { email: created.email, password }
  mkdirSync(config.dataDir, { recursive: true })
  writeFileSync(loginFile(config), JSON.stringify(login, null, 2), { mode: 0o600 })
  return { ...login, publishableKey: created.publishableKey }
}

async function seedStoreSetup(db: Db, progress: boolean): Promise<{ regions: DemoRegion[]; channelId: string }> {
  await syncProviders(db, DEFAULT_PROVIDER_IDS)
  const created = await ensureStore(db)
  await updateStore(db, {
    name: 'Emporium Demo Store',
    currencies: ['usd', 'eur', 'gbp', 'jpy'],
    default_currency_code: 'usd',
  })
  step(progress, 'store "Emporium Demo Store" with USD, EUR, GBP and JPY')

  const northAmerica = await createRegion(db, {
    name: 'North America',
    currency_code: 'usd',
    tax_rate: 0,
    payment_providers: ['manual'],
    fulfillment_providers: ['manual'],
    countries: ['us', 'ca'],
  })
  const europe = await createRegion(db, {
    name: 'Europe',
    currency_code: 'eur',
    tax_rate: 20,
    payment_providers: ['manual'],
    fulfillment_providers: ['manual'],
    countries: ['de', 'fr', 'it', 'es', 'nl', 'be', 'at', 'ie', 'pt', 'fi', 'dk', 'se'],
  })
  step(progress, 'regions North America (USD) and Europe (EUR)')

  const channel = await createSalesChannel(db, {
    name: 'Default Sales Channel',
    description: 'Created by the demo seed',
  })
  await db.update(store).set({ default_sales_channel_id: channel.id }).where(eq(store.id, created.id))
  const regions = [northAmerica, europe].map((row) => ({ id: row.id, currency_code: row.currency_code! }))
  return { regions, channelId: channel.id }
}

/**
 * Collections, the category tree and the products, all published in the default sales channel.
 * Categories are written whether or not the storefront shows them yet (the `product_categories`
 * flag), so turning the flag on later finds a filled tree.
 */
async function seedCatalog(
  db: Db,
  config: Config,
  regions: DemoRegion[],
  stored: StoredFile[],
  progress: boolean,
): Promise<void> {
  const flags: CatalogFlags = {
    product_categories: true,
    sales_channels: true,
    tax_inclusive_pricing: config.featureFlags.tax_inclusive_pricing,
  }
  const collections = new Map<CollectionKey, string>()
  for (const [key, input] of Object.entries(DEMO_COLLECTIONS) as [CollectionKey, { title: string; handle: string }][]) {
    collections.set(key, (await createCollection(db, input)).id!)
  }
  const categories = new Map<CategoryKey, string>()
  for (const category of DEMO_CATEGORIES) {
    const parent = category.parent ? categories.get(category.parent) : null
    const row = await createCategory(
      db,
      { name: category.name, handle: category.handle, is_active: true, is_internal: false, parent_category_id: parent },
      {},
    )
    categories.set(category.key, row.id!)
  }
  const urls = stored.map((file) => file.url)
  const giftCards: string[] = []
  const others: string[] = []
  let variantCount = 0
  for (const product of DEMO_PRODUCTS) {
    const images = urls.splice(0, product.images.length)
    const variants = demoVariants(product)
    variantCount += variants.length
    const created = await createProduct(
      db,
      {
        title: product.title,
        subtitle: product.subtitle,
        description: product.description,
        handle: product.handle,
        is_giftcard: product.is_giftcard ?? false,
        discountable: !product.is_giftcard,
        status: 'published',
        images,
        weight: product.weight,
        material: product.material ?? null,
        type: { value: product.type },
        tags: product.tags.map((value) => ({ value })),
        collection_id: product.collection ? collections.get(product.collection) : null,
        categories: product.categories.map((key) => ({ id: categories.get(key)! })),
        options: product.options.map((option) => ({ title: option.title })),
        variants: variants.map((variant) => ({
          title: variant.title,
          sku: variant.sku,
          manage_inventory: product.manage_inventory ?? true,
          allow_backorder: product.allow_backorder ?? false,
          inventory_quantity: product.manage_inventory === false ? 0 : demoStock(variant.sku),
          options: variant.values.map((value) => ({ value })),
          prices: [
            { currency_code: 'usd', amount: variant.usd },
            { currency_code: 'eur', amount: variant.eur },
            // A gift card is worth its face value in every region, whatever the currency's own price.
            ...(product.is_giftcard
              ? regions.map((row) => ({
                  region_id: row.id,
                  amount: row.currency_code === 'eur' ? variant.eur : variant.usd,
                }))
              : []),
          ],
        })),
      },
      flags,
    )
    ;(product.is_giftcard ? giftCards : others).push(created.id!)
  }
  // v1 puts every product in a shipping profile: gift cards in the gift-card one, the rest in the default.
  const profiles = await ensureDefaultShippingProfiles(db)
  await updateShippingProfile(db, profiles.default.id, { products: others })
  await updateShippingProfile(db, profiles.gift_card.id, { products: giftCards })
  step(
    progress,
    `${DEMO_PRODUCTS.length} products with ${variantCount} variants priced in USD and EUR, ` +
      `${collections.size} collections, ${categories.size} categories`,
  )
}

/** Flat rates per region, in the region's currency. */
const SHIPPING_RATES: Record<string, { standard: number; express: number }> = {
  usd: { standard: 500, express: 1500 },
  eur: { standard: 450, express: 1200 },
}

async function seedShipping(db: Db, regions: DemoRegion[], progress: boolean): Promise<void> {
  const profiles = await ensureDefaultShippingProfiles(db)
  const providers = defaultFulfillmentProviders()
  const outbound = { id: 'manual-fulfillment' }
  for (const row of regions) {
    const rates = SHIPPING_RATES[row.currency_code]
    const options = [
      { name: 'Standard Shipping', amount: rates.standard, data: outbound, profile_id: profiles.default.id },
      { name: 'Express Shipping', amount: rates.express, data: outbound, profile_id: profiles.default.id },
      {
        name: 'Free Return',
        amount: 0,
        data: { id: 'manual-fulfillment-return' },
        profile_id: profiles.default.id,
        is_return: true,
      },
      // Gift cards are sent by e-mail, but a cart still needs an option in their profile.
      { name: 'Gift Card Delivery', amount: 0, data: outbound, profile_id: profiles.gift_card.id },
    ]
    for (const option of options) {
      await createShippingOption(
        db,
        { ...option, region_id: row.id, provider_id: 'manual', price_type: 'flat_rate' },
        providers,
      )
    }
  }
  step(progress, 'shipping options Standard, Express, Free Return and Gift Card Delivery in both regions')
}

/** The demo admin's login (when the seed created it and it still exists) and the storefront key. */
export async function readDemoLogin(db: Db, config: Config): Promise<DemoLogin | undefined> {
  const [key] = await db
    .select({ id: publishableApiKey.id })
    .from(publishableApiKey)
    .where(isNull(publishableApiKey.revoked_at))
    .orderBy(asc(publishableApiKey.created_at))
    .limit(1)
  const file = loginFile(config)
  // A password saved by a development start is never shown by a production one.
  const saved =
    !config.production && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoLogin) : undefined
  if (!saved?.email) return key ? { publishableKey: key.id } : undefined
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = ${saved.email.toLowerCase()}`, isNull(user.deleted_at)))
    .limit(1)
  return admin ? { ...saved, publishableKey: key?.id } : key ? { publishableKey: key.id } : undefined
}

/** Whether any staff user can log in yet. */
export async function hasStaff(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: user.id }).from(user).where(isNull(user.deleted_at)).limit(1)
  return any !== undefined
}
