import { describe, expect, it } from 'vitest'
import {
  makeCategory,
  makeCollection,
  makeProduct,
  makeProductTag,
  makeProductType,
} from '../../../testing/factories/catalog.js'
import { adminApi, storeApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'

// Default flags: product categories off.
const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
const guest = storeApi(ctx)
const unique = () => Math.random().toString(36).slice(2, 10)

describe('admin collections', () => {
  it('creates a collection with a generated handle and answers 422 for a taken handle', async () => {
    const title = `Summer Sale ${unique()}`

    const created = await post('/admin/collections', { title, metadata: { season: 'summer' } })
    const duplicate = await post('/admin/collections', { title: 'Other', handle: created.json().collection.handle })

    expect(created.statusCode).toBe(200)
    expect(created.json().collection).toMatchObject({
      title,
      handle: expect.stringMatching(/^summer-sale-/),
      metadata: { season: 'summer' },
      products: [],
      deleted_at: null,
    })
    expect(created.json().collection.id).toMatch(/^pcol_/)
    expect(duplicate.statusCode).toBe(422)
    expect(duplicate.error().type).toBe('duplicate_error')
  })

  it('rejects bad bodies', async () => {
    for (const [payload, message] of [
      [{}, /title is required/],
      [{ title: '' }, /title/],
      [{ title: 'A', products: [] }, /property products should not exist/],
      [{ title: 'A', metadata: 'x' }, /metadata must be a object/],
    ] as [unknown, RegExp][]) {
      const res = await post('/admin/collections', payload)
      expect(res.statusCode).toBe(400)
      expect(res.error().message).toMatch(message)
    }
  })

  it('lists with the default fields and the products, searching title and handle', async () => {
    const word = unique()
    const collection = await makeCollection(ctx.app.db, { title: `Listed ${word}`, metadata: { hidden: true } })
    const product = await makeProduct(ctx.app.db, { collection_id: collection.id })
    await makeCollection(ctx.app.db, { handle: `handle-${word}` })

    const res = await get(`/admin/collections?q=${word}&order=title`)
    const byTitle = await get(`/admin/collections?title=${encodeURIComponent(collection.title)}`)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ count: 2, offset: 0, limit: 10 })
    const listed = res.json().collections.find((c: { id: string }) => c.id === collection.id)
    expect(Object.keys(listed!).sort()).toEqual(['created_at', 'handle', 'id', 'products', 'title', 'updated_at'])
    expect(listed!.products.map((p: { id: string }) => p.id)).toEqual([product.id])
    expect(byTitle.json().collections.map((c: { id: string }) => c.id)).toEqual([collection.id])
    expect((await get('/admin/collections?order=metadata')).statusCode).toBe(400)
  })

  it('retrieves, updates and deletes a collection', async () => {
    const collection = await makeCollection(ctx.app.db, { metadata: { a: 1 } })
    const product = await makeProduct(ctx.app.db, { collection_id: collection.id })

    const fetched = await get(`/admin/collections/${collection.id}`)
    const updated = await post(`/admin/collections/${collection.id}`, { title: 'Renamed', metadata: { a: '', b: 2 } })
    const deleted = await del(`/admin/collections/${collection.id}`)

    expect(fetched.json().collection).toMatchObject({
      id: collection.id,
      metadata: { a: 1 },
      products: [{ id: product.id }],
    })
    expect(updated.json().collection).toMatchObject({ title: 'Renamed', metadata: { b: 2 } })
    expect(deleted.json()).toEqual({ id: collection.id, object: 'product-collection', deleted: true })
    expect((await get(`/admin/collections/${collection.id}`)).statusCode).toBe(404)
    expect((await get(`/admin/products/${product.id}`)).json().product.collection_id).toBeNull()
  })

  it('answers 404 for unknown collections', async () => {
    expect((await get('/admin/collections/pcol_missing')).statusCode).toBe(404)
    expect((await post('/admin/collections/pcol_missing', { title: 'X' })).statusCode).toBe(404)
    expect((await del('/admin/collections/pcol_missing')).statusCode).toBe(404)
  })

  it('adds and removes products in batches', async () => {
    const collection = await makeCollection(ctx.app.db)
    const [a, b] = [await makeProduct(ctx.app.db), await makeProduct(ctx.app.db)]

    const added = await post(`/admin/collections/${collection.id}/products/batch`, { product_ids: [a.id, b.id] })
    const removed = await del(`/admin/collections/${collection.id}/products/batch`, { product_ids: [a.id] })
    const after = await get(`/admin/collections/${collection.id}`)

    expect(added.statusCode).toBe(200)
    expect(
      added
        .json()
        .collection.products.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([a.id, b.id].sort())
    expect(removed.json()).toEqual({ id: collection.id, object: 'product-collection', removed_products: [a.id] })
    expect(after.json().collection.products.map((p: { id: string }) => p.id)).toEqual([b.id])
  })

  it('refuses empty batches and unknown products', async () => {
    const collection = await makeCollection(ctx.app.db)

    const empty = await post(`/admin/collections/${collection.id}/products/batch`, { product_ids: [] })
    const unknown = await post(`/admin/collections/${collection.id}/products/batch`, { product_ids: ['prod_missing'] })
    const wrongType = await post(`/admin/collections/${collection.id}/products/batch`, { product_ids: [{ id: 'x' }] })

    expect(empty.statusCode).toBe(400)
    expect(unknown.statusCode).toBe(404)
    expect(wrongType.statusCode).toBe(400)
  })
})

