import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../../db/connection.js'
import { migrate, MIGRATIONS_DIR } from '../../../db/migrate.js'
import { makeCollection, makeProduct } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makePublishableKey, makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { adminApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'
import { store } from '../../store/schema.js'
import { product, productTag } from '../schema.js'

const ctx = useTestApp()
let storeId: string

beforeAll(async () => {
  const [row] = await ctx.app.db.select().from(store).limit(1)
  storeId = row.id
})

afterEach(async () => {
  await ctx.app.db.update(store).set({ default_sales_channel_id: null }).where(eq(store.id, storeId))
})

function search(payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/store/products/search', payload: payload as object, headers })
}

/** Searches inside one collection, so products made by other tests never interfere. */
async function searchIn(collectionId: string, q: string, extra: Record<string, unknown> = {}) {
  const res = await search({ q, ...extra, filter: { collection_id: collectionId } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { hits: { id: string; title: string }[]; estimatedTotalHits: number }
}

const hitIds = (body: { hits: { id: string }[] }) => body.hits.map((hit) => hit.id)

describe('POST /store/products/search: matching and ranking', () => {
  it('ranks a title match above a description match and leaves non-matches out', async () => {
    const collection = await makeCollection(ctx.app.db)
    const inDescription = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Travel Jacket',
      description: 'Pairs well with any shirt',
      created_at: new Date(Date.now() + 1000),
    })
    const inTitle = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Linen Shirt' })
    await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Wool Socks' })

    const body = await searchIn(collection.id, 'shirt')

    expect(hitIds(body)).toEqual([inTitle.id, inDescription.id])
    expect(body.estimatedTotalHits).toBe(2)
  })

  it('ranks a subtitle match between title and description matches', async () => {
    const collection = await makeCollection(ctx.app.db)
    const description = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'One',
      description: 'made of merino',
    })
    const subtitle = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Two', subtitle: 'Merino' })
    const title = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Merino Beanie' })

    expect(hitIds(await searchIn(collection.id, 'merino'))).toEqual([title.id, subtitle.id, description.id])
  })

  it('matches the last word as a prefix and requires every word', async () => {
    const collection = await makeCollection(ctx.app.db)
    const shirt = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Linen Shirt' })
    await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Cotton Shirt' })

    expect(hitIds(await searchIn(collection.id, 'shi'))).toHaveLength(2)
    expect(hitIds(await searchIn(collection.id, 'linen shi'))).toEqual([shirt.id])
    expect(hitIds(await searchIn(collection.id, 'LINEN'))).toEqual([shirt.id])
  })

  it('tolerates typos in titles, after the exact and prefix matches', async () => {
    const collection = await makeCollection(ctx.app.db)
    const short = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Shirt' })
    const long = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Classic Cotton Crew Shirt' })
    const exact = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Running Sneakers' })
    const typo = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Sneeker Socks' })

    expect(hitIds(await searchIn(collection.id, 'shrit')).sort()).toEqual([short.id, long.id].sort())
    expect(hitIds(await searchIn(collection.id, 'sneaker'))).toEqual([exact.id, typo.id])
  })

  it('finds products by variant SKU, whole or in parts', async () => {
    const collection = await makeCollection(ctx.app.db)
    const tee = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Plain Tee',
      variants: [
        { title: 'M', sku: 'TS-BLK-M' },
        { title: 'L', sku: 'TS-BLK-L' },
      ],
    })
    await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Plain Cap', variants: [{ sku: 'CP-RED' }] })

    expect(hitIds(await searchIn(collection.id, 'TS-BLK-M'))).toEqual([tee.id])
    expect(hitIds(await searchIn(collection.id, 'ts blk'))).toEqual([tee.id])
    expect(hitIds(await searchIn(collection.id, 'cp-red'))).not.toContain(tee.id)
  })

  it('finds products by variant title', async () => {
    const collection = await makeCollection(ctx.app.db)
    const product = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Hoodie',
      variants: [{ title: 'Midnight Blue' }, { title: 'Forest Green' }],
    })

    expect(hitIds(await searchIn(collection.id, 'midnight'))).toEqual([product.id])
    expect(hitIds(await searchIn(collection.id, 'forest gre'))).toEqual([product.id])
  })

  it('narrows hits with the storefront list filters', async () => {
    const collection = await makeCollection(ctx.app.db)
    const tagged = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Rain Boot', tags: ['rainy'] })
    await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Rain Coat' })
    const [{ id: tagId }] = await ctx.app.db.select().from(productTag).where(eq(productTag.value, 'rainy'))

    const res = await search({ q: 'rain', filter: { collection_id: [collection.id], tags: [tagId] } })

    expect(res.statusCode).toBe(200)
    expect(hitIds(res.json())).toEqual([tagged.id])
  })
})

