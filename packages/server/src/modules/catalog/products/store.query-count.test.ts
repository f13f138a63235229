import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/connection.js'
import { makeCollection, makeProduct, makeProductType } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { useTestApp } from '../../../testing/test-app.js'
import { forgetCatalogReads } from '../read-cache.js'

/**
 * The storefront list must not issue one query per product: listing 20 or 100 products with every
 * relation takes the same, small number of statements. Statements are counted by wrapping the
 * driver's `query` (PGlite and the node-postgres pool alike), which every drizzle read goes through
 * (prepared statements included).
 */

const ctx = useTestApp()
const ALL_RELATIONS =
  'variants,variants.prices,variants.options,options,options.values,images,tags,collection,type,sales_channels'

let collectionId: string
let regionId: string

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

async function listedWithCount(limit: number, { warm = false } = {}) {
  // The storefront keeps a list's total and its region for a moment (read-cache.ts); a cold
  // listing shows every statement the list needs.
  if (!warm) forgetCatalogReads(ctx.app.db)
  const counter = countStatements(ctx.database)
  try {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/store/products?collection_id=${collectionId}&region_id=${regionId}&limit=${limit}&expand=${ALL_RELATIONS}`,
    })
    expect(res.statusCode).toBe(200)
    return { body: res.json(), statements: [...counter.statements] }
  } finally {
    counter.restore()
  }
}

beforeAll(async () => {
  // Background outbox polling would add statements of its own to the count.
  await ctx.app.events.stop()
  const db = ctx.app.db
  const region = await makeRegion(db, { currency_code: 'eur', tax_rate: 20 })
  const collection = await makeCollection(db)
  const type = await makeProductType(db)
  const channel = await makeSalesChannel(db)
  collectionId = collection.id
  regionId = region.id
  for (let i = 0; i < 100; i++) {
    await makeProduct(db, {
      collection_id: collection.id,
      type_id: type.id,
      tags: ['bench', `tag-${i % 7}`],
      images: [`https://cdn.example.com/${i}-a.jpg`, `https://cdn.example.com/${i}-b.jpg`],
      options: ['Size'],
      sales_channel_ids: [channel.id],
      variants: [
        {
          options: ['S'],
          prices: [
            { amount: 1000 + i, currency_code: 'eur' },
            { amount: 900, region_id: region.id },
          ],
        },
        { options: ['M'], prices: [{ amount: 1100 + i, currency_code: 'eur' }] },
      ],
    })
  }
}, 300_000)

describe('GET /store/products query count', () => {
  it('issues the same small number of statements for 20 and for 100 products', async () => {
    const twenty = await listedWithCount(20)
    const hundred = await listedWithCount(100)

    expect(twenty.body.products).toHaveLength(20)
    expect(hundred.body.products).toHaveLength(100)
    expect(hundred.body.products[99].variants).toHaveLength(2)
    expect(hundred.body.products[99].variants[0].calculated_price).toBe(900)
    expect(hundred.body.products[99].images).toHaveLength(2)
    expect(hundred.body.products[99].sales_channels).toHaveLength(1)
    // Region, page (with the collection and type joined), count, then one per relation: variants,
    // prices, options with their values, images, tags, sales channels.
    expect(twenty.statements.length, twenty.statements.join('\n\n')).toBeLessThanOrEqual(9)
    expect(hundred.statements).toHaveLength(twenty.statements.length)
  })

  it('reuses the total and the region of a listing made a moment ago', async () => {
    await listedWithCount(20)

    const warm = await listedWithCount(20, { warm: true })

    expect(warm.body.count).toBe(100)
    expect(warm.statements.some((text) => /count\(\*\)/.test(text))).toBe(false)
    expect(warm.statements.length).toBeLessThanOrEqual(7)
  })
})
