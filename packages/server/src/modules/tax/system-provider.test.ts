import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { makeProduct, makeProductType } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeTaxRate } from '../../testing/factories/tax.js'
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js'
import { shippingOption, shippingProfile } from '../shipping/schema.js'
import { computeTaxLines } from './system-provider.js'

let database: TestDatabase
let db: Db
let region: RegionFixture

async function makeOption(regionId: string): Promise<string> {
  const [profile] = await db
    .insert(shippingProfile)
    .values({ id: generateId('sp'), name: 'Tax provider profile', type: 'custom' })
    .returning()
  const [option] = await db
    .insert(shippingOption)
    .values({
      id: generateId('so'),
      name: 'Express',
      region_id: regionId,
      profile_id: profile.id,
      provider_id: 'manual',
      price_type: 'flat_rate',
      amount: 900,
    })
    .returning()
  return option.id
}

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  region = await makeRegion(db, { tax_rate: 20 })
})

afterAll(async () => {
  await database?.close()
})

const regionInput = () => ({ id: region.id, tax_rate: region.tax_rate })

/** The SQL statements `run` sends, seen through drizzle's query logger. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const session = (db as unknown as { session: { logger: unknown } }).session
  const previous = session.logger
  const statements: string[] = []
  session.logger = { logQuery: (query: string) => statements.push(query) }
  try {
    await run()
  } finally {
    session.logger = previous
  }
  return statements
}

describe('computeTaxLines (system provider)', () => {
  it("falls back to the region's rate, named and coded default", async () => {
    const prod = await makeProduct(db)
    const option = await makeOption(region.id)

    const lines = await computeTaxLines(db, {
      region: regionInput(),
      items: [
        { id: 'item_1', product_id: prod.id, product_type_id: null },
        { id: 'item_custom', product_id: null },
      ],
      shipping_methods: [{ id: 'sm_1', shipping_option_id: option }],
    })

    expect(lines).toEqual({
      items: [
        { item_id: 'item_1', rate: 20, name: 'default', code: 'default' },
        { item_id: 'item_custom', rate: 20, name: 'default', code: 'default' },
      ],
      shipping_methods: [{ shipping_method_id: 'sm_1', rate: 20, name: 'default', code: 'default' }],
    })
  })

  it('uses a rate linked to the product, to its type, or to the shipping option', async () => {
    const [type, other] = await Promise.all([makeProductType(db), makeProductType(db)])
    const [byProduct, byType, plain] = await Promise.all([
      makeProduct(db, { type_id: other.id }),
      makeProduct(db, { type_id: type.id }),
      makeProduct(db),
    ])
    const option = await makeOption(region.id)
    await makeTaxRate(db, { region_id: region.id, rate: 5, name: 'Books', code: 'BOOK', products: [byProduct.id] })
    await makeTaxRate(db, { region_id: region.id, rate: 8, name: 'Food', code: 'FOOD', product_types: [type.id] })
    await makeTaxRate(db, {
      region_id: region.id,
      rate: 0,
      name: 'Free shipping tax',
      code: null,
      shipping_options: [option],
    })

    const lines = await computeTaxLines(db, {
      region: regionInput(),
      items: [
        { id: 'item_product', product_id: byProduct.id, product_type_id: other.id },
        { id: 'item_type', product_id: byType.id, product_type_id: type.id },
        { id: 'item_plain', product_id: plain.id, product_type_id: null },
      ],
      shipping_methods: [{ id: 'sm_1', shipping_option_id: option }],
    })

    expect(lines.items).toEqual([
      { item_id: 'item_product', rate: 5, name: 'Books', code: 'BOOK' },
      { item_id: 'item_type', rate: 8, name: 'Food', code: 'FOOD' },
      { item_id: 'item_plain', rate: 20, name: 'default', code: 'default' },
    ])
    expect(lines.shipping_methods).toEqual([
      { shipping_method_id: 'sm_1', rate: 0, name: 'Free shipping tax', code: null },
    ])
  })

  it("prefers the product's rates over its type's", async () => {
    const type = await makeProductType(db)
    const prod = await makeProduct(db, { type_id: type.id })
    await makeTaxRate(db, { region_id: region.id, rate: 3, name: 'Product', code: 'P', products: [prod.id] })
    await makeTaxRate(db, { region_id: region.id, rate: 9, name: 'Type', code: 'T', product_types: [type.id] })

    const { items } = await computeTaxLines(db, {
      region: regionInput(),
      items: [{ id: 'item_1', product_id: prod.id, product_type_id: type.id }],
      shipping_methods: [],
    })

    expect(items).toEqual([{ item_id: 'item_1', rate: 3, name: 'Product', code: 'P' }])
  })

  it('gives one line per rate when several are linked, and taxes a rate without percentage at 0', async () => {
    const prod = await makeProduct(db)
    await makeTaxRate(db, { region_id: region.id, rate: 2, name: 'City', code: 'CITY', products: [prod.id] })
    await makeTaxRate(db, { region_id: region.id, rate: null, name: 'Exempt', code: 'EX', products: [prod.id] })

    const { items } = await computeTaxLines(db, {
      region: regionInput(),
      items: [{ id: 'item_1', product_id: prod.id }],
      shipping_methods: [],
    })

    expect(items).toEqual([
      { item_id: 'item_1', rate: 2, name: 'City', code: 'CITY' },
      { item_id: 'item_1', rate: 0, name: 'Exempt', code: 'EX' },
    ])
  })

  it("ignores another region's rates", async () => {
    const elsewhere = await makeRegion(db, { tax_rate: 12 })
    const prod = await makeProduct(db)
    const option = await makeOption(elsewhere.id)
    await makeTaxRate(db, { region_id: elsewhere.id, rate: 1, products: [prod.id], shipping_options: [option] })

    const lines = await computeTaxLines(db, {
      region: regionInput(),
      items: [{ id: 'item_1', product_id: prod.id }],
      shipping_methods: [{ id: 'sm_1', shipping_option_id: option }],
    })

    expect(lines.items).toEqual([{ item_id: 'item_1', rate: 20, name: 'default', code: 'default' }])
    expect(lines.shipping_methods).toEqual([{ shipping_method_id: 'sm_1', rate: 20, name: 'default', code: 'default' }])
  })

  it('answers for a region with automatic taxes off when asked', async () => {
    const manual = await makeRegion(db, { tax_rate: 7, automatic_taxes: false })
    const { items } = await computeTaxLines(db, {
      region: { id: manual.id, tax_rate: manual.tax_rate },
      items: [{ id: 'item_1' }],
      shipping_methods: [],
    })
    expect(items).toEqual([{ item_id: 'item_1', rate: 7, name: 'default', code: 'default' }])
  })

  it('loads the overrides of any number of lines in one query', async () => {
    const products = await Promise.all(Array.from({ length: 12 }, () => makeProduct(db)))
    const type = await makeProductType(db)
    const option = await makeOption(region.id)
    await makeTaxRate(db, { region_id: region.id, rate: 4, products: products.slice(0, 6).map((p) => p.id) })
    await makeTaxRate(db, { region_id: region.id, rate: 6, product_types: [type.id] })

    let lines: Awaited<ReturnType<typeof computeTaxLines>> | undefined
    const statements = await statementsOf(async () => {
      lines = await computeTaxLines(db, {
        region: regionInput(),
        items: products.map((p, index) => ({ id: `item_${index}`, product_id: p.id, product_type_id: type.id })),
        shipping_methods: [{ id: 'sm_1', shipping_option_id: option }],
      })
    })

    expect(statements).toHaveLength(1)
    expect(lines?.items.map((line) => line.rate)).toEqual([4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6])
    expect(lines?.shipping_methods).toHaveLength(1)
  })

  it('makes no query when no line has a product, type or shipping option', async () => {
    const statements = await statementsOf(async () => {
      const lines = await computeTaxLines(db, {
        region: regionInput(),
        items: [{ id: 'item_1' }],
        shipping_methods: [],
      })
      expect(lines.items).toEqual([{ item_id: 'item_1', rate: 20, name: 'default', code: 'default' }])
    })
    expect(statements).toEqual([])
  })
})
