import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../config.js'
import { product } from '../modules/catalog/schema.js'
import { region } from '../modules/regions/schema.js'
import { user } from '../modules/users/schema.js'
import { makeProduct } from '../testing/factories/catalog.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { buildTestApp, testConfig } from '../testing/test-app.js'
import { DEMO_PRODUCTS } from './demo-catalog.js'
import { hasStaff, readDemoLogin, seedDemoStore } from './demo.js'
import { storeApi, type Api } from '../testing/api/index.js'

interface Variant {
  id: string
  title: string
  sku: string
  prices: { amount: number; currency_code: string; region_id: string | null }[]
  calculated_price: number | null
  calculated_price_incl_tax: number | null
  original_tax: number | null
}
interface Product {
  id: string
  title: string
  handle: string
  thumbnail: string
  is_giftcard: boolean
  images: { url: string }[]
  variants: Variant[]
  options: { title: string; values: { value: string }[] }[]
  collection: { title: string } | null
  type: { value: string } | null
  tags: { value: string }[]
}
interface Region {
  id: string
  name: string
  currency_code: string
}

let dataDir: string
let config: Config
let database: TestDatabase
let app: FastifyInstance
let key: string
let shop: Api
let regions: Region[]

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'emporium-demo-seed-'))
  const base = testConfig()
  config = testConfig({ dataDir, featureFlags: { ...base.featureFlags, product_categories: true } })
  database = await createTestDatabase()
  const login = await seedDemoStore(database.db, config, { progress: false })
  app = await buildTestApp(database, config)
  key = login.publishableKey!
  shop = storeApi(() => app, { publishableKey: key })
  regions = (await shop.get('/store/regions')).json().regions
})

