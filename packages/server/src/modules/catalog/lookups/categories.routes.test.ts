import { describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../../../config.js'
import { makeCategory, makeProduct } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { adminApi, storeApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'

const ctx = useTestApp({
  featureFlags: { product_categories: true, tax_inclusive_pricing: true } as FeatureFlags,
})
const { get, post, del } = adminApi(ctx)
const guest = storeApi(ctx)
const unique = () => Math.random().toString(36).slice(2, 10)

async function create(payload: Record<string, unknown>) {
  const res = await post('/admin/product-categories', payload)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().product_category as { id: string; rank: number; handle: string }
}

async function ranksUnder(parentId: string) {
  const res = await get(`/admin/product-categories?parent_category_id=${parentId}&expand=`)
  return res.json().product_categories.map((c: { id: string; rank: number }) => [c.id, c.rank])
}

describe('admin product categories', () => {
  it('creates categories ranked in order under their parent, with a generated handle', async () => {
    const root = await create({ name: `Men ${unique()}`, is_active: true, metadata: { icon: 'm' } })
    const first = await create({ name: 'Shirts', parent_category_id: root.id, handle: `shirts-${unique()}` })
    const second = await create({ name: 'Pants', parent_category_id: root.id, handle: `pants-${unique()}` })

    const fetched = await get(`/admin/product-categories/${root.id}`)

    expect(root.id).toMatch(/^pcat_/)
    expect(root.handle).toMatch(/^men-/)
    expect([first.rank, second.rank]).toEqual([0, 1])
    expect(fetched.json().product_category).toMatchObject({
      id: root.id,
      is_active: true,
      is_internal: false,
      description: '',
      metadata: { icon: 'm' },
      parent_category: null,
      category_children: [{ id: first.id }, { id: second.id }],
    })
  })

  it('rejects bad bodies, unknown parents and taken handles', async () => {
    const taken = await makeCategory(ctx.app.db)

    const noName = await post('/admin/product-categories', {})
    const emptyName = await post('/admin/product-categories', { name: '' })
    const wrongType = await post('/admin/product-categories', { name: 'X', is_active: 'yes' })
    const parent = await post('/admin/product-categories', { name: 'X', parent_category_id: 'pcat_missing' })
    const handle = await post('/admin/product-categories', { name: 'X', handle: taken.handle })

    expect(noName.statusCode).toBe(400)
    expect(noName.error().message).toMatch(/name is required/)
    expect(emptyName.statusCode).toBe(400)
    expect(wrongType.statusCode).toBe(400)
    expect(parent.statusCode).toBe(404)
    expect(handle.statusCode).toBe(422)
  })

  it('lists with filters, search and the descendants tree', async () => {
    const word = unique()
    const root = await create({ name: `Root ${word}`, is_active: true })
    const child = await create({ name: `Child ${word}`, parent_category_id: root.id, is_internal: true })
    const grandchild = await create({ name: `Grandchild ${word}`, parent_category_id: child.id })

    const search = await get(`/admin/product-categories?q=${word}`)
    const internal = await get(`/admin/product-categories?q=${word}&is_internal=true`)
    const roots = await get(`/admin/product-categories?q=${word}&parent_category_id=null`)
    const tree = await get(`/admin/product-categories?q=${word}&parent_category_id=null&include_descendants_tree=true`)

    expect(search.json()).toMatchObject({ count: 3, offset: 0, limit: 100 })
    expect(internal.json().product_categories.map((c: { id: string }) => c.id)).toEqual([child.id])
    expect(roots.json().product_categories.map((c: { id: string }) => c.id)).toEqual([root.id])
    expect(roots.json().product_categories[0].category_children[0].category_children).toEqual([])
    expect(tree.json().product_categories[0]).toMatchObject({
      id: root.id,
      category_children: [{ id: child.id, category_children: [{ id: grandchild.id, category_children: [] }] }],
    })
    expect((await get('/admin/product-categories?expand=products')).statusCode).toBe(400)
  })

  it('reorders siblings when a rank changes and when a category moves', async () => {
    const parent = await create({ name: `Parent ${unique()}` })
    const other = await create({ name: `Other ${unique()}` })
    const a = await create({ name: 'A', handle: `a-${unique()}`, parent_category_id: parent.id })
    const b = await create({ name: 'B', handle: `b-${unique()}`, parent_category_id: parent.id })
    const c = await create({ name: 'C', handle: `c-${unique()}`, parent_category_id: parent.id })

    const moved = await post(`/admin/product-categories/${c.id}`, { rank: 0 })
    expect(moved.json().product_category.rank).toBe(0)
    expect(await ranksUnder(parent.id)).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ])

    await post(`/admin/product-categories/${a.id}`, { parent_category_id: other.id })
    expect(await ranksUnder(parent.id)).toEqual([
      [c.id, 0],
      [b.id, 1],
    ])
    expect(await ranksUnder(other.id)).toEqual([[a.id, 0]])
  })

  it('refuses to make a category its own ancestor (400)', async () => {
    const root = await create({ name: `Loop ${unique()}` })
    const child = await create({ name: 'Child', handle: `child-${unique()}`, parent_category_id: root.id })
    const grandchild = await create({ name: 'Grand', handle: `grand-${unique()}`, parent_category_id: child.id })

    for (const parent of [root.id, child.id, grandchild.id]) {
      const res = await post(`/admin/product-categories/${root.id}`, { parent_category_id: parent })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ type: 'invalid_data', message: expect.stringMatching(/own ancestor/) })
    }
    const ok = await post(`/admin/product-categories/${grandchild.id}`, { parent_category_id: null })
    expect(ok.json().product_category.parent_category_id).toBeNull()
  })

  it('updates fields and answers 404 for unknown categories', async () => {
    const category = await create({ name: `Edit ${unique()}`, metadata: { a: 1 } })

    const res = await post(`/admin/product-categories/${category.id}`, {
      name: 'Edited',
      description: 'Now described',
      is_active: true,
      metadata: { a: '', b: true },
    })

    expect(res.json().product_category).toMatchObject({
      name: 'Edited',
      description: 'Now described',
      is_active: true,
      metadata: { b: true },
    })
    expect((await post(`/admin/product-categories/${category.id}`, { handle: '' })).statusCode).toBe(400)
    expect((await post('/admin/product-categories/pcat_missing', { name: 'X' })).statusCode).toBe(404)
    expect((await get('/admin/product-categories/pcat_missing')).statusCode).toBe(404)
  })

  it('deletes a leaf and refuses a category with children', async () => {
    const parent = await create({ name: `Del ${unique()}` })
    const first = await create({ name: 'One', handle: `one-${unique()}`, parent_category_id: parent.id })
    const second = await create({ name: 'Two', handle: `two-${unique()}`, parent_category_id: parent.id })

    const refused = await del(`/admin/product-categories/${parent.id}`)
    const deleted = await del(`/admin/product-categories/${first.id}`)

    expect(refused.statusCode).toBe(400)
    expect(refused.error().type).toBe('not_allowed')
    expect(deleted.json()).toEqual({ id: first.id, object: 'product-category', deleted: true })
    expect(await ranksUnder(parent.id)).toEqual([[second.id, 0]])
    expect((await del('/admin/product-categories/pcat_missing')).statusCode).toBe(404)
  })

  it('adds and removes products in batches, refusing unknown products', async () => {
    const category = await create({ name: `Batch ${unique()}` })
    const product = await makeProduct(ctx.app.db)

    const added = await post(`/admin/product-categories/${category.id}/products/batch`, {
      product_ids: [{ id: product.id }],
    })
    const listed = await get(`/admin/products?category_id[]=${category.id}&expand=categories`)
    const unknown = await post(`/admin/product-categories/${category.id}/products/batch`, {
      product_ids: [{ id: 'prod_missing' }],
    })
    const removed = await del(`/admin/product-categories/${category.id}/products/batch`, {
      product_ids: [{ id: product.id }],
    })

    expect(added.statusCode).toBe(200)
    expect(added.json().product_category.id).toBe(category.id)
    expect(listed.json().products.map((p: { id: string }) => p.id)).toEqual([product.id])
    expect(listed.json().products[0].categories).toEqual([expect.objectContaining({ id: category.id })])
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      errors: ['Products prod_missing do not exist'],
      message: 'Provided request body contains errors. Please check the data and retry the request',
    })
    expect(removed.statusCode).toBe(200)
    expect((await get(`/admin/products?category_id[]=${category.id}`)).json().count).toBe(0)
  })

  it('matches no product with an empty list of categories, on the lists and the search', async () => {
    const category = await create({ name: `Filtered ${unique()}` })
    await makeProduct(ctx.app.db, { title: `Categorised ${unique()}`, category_ids: [category.id] })

    const admin = await get('/admin/products?category_id[]=')
    const store = await guest.get('/store/products?category_id=,&include_category_children=true')
    const search = await guest.post('/store/products/search', { q: 'categorised', filter: { category_id: [] } })

    expect(admin.statusCode, admin.body).toBe(200)
    expect(admin.json().count).toBe(0)
    expect(store.statusCode, store.body).toBe(200)
    expect(store.json().count).toBe(0)
    expect(search.statusCode, search.body).toBe(200)
    expect(search.json().hits).toEqual([])
  })

  it('takes an empty batch of products as nothing to add or remove', async () => {
    const category = await create({ name: `Empty batch ${unique()}` })
    const product = await makeProduct(ctx.app.db, { category_ids: [category.id] })

    const added = await post(`/admin/product-categories/${category.id}/products/batch`, { product_ids: [] })
    const removed = await del(`/admin/product-categories/${category.id}/products/batch`, { product_ids: [] })

    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().product_category.id).toBe(category.id)
    expect(removed.statusCode, removed.body).toBe(200)
    const listed = await get(`/admin/products?category_id[]=${category.id}`)
    expect(listed.json().products.map((p: { id: string }) => p.id)).toEqual([product.id])
  })

  it('sets categories on products through the product routes', async () => {
    const category = await create({ name: `Assigned ${unique()}` })

    const created = await post('/admin/products', { title: 'Categorised', categories: [{ id: category.id }] })
    const unknown = await post('/admin/products', { title: 'Lost', categories: [{ id: 'pcat_missing' }] })

    expect(created.json().product.categories).toEqual([expect.objectContaining({ id: category.id })])
    expect(unknown.statusCode).toBe(404)
  })
})

