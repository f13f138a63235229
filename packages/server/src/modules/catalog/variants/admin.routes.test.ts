import { describe, expect, it } from 'vitest'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { adminApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'

const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
const unique = () => Math.random().toString(36).slice(2, 10)

/** A product with Size and Color options and one variant S / Red. */
function sizedProduct() {
  return makeProduct(ctx.app.db, {
    options: ['Size', 'Color'],
    variants: [{ title: 'S / Red', options: ['S', 'Red'] }],
  })
}

describe('POST /admin/products/:id/variants', () => {
  it('adds a variant with option values and prices, ranked last', async () => {
    const product = await sizedProduct()
    const [size, color] = product.options

    const res = await post(`/admin/products/${product.id}/variants`, {
      title: 'M / Red',
      sku: `M-${unique()}`,
      manage_inventory: false,
      allow_backorder: true,
      weight: 1.5,
      metadata: { fit: 'regular' },
      options: [
        { option_id: size.id, value: 'M' },
        { option_id: color.id, value: 'Red' },
      ],
      prices: [{ amount: 2000, currency_code: 'eur' }],
    })

    expect(res.statusCode).toBe(200)
    const added = res.json().product.variants.find((v: { title: string }) => v.title === 'M / Red')
    expect(added).toMatchObject({
      manage_inventory: false,
      allow_backorder: true,
      inventory_quantity: 0,
      weight: 1.5,
      variant_rank: 1,
      metadata: { fit: 'regular' },
      prices: [expect.objectContaining({ amount: 2000, currency_code: 'eur' })],
    })
    expect(added!.options.map((v: { value: string }) => v.value)).toEqual(['M', 'Red'])
  })

  it('answers 422 for a variant with the option values of an existing one', async () => {
    const product = await sizedProduct()
    const [size, color] = product.options

    const res = await post(`/admin/products/${product.id}/variants`, {
      title: 'Again',
      options: [
        { option_id: size.id, value: 'S' },
        { option_id: color.id, value: 'Red' },
      ],
      prices: [],
    })

    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      type: 'duplicate_error',
      message: 'Variant with title S / Red with provided options already exists',
    })
  })

  it('answers 400 when the options do not cover every product option', async () => {
    const product = await sizedProduct()
    const other = await sizedProduct()

    const missing = await post(`/admin/products/${product.id}/variants`, {
      title: 'L',
      options: [{ option_id: product.options[0].id, value: 'L' }],
      prices: [],
    })
    const foreign = await post(`/admin/products/${product.id}/variants`, {
      title: 'L',
      options: [
        { option_id: product.options[0].id, value: 'L' },
        { option_id: other.options[1].id, value: 'Red' },
      ],
      prices: [],
    })

    expect(missing.statusCode).toBe(400)
    expect(missing.error().message).toMatch(/do not contain a value for Color/)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.error().message).toMatch(/does not belong to the product/)
  })

  it('rejects bad bodies, bad prices and unknown products', async () => {
    const product = await makeProduct(ctx.app.db)

    const noTitle = await post(`/admin/products/${product.id}/variants`, { prices: [] })
    const badPrice = await post(`/admin/products/${product.id}/variants`, {
      title: 'V',
      prices: [{ amount: 1, currency_code: 'zzz' }],
    })
    const unknown = await post('/admin/products/prod_missing/variants', { title: 'V', prices: [] })

    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.error().message).toMatch(/title is required/)
    expect(badPrice.statusCode).toBe(400)
    expect(badPrice.error().message).toMatch(/prices\.0\.currency_code zzz is not a known currency/)
    expect(unknown.statusCode).toBe(404)
  })
})

