import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/types.js'
import { makeCategory, makeCollection, makeProductTag, makeProductType } from '../../testing/factories/catalog.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { useTestApp } from '../../testing/test-app.js'
import { createProducts } from './product-bulk-writes.js'
import { createProduct } from './product-writes.js'
import { retrieveAdminProduct, type CatalogFlags } from './products.js'
import type { AdminPostProductsReq } from './products.contract.js'
import { product } from './schema.js'

// The app loads the inventory module, which gives the catalogue its inventory seam.
const ctx = useTestApp()
const flags: CatalogFlags = {
  product_categories: true,
  tax_inclusive_pricing: false,
  sales_channels: true,
  inventoryService: true,
}

let fixtures: { regionId: string; channelIds: string[]; collectionId: string; categoryIds: string[] }

beforeAll(async () => {
  const db = ctx.database.db
  const region = await makeRegion(db, { currency_code: 'eur' })
  fixtures = {
    regionId: region.id,
    channelIds: [(await makeSalesChannel(db)).id, (await makeSalesChannel(db)).id],
    collectionId: (await makeCollection(db)).id,
    categoryIds: [(await makeCategory(db)).id, (await makeCategory(db)).id],
  }
  await makeProductType(db, 'Existing type')
  await makeProductTag(db, 'existing-tag')
})

/**
 * Everything a product is made of, for comparing two products: the admin API's view with every
 * relation, the product row, its search document, its events and its variants' inventory items.
 * `marker` (in the handle and SKUs) is the one difference between the two inputs compared; markers
 * start with "UI", which no id can hold (ULIDs have neither I nor U), and sort alike in the search document.
 */
async function stored(db: Db, id: string, marker: string) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows
  const snapshot = {
    api: await retrieveAdminProduct(db, id, {}, flags),
    row: (await db.select().from(product).where(eq(product.id, id)))[0],
    search: await rows(sql`SELECT document::text FROM product_search WHERE product_id = ${id}`),
    events: await rows(sql`SELECT event_name, data FROM outbox WHERE data->>'id' = ${id} ORDER BY id`),
    inventory: await rows(sql`
      SELECT v.variant_rank, link.required_quantity, item.sku, item.title, item.hs_code, item.origin_country,
        item.mid_code, item.material, item.weight, item.length, item.height, item.width,
        item.requires_shipping, item.metadata
      FROM product_variant v
      JOIN product_variant_inventory_item link ON link.variant_id = v.id
      JOIN inventory_item item ON item.id = link.inventory_item_id
      WHERE v.product_id = ${id}
      ORDER BY v.variant_rank`),
  }
  return JSON.parse(
    JSON.stringify(snapshot)
      .replaceAll(marker, 'MARK')
      .replaceAll(marker.toLowerCase(), 'mark')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME'),
  ) as typeof snapshot
}

/**
 * Ids of rows a product owns differ between two products; they are numbered by first appearance.
 * Ids of rows that existed before (region, channels, collection, categories, types and tags, which
 * are shared by value) are kept, so a product linked to the wrong one still differs.
 */
function withOwnIdsNumbered(value: unknown, shared: Set<string>): unknown {
  const numbers = new Map<string, string>()
  return JSON.parse(
    JSON.stringify(value).replace(/\b([a-z]+)_[0-9A-HJKMNP-TV-Z]{26}\b/g, (id, prefix: string) => {
      if (shared.has(id)) return id
      if (!numbers.has(id)) numbers.set(id, `${prefix}#${numbers.size}`)
      return numbers.get(id)!
    }),
  )
}

async function sharedIds(db: Db): Promise<Set<string>> {
  const result = (await db.execute(sql`
    SELECT id FROM product_type UNION ALL SELECT id FROM product_tag UNION ALL SELECT id FROM region
    UNION ALL SELECT id FROM sales_channel UNION ALL SELECT id FROM product_collection
    UNION ALL SELECT id FROM product_category`)) as unknown as { rows: { id: string }[] }
  return new Set(result.rows.map((row) => row.id))
}