describe('POST /store/products/search: hits are storefront products', () => {
  it('returns hits shaped and priced like GET /store/products items, with the paging keys', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'eur', tax_rate: 20 })
    const collection = await makeCollection(ctx.app.db)
    const product = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Canvas Tote',
      tags: ['bags'],
      images: ['https://cdn.example.com/tote.jpg'],
      options: ['Colour'],
      variants: [
        {
          title: 'Natural',
          options: ['Natural'],
          prices: [
            { amount: 1500, region_id: region.id },
            { amount: 1700, currency_code: 'usd' },
          ],
        },
      ],
    })

    const res = await search({
      q: 'tote',
      region_id: region.id,
      filter: { collection_id: collection.id },
      attributesToRetrieve: ['*'],
    })

    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ query: 'tote', offset: 0, limit: 20, estimatedTotalHits: 1 })
    expect(body.hits).toHaveLength(1)
    expect(body.hits[0]).toMatchObject({
      id: product.id,
      title: 'Canvas Tote',
      status: 'published',
      collection: { id: collection.id },
      type: null,
      tags: [{ value: 'bags' }],
      images: [{ url: 'https://cdn.example.com/tote.jpg' }],
      options: [{ title: 'Colour', values: [{ value: 'Natural' }] }],
    })
    expect(body.hits[0].variants[0]).toMatchObject({
      title: 'Natural',
      options: [{ value: 'Natural' }],
      prices: [{ amount: 1500, region_id: region.id }],
      calculated_price: 1500,
      calculated_price_incl_tax: 1800,
      purchasable: true,
    })
    expect(body.hits[0]).not.toHaveProperty('profile_id')
  })
})

describe('POST /store/products/search: visibility', () => {
  it('never returns unpublished or deleted products', async () => {
    const collection = await makeCollection(ctx.app.db)
    const published = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Velvet Chair' })
    for (const status of ['draft', 'proposed', 'rejected'] as const) {
      await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Velvet Chair', status })
    }
    const deleted = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Velvet Chair' })
    await ctx.app.db.update(product).set({ deleted_at: new Date() }).where(eq(product.id, deleted.id))

    const exact = await searchIn(collection.id, 'velvet chair')
    const typo = await searchIn(collection.id, 'velvett chiar')

    expect(hitIds(exact)).toEqual([published.id])
    expect(exact.estimatedTotalHits).toBe(1)
    expect(hitIds(typo)).toEqual([published.id])
  })

  it("searches the store's default channel, or the channels asked for", async () => {
    const defaultChannel = await makeSalesChannel(ctx.app.db)
    const otherChannel = await makeSalesChannel(ctx.app.db)
    const collection = await makeCollection(ctx.app.db)
    const inDefault = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Marble Lamp',
      sales_channel_ids: [defaultChannel.id],
    })
    const inOther = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Marble Lamp',
      sales_channel_ids: [otherChannel.id],
    })
    await ctx.app.db.update(store).set({ default_sales_channel_id: defaultChannel.id }).where(eq(store.id, storeId))

    const byDefault = await searchIn(collection.id, 'marble')
    const asked = await search({
      q: 'marble',
      filter: { collection_id: collection.id, sales_channel_id: [otherChannel.id] },
    })

    expect(hitIds(byDefault)).toEqual([inDefault.id])
    expect(hitIds(asked.json())).toEqual([inOther.id])
  })

  it("keeps to the publishable key's channels and refuses other channels with 400", async () => {
    const keyChannel = await makeSalesChannel(ctx.app.db)
    const otherChannel = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db, { sales_channel_ids: [keyChannel.id] })
    const collection = await makeCollection(ctx.app.db)
    const inside = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Granite Mortar',
      sales_channel_ids: [keyChannel.id],
    })
    await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Granite Mortar',
      sales_channel_ids: [otherChannel.id],
    })
    await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Granite Mortar' })
    const headers = { 'x-publishable-api-key': key.id }

    const scoped = await search({ q: 'granite', filter: { collection_id: collection.id } }, headers)
    const typo = await search({ q: 'granit mortra', filter: { collection_id: collection.id } }, headers)
    const foreign = await search({ q: 'granite', filter: { sales_channel_id: otherChannel.id } }, headers)

    expect(hitIds(scoped.json())).toEqual([inside.id])
    expect(hitIds(typo.json())).toEqual([inside.id])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors[0]).toContain(otherChannel.id)
  })
})

