import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeCollection, makeProduct, makeProductType } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { makePublishableKey, makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { adminApi, storeApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'
import { priceList } from '../../price-lists/schema.js'
import { store } from '../../store/schema.js'
import { productTag } from '../schema.js'

const ctx = useTestApp()
let storeId: string

beforeAll(async () => {
  const [row] = await ctx.app.db.select().from(store).limit(1)
  storeId = row.id
})

afterEach(async () => {
  await setDefaultChannel(null)
})

async function setDefaultChannel(channelId: string | null) {
  await ctx.app.db.update(store).set({ default_sales_channel_id: channelId }).where(eq(store.id, storeId))
}

const { get } = storeApi(ctx)

const ids = (body: { products: { id: string }[] }) => body.products.map((product) => product.id)

describe('GET /store/products', () => {
  it('lists published products only, newest first, with the default relations', async () => {
    const collection = await makeCollection(ctx.app.db)
    const older = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      created_at: new Date(Date.now() - 1000),
      options: ['Size'],
      variants: [{ options: ['M'] }],
      tags: ['store-tag'],
      images: ['https://cdn.example.com/p.jpg'],
    })
    const newer = await makeProduct(ctx.app.db, { collection_id: collection.id })
    await makeProduct(ctx.app.db, { collection_id: collection.id, status: 'draft' })
    await makeProduct(ctx.app.db, { collection_id: collection.id, status: 'proposed' })

    const res = await get(`/store/products?collection_id[]=${collection.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ count: 2, offset: 0, limit: 100 })
    expect(ids(res.json())).toEqual([newer.id, older.id])
    const product = res.json().products[1]
    expect(product).toMatchObject({
      status: 'published',
      collection: { id: collection.id },
      type: null,
      tags: [{ value: 'store-tag' }],
      images: [{ url: 'https://cdn.example.com/p.jpg' }],
      options: [{ title: 'Size', values: [{ value: 'M' }] }],
    })
    expect(product.variants[0]).toMatchObject({
      options: [{ value: 'M' }],
      prices: [{ amount: 1000, currency_code: 'usd' }],
      purchasable: true,
      calculated_price: null,
      original_price: null,
      tax_rates: null,
    })
    expect(product).not.toHaveProperty('sales_channels')
    expect(product).not.toHaveProperty('categories')
  })

  it('prices variants for a region: region price first, tax added, prices narrowed', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'eur', tax_rate: 20 })
    const other = await makeRegion(ctx.app.db, { currency_code: 'eur' })
    // A list that has not started: its price never applies.
    const [future] = await ctx.app.db
      .insert(priceList)
      .values({
        id: `pl_future_${Date.now()}`,
        name: 'Future',
        description: 'Not started',
        status: 'active',
        starts_at: new Date('2999-01-01'),
      })
      .returning()
    const product = await makeProduct(ctx.app.db, {
      variants: [
        {
          prices: [
            { amount: 1000, currency_code: 'usd' },
            { amount: 1300, currency_code: 'eur' },
            { amount: 1100, region_id: region.id, currency_code: 'eur' },
            { amount: 500, region_id: other.id, currency_code: 'eur' },
            { amount: 800, region_id: region.id, currency_code: 'eur', min_quantity: 10 },
            { amount: 1, currency_code: 'eur', price_list_id: future.id },
          ],
        },
      ],
    })

    const res = await get(`/store/products?id=${product.id}&region_id=${region.id}&cart_id=cart_ignored`)

    expect(res.statusCode).toBe(200)
    const variant = res.json().products[0].variants[0]
    expect(variant).toMatchObject({
      original_price: 1100,
      calculated_price: 1100,
      calculated_price_type: 'default',
      original_price_includes_tax: false,
      calculated_price_includes_tax: false,
      original_tax: 220,
      calculated_tax: 220,
      original_price_incl_tax: 1320,
      calculated_price_incl_tax: 1320,
      tax_rates: [{ rate: 20, name: 'default', code: 'default' }],
    })
    expect(variant.prices.map((p: { amount: number }) => p.amount).sort()).toEqual([1100, 1300, 800])
  })

  it('prices variants for a currency without tax figures', async () => {
    const product = await makeProduct(ctx.app.db, {
      variants: [
        {
          prices: [
            { amount: 1000, currency_code: 'usd' },
            { amount: 900, currency_code: 'eur' },
          ],
        },
      ],
    })

    const res = await get(`/store/products?id=${product.id}&currency_code=EUR`)

    expect(res.json().products[0].variants[0]).toMatchObject({
      original_price: 900,
      calculated_price: 900,
      calculated_tax: null,
      calculated_price_incl_tax: null,
      tax_rates: null,
      prices: [expect.objectContaining({ amount: 900 })],
    })
  })

  it('answers 404 for an unknown region', async () => {
    const res = await get('/store/products?region_id=reg_missing')

    expect(res.statusCode).toBe(404)
    expect(res.error().message).toBe('Region with id reg_missing was not found')
  })

  it('filters by id, handle, tags, type, gift card, search and dates', async () => {
    const word = Math.random().toString(36).slice(2, 10)
    const type = await makeProductType(ctx.app.db)
    const tagged = await makeProduct(ctx.app.db, { title: `Tagged ${word}`, tags: [`t-${word}`] })
    const typed = await makeProduct(ctx.app.db, { type_id: type.id, is_giftcard: true, description: word })
    const [{ id: tagId }] = await ctx.app.db
      .select()
      .from(productTag)
      .where(eq(productTag.value, `t-${word}`))

    const find = async (query: string) => ids((await get(`/store/products?${query}&expand=`)).json())

    expect(await find(`q=${word}`)).toHaveLength(2)
    expect(await find(`tags[]=${tagId}`)).toEqual([tagged.id])
    expect(await find(`type_id[]=${type.id}`)).toEqual([typed.id])
    expect(await find(`q=${word}&is_giftcard=true`)).toEqual([typed.id])
    expect(await find(`handle=${tagged.handle}`)).toEqual([tagged.id])
    expect(await find(`id[]=${tagged.id}&id[]=${typed.id}&order=created_at`)).toEqual([tagged.id, typed.id])
    expect(await find(`q=${word}&created_at[gt]=2999-01-01`)).toEqual([])
    expect(await find(`q=${word}&updated_at[gte]=2000-01-01&limit=1`)).toHaveLength(1)
  })

  it('selects fields and relations from the allow-lists', async () => {
    const product = await makeProduct(ctx.app.db, { title: 'Picked' })

    const picked = await get(`/store/products?id=${product.id}&fields=title&expand=variants`)
    const badExpand = await get('/store/products?expand=variants.secret')
    const badField = await get('/store/products?fields=password_hash')
    const badParam = await get('/store/products?status=draft')

    expect(picked.json().products[0]).toEqual({
      id: product.id,
      title: 'Picked',
      created_at: expect.any(String),
      variants: [expect.objectContaining({ id: product.variants[0].id, purchasable: true })],
    })
    expect(picked.json().products[0].variants[0]).not.toHaveProperty('prices')
    expect(badExpand.statusCode).toBe(400)
    expect(badField.statusCode).toBe(400)
    expect(badParam.statusCode).toBe(400)
    expect(badParam.error().message).toMatch(/property status should not exist/)
  })

  it('marks variants purchasable from stock, backorders and inventory management', async () => {
    const product = await makeProduct(ctx.app.db, {
      variants: [
        { inventory_quantity: 0 },
        { inventory_quantity: 0, allow_backorder: true },
        { inventory_quantity: 0, manage_inventory: false },
        { inventory_quantity: 2 },
      ],
    })

    const res = await get(`/store/products/${product.id}`)

    expect(res.json().product.variants.map((v: { purchasable: boolean }) => v.purchasable)).toEqual([
      false,
      true,
      true,
      true,
    ])
  })
})

describe('sales channel scope', () => {
  it("defaults to the store's default channel, unless sales_channel_id is given", async () => {
    const defaultChannel = await makeSalesChannel(ctx.app.db)
    const otherChannel = await makeSalesChannel(ctx.app.db)
    const collection = await makeCollection(ctx.app.db)
    const inDefault = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      sales_channel_ids: [defaultChannel.id],
    })
    const inOther = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      sales_channel_ids: [otherChannel.id],
    })
    const base = `/store/products?collection_id=${collection.id}&expand=` as const

    expect(ids((await get(base)).json()).sort()).toEqual([inDefault.id, inOther.id].sort())
    await setDefaultChannel(defaultChannel.id)
    expect(ids((await get(base)).json())).toEqual([inDefault.id])
    expect(ids((await get(`${base}&sales_channel_id[]=${otherChannel.id}`)).json())).toEqual([inOther.id])
    expect((await get(`/store/products/${inOther.id}`)).statusCode).toBe(200)
  })

  it("restricts lists to the publishable key's channels and refuses other channels with 400", async () => {
    const keyChannel = await makeSalesChannel(ctx.app.db)
    const otherChannel = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db, { sales_channel_ids: [keyChannel.id] })
    const collection = await makeCollection(ctx.app.db)
    const inside = await makeProduct(ctx.app.db, { collection_id: collection.id, sales_channel_ids: [keyChannel.id] })
    const outside = await makeProduct(ctx.app.db, {
      collection_id: collection.id,
      sales_channel_ids: [otherChannel.id],
    })
    const scoped = storeApi(ctx, { publishableKey: key })

    const list = await scoped.get(`/store/products?collection_id=${collection.id}`)
    const foreignParam = await scoped.get(`/store/products?sales_channel_id[]=${otherChannel.id}`)
    const detailInside = await scoped.get(`/store/products/${inside.id}`)
    const detailOutside = await scoped.get(`/store/products/${outside.id}`)

    expect(ids(list.json())).toEqual([inside.id])
    expect(foreignParam.statusCode).toBe(400)
    expect(foreignParam.json()).toEqual({
      errors: [
        `Provided sales channel id param: ${otherChannel.id} is not associated with the Publishable API Key passed in the header of the request.`,
      ],
      message: 'Provided request body contains errors. Please check the data and retry the request',
    })
    expect(detailInside.statusCode).toBe(200)
    expect(detailOutside.statusCode).toBe(400)
    expect(detailOutside.error().errors).toEqual([
      `Product with id: ${outside.id} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
    ])
  })

  it('treats a key without channels as no scope', async () => {
    const key = await makePublishableKey(ctx.app.db)
    const product = await makeProduct(ctx.app.db)

    const res = await storeApi(ctx, { publishableKey: key }).get(`/store/products?id=${product.id}`)

    expect(ids(res.json())).toEqual([product.id])
  })
})

