import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox } from '../../../events/schema.js'
import { makeCollection, makeProduct, makeProductType } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { adminApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'
import { store } from '../../store/schema.js'

const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
async function eventsFor(id: string): Promise<string[]> {
  const rows = await ctx.app.db.select().from(outbox)
  return rows.filter((row) => row.data.id === id).map((row) => row.event_name)
}

const unique = () => Math.random().toString(36).slice(2, 10)

describe('POST /admin/products', () => {
  it('creates a product with options, variants, prices, images, tags, type and collection', async () => {
    const collection = await makeCollection(ctx.app.db)
    const region = await makeRegion(ctx.app.db, { currency_code: 'eur' })
    const sku = `TEE-${unique()}`

    const res = await post('/admin/products', {
      title: 'Summer Tee',
      subtitle: 'Cotton',
      description: 'A light shirt',
      images: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'],
      type: { value: `Shirts ${unique()}` },
      collection_id: collection.id,
      tags: [{ value: `summer-${unique()}` }, { value: `cotton-${unique()}` }],
      options: [{ title: 'Size' }, { title: 'Color' }],
      weight: 200,
      hs_code: '6109',
      metadata: { care: 'cold wash' },
      variants: [
        {
          title: 'S / White',
          sku,
          inventory_quantity: 5,
          options: [{ value: 'S' }, { value: 'White' }],
          prices: [
            { amount: 1500, currency_code: 'USD' },
            { amount: 1400, region_id: region.id },
            { amount: 1200, currency_code: 'usd', min_quantity: 10, max_quantity: 100 },
          ],
        },
        { title: 'M / White', options: [{ value: 'M' }, { value: 'White' }], prices: [] },
      ],
    })

    expect(res.statusCode).toBe(200)
    const product = res.json().product
    expect(product.id).toMatch(/^prod_[0-9A-Z]{26}$/)
    expect(product).toMatchObject({
      title: 'Summer Tee',
      subtitle: 'Cotton',
      description: 'A light shirt',
      status: 'draft',
      is_giftcard: false,
      discountable: true,
      thumbnail: 'https://cdn.example.com/a.jpg',
      collection_id: collection.id,
      weight: 200,
      hs_code: '6109',
      metadata: { care: 'cold wash' },
      deleted_at: null,
    })
    expect(product.handle).toMatch(/^summer-tee(-\d+)?$/)
    expect(product.images.map((img: { url: string }) => img.url)).toEqual([
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/b.jpg',
    ])
    expect(product.images[0].id).toMatch(/^img_/)
    expect(product.type).toMatchObject({ value: expect.stringMatching(/^Shirts /) })
    expect(product.type_id).toBe(product.type!.id)
    expect(product.collection).toMatchObject({ id: collection.id, title: collection.title })
    expect(product.tags).toHaveLength(2)
    expect(product.options.map((o: { title: string }) => o.title)).toEqual(['Size', 'Color'])
    expect(product.options[0].id).toMatch(/^opt_/)
    expect(product.options[0].values.map((v: { value: string }) => v.value).sort()).toEqual(['M', 'S'])

    const [small, medium] = product.variants
    expect(small).toMatchObject({ title: 'S / White', sku, inventory_quantity: 5, variant_rank: 0 })
    expect(small.manage_inventory).toBe(true)
    expect(small.allow_backorder).toBe(false)
    expect(medium.variant_rank).toBe(1)
    expect(small.id).toMatch(/^variant_/)
    expect(small.options.map((v: { value: string }) => v.value)).toEqual(['S', 'White'])
    expect(small.options[0]).toMatchObject({ option_id: product.options[0].id, variant_id: small.id })
    expect(small.prices).toHaveLength(3)
    expect(small.prices[0]).toMatchObject({ amount: 1500, currency_code: 'usd', region_id: null, variant_id: small.id })
    expect(small.prices[0].id).toMatch(/^ma_/)
    expect(small.prices[1]).toMatchObject({ amount: 1400, currency_code: 'eur', region_id: region.id })
    expect(small.prices[2]).toMatchObject({ min_quantity: 10, max_quantity: 100, price_list_id: null })
    expect(medium.prices).toEqual([])
    expect(await eventsFor(product.id)).toEqual(['product.created'])
  })

  it('generates an ASCII kebab-case handle and deduplicates it with a suffix', async () => {
    const title = `Crème Brûlée & Co ${unique()}`
    const first = await post('/admin/products', { title })
    const second = await post('/admin/products', { title })
    const third = await post('/admin/products', { title })

    const base = first.json().product.handle
    expect(base).toMatch(/^creme-brulee-co-[a-z0-9]+$/)
    expect(second.json().product.handle).toBe(`${base}-1`)
    expect(third.json().product.handle).toBe(`${base}-2`)
  })

  it('reuses a generated handle once its product is deleted', async () => {
    const title = `Reused ${unique()}`
    const first = (await post('/admin/products', { title })).json().product
    await del(`/admin/products/${first.id}`)

    const again = (await post('/admin/products', { title })).json().product

    expect(again.handle).toBe(first.handle)
  })

  it('answers 422 for a handle or SKU already in use', async () => {
    const existing = await makeProduct(ctx.app.db)

    const handle = await post('/admin/products', { title: 'X', handle: existing.handle })
    const sku = await post('/admin/products', {
      title: 'Y',
      variants: [{ title: 'One', sku: existing.variants[0].sku, prices: [] }],
    })

    expect(handle.statusCode).toBe(422)
    expect(handle.json()).toEqual({
      type: 'duplicate_error',
      code: 'invalid_request_error',
      message: `Product with handle ${existing.handle} already exists.`,
    })
    expect(sku.statusCode).toBe(422)
    expect(sku.error().message).toMatch(/sku/)
  })

  it('puts the product in the store default sales channel unless channels are given', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const other = await makeSalesChannel(ctx.app.db)
    const [row] = await ctx.app.db.select().from(store).limit(1)
    await ctx.app.db.update(store).set({ default_sales_channel_id: channel.id }).where(eq(store.id, row.id))
    try {
      const defaulted = (await post('/admin/products', { title: 'Default channel' })).json().product
      const explicit = (await post('/admin/products', { title: 'Other', sales_channels: [{ id: other.id }] })).json()
        .product

      expect(defaulted.sales_channels.map((c: { id: string }) => c.id)).toEqual([channel.id])
      expect(explicit.sales_channels.map((c: { id: string }) => c.id)).toEqual([other.id])
    } finally {
      await ctx.app.db.update(store).set({ default_sales_channel_id: null }).where(eq(store.id, row.id))
    }
  })

  it('rejects unknown sales channels with the multiple-errors envelope', async () => {
    const res = await post('/admin/products', { title: 'Nope', sales_channels: [{ id: 'sc_missing' }] })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      errors: ['Sales Channels sc_missing do not exist'],
      message: 'Provided request body contains errors. Please check the data and retry the request',
    })
  })

  it('rejects malformed bodies with invalid_data naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /title is required/],
      [{ title: '' }, /title/],
      [{ title: 5 }, /title must be a string/],
      [{ title: 'A', is_giftcard: 'yes' }, /is_giftcard must be a boolean/],
      [{ title: 'A', status: 'live' }, /status/],
      [{ title: 'A', images: 'x.jpg' }, /images must be a array/],
      [{ title: 'A', extra: true }, /property extra should not exist/],
      [{ title: 'A', variants: [{ title: 'V' }] }, /variants\.0\.prices is required/],
      [
        { title: 'A', variants: [{ title: 'V', prices: [{ amount: -1, currency_code: 'usd' }] }] },
        /variants\.0\.prices\.0\.amount must be >= 0/,
      ],
      [
        { title: 'A', variants: [{ title: 'V', prices: [{ amount: 10.5, currency_code: 'usd' }] }] },
        /variants\.0\.prices\.0\.amount must be a integer/,
      ],
      [
        { title: 'A', variants: [{ title: 'V', prices: [{ amount: '10', currency_code: 'usd' }] }] },
        /amount must be a integer/,
      ],
      [
        { title: 'A', variants: [{ title: 'V', prices: [{ amount: 10, currency_code: 'usd', foo: 1 }] }] },
        /property variants\.0\.prices\.0\.foo should not exist/,
      ],
    ]
    for (const [payload, message] of cases) {
      const res = await post('/admin/products', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.error().type).toBe('invalid_data')
      expect(res.error().message).toMatch(message)
    }
  })

  it('rejects invalid prices with 400 naming the price', async () => {
    const cases: [unknown, RegExp][] = [
      [{ amount: 10, currency_code: 'xyz' }, /variants\.0\.prices\.0\.currency_code xyz is not a known currency/],
      [{ amount: 10 }, /variants\.0\.prices\.0 must have exactly one of region_id or currency_code/],
      [{ amount: 10, currency_code: 'usd', region_id: 'reg_x' }, /exactly one of region_id or currency_code/],
      [
        { amount: 10, currency_code: 'usd', min_quantity: 5, max_quantity: 2 },
        /variants\.0\.prices\.0\.min_quantity must not be greater than variants\.0\.prices\.0\.max_quantity/,
      ],
    ]
    for (const [price, message] of cases) {
      const res = await post('/admin/products', { title: 'Priced', variants: [{ title: 'V', prices: [price] }] })
      expect(res.statusCode, JSON.stringify(price)).toBe(400)
      expect(res.json()).toMatchObject({ type: 'invalid_data', message: expect.stringMatching(message) })
    }
  })

  it('answers 404 for an unknown region in a price or an unknown collection', async () => {
    const region = await post('/admin/products', {
      title: 'R',
      variants: [{ title: 'V', prices: [{ amount: 1, region_id: 'reg_missing' }] }],
    })
    const collection = await post('/admin/products', { title: 'C', collection_id: 'pcol_missing' })

    expect(region.statusCode).toBe(404)
    expect(region.json()).toEqual({ type: 'not_found', message: 'Region with id reg_missing was not found' })
    expect(collection.statusCode).toBe(404)
  })

  it('refuses variants whose options do not match the product options', async () => {
    const res = await post('/admin/products', {
      title: 'Mismatch',
      options: [{ title: 'Size' }, { title: 'Color' }],
      variants: [{ title: 'V', options: [{ value: 'S' }], prices: [] }],
    })

    expect(res.statusCode).toBe(400)
    expect(res.error().message).toMatch(/Product has 2 and variant has 1/)
  })

  it('refuses two variants with the same option combination (400) and writes nothing', async () => {
    const title = `Twins ${unique()}`
    const res = await post('/admin/products', {
      title,
      options: [{ title: 'Size' }],
      variants: [
        { title: 'A', options: [{ value: 'S' }], prices: [] },
        { title: 'B', options: [{ value: 'S' }], prices: [] },
      ],
    })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'invalid_data', message: expect.stringMatching(/already exists/) })
    const list = await get(`/admin/products?title=${encodeURIComponent(title)}`)
    expect(list.json().count).toBe(0)
  })

  it('refuses categories while the product_categories flag is off', async () => {
    const res = await post('/admin/products', { title: 'Cat', categories: [{ id: 'pcat_1' }] })

    expect(res.statusCode).toBe(400)
    expect(res.error().message).toBe('property categories should not exist')
  })

  it('needs an admin', async () => {
    const res = await post('/admin/products', { title: 'X' }, { auth: false })

    expect(res.statusCode).toBe(401)
  })
})