describe('POST /admin/products/:id/variants/:variant_id', () => {
  it('updates fields and replaces its own prices', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'eur' })
    const product = await makeProduct(ctx.app.db, {
      variants: [{ prices: [{ amount: 1000 }, { amount: 900, currency_code: 'eur' }], metadata: { a: 1 } }],
    })
    const variant = product.variants[0]
    const [usd] = variant.prices

    const res = await post(`/admin/products/${product.id}/variants/${variant.id}`, {
      title: 'Renamed',
      inventory_quantity: 42,
      metadata: { a: '', b: 2 },
      prices: [
        { id: usd.id, amount: 1100, currency_code: 'usd' },
        { amount: 800, region_id: region.id },
      ],
    })

    expect(res.statusCode).toBe(200)
    const updated = res.json().product.variants[0]
    expect(updated).toMatchObject({ title: 'Renamed', inventory_quantity: 42, metadata: { b: 2 } })
    expect(updated.prices).toHaveLength(2)
    expect(updated.prices[0]).toMatchObject({ id: usd.id, amount: 1100 })
    expect(updated.prices[1]).toMatchObject({ amount: 800, currency_code: 'eur', region_id: region.id })
  })

  it('changes option values and refuses a combination another variant has (422)', async () => {
    const product = await makeProduct(ctx.app.db, {
      options: ['Size'],
      variants: [{ options: ['S'] }, { options: ['M'] }],
    })
    const [small, medium] = product.variants
    const sizeId = product.options[0].id

    const changed = await post(`/admin/products/${product.id}/variants/${medium.id}`, {
      options: [{ option_id: sizeId, value: 'L' }],
    })
    const clash = await post(`/admin/products/${product.id}/variants/${small.id}`, {
      options: [{ option_id: sizeId, value: 'L' }],
    })

    expect(changed.statusCode).toBe(200)
    expect(changed.json().product.variants[1].options[0].value).toBe('L')
    expect(clash.statusCode).toBe(422)
  })

  it('answers 404 for an unknown variant, a variant of another product or an unknown price id', async () => {
    const product = await makeProduct(ctx.app.db)
    const other = await makeProduct(ctx.app.db)

    const unknown = await post(`/admin/products/${product.id}/variants/variant_missing`, { title: 'X' })
    const foreign = await post(`/admin/products/${product.id}/variants/${other.variants[0].id}`, { title: 'X' })
    const price = await post(`/admin/products/${product.id}/variants/${product.variants[0].id}`, {
      prices: [{ id: other.variants[0].prices[0].id, amount: 1, currency_code: 'usd' }],
    })

    expect(unknown.statusCode).toBe(404)
    expect(unknown.error().message).toBe('Variant with id variant_missing was not found')
    expect(foreign.statusCode).toBe(404)
    expect(price.statusCode).toBe(404)
  })

  it('rejects invalid prices and wrong types', async () => {
    const product = await makeProduct(ctx.app.db)
    const url = `/admin/products/${product.id}/variants/${product.variants[0].id}`

    const negative = await post(url, { prices: [{ amount: -5, currency_code: 'usd' }] })
    const bounds = await post(url, { prices: [{ amount: 5, currency_code: 'usd', min_quantity: 3, max_quantity: 1 }] })
    const quantity = await post(url, { inventory_quantity: '3' })

    expect(negative.statusCode).toBe(400)
    expect(negative.error().message).toMatch(/prices\.0\.amount must be >= 0/)
    expect(bounds.statusCode).toBe(400)
    expect(quantity.statusCode).toBe(400)
    expect(quantity.error().message).toMatch(/inventory_quantity must be a integer/)
  })
})

describe('DELETE /admin/products/:id/variants/:variant_id', () => {
  it('soft-deletes the variant and answers with the product', async () => {
    const product = await makeProduct(ctx.app.db, { variants: [{}, {}] })
    const [first, second] = product.variants

    const res = await del(`/admin/products/${product.id}/variants/${first.id}`)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ variant_id: first.id, object: 'product-variant', deleted: true })
    expect(res.json().product.variants.map((v: { id: string }) => v.id)).toEqual([second.id])
    expect((await del(`/admin/products/${product.id}/variants/${first.id}`)).statusCode).toBe(404)
  })
})

describe('GET /admin/products/:id/variants', () => {
  it('lists the variants with options and prices and paginates', async () => {
    const product = await makeProduct(ctx.app.db, { variants: [{}, {}, {}] })

    const res = await get(`/admin/products/${product.id}/variants?limit=2&offset=1`)
    const byId = await get(`/admin/products/${product.id}/variants?id=${product.variants[0].id}&expand=prices`)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ count: 3, offset: 1, limit: 2 })
    expect(res.json().variants.map((v: { id: string }) => v.id)).toEqual(product.variants.slice(1).map((v) => v.id))
    expect(res.json().variants[0]).toHaveProperty('options')
    expect(res.json().variants[0]).toHaveProperty('prices')
    expect(byId.json().variants).toHaveLength(1)
    expect(byId.json().variants[0]).not.toHaveProperty('options')
    expect((await get('/admin/products/prod_missing/variants')).statusCode).toBe(404)
  })
})

