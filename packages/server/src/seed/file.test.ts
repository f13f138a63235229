import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { count, isNotNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { moneyAmount, product, productCategory, productCollection } from '../modules/catalog/schema.js'
import { region } from '../modules/regions/schema.js'
import { publishableApiKey, salesChannel } from '../modules/sales-channels/schema.js'
import { shippingOption } from '../modules/shipping/schema.js'
import { user } from '../modules/users/schema.js'
import { storeApi } from '../testing/api/index.js'
import { testConfig, useTestApp } from '../testing/test-app.js'
import { describeCreated, SeedFileError, seedFromFile, type SeedFileResult } from './file.js'

const serverRoot = fileURLToPath(new URL('../..', import.meta.url))
const SAMPLE = join(serverRoot, 'seed', 'medusa-v1-seed.json')

const base = testConfig()
const ctx = useTestApp({ featureFlags: { ...base.featureFlags, product_categories: true } })

const sample = () => JSON.parse(readFileSync(SAMPLE, 'utf8')) as Record<string, unknown>

function seed(data: unknown, warn?: (message: string) => void): Promise<SeedFileResult> {
  return seedFromFile(ctx.database.db, data, { progress: false, warn, flags: base.featureFlags })
}

/** The seed's error, failing the test when the seed succeeds. */
async function seedError(data: unknown, warn?: (message: string) => void): Promise<SeedFileError> {
  const error = await seed(data, warn).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(SeedFileError)
  return error as SeedFileError
}

async function rowCounts(): Promise<Record<string, number>> {
  const db = ctx.database.db
  const tables = { product, region, user, shippingOption, productCollection, productCategory, salesChannel }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await db.select({ value: count() }).from(table as typeof product))[0].value
  }
  counts.publishableApiKey = (await db.select({ value: count() }).from(publishableApiKey))[0].value
  return counts
}

const { get, post } = storeApi(ctx)