describe('GET /admin/products', () => {
  it('lists newest first with the pagination envelope and the default relations', async () => {
    const collection = await makeCollection(ctx.app.db)
    const older = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      created_at: new Date(Date.now() - 1000),
    })
    const newer = await makeProduct(ctx.app.db, { collection_id: collection.id, status: 'draft' })

    const res = await get(`/admin/products?collection_id[]=${collection.id}`)

    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ count: 2, offset: 0, limit: 50 })
    expect(body.products.map((p: { id: string }) => p.id)).toEqual([newer.id, older.id])
    const product = body.products[0]
    for (const key of ['variants', 'options', 'images', 'tags', 'type', 'collection', 'sales_channels']) {
      expect(product).toHaveProperty(key)
    }
    expect(product).not.toHaveProperty('categories')
    expect(product.variants[0].prices[0]).toMatchObject({ amount: 1000, currency_code: 'usd' })
  })

  it('paginates and orders', async () => {
    const collection = await makeCollection(ctx.app.db)
    for (const title of ['b', 'a', 'c']) await makeProduct(ctx.app.db, { collection_id: collection.id, title })

    const page = await get(`/admin/products?collection_id=${collection.id}&order=title&limit=2&offset=1`)
    const invalid = await get('/admin/products?order=subtitle')

    expect(page.json()).toMatchObject({ count: 3, offset: 1, limit: 2 })
    expect(page.json().products.map((p: { title: string }) => p.title)).toEqual(['b', 'c'])
    expect(invalid.statusCode).toBe(400)
    expect(invalid.error().message).toBe('Order field subtitle is not valid')
    // Names every object inherits are no columns either.
    for (const name of ['constructor', '-toString', '__proto__', 'hasOwnProperty']) {
      const inherited = await get(`/admin/products?order=${name}`)
      expect(inherited.statusCode, name).toBe(400)
      expect(inherited.error().message).toBe(`Order field ${name.replace(/^-/, '')} is not valid`)
    }
  })

  it('searches title, description, variant title and SKU, and collection title', async () => {
    const word = unique()
    const collection = await makeCollection(ctx.app.db, { title: `Coll ${word}` })
    const byTitle = await makeProduct(ctx.app.db, { title: `T ${word}` })
    const byDescription = await makeProduct(ctx.app.db, { description: `D ${word.toUpperCase()}` })
    const bySku = await makeProduct(ctx.app.db, { variants: [{ sku: `S-${word}` }] })
    const byVariantTitle = await makeProduct(ctx.app.db, { variants: [{ title: `V ${word}` }] })
    const byCollection = await makeProduct(ctx.app.db, { collection_id: collection.id })
    await makeProduct(ctx.app.db)

    const res = await get(`/admin/products?q=${word}&expand=`)

    expect(res.json().count).toBe(5)
    expect(
      res
        .json()
        .products.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([byTitle.id, byDescription.id, bySku.id, byVariantTitle.id, byCollection.id].sort())
    expect(res.json().products[0]).not.toHaveProperty('variants')
  })

  it('filters by status, tags, type, sales channel, gift card, handle and dates', async () => {
    const tagValue = `filter-${unique()}`
    const type = await makeProductType(ctx.app.db)
    const channel = await makeSalesChannel(ctx.app.db)
    const tagged = await makeProduct(ctx.app.db, { tags: [tagValue], status: 'proposed' })
    const typed = await makeProduct(ctx.app.db, { type_id: type.id, is_giftcard: true })
    const channelled = await makeProduct(ctx.app.db, { sales_channel_ids: [channel.id] })
    const tagId = (await get(`/admin/products/${tagged.id}`)).json().product.tags[0].id

    const ids = async (query: string) =>
      (await get(`/admin/products?${query}&expand=`)).json().products.map((p: { id: string }) => p.id)

    expect(await ids(`tags[]=${tagId}`)).toEqual([tagged.id])
    expect(await ids(`tags[]=${tagId}&status[]=proposed`)).toEqual([tagged.id])
    expect(await ids(`tags[]=${tagId}&status[]=published`)).toEqual([])
    expect(await ids(`type_id[]=${type.id}`)).toEqual([typed.id])
    expect(await ids(`type_id=${type.id}&is_giftcard=true`)).toEqual([typed.id])
    expect(await ids(`type_id=${type.id}&is_giftcard=false`)).toEqual([])
    expect(await ids(`sales_channel_id[]=${channel.id}`)).toEqual([channelled.id])
    expect(await ids(`handle=${channelled.handle}`)).toEqual([channelled.id])
    expect(await ids(`id=${tagged.id},${typed.id}&created_at[gte]=2000-01-01&order=created_at`)).toEqual([
      tagged.id,
      typed.id,
    ])
    expect(await ids(`id=${tagged.id}&created_at[lt]=2000-01-01`)).toEqual([])
  })

  it('hides deleted products unless deleted_at is filtered', async () => {
    const product = await makeProduct(ctx.app.db)
    await del(`/admin/products/${product.id}`)

    const hidden = await get(`/admin/products?id=${product.id}`)
    const shown = await get(`/admin/products?id=${product.id}&deleted_at[gte]=2000-01-01`)

    expect(hidden.json().count).toBe(0)
    expect(shown.json().products[0]).toMatchObject({ id: product.id, deleted_at: expect.any(String) })
  })

  it('selects fields and expands relations from allow-lists', async () => {
    const product = await makeProduct(ctx.app.db, { title: 'Fields', tags: ['f'] })

    const res = await get(`/admin/products?id=${product.id}&fields=title,handle&expand=tags`)
    const badExpand = await get('/admin/products?expand=variants,secret')
    const badField = await get('/admin/products?fields=password')

    expect(res.json().products[0]).toEqual({
      id: product.id,
      title: 'Fields',
      handle: product.handle,
      created_at: expect.any(String),
      tags: [expect.objectContaining({ value: 'f' })],
    })
    expect(badExpand.statusCode).toBe(400)
    expect(badExpand.error().message).toBe('Requested fields [secret] are not valid')
    expect(badField.statusCode).toBe(400)
  })

  it('rejects unknown and mistyped query parameters', async () => {
    const unknown = await get('/admin/products?colour=red')
    const mistyped = await get('/admin/products?limit=many')
    const categories = await get('/admin/products?category_id[]=pcat_1')

    expect(unknown.statusCode).toBe(400)
    expect(unknown.error().message).toMatch(/property colour should not exist/)
    expect(mistyped.statusCode).toBe(400)
    expect(categories.statusCode).toBe(400)
    expect(categories.error().message).toBe('property category_id should not exist')
  })
})