afterAll(async () => {
  await app?.close()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function regionNamed(name: string): Region {
  return regions.find((row) => row.name === name)!
}

async function productsIn(region: Region) {
  const res = await shop.get(`/store/products?region_id=${region.id}&limit=100`)
  expect(res.statusCode).toBe(200)
  return res.json().products
}

describe('seedDemoStore', () => {
  it('lists every product, published in the default channel, priced in both regions', async () => {
    expect(regions.map((row) => [row.name, row.currency_code]).sort()).toEqual([
      ['Europe', 'eur'],
      ['North America', 'usd'],
    ])
    for (const region of regions) {
      const products = await productsIn(region)
      expect(products).toHaveLength(DEMO_PRODUCTS.length)
      for (const item of products) {
        expect(item.variants.length).toBeGreaterThan(0)
        for (const variant of item.variants) {
          expect(variant.prices.map((price) => price.currency_code)).toContain(region.currency_code)
          expect(variant.calculated_price).toBeGreaterThan(0)
        }
      }
    }
  })

  it('gives the T-shirt a Size × Color matrix with SKUs, stock and USD and EUR prices', async () => {
    const [tee] = (await shop.get('/store/products?handle=classic-t-shirt')).json().products as Product[]
    expect(tee.options.map((option) => option.title)).toEqual(['Size', 'Color'])
    expect(tee.variants).toHaveLength(12)
    expect(tee).toMatchObject({
      collection: { title: 'Everyday Essentials' },
      type: { value: 'Apparel' },
    })
    expect(tee.tags.map((tag) => tag.value)).toContain('organic')
    const variant = tee.variants.find((row) => row.title === 'XL / Olive')!
    expect(variant.sku).toBe('EMP-TEE-XL-OLV')
    expect(variant.prices.map((price) => [price.currency_code, price.amount]).sort()).toEqual([
      ['eur', 2500],
      ['usd', 2700],
    ])
    const lookup = await shop.get(`/store/variants/${variant.id}`)
    expect(lookup.json().variant).toMatchObject({ inventory_quantity: expect.any(Number), manage_inventory: true })
  })

  it('stores the product pictures as SVG files served under /uploads', async () => {
    const products = await productsIn(regionNamed('Europe'))
    const files = readdirSync(join(dataDir, 'uploads', 'public'))
    expect(files).toHaveLength(DEMO_PRODUCTS.reduce((sum, item) => sum + item.images.length, 0))
    for (const item of products) {
      expect(item.thumbnail).toBe(item.images[0].url)
      expect(item.thumbnail!.startsWith(`${config.publicUrl}/uploads/`)).toBe(true)
    }
    const mug = products.find((item) => item.handle === 'stoneware-mug')!
    const picture = await app.inject({ method: 'GET', url: new URL(mug.thumbnail!).pathname })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toContain('image/svg+xml')
    expect(picture.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(picture.body).toContain('Stoneware Mug')
  })

  it('offers Standard, Express and a return option in each region, in its currency', async () => {
    for (const region of regions) {
      const outbound = (await shop.get(`/store/shipping-options?region_id=${region.id}&is_return=false`)).json()
      const byName = Object.fromEntries(
        (outbound.shipping_options as { name: string; amount: number; provider_id: string }[]).map((option) => [
          option.name,
          option,
        ]),
      )
      expect(byName['Standard Shipping']).toMatchObject({ provider_id: 'manual' })
      expect(byName['Express Shipping'].amount).toBeGreaterThan(byName['Standard Shipping'].amount)
      const returns = (await shop.get(`/store/shipping-options?region_id=${region.id}&is_return=true`)).json()
      expect(returns.shipping_options.map((option: { name: string }) => option.name)).toEqual(['Free Return'])
    }
    expect(
      (await shop.get(`/store/shipping-options?region_id=${regionNamed('North America').id}&is_return=false`))
        .json()
        .shipping_options.find((option: { name: string }) => option.name === 'Standard Shipping')!.amount,
    ).toBe(500)
  })

  it('ships ordinary products with the default profile and the gift card with its own', async () => {
    const products = await productsIn(regionNamed('Europe'))
    const region = regionNamed('Europe').id
    const mug = products.find((item) => item.handle === 'stoneware-mug')!
    const giftCard = products.find((item) => item.is_giftcard)!
    const names = async (productId: string) =>
      (await shop.get(`/store/shipping-options?region_id=${region}&product_ids=${productId}&is_return=false`))
        .json()
        .shipping_options.map((option: { name: string }) => option.name)
        .sort()
    expect(await names(mug.id)).toEqual(['Express Shipping', 'Standard Shipping'])
    expect(await names(giftCard.id)).toEqual(['Gift Card Delivery'])
  })

  it('prices a variant for a region with its tax, and the gift card at face value', async () => {
    const europe = regionNamed('Europe')
    const products = await productsIn(europe)
    const hoodie = products.find((item) => item.handle === 'everyday-hoodie')!
    const variant = hoodie.variants.find((row) => row.title === 'M / Navy')!

    const res = await shop.get(`/store/variants/${variant.id}?region_id=${europe.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json().variant).toMatchObject({
      calculated_price: 5500,
      original_tax: 1100,
      calculated_price_incl_tax: 6600,
      tax_rates: [{ rate: 20 }],
    })
    const giftCard = (await productsIn(regionNamed('North America'))).find((item) => item.is_giftcard)!
    expect(giftCard.variants.map((row) => row.calculated_price).sort((a, b) => a! - b!)).toEqual([2500, 5000, 10000])
    expect(giftCard.variants[0].prices.some((price) => price.region_id === regionNamed('North America').id)).toBe(true)
  })

  it('files products under a category tree and two collections', async () => {
    const tree = (
      await shop.get('/store/product-categories?parent_category_id=null&include_descendants_tree=true')
    ).json()
    const clothing = tree.product_categories.find((row: { handle: string }) => row.handle === 'clothing')
    expect(clothing!.category_children.map((row: { name: string }) => row.name).sort()).toEqual(['Bottoms', 'Tops'])
    const tops = clothing!.category_children.find((row: { name: string }) => row.name === 'Tops')
    const inTops = (await shop.get(`/store/products?category_id[]=${tops!.id}`)).json().products as Product[]
    expect(inTops.map((item) => item.handle).sort()).toEqual(['classic-t-shirt', 'everyday-hoodie'])
    const collections = (await shop.get('/store/collections')).json()
    expect(collections.collections.map((row: { title: string }) => row.title).sort()).toEqual([
      'Everyday Essentials',
      'Home & Desk',
    ])
  })

  it('keeps the admin login so it can be printed and used', async () => {
    const login = await readDemoLogin(database.db, config)
    const res = await app.inject({
      method: 'POST',
      url: '/admin/auth/token',
      payload: { email: login!.email, password: login!.password },
    })
    expect(res.statusCode).toBe(200)
    // Only the owner of the data folder may read the password.
    expect(statSync(join(dataDir, 'demo-login.json')).mode & 0o777).toBe(0o600)
  })

  it('makes, keeps and shows no password in production: the first admin comes from `user create`', async () => {
    const other = await createTestDatabase()
    const otherDir = mkdtempSync(join(tmpdir(), 'emporium-demo-seed-'))
    try {
      const production = { ...config, dataDir: otherDir, production: true }
      const seeded = await seedDemoStore(other.db, production, { progress: false })
      expect(seeded).toEqual({ publishableKey: expect.stringMatching(/^pk_/) })
      expect(await other.db.select({ id: user.id }).from(user)).toEqual([])
      expect(await hasStaff(other.db)).toBe(false)
      expect(existsSync(join(otherDir, 'demo-login.json'))).toBe(false)
      expect(await readDemoLogin(other.db, production)).toEqual({ publishableKey: seeded.publishableKey })
      // A password file left by a development start is not shown by a production one.
      expect(await readDemoLogin(database.db, { ...config, production: true })).toEqual({
        publishableKey: key,
      })
    } finally {
      await other.close()
      rmSync(otherDir, { recursive: true, force: true })
    }
  })

  it('leaves no rows and no pictures behind when it fails part-way', async () => {
    const other = await createTestDatabase()
    const otherDir = mkdtempSync(join(tmpdir(), 'emporium-demo-seed-'))
    try {
      // A product already holds the last demo product's handle, so the seed fails after most writes.
      await makeProduct(other.db, { handle: DEMO_PRODUCTS.at(-1)!.handle })

      await expect(seedDemoStore(other.db, { ...config, dataDir: otherDir }, { progress: false })).rejects.toThrow(
        /handle/,
      )

      expect(readdirSync(join(otherDir, 'uploads', 'public'))).toEqual([])
      const [[products], [regionRows], [users]] = await Promise.all([
        other.db.select({ value: count() }).from(product),
        other.db.select({ value: count() }).from(region),
        other.db.select({ value: count() }).from(user),
      ])
      expect([products.value, regionRows.value, users.value]).toEqual([1, 0, 0])
      expect(existsSync(join(otherDir, 'demo-login.json'))).toBe(false)
    } finally {
      await other.close()
      rmSync(otherDir, { recursive: true, force: true })
    }
  })
})