describe('product options', () => {
  it('adds an option and gives existing variants a default value', async () => {
    const product = await makeProduct(ctx.app.db)

    const res = await post(`/admin/products/${product.id}/options`, { title: 'Material' })

    expect(res.statusCode).toBe(200)
    const body = res.json().product
    expect(body.options.map((o: { title: string }) => o.title)).toEqual(['Material'])
    expect(body.variants[0].options).toEqual([
      expect.objectContaining({ option_id: body.options[0].id, value: 'Default Value' }),
    ])
  })

  it('refuses a duplicate title (422) and renames an option', async () => {
    const product = await makeProduct(ctx.app.db, { options: ['Size', 'Color'], variants: [{ options: ['S', 'Red'] }] })
    const [size] = product.options

    const duplicate = await post(`/admin/products/${product.id}/options`, { title: 'Size' })
    const clash = await post(`/admin/products/${product.id}/options/${size.id}`, { title: 'Color' })
    const renamed = await post(`/admin/products/${product.id}/options/${size.id}`, { title: 'Fit' })

    expect(duplicate.statusCode).toBe(422)
    expect(duplicate.error().message).toBe('An option with the title: Size already exists')
    expect(clash.statusCode).toBe(422)
    expect(renamed.json().product.options.map((o: { title: string }) => o.title)).toEqual(['Fit', 'Color'])
  })

  it('deletes an option unless variants would become alike', async () => {
    const product = await makeProduct(ctx.app.db, {
      options: ['Size', 'Color'],
      variants: [{ options: ['S', 'Red'] }, { options: ['S', 'Blue'] }],
    })
    const [size, color] = product.options

    const refused = await del(`/admin/products/${product.id}/options/${color.id}`)
    const allowed = await del(`/admin/products/${product.id}/options/${size.id}`)

    expect(refused.statusCode).toBe(400)
    expect(refused.error().type).toBe('not_allowed')
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toMatchObject({ option_id: size.id, object: 'option', deleted: true })
    expect(allowed.json().product.options.map((o: { id: string }) => o.id)).toEqual([color.id])
    expect(allowed.json().product.variants[0].options).toHaveLength(1)
  })

  it('answers 404 for unknown options and products, 400 for bad bodies', async () => {
    const product = await makeProduct(ctx.app.db)

    expect((await post(`/admin/products/${product.id}/options/opt_missing`, { title: 'X' })).statusCode).toBe(404)
    expect((await del(`/admin/products/${product.id}/options/opt_missing`)).statusCode).toBe(404)
    expect((await post('/admin/products/prod_missing/options', { title: 'X' })).statusCode).toBe(404)
    expect((await post(`/admin/products/${product.id}/options`, {})).statusCode).toBe(400)
    expect((await post(`/admin/products/${product.id}/options`, { title: 3 })).statusCode).toBe(400)
  })
})

describe('GET /admin/variants', () => {
  it('searches and filters variants with product, prices and options', async () => {
    const word = unique()
    const product = await makeProduct(ctx.app.db, {
      title: `Searchable ${word}`,
      variants: [{ inventory_quantity: 3 }, { inventory_quantity: 30, manage_inventory: false }],
    })

    const all = await get(`/admin/variants?q=${word}`)
    const low = await get(`/admin/variants?q=${word}&inventory_quantity[lt]=10`)
    const exact = await get(`/admin/variants?q=${word}&inventory_quantity=30&manage_inventory=false`)

    expect(all.statusCode).toBe(200)
    expect(all.json()).toMatchObject({ count: 2, offset: 0, limit: 20 })
    expect(all.json().variants[0].product).toMatchObject({ id: product.id })
    expect(all.json().variants[0]).toHaveProperty('prices')
    expect(low.json().variants.map((v: { id: string }) => v.id)).toEqual([product.variants[0].id])
    expect(exact.json().variants.map((v: { id: string }) => v.id)).toEqual([product.variants[1].id])
  })

  it('prices variants for a region', async () => {
    const region = await makeRegion(ctx.app.db, { currency_code: 'eur', tax_rate: 10 })
    const product = await makeProduct(ctx.app.db, {
      variants: [
        {
          prices: [
            { amount: 1000, currency_code: 'eur' },
            { amount: 900, region_id: region.id, currency_code: 'eur' },
          ],
        },
      ],
    })

    const res = await get(`/admin/variants?id=${product.variants[0].id}&region_id=${region.id}`)

    expect(res.json().variants[0]).toMatchObject({
      original_price: 900,
      calculated_price: 900,
      calculated_price_type: 'default',
      calculated_tax: 90,
      calculated_price_incl_tax: 990,
    })
  })

  it('retrieves one variant or answers 404', async () => {
    const product = await makeProduct(ctx.app.db)

    const res = await get(`/admin/variants/${product.variants[0].id}`)

    expect(res.json().variant).toMatchObject({ id: product.variants[0].id, product: { id: product.id } })
    expect((await get('/admin/variants/variant_missing')).statusCode).toBe(404)
    expect((await get('/admin/variants?expand=secret')).statusCode).toBe(400)
  })
})