describe('store product categories', () => {
  // A flat list checks each category's own flags (v1); the tree stops at a hidden category.
  it('shows only active, public categories, without the visibility columns', async () => {
    const word = unique()
    const root = await makeCategory(ctx.app.db, { name: `Shop ${word}` })
    const visible = await makeCategory(ctx.app.db, { name: `Visible ${word}`, parent_category_id: root.id })
    const inactive = await makeCategory(ctx.app.db, {
      name: `Inactive ${word}`,
      is_active: false,
      parent_category_id: root.id,
    })
    const internal = await makeCategory(ctx.app.db, { name: `Internal ${word}`, is_internal: true })
    const orphan = await makeCategory(ctx.app.db, { name: `Under inactive ${word}`, parent_category_id: inactive.id })

    const list = await guest.get(`/store/product-categories?q=${word}`)
    const tree = await guest.get(
      `/store/product-categories?q=${word}&parent_category_id=null&include_descendants_tree=true`,
    )
    const detail = await guest.get(`/store/product-categories/${root.id}`)

    expect(
      list
        .json()
        .product_categories.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([root.id, visible.id, orphan.id].sort())
    expect(list.json().product_categories[0]).not.toHaveProperty('is_active')
    expect(list.json().product_categories[0]).not.toHaveProperty('is_internal')
    expect(tree.json().product_categories).toEqual([
      expect.objectContaining({ id: root.id, category_children: [expect.objectContaining({ id: visible.id })] }),
    ])
    expect(detail.json().product_category.category_children.map((c: { id: string }) => c.id)).toEqual([visible.id])
    expect((await guest.get(`/store/product-categories/${inactive.id}`)).statusCode).toBe(404)
    expect((await guest.get(`/store/product-categories/${internal.id}`)).statusCode).toBe(404)
    expect((await guest.get(`/store/product-categories?is_active=false`)).statusCode).toBe(400)
    expect((await guest.get(`/store/product-categories/${root.id}?fields=is_internal`)).statusCode).toBe(400)
  })

  it('prunes categories to the selected fields', async () => {
    const root = await makeCategory(ctx.app.db)
    await makeCategory(ctx.app.db, { parent_category_id: root.id })

    const res = await guest.get(`/store/product-categories/${root.id}?fields=name`)

    const category = res.json().product_category
    expect(Object.keys(category).sort()).toEqual(['category_children', 'id', 'name', 'parent_category'])
    expect(Object.keys(category.category_children[0]).sort()).toEqual(['category_children', 'id', 'name'])
  })
})

describe('store products by category', () => {
  it('filters by category, with the children on request, skipping hidden categories', async () => {
    const root = await makeCategory(ctx.app.db)
    const child = await makeCategory(ctx.app.db, { parent_category_id: root.id })
    const hidden = await makeCategory(ctx.app.db, { parent_category_id: root.id, is_active: false })
    const inRoot = await makeProduct(ctx.app.db, { category_ids: [root.id] })
    const inChild = await makeProduct(ctx.app.db, { category_ids: [child.id] })
    await makeProduct(ctx.app.db, { category_ids: [hidden.id] })

    const ids = async (query: string) =>
      (await guest.get(`/store/products?${query}&expand=`))
        .json()
        .products.map((p: { id: string }) => p.id)
        .sort()

    expect(await ids(`category_id[]=${root.id}`)).toEqual([inRoot.id])
    expect(await ids(`category_id[]=${root.id}&include_category_children=true`)).toEqual([inRoot.id, inChild.id].sort())
    expect(await ids(`category_id[]=${hidden.id}`)).toEqual([])
    const expanded = await guest.get(`/store/products/${inChild.id}?expand=categories`)
    expect(expanded.json().product.categories).toEqual([expect.objectContaining({ id: child.id })])
  })
})

describe('tax-inclusive pricing (flag on)', () => {
  it('extracts the tax from the prices of a tax-inclusive region', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'eur', tax_rate: 25, includes_tax: true })
    const product = await makeProduct(ctx.app.db, {
      variants: [{ prices: [{ amount: 1250, region_id: region.id, currency_code: 'eur' }] }],
    })

    const res = await guest.get(`/store/products/${product.id}?region_id=${region.id}`)

    expect(res.json().product.variants[0]).toMatchObject({
      calculated_price: 1250,
      calculated_price_includes_tax: true,
      calculated_tax: 250,
      calculated_price_incl_tax: 1250,
      original_price_incl_tax: 1250,
    })
  })
})