describe('seedFromFile with the v1 sample file', () => {
  let result: SeedFileResult

  beforeAll(async () => {
    result = await seed(sample())
  })

  it('creates every section of the file and warns about nothing', () => {
    expect(result.warnings).toEqual([])
    expect(result.created).toEqual({
      users: 1,
      regions: 2,
      shipping_options: 8,
      categories: 5,
      product_collections: 1,
      products: 6,
      variants: 24,
      sales_channels: 1,
      publishable_api_keys: 1,
    })
    expect(describeCreated(result.created)).toBe(
      '1 user, 2 regions, 8 shipping options, 5 categories, 1 collection, 6 products, 24 variants, ' +
        '1 sales channel, 1 publishable API key',
    )
  })

  it('gives placeholder region ids new reg_ ids, rewriting every reference; keeps the other ids', async () => {
    const regions = (await get('/store/regions')).json().regions as { id: string; name: string }[]
    const byName = new Map(regions.map((row) => [row.name, row.id]))
    expect(byName.get('EU')).toMatch(/^reg_[0-9A-Z]{26}$/)
    expect(byName.get('NA')).toMatch(/^reg_[0-9A-Z]{26}$/)
    expect((await get('/store/regions/test-region-eu')).statusCode).toBe(404)
    const options = await ctx.database.db.select({ region_id: shippingOption.region_id }).from(shippingOption)
    expect(options.length).toBeGreaterThan(0)
    for (const option of options) expect(option.region_id).toMatch(/^reg_/)
    const prices = await ctx.database.db
      .select({ region_id: moneyAmount.region_id })
      .from(moneyAmount)
      .where(isNotNull(moneyAmount.region_id))
    expect(prices.length).toBeGreaterThan(0)
    for (const price of prices) expect([byName.get('EU'), byName.get('NA')]).toContain(price.region_id)
    const collection = (await get('/store/collections/pcol_medusa_merch')).json().collection
    expect(collection).toMatchObject({ title: 'Medusa Merch', handle: 'medusa-merch' })
    expect((await get('/store/products/prod_medusa_coffee_mug')).json().product.title).toBe('Medusa Coffee Mug')
    const pants = (await get('/store/products?category_id[]=pcat_pants')).json().products
    expect(pants.map((row: { handle: string | null }) => row.handle).sort()).toEqual(['shorts', 'sweatpants'])
    const category = (await get('/store/product-categories/pcat_shirts')).json().product_category
    expect(category).toMatchObject({ name: 'Shirts', parent_category_id: 'pcat_clothing' })
  })

  it('publishes the products in the default sales channel, priced by currency and by region', async () => {
    const regions = (await get('/store/regions')).json().regions as { id: string; name: string }[]
    const eu = regions.find((row) => row.name === 'EU')!.id
    const na = regions.find((row) => row.name === 'NA')!.id
    const listed = (await get(`/store/products?region_id=${eu}&limit=100`)).json()
    expect(listed.count).toBe(6)
    const byHandle = Object.fromEntries(listed.products.map((row) => [row.handle, row])) as Record<
      string,
      { variants: { title: string; calculated_price: number }[]; collection: unknown }
    >
    expect(byHandle['t-shirt'].variants.find((v) => v.title === 'M / White')!.calculated_price).toBe(1950)
    expect(byHandle['t-shirt'].collection).toMatchObject({ id: 'pcol_medusa_merch' })
    expect(byHandle.shorts.variants[0].calculated_price).toBe(2250)
    const shorts = (await get(`/store/products?region_id=${na}&handle=shorts`)).json().products[0]
    expect(shorts.variants[0].calculated_price).toBe(2500)
    expect(shorts.variants[0].prices[0].region_id).toBe(na)
  })

  it('creates the shipping options in their regions and profiles', async () => {
    const regions = (await get('/store/regions')).json().regions as { id: string; name: string }[]
    const euId = regions.find((row) => row.name === 'EU')!.id
    const naId = regions.find((row) => row.name === 'NA')!.id
    const eu = (await get(`/store/shipping-options?region_id=${euId}`)).json().shipping_options
    expect(eu.map((row: { name: string }) => row.name).sort()).toEqual([
      'I want to return it myself',
      'PostFake Express',
      'PostFake Return',
      'PostFake Standard',
    ])
    const giftCard = (await get('/store/products?is_giftcard=true')).json().products[0]
    const forGiftCard = (await get(`/store/shipping-options?region_id=${naId}&product_ids=${giftCard.id}`)).json()
    expect(forGiftCard.shipping_options.map((row: { name: string }) => row.name)).toEqual(['Gift Card Delivery'])
  })

  it('creates a user who can log in and a key scoped to the default channel', async () => {
    const login = await post('/admin/auth/token', { email: 'admin@medusa-test.com', password: 'supersecret' })
    expect(login.statusCode).toBe(200)
    const [key] = await ctx.database.db.select().from(publishableApiKey)
    const products = await storeApi(ctx, { publishableKey: key }).get('/store/products')
    expect(products.json().count).toBe(6)
  })

  it('reports every duplicate with its path when loaded again, and writes nothing', async () => {
    const before = await rowCounts()

    const error = await seedError(sample())

    expect(error.type).toBe('duplicate_error')
    expect(error.message).toMatch(/^The database already has rows this seed file would create/)
    expect(error.problems).toEqual(
      expect.arrayContaining([
        'users[0].email: a user with the email admin@medusa-test.com already exists',
        expect.stringMatching(/^regions\[1\]\.countries\[0\]: us already belongs to region reg_/),
        'product_collections[0].id: collection pcol_medusa_merch already exists',
        'categories[0].category_children[0].id: category pcat_shirts already exists',
        'products[0].handle: a product with the handle t-shirt already exists',
        'products[4].id: product prod_medusa_coffee_mug already exists',
        'products[0].variants[0].sku: a variant with the SKU MEDUSA-TEE-S-BLACK already exists',
      ]),
    )
    expect(await rowCounts()).toEqual(before)
  })
})