describe('store collections', () => {
  it('lists and retrieves live collections without products', async () => {
    const collection = await makeCollection(ctx.app.db)
    await makeProduct(ctx.app.db, { collection_id: collection.id })
    const gone = await makeCollection(ctx.app.db)
    await del(`/admin/collections/${gone.id}`)

    const list = await guest.get(`/store/collections?handle[]=${collection.handle}&handle[]=${gone.handle}`)
    const one = await guest.get(`/store/collections/${collection.id}`)

    expect(list.json()).toMatchObject({ count: 1, offset: 0, limit: 10 })
    expect(list.json().collections[0]).toMatchObject({ id: collection.id, handle: collection.handle })
    expect(list.json().collections[0]).not.toHaveProperty('products')
    expect(one.json().collection).toMatchObject({ id: collection.id, title: collection.title })
    expect(one.json().collection).not.toHaveProperty('products')
    expect((await guest.get(`/store/collections/${gone.id}`)).statusCode).toBe(404)
    expect((await guest.get('/store/collections?q=x')).statusCode).toBe(400)
  })
})

describe('product tags and types', () => {
  it('lists tags with value filters, search and the default limits', async () => {
    const word = unique()
    const alpha = await makeProductTag(ctx.app.db, `alpha-${word}`)
    const beta = await makeProductTag(ctx.app.db, `beta-${word}`)

    const values = async (url: `/admin/product-tags?${string}`) =>
      (await get(url)).json().product_tags.map((tag: { value: string }) => tag.value)

    const admin = await get(`/admin/product-tags?q=${word}`)
    expect(admin.json()).toMatchObject({ count: 2, offset: 0, limit: 10 })
    expect(Object.keys(admin.json().product_tags[0]).sort()).toEqual(
      ['created_at', 'deleted_at', 'id', 'metadata', 'updated_at', 'value'].sort(),
    )
    expect(await values(`/admin/product-tags?value=${alpha.value}`)).toEqual([alpha.value])
    expect(await values(`/admin/product-tags?value[]=${alpha.value}&value[]=${beta.value}&order=value`)).toEqual([
      alpha.value,
      beta.value,
    ])
    expect(await values(`/admin/product-tags?value[contains]=${word.toUpperCase()}&order=-value`)).toEqual([
      beta.value,
      alpha.value,
    ])
    expect(await values(`/admin/product-tags?value[starts_with]=beta-${word}`)).toEqual([beta.value])
    expect(await values(`/admin/product-tags?id=${alpha.id}&fields=value`)).toEqual([alpha.value])
    expect((await guest.get(`/store/product-tags?q=${word}`)).json()).toMatchObject({ count: 2, limit: 20 })
    expect((await get('/admin/product-tags?value[like]=x')).statusCode).toBe(400)
  })

  it('lists types on admin and store', async () => {
    const type = await makeProductType(ctx.app.db, `Kind ${unique()}`)

    const admin = await get(`/admin/product-types?value=${encodeURIComponent(type.value)}`)
    const store = await guest.get(`/store/product-types?q=${encodeURIComponent(type.value)}`)

    expect(admin.json()).toMatchObject({ count: 1, limit: 20, product_types: [{ id: type.id, value: type.value }] })
    expect(store.json().product_types.map((t: { id: string }) => t.id)).toEqual([type.id])
    expect((await guest.get('/admin/product-types')).statusCode).toBe(401)
  })
})

describe('with the product_categories flag off', () => {
  it('answers a bare 404 on every admin category route, after the login check', async () => {
    const category = await makeCategory(ctx.app.db)
    const routes: [string, string][] = [
      ['GET', '/admin/product-categories'],
      ['GET', `/admin/product-categories/${category.id}`],
      ['POST', '/admin/product-categories'],
      ['POST', `/admin/product-categories/${category.id}`],
      ['DELETE', `/admin/product-categories/${category.id}`],
      ['POST', `/admin/product-categories/${category.id}/products/batch`],
      ['DELETE', `/admin/product-categories/${category.id}/products/batch`],
    ]
    for (const [method, url] of routes) {
      const res = method === 'GET' ? await get(url) : method === 'POST' ? await post(url, {}) : await del(url, {})
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.body).toBe('Not Found')
    }
    const anonymous = await get('/admin/product-categories', { auth: false })
    expect(anonymous.statusCode).toBe(401)
  })

  it('keeps the store category routes mounted', async () => {
    const category = await makeCategory(ctx.app.db)

    expect((await guest.get(`/store/product-categories/${category.id}`)).statusCode).toBe(200)
  })

  it('refuses the category filters and relation on products', async () => {
    expect((await guest.get('/store/products?category_id[]=pcat_1')).statusCode).toBe(400)
    expect((await guest.get('/store/products?expand=categories')).statusCode).toBe(400)
    expect((await get('/admin/products?expand=categories')).statusCode).toBe(400)
  })
})