/** A product using every field `createProduct` takes. */
function fullInput(marker: string): AdminPostProductsReq & { handle: string } {
  return {
    title: 'Shirt, "classic"',
    subtitle: 'Cotton',
    description: 'Line one\nline two',
    handle: `shirt-${marker.toLowerCase()}`,
    is_giftcard: false,
    discountable: false,
    status: 'published',
    images: ['https://img.example.com/a.png', 'https://img.example.com/b.png', 'https://img.example.com/a.png'],
    collection_id: fixtures.collectionId,
    type: { value: 'New type' },
    tags: [{ value: 'existing-tag' }, { value: 'new-tag' }, { value: 'new-tag' }],
    categories: fixtures.categoryIds.map((id) => ({ id })),
    sales_channels: fixtures.channelIds.map((id) => ({ id })),
    options: [{ title: 'Size' }, { title: 'Color' }],
    weight: 200,
    length: 10.5,
    height: 2,
    width: 30,
    hs_code: '6109',
    origin_country: 'pt',
    mid_code: 'MID1',
    material: 'cotton',
    external_id: `ext-${marker}`,
    metadata: { origin: 'test', nested: { a: 1 }, removed: '' },
    variants: [
      {
        title: 'S / Blue',
        sku: `${marker}-S`,
        ean: `${marker}-EAN`,
        inventory_quantity: 5,
        allow_backorder: true,
        manage_inventory: true,
        weight: 190.5,
        hs_code: '6109.10',
        origin_country: 'es',
        metadata: { warehouse: 'W1' },
        prices: [
          { amount: 1999, currency_code: 'USD' },
          { amount: 1799, region_id: fixtures.regionId, min_quantity: 1, max_quantity: 10 },
        ],
        options: [{ value: 'S' }, { value: 'Blue' }],
      },
      {
        title: 'M / Blue',
        sku: `${marker}-M`,
        manage_inventory: false,
        prices: [{ amount: 2099, currency_code: 'eur' }],
        options: [{ value: 'M' }, { value: 'Blue' }],
      },
      {
        title: 'L / Red',
        prices: [],
        options: [{ value: 'L' }, { value: 'Red' }],
      },
    ],
  }
}

/** A product with only the required fields: the store's default sales channel, no options. */
function minimalInput(marker: string): AdminPostProductsReq & { handle: string } {
  return {
    title: 'Poster',
    handle: `poster-${marker.toLowerCase()}`,
    variants: [{ title: 'One size', sku: `${marker}-ONE`, prices: [{ amount: 500, currency_code: 'usd' }] }],
  }
}

describe('createProducts (bulk) writes what createProduct writes', () => {
  it('stores every field, row, link, price, inventory item, search document and event the same way', async () => {
    const db = ctx.database.db
    const single = await createProduct(db, fullInput('UIA'), flags)
    const singleMinimal = await createProduct(db, minimalInput('UIA'), flags)
    const shared = await sharedIds(db)

    const [bulk, bulkMinimal] = await createProducts(
      db,
      [{ input: fullInput('UIB') }, { input: minimalInput('UIB') }],
      flags,
    )

    expect(await sharedIds(db)).toEqual(shared) // the type and tags the first create made are reused
    const expected = withOwnIdsNumbered(await stored(db, single.id!, 'UIA'), shared)
    const actual = withOwnIdsNumbered(await stored(db, bulk, 'UIB'), shared)
    expect(actual).toEqual(expected)
    expect(withOwnIdsNumbered(await stored(db, bulkMinimal, 'UIB'), shared)).toEqual(
      withOwnIdsNumbered(await stored(db, singleMinimal.id!, 'UIA'), shared),
    )
    // The comparison covers what matters: the full product has all its parts.
    expect(actual).toMatchObject({
      api: { variants: expect.arrayContaining([expect.anything()]), images: [{}, {}], tags: [{}, {}] },
      events: [{ event_name: 'product.created' }],
      inventory: [{ sku: 'MARK-S' }, { title: 'L / Red' }],
    })
  })

  it('keeps a preset id, and writes nothing when one product breaks a constraint', async () => {
    const db = ctx.database.db
    const taken = await createProduct(db, minimalInput('UIC'), flags)

    const [kept] = await createProducts(db, [{ input: minimalInput('UID'), id: 'prod_FROMTHEFILE' }], flags)
    expect(kept).toBe('prod_FROMTHEFILE')
    const clash = { ...minimalInput('UIE'), handle: taken.handle as string }
    await expect(createProducts(db, [{ input: minimalInput('UIF') }, { input: clash }], flags)).rejects.toThrow()

    const written = await db.select({ handle: product.handle }).from(product).where(eq(product.handle, 'poster-uif'))
    expect(written).toEqual([])
  })
})