describe('GET /admin/products/:id', () => {
  it('returns the product with the default relations', async () => {
    const product = await makeProduct(ctx.app.db, { options: ['Size'], variants: [{ options: ['L'] }] })

    const res = await get(`/admin/products/${product.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json().product).toMatchObject({
      id: product.id,
      options: [{ title: 'Size', values: [{ value: 'L' }] }],
      variants: [{ id: product.variants[0].id, options: [{ value: 'L' }] }],
    })
  })

  it('answers 404 for an unknown or deleted product', async () => {
    const product = await makeProduct(ctx.app.db)
    await del(`/admin/products/${product.id}`)

    for (const id of ['prod_missing', product.id]) {
      const res = await get(`/admin/products/${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ type: 'not_found', message: `Product with id ${id} was not found` })
    }
  })
})

describe('POST /admin/products/:id', () => {
  it('updates scalars, merges metadata and replaces tags, images and type', async () => {
    const product = await makeProduct(ctx.app.db, {
      tags: ['old'],
      images: ['https://cdn.example.com/old.jpg'],
      metadata: { keep: 1, drop: 2 },
    })

    const res = await post(`/admin/products/${product.id}`, {
      title: 'Renamed',
      status: 'published',
      description: null,
      metadata: { drop: '', added: true },
      tags: [{ value: `new-${unique()}` }],
      images: ['https://cdn.example.com/old.jpg', 'https://cdn.example.com/new.jpg'],
      type: { value: `Type ${unique()}` },
    })

    expect(res.statusCode).toBe(200)
    const updated = res.json().product
    expect(updated).toMatchObject({ title: 'Renamed', status: 'published', description: null })
    expect(updated.metadata).toEqual({ keep: 1, added: true })
    expect(updated.tags.map((t: { value: string }) => t.value)).toEqual([expect.stringMatching(/^new-/)])
    expect(updated.images.map((i: { url: string }) => i.url)).toEqual([
      'https://cdn.example.com/old.jpg',
      'https://cdn.example.com/new.jpg',
    ])
    expect(updated.type!.value).toMatch(/^Type /)
    expect(await eventsFor(product.id)).toEqual(['product.updated'])

    const cleared = (await post(`/admin/products/${product.id}`, { type: null })).json().product
    expect(cleared.type).toBeNull()
    expect(cleared.type_id).toBeNull()
  })

  it('treats variants as authoritative: updates listed ones, creates new ones, deletes the rest', async () => {
    const product = await makeProduct(ctx.app.db, {
      options: ['Size'],
      variants: [
        { title: 'S', options: ['S'] },
        { title: 'M', options: ['M'] },
      ],
    })
    const [small, medium] = product.variants
    const optionId = product.options[0].id

    const res = await post(`/admin/products/${product.id}`, {
      variants: [
        { id: small.id, title: 'Small', prices: [{ id: small.prices[0].id, amount: 999, currency_code: 'usd' }] },
        {
          title: 'L',
          options: [{ option_id: optionId, value: 'L' }],
          prices: [{ amount: 1200, currency_code: 'usd' }],
        },
      ],
    })

    expect(res.statusCode).toBe(200)
    const variants = res.json().product.variants
    expect(variants.map((v: { title: string }) => v.title)).toEqual(['Small', 'L'])
    expect(variants[0].prices).toEqual([expect.objectContaining({ id: small.prices[0].id, amount: 999 })])
    expect(variants[1].options[0]).toMatchObject({ option_id: optionId, value: 'L' })
    expect((await get(`/admin/variants/${medium.id}`)).statusCode).toBe(404)
  })

  it('answers 404 for a variant of another product and keeps the product as it was', async () => {
    const product = await makeProduct(ctx.app.db)
    const other = await makeProduct(ctx.app.db)

    const res = await post(`/admin/products/${product.id}`, {
      title: 'Changed',
      variants: [{ id: other.variants[0].id, title: 'Stolen' }],
    })

    expect(res.statusCode).toBe(404)
    expect((await get(`/admin/products/${product.id}`)).json().product.title).toBe(product.title)
  })

  it('refuses a new variant duplicating another one (400) and a duplicate handle (422)', async () => {
    const product = await makeProduct(ctx.app.db, { options: ['Size'], variants: [{ options: ['S'] }] })
    const other = await makeProduct(ctx.app.db)

    const duplicate = await post(`/admin/products/${product.id}`, {
      variants: [
        { id: product.variants[0].id },
        { title: 'Copy', options: [{ option_id: product.options[0].id, value: 'S' }], prices: [] },
      ],
    })
    const handle = await post(`/admin/products/${product.id}`, { handle: other.handle })

    expect(duplicate.statusCode).toBe(400)
    expect(handle.statusCode).toBe(422)
  })

  it('rejects bad bodies and unknown products', async () => {
    const product = await makeProduct(ctx.app.db)

    const notNull = await post(`/admin/products/${product.id}`, { status: null })
    const giftcard = await post(`/admin/products/${product.id}`, { is_giftcard: true })
    const unknown = await post('/admin/products/prod_missing', { title: 'X' })

    expect(notNull.statusCode).toBe(400)
    expect(giftcard.statusCode).toBe(400)
    expect(giftcard.error().message).toMatch(/property is_giftcard should not exist/)
    expect(unknown.statusCode).toBe(404)
  })
})