describe('POST /store/products/search: documents follow catalogue writes', () => {
  it('indexes a product created through the admin API with its variants', async () => {
    const admin = await asAdmin(ctx.app.db)
    const collection = await makeCollection(ctx.app.db)

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/admin/products',
      headers: admin.headers,
      payload: {
        title: 'Walnut Desk',
        status: 'published',
        collection_id: collection.id,
        options: [{ title: 'Size' }],
        variants: [
          {
            title: 'Large',
            sku: 'WD-LRG-01',
            prices: [{ amount: 50000, currency_code: 'usd' }],
            options: [{ value: 'L' }],
          },
        ],
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().product.id

    expect(hitIds(await searchIn(collection.id, 'walnut'))).toEqual([id])
    expect(hitIds(await searchIn(collection.id, 'wd-lrg-01'))).toEqual([id])
  })

  it('follows product and variant updates and variant deletion through the admin API', async () => {
    const admin = await asAdmin(ctx.app.db)
    const collection = await makeCollection(ctx.app.db)
    const item = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      title: 'Oak Stool',
      variants: [
        { title: 'Natural', sku: 'OAK-NAT' },
        { title: 'Black', sku: 'OAK-BLK' },
      ],
    })
    const [natural, black] = item.variants
    const { post } = adminApi(ctx, { headers: admin.headers })

    const renamed = await post(`/admin/products/${item.id}`, { title: 'Teak Stool', description: 'hand oiled' })
    const variantEdited = await post(`/admin/products/${item.id}/variants/${natural.id}`, {
      title: 'Honey',
      sku: 'TEAK-HNY',
    })
    const variantDeleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/admin/products/${item.id}/variants/${black.id}`,
      headers: admin.headers,
    })

    expect([renamed.statusCode, variantEdited.statusCode, variantDeleted.statusCode]).toEqual([200, 200, 200])
    expect(hitIds(await searchIn(collection.id, 'teak'))).toEqual([item.id])
    expect(hitIds(await searchIn(collection.id, 'oiled'))).toEqual([item.id])
    expect(hitIds(await searchIn(collection.id, 'oak'))).toEqual([])
    expect(hitIds(await searchIn(collection.id, 'honey'))).toEqual([item.id])
    expect(hitIds(await searchIn(collection.id, 'teak-hny'))).toEqual([item.id])
    expect(hitIds(await searchIn(collection.id, 'natural'))).toEqual([])
    expect(hitIds(await searchIn(collection.id, 'oak-blk'))).toEqual([])
  })

  it('drops a product deleted through the admin API', async () => {
    const admin = await asAdmin(ctx.app.db)
    const collection = await makeCollection(ctx.app.db)
    const kept = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Brass Hook' })
    const removed = await makeProduct(ctx.app.db, { collection_id: collection.id, title: 'Brass Hook' })

    const res = await ctx.app.inject({ method: 'DELETE', url: `/admin/products/${removed.id}`, headers: admin.headers })

    expect(res.statusCode).toBe(200)
    expect(hitIds(await searchIn(collection.id, 'brass'))).toEqual([kept.id])
  })
})

describe('POST /store/products/search: paging', () => {
  it('pages with limit and offset, and counts every hit', async () => {
    const collection = await makeCollection(ctx.app.db)
    const made = []
    for (let i = 0; i < 5; i++) {
      made.push(
        await makeProduct(ctx.app.db, {
          collection_id: collection.id,
          title: `Ceramic Mug ${i}`,
          created_at: new Date(Date.now() - i * 1000),
        }),
      )
    }
    const newestFirst = made.map((item) => item.id)

    const first = await searchIn(collection.id, 'mug', { limit: 2 })
    const second = await searchIn(collection.id, 'mug', { limit: 2, offset: 2 })
    const last = await searchIn(collection.id, 'mug', { limit: 2, offset: 4 })
    const beyond = await searchIn(collection.id, 'mug', { limit: 2, offset: 10 })
    const countOnly = await searchIn(collection.id, 'mug', { limit: 0 })

    expect(hitIds(first)).toEqual(newestFirst.slice(0, 2))
    expect(hitIds(second)).toEqual(newestFirst.slice(2, 4))
    expect(hitIds(last)).toEqual(newestFirst.slice(4))
    expect(beyond).toMatchObject({ hits: [], estimatedTotalHits: 5, offset: 10, limit: 2 })
    expect(countOnly).toMatchObject({ hits: [], estimatedTotalHits: 5, limit: 0 })
    expect([first, second, last].map((page) => page.estimatedTotalHits)).toEqual([5, 5, 5])
  })
})

describe('POST /store/products/search: bad input', () => {
  it('requires q', async () => {
    const res = await search({ limit: 5 })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'invalid_data', message: 'q is required' })
  })

  it.each([
    [{ q: 5 }, 'q must be a string'],
    [{ q: 'x', limit: '10' }, 'limit must be a integer'],
    [{ q: 'x', limit: -1 }, 'limit must be >= 0'],
    [{ q: 'x', offset: 1.5 }, 'offset must be a integer'],
    [{ q: 'x', filter: { colour: 'red' } }, 'property filter.colour should not exist'],
    [{ q: 'x', filter: 'collection_id = 1' }, 'filter must be a object'],
    [{ q: 'x'.repeat(1001) }, 'q must NOT have more than 1000 characters'],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await search(payload)

    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'invalid_data', message })
  })

  it('accepts undeclared keys, which v1 handed to the search engine', async () => {
    const res = await search({ q: 'anything', attributesToHighlight: ['title'], sort: ['created_at:desc'] })

    expect(res.statusCode).toBe(200)
  })

  it('answers 404 for an unknown region, as a listing does', async () => {
    const res = await search({ q: 'anything', region_id: 'reg_unknown' })

    expect(res.statusCode).toBe(404)
  })

  it('treats tsquery syntax and other symbols in q as plain separators, never as a 500', async () => {
    const collection = await makeCollection(ctx.app.db)
    const shirt = await makeProduct(ctx.app.db, { collection_id: collection.id, title: "Men's Flannel Shirt" })
    const inputs = [
      "'",
      '&',
      ':',
      '!',
      '(',
      ')',
      '|',
      '<->',
      ':*',
      '\\',
      '"',
      '',
      '   ',
      "'; DROP TABLE product; --",
      'shirt & !(flannel | x):*',
      "men's",
      '½ ² ٣',
      '🙂 shirt',
      '字'.repeat(1000),
      'a'.repeat(1000),
      'a b c d e f g h i j k l m n o p',
    ]

    for (const q of inputs) {
      const res = await search({ q, filter: { collection_id: collection.id } })
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(200)
    }
    expect(hitIds(await searchIn(collection.id, '(flannel'))).toEqual([shirt.id])
    expect(hitIds(await searchIn(collection.id, "men's shirt"))).toEqual([shirt.id])
    expect(hitIds(await searchIn(collection.id, 'flannel:*'))).toEqual([shirt.id])
    expect(await searchIn(collection.id, '!&:')).toMatchObject({ hits: [], estimatedTotalHits: 0 })
  })
})

/** Statements sent to the database, counted by wrapping the driver's `query` (PGlite and pg alike). */
function countStatements(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const original = client.query
  const statements: string[] = []
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''))
    return original.apply(this, args)
  }
  return {
    statements,
    restore: () => {
      client.query = original
    },
  }
}

describe('POST /store/products/search: statements', () => {
  it('ranks in one statement, then loads the page as a listing does, whatever the page size', async () => {
    // Background outbox polling would add statements of its own to the count.
    await ctx.app.events.stop()
    const collection = await makeCollection(ctx.app.db)
    for (let i = 0; i < 12; i++) {
      await makeProduct(ctx.app.db, {
        collection_id: collection.id,
        title: `Copper Kettle ${i}`,
        tags: ['kitchen'],
        images: [`https://cdn.example.com/kettle-${i}.jpg`],
        options: ['Size'],
        variants: [{ options: ['S'] }, { options: ['L'] }],
      })
    }
    const counted = async (limit: number) => {
      const counter = countStatements(ctx.database)
      try {
        const body = await searchIn(collection.id, 'coper kettle', { limit })
        return { body, statements: [...counter.statements] }
      } finally {
        counter.restore()
      }
    }

    const two = await counted(2)
    const twelve = await counted(12)

    expect(two.body.hits).toHaveLength(2)
    expect(twelve.body.hits).toHaveLength(12)
    // Ranked page, then variants, prices, options with their values, images and tags.
    expect(two.statements, two.statements.join('\n\n')).toHaveLength(6)
    expect(twelve.statements).toHaveLength(two.statements.length)
  })
})