describe('GET /store/products/:id', () => {
  it('returns a published product priced for the region', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'usd', tax_rate: 0 })
    const product = await makeProduct(ctx.app.db)

    const res = await get(`/store/products/${product.id}?region_id=${region.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json().product.variants[0]).toMatchObject({ calculated_price: 1000, calculated_tax: 0 })
  })

  it('hides drafts, deleted and unknown products with 404', async () => {
    const draft = await makeProduct(ctx.app.db, { status: 'draft' })
    const deleted = await makeProduct(ctx.app.db)
    await adminApi(ctx).del(`/admin/products/${deleted.id}`)

    for (const id of [draft.id, deleted.id, 'prod_missing']) {
      const res = await get(`/store/products/${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ type: 'not_found', message: `Product with id ${id} was not found` })
    }
  })

  it('rejects unknown query parameters', async () => {
    const product = await makeProduct(ctx.app.db)

    const res = await get(`/store/products/${product.id}?limit=3`)

    expect(res.statusCode).toBe(400)
  })
})

describe('store variants', () => {
  it('lists variants by ids with prices, options, product and pricing, without counts', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'usd', tax_rate: 10 })
    const product = await makeProduct(ctx.app.db, { variants: [{ inventory_quantity: 0 }, {}] })
    const draft = await makeProduct(ctx.app.db, { status: 'draft' })
    const [first, second] = product.variants

    const res = await get(`/store/variants?ids=${first.id},${second.id},${draft.variants[0].id}&region_id=${region.id}`)

    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json())).toEqual(['variants'])
    const variants = res.json().variants
    expect(variants.map((v: { id: string }) => v.id).sort()).toEqual([first.id, second.id].sort())
    const firstVariant = variants.find((v: { id: string }) => v.id === first.id)
    expect(firstVariant).toMatchObject({
      purchasable: false,
      calculated_price: 1000,
      calculated_price_incl_tax: 1100,
      product: { id: product.id },
      options: [],
      prices: [expect.objectContaining({ amount: 1000 })],
    })
  })

  it('retrieves a variant, 404 for drafts and unknown ids, 400 outside the key scope', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db, { sales_channel_ids: [channel.id] })
    const product = await makeProduct(ctx.app.db)
    const draft = await makeProduct(ctx.app.db, { status: 'draft' })
    const variantId = product.variants[0].id

    expect((await get(`/store/variants/${variantId}`)).json().variant).toMatchObject({ id: variantId })
    expect((await get(`/store/variants/${draft.variants[0].id}`)).statusCode).toBe(404)
    expect((await get('/store/variants/variant_missing')).statusCode).toBe(404)
    const scoped = await storeApi(ctx, { publishableKey: key }).get(`/store/variants/${variantId}`)
    expect(scoped.statusCode).toBe(400)
    expect(scoped.error().errors![0]).toMatch(/^Variant with id: .* is not associated with sales channels/)
    const listed = await storeApi(ctx, { publishableKey: key }).get(`/store/variants?id=${variantId}`)
    expect(listed.json().variants).toEqual([])
  })
})