describe('seedFromFile with a broken file', () => {
  it('names every path that does not match the format and writes nothing', async () => {
    const before = await rowCounts()
    const warnings: string[] = []

    const error = await seedError(
      {
        medusa_version: '1.20',
        users: [{ email: 'not-an-email', password: 'long-enough' }],
        regions: [{ id: 'test-region-x', currency_code: 'eur', tax_rate: 0, countries: ['jp'] }],
        shipping_options: [{ name: 'X', region_id: 'test-region-x', provider_id: 'manual', price_type: 'free' }],
        product_collections: 'none',
        products: [
          { title: 'Bad', subtitle: 5, variants: [{ title: 'One', prices: [{ currency_code: 'usd', amount: '12' }] }] },
        ],
      },
      (message) => warnings.push(message),
    )

    expect(error.type).toBe('invalid_data')
    expect(error.problems).toEqual(
      expect.arrayContaining([
        'users[0].email: must be an e-mail address',
        'regions[0].name: is required',
        'shipping_options[0].price_type: must be one of: flat_rate, calculated',
        'product_collections: must be an array',
        'products[0].subtitle: must be a string or null',
        'products[0].variants[0].prices[0].amount: must be an integer',
      ]),
    )
    expect(warnings).toEqual(['medusa_version is not part of the seed format; ignored'])
    expect(await rowCounts()).toEqual(before)
  })

  it('rejects a root that is not an object', async () => {
    const error = await seedError([1, 2])
    expect(error.problems).toEqual(['(root): must be a JSON object'])
  })

  it('checks references, providers, currencies, codes and option counts before writing', async () => {
    const before = await rowCounts()

    const error = await seedError({
      store: { currencies: ['usd', 'eur', 'xyz'] },
      regions: [
        {
          id: 'test-region-bad',
          name: 'Bad',
          currency_code: 'jpy',
          tax_rate: 0,
          payment_providers: ['stripe'],
          fulfillment_providers: ['manual'],
          countries: ['zz', 'jp'],
        },
      ],
      shipping_options: [
        { name: 'Courier', region_id: 'test-region-bad', provider_id: 'dhl', price_type: 'flat_rate', amount: 100 },
        { name: 'No price', region_id: 'test-region-missing', provider_id: 'manual', price_type: 'flat_rate' },
      ],
      products: [
        {
          title: 'Odd',
          handle: 'odd',
          collection_id: 'pcol_missing',
          categories: [{ id: 'pcat_missing' }],
          options: [{ title: 'Size' }],
          variants: [
            {
              title: 'A',
              sku: 'ODD-1',
              options: [],
              prices: [
                { region_id: 'test-region-nowhere', amount: 100 },
                { currency_code: 'usd', region_id: 'test-region-bad', amount: 1 },
              ],
            },
            { title: 'B', sku: 'ODD-1', options: [{ value: 'M' }], prices: [{ currency_code: 'abc', amount: 5 }] },
          ],
        },
      ],
    })

    expect(error.type).toBe('invalid_data')
    expect(error.problems).toEqual([
      'store.currencies[2]: xyz is not a known currency',
      'regions[0].countries[0]: zz is not a known country code',
      "regions[0].currency_code: jpy is not one of the store's currencies (store.currencies)",
      'regions[0].payment_providers[0]: payment provider stripe is not installed',
      'shipping_options[0].provider_id: dhl is not one of regions[0].fulfillment_providers',
      'shipping_options[1].amount: is required when price_type is flat_rate',
      'shipping_options[1].region_id: region test-region-missing is neither in regions nor in the database',
      'products[0].categories[0].id: category pcat_missing is neither in categories nor in the database',
      'products[0].collection_id: collection pcol_missing is neither in product_collections nor in the database',
      'products[0].variants[0].options: has 0 value(s) but the product has 1 option(s)',
      'products[0].variants[0].prices[0].region_id: region test-region-nowhere is neither in regions nor in the database',
      'products[0].variants[0].prices[1]: must have exactly one of region_id or currency_code',
      'products[0].variants[1].prices[0].currency_code: abc is not a known currency',
      'products[0].variants[1].sku: SKU ODD-1 repeats products[0].variants[0].sku',
    ])
    expect(await rowCounts()).toEqual(before)
  })

  it('rolls back every section when a write fails part-way', async () => {
    const before = await rowCounts()
    const prices = [{ currency_code: 'usd', amount: 1000 }]

    const error = await seedError({
      regions: [{ id: 'test-region-apac', name: 'APAC', currency_code: 'usd', tax_rate: 10, countries: ['jp'] }],
      products: [
        { title: 'Fine', handle: 'rollback-fine', variants: [{ title: 'One', prices }] },
        {
          title: 'Twins',
          handle: 'rollback-twins',
          options: [{ title: 'Size' }],
          variants: [
            { title: 'First M', options: [{ value: 'M' }], prices },
            { title: 'Second M', options: [{ value: 'M' }], prices },
          ],
        },
      ],
    })

    expect(error.type).toBe('invalid_data')
    expect(error.problems).toEqual(['products[1]: Variant with title First M with provided options already exists'])
    expect(await rowCounts()).toEqual(before)
    const regions = (await get('/store/regions')).json().regions as { name: string }[]
    expect(regions.map((row) => row.name)).not.toContain('APAC')
  })

  it('warns about keys outside the format and loads the rest', async () => {
    const warnings: string[] = []

    const loaded = await seed(
      {
        rule_types: [],
        products: [
          {
            title: 'Extra Keys',
            handle: 'extra-keys',
            profile_id: 'sp_ignored',
            // A name every object inherits is no key of the format either.
            constructor: 'ignored',
            variants: [{ title: 'One', variant_rank: 3, prices: [{ currency_code: 'usd', amount: 700 }] }],
          },
        ],
      },
      (message) => warnings.push(message),
    )

    const expected = [
      'rule_types is not part of the seed format; ignored',
      'products[0].profile_id is not part of the seed format; ignored',
      'products[0].constructor is not part of the seed format; ignored',
      'products[0].variants[0].variant_rank is not part of the seed format; ignored',
    ]
    expect(warnings).toEqual(expected)
    expect(loaded.warnings).toEqual(expected)
    expect((await get('/store/products?handle=extra-keys')).json().products[0].variants[0].prices[0].amount).toBe(700)
  })
})

describe('emporium seed --file', () => {
  function run(args: string[], dataDir: string): Promise<{ code: number; output: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/main.ts', 'seed', ...args],
        { cwd: serverRoot, env: { ...process.env, EMPORIUM_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      )
    })
  }

  it('loads the sample once, then refuses it with the duplicates, exiting 1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-seed-file-'))
    try {
      const first = await run(['--file', SAMPLE], dataDir)
      expect(first.output).toContain('✓ 6 product(s) with 24 variant(s)')
      expect(first.output).toContain(`Seeded from ${SAMPLE}: 1 user, 2 regions,`)
      expect(first.code).toBe(0)

      const again = await run(['--file', SAMPLE], dataDir)
      expect(again.code).toBe(1)
      expect(again.output).toMatch(/regions\[1\]\.countries\[0\]: us already belongs to region reg_/)

      const broken = join(dataDir, 'broken.json')
      writeFileSync(broken, '{ "products": [ }')
      const invalid = await run(['-f', broken], dataDir)
      expect(invalid.code).toBe(1)
      expect(invalid.output).toContain(`The seed file ${broken} is not valid JSON`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // Three CLI processes, the first migrating a new embedded database: minutes on a busy machine.
  }, 300_000)
})