describe('migration 0011_product_search', () => {
  it('indexes the products that existed before it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emporium-migrations-'))
    const earlier = readdirSync(MIGRATIONS_DIR).filter(
      (name) => name.endsWith('.sql') && name !== '0011_product_search.sql',
    )
    for (const name of earlier) cpSync(join(MIGRATIONS_DIR, name), join(dir, name))
    const scratch = await scratchDatabase()
    try {
      await migrate(scratch.database, dir)
      const existing = await makeProduct(scratch.database.db, {
        title: 'Pewter Candlestick',
        variants: [{ sku: 'PWT-CNDL' }],
      })
      await migrate(scratch.database)

      const rows = await scratch.database.script((run) =>
        run(`SELECT product_id FROM product_search WHERE document @@ to_tsquery('simple', 'pwt & cndl')`),
      )
      expect(rows).toEqual([{ product_id: existing.id }])
    } finally {
      await scratch.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

/** An empty database (PGlite in memory, or a new PostgreSQL schema) for migrating by hand. */
async function scratchDatabase(): Promise<{ database: Database; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const database = await openDatabase({})
    return { database, close: () => database.close() }
  }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const database = await openDatabase({ url, searchPath: schema, poolSize: 2 })
  return {
    database,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`)
      await cleanup.end()
    },
  }
}