describe('DELETE /admin/products/:id', () => {
  it('soft-deletes the product and frees its SKUs', async () => {
    const product = await makeProduct(ctx.app.db)

    const res = await del(`/admin/products/${product.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: product.id, object: 'product', deleted: true })
    expect(await eventsFor(product.id)).toEqual(['product.deleted'])
    const reuse = await post('/admin/products', {
      title: 'Reuse',
      variants: [{ title: 'V', sku: product.variants[0].sku, prices: [] }],
    })
    expect(reuse.statusCode).toBe(200)
  })

  it('answers 404 for an unknown product', async () => {
    expect((await del('/admin/products/prod_missing')).statusCode).toBe(404)
  })
})

describe('POST /admin/products/:id/metadata', () => {
  it('sets and removes one key', async () => {
    const product = await makeProduct(ctx.app.db, { metadata: { a: 1 } })

    const set = await post(`/admin/products/${product.id}/metadata`, { key: 'b', value: 'two' })
    const removed = await post(`/admin/products/${product.id}/metadata`, { key: 'a', value: '' })
    const bad = await post(`/admin/products/${product.id}/metadata`, { key: 'c', value: 3 })

    expect(set.json().product.metadata).toEqual({ a: 1, b: 'two' })
    expect(removed.json().product.metadata).toEqual({ b: 'two' })
    expect(bad.statusCode).toBe(400)
    expect(bad.error().message).toMatch(/value must be a string/)
  })
})

describe('GET /admin/products/types and /admin/products/tag-usage', () => {
  it('lists every type and the most used tags', async () => {
    const type = await makeProductType(ctx.app.db)
    const tag = `popular-${unique()}`
    for (let i = 0; i < 3; i++) await makeProduct(ctx.app.db, { tags: [tag] })

    const types = await get('/admin/products/types')
    const usage = await get('/admin/products/tag-usage')

    expect(types.json().types).toContainEqual(expect.objectContaining({ id: type.id, value: type.value }))
    expect(usage.json().tags.length).toBeLessThanOrEqual(10)
    expect(usage.json().tags).toContainEqual({ id: expect.stringMatching(/^ptag_/), value: tag, usage_count: 3 })
  })
})
