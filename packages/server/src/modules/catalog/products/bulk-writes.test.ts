import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../../../config.js'
import type { Db } from '../../../db/types.js'
import { makeCategory, makeCollection, makeProductTag, makeProductType } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import type { LoadedProduct } from '../loader.js'
import { updateProducts } from './bulk-updates.js'
import { createProducts } from './bulk-writes.js'
import { createProduct, updateProduct } from './writes.js'
import { retrieveAdminProduct, type CatalogFlags } from './products.js'
import type { AdminPostProductsProductReq, AdminPostProductsReq } from './contract.js'
import { product, productVariant } from '../schema.js'
import { catalogFlags } from '../seams.js'
import type { Picked } from '../../../core/list.js'

// The app loads the inventory module, which provides the catalogue its inventory seam.
const ctx = useTestApp({
  featureFlags: { product_categories: true, sales_channels: true, inventoryService: true } as FeatureFlags,
})
let flags: CatalogFlags

let fixtures: { regionId: string; channelIds: string[]; collectionId: string; categoryIds: string[] }

beforeAll(async () => {
  flags = catalogFlags(ctx.app)
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
/**
 * Runs `work` while each row of `table` matching `when` takes `seconds` to insert or update, so
 * that a test can act while a write is half-way.
 */
async function whileSlow(
  db: Db,
  slow: { write: 'INSERT' | 'UPDATE'; table: string; when: string; seconds: number },
  work: () => Promise<void>,
) {
  await db.execute(
    sql.raw(`CREATE FUNCTION slow_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(${slow.seconds}); RETURN NEW; END $$`),
  )
  await db.execute(
    sql.raw(`CREATE TRIGGER slow_write BEFORE ${slow.write} ON ${slow.table} FOR EACH ROW
      WHEN (${slow.when}) EXECUTE FUNCTION slow_write()`),
  )
  try {
    await work()
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER slow_write ON ${slow.table}`))
    await db.execute(sql`DROP FUNCTION slow_write()`)
  }
}

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

/**
 * A change to every part of a product made by `fullInput`: its columns, type, tags, images (one URL
 * kept, one new), categories, channels and metadata; its first variant updated (a price kept by id
 * and changed, another added, an option value and metadata changed), its second dropped, its third
 * kept as it is, and a new variant.
 */
function fullUpdate(current: Picked<LoadedProduct>, marker: string): AdminPostProductsProductReq {
  const [first, , third] = current.variants!
  const [size, color] = current.options!
  return {
    title: 'Shirt, renamed',
    description: null,
    discountable: true,
    status: 'draft',
    type: { value: 'Another type' },
    tags: [{ value: 'new-tag' }, { value: 'newer-tag' }],
    images: ['https://img.example.com/c.png', 'https://img.example.com/b.png'],
    categories: [{ id: fixtures.categoryIds[1] }],
    sales_channels: [{ id: fixtures.channelIds[0] }],
    weight: null,
    material: 'linen',
    metadata: { nested: { b: 2 }, origin: '', added: true },
    variants: [
      {
        id: first.id,
        title: 'S / Green',
        sku: `${marker}-S2`,
        inventory_quantity: 7,
        metadata: { warehouse: '', shelf: 3 },
        prices: [
          { id: first.prices![0].id, amount: 2222, currency_code: 'usd' },
          { amount: 1555, region_id: fixtures.regionId },
        ],
        options: [{ option_id: color.id!, value: 'Green' }],
      },
      { id: third.id },
      {
        title: 'XL / Blue',
        sku: `${marker}-XL`,
        manage_inventory: true,
        prices: [{ amount: 2999, currency_code: 'eur' }],
        options: [
          { option_id: size.id!, value: 'XL' },
          { option_id: color.id!, value: 'Blue' },
        ],
      },
    ],
  }
}

describe('updateProducts (bulk) changes what updateProduct changes', () => {
  it('stores every field, row, link, price, option value, search document and event the same way', async () => {
    const db = ctx.database.db
    const single = await createProduct(db, fullInput('UIJ'), flags)
    const singleMinimal = await createProduct(db, minimalInput('UIJ'), flags)
    const bulk = await createProduct(db, fullInput('UIK'), flags)
    const bulkMinimal = await createProduct(db, minimalInput('UIK'), flags)
    const rename = { title: 'Poster, renamed', metadata: { size: 'A2' } }

    await updateProduct(db, single.id!, fullUpdate(single, 'UIJ'), flags)
    await updateProduct(db, singleMinimal.id!, rename, flags)
    await updateProducts(
      db,
      [
        { id: bulk.id!, input: fullUpdate(bulk, 'UIK') },
        { id: bulkMinimal.id!, input: rename },
      ],
      flags,
    )

    const shared = await sharedIds(db)
    const expected = withOwnIdsNumbered(await stored(db, single.id!, 'UIJ'), shared)
    const actual = withOwnIdsNumbered(await stored(db, bulk.id!, 'UIK'), shared) as Awaited<ReturnType<typeof stored>>
    expect(actual).toEqual(expected)
    expect(withOwnIdsNumbered(await stored(db, bulkMinimal.id!, 'UIK'), shared)).toEqual(
      withOwnIdsNumbered(await stored(db, singleMinimal.id!, 'UIJ'), shared),
    )
    // The comparison covers what matters: each part changed as asked.
    expect(actual).toMatchObject({
      api: {
        title: 'Shirt, renamed',
        type: { value: 'Another type' },
        tags: [{ value: 'new-tag' }, { value: 'newer-tag' }],
        images: [{ url: 'https://img.example.com/c.png' }, { url: 'https://img.example.com/b.png' }],
        metadata: { nested: { b: 2 }, added: true },
      },
      events: [{ event_name: 'product.created' }, { event_name: 'product.updated' }],
    })
    // An image whose URL stays keeps its row, as with one update at a time.
    const imageIdOf = (view: Picked<LoadedProduct>, url: string) => view.images!.find((row) => row.url === url)!.id
    const after = await retrieveAdminProduct(db, bulk.id!, {}, flags)
    expect(imageIdOf(after, 'https://img.example.com/b.png')).toBe(imageIdOf(bulk, 'https://img.example.com/b.png'))
    const variants = (actual.api.variants ?? []) as { title: string; prices: { amount: number }[] }[]
    expect(variants.map((variant) => variant.title).sort()).toEqual(['L / Red', 'S / Green', 'XL / Blue'])
    expect(
      variants
        .find((variant) => variant.title === 'S / Green')!
        .prices.map((price) => price.amount)
        .sort(),
    ).toEqual([1555, 2222])
  })

  it('keeps the metadata keys admin requests set on its products while it runs', async () => {
    const db = ctx.database.db
    const products = [
      await createProduct(db, minimalInput('UIP'), flags),
      await createProduct(db, minimalInput('UIQ'), flags),
    ]
    const { headers } = await asAdmin(db)
    // The batch's new product type takes 300 ms to insert: the batch has read its products by
    // then, and the admin requests below come in before it writes them.
    const slow = { write: 'INSERT', table: 'product_type', when: `NEW.value = 'slow-type'`, seconds: 0.3 } as const
    await whileSlow(db, slow, async () => {
      const batch = updateProducts(
        db,
        products.map((row) => ({ id: row.id!, input: { type: { value: 'slow-type' }, metadata: { imported: true } } })),
        flags,
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
      const answers = await Promise.all(
        products.map((row, i) =>
          ctx.app.inject({
            method: 'POST',
            url: `/admin/products/${row.id}/metadata`,
            headers,
            payload: { key: `admin_${i}`, value: 'set' },
          }),
        ),
      )
      await batch
      for (const answer of answers) expect(answer.statusCode).toBe(200)

      for (const [i, row] of products.entries()) {
        const [stored] = await db.select({ metadata: product.metadata }).from(product).where(eq(product.id, row.id!))
        expect(stored.metadata).toEqual({ imported: true, [`admin_${i}`]: 'set' })
      }
    })
  })

  // On PGlite's one connection nobody else can look at the locks while the batch runs.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'holds every variant it writes before it writes the first, as a checkout takes their stock',
    async () => {
      const db = ctx.database.db
      const products = [
        await createProduct(db, minimalInput('UVA'), flags),
        await createProduct(db, minimalInput('UVB'), flags),
      ]
      const variantIds = products.map((row) => row.variants![0].id!)
      // Each variant's update sleeps: while the batch writes the first, it must hold the second too,
      // or a checkout taking both (in id order) could hold one the batch still needs, and wait for it.
      const slow = {
        write: 'UPDATE',
        table: 'product_variant',
        when: `NEW.title = 'slow-variant'`,
        seconds: 0.4,
      } as const
      await whileSlow(db, slow, async () => {
        const batch = updateProducts(
          db,
          products.map((row, i) => ({
            id: row.id!,
            input: { variants: [{ id: variantIds[i], title: 'slow-variant' }] },
          })),
          flags,
        )
        for (let waited = 0; ; waited += 10) {
          const sleeping = await db.execute(
            sql`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE '%product_variant%'`,
          )
          if ((sleeping as unknown as { rows: unknown[] }).rows.length > 0) break
          if (waited > 5000) throw new Error('the batch never reached its variants')
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        const locked = await Promise.all(
          variantIds.map((id) =>
            db
              .transaction((tx) =>
                tx.select().from(productVariant).where(eq(productVariant.id, id)).for('update', { noWait: true }),
              )
              .then(
                () => false,
                () => true,
              ),
          ),
        )
        await batch
        expect(locked).toEqual([true, true])
      })
    },
  )

  it('writes nothing when one product is missing or breaks a constraint', async () => {
    const db = ctx.database.db
    const first = await createProduct(db, minimalInput('UIL'), flags)
    const second = await createProduct(db, minimalInput('UIM'), flags)

    await expect(
      updateProducts(
        db,
        [
          { id: first.id!, input: { title: 'Changed' } },
          { id: 'prod_MISSING', input: { title: 'Changed' } },
        ],
        flags,
      ),
    ).rejects.toThrow('prod_MISSING')
    await expect(
      updateProducts(
        db,
        [
          { id: first.id!, input: { title: 'Changed' } },
          { id: second.id!, input: { handle: first.handle as string } },
        ],
        flags,
      ),
    ).rejects.toThrow()

    const [variant] = first.variants!
    const badInputs: [AdminPostProductsProductReq, string][] = [
      [{ variants: [{ id: 'variant_MISSING' }] }, 'variant_MISSING'],
      [{ variants: [{ id: variant.id, options: [{ option_id: 'opt_ELSEWHERE', value: 'X' }] }] }, 'variants.0.options'],
      [{ variants: [{ title: 'No prices' }] }, 'variants.0.prices is required'],
      [{ categories: [{ id: fixtures.categoryIds[0] }] }, 'property categories should not exist'],
    ]
    for (const [input, message] of badInputs) {
      await expect(
        updateProducts(
          db,
          [
            { id: second.id!, input: { title: 'Changed' } },
            { id: first.id!, input },
          ],
          { ...flags, product_categories: false },
        ),
      ).rejects.toThrow(message)
    }

    const rows = await db
      .select({ title: product.title, handle: product.handle })
      .from(product)
      .where(inArray(product.id, [first.id!, second.id!]))
    expect(rows.sort((a, b) => a.handle!.localeCompare(b.handle!))).toEqual([
      { title: 'Poster', handle: 'poster-uil' },
      { title: 'Poster', handle: 'poster-uim' },
    ])
  })
})
