// The admin price-list routes, called through medusa-js 6.1.10's `admin.priceLists` methods, the
// answers checked against the Medusa v1.20.11 wire contract (admin-api.md "Price lists"); a
// logged-in member of the list's customer group sees its price on the store's products.
import { describe, expect, it } from 'vitest'
import { csvText, storeImportFile } from '../../packages/server/src/testing/factories/batch-jobs.js'
import { makeProduct } from '../../packages/server/src/testing/factories/catalog.js'
import {
  customerHeaders,
  makeCustomer,
  makeCustomerGroup,
} from '../../packages/server/src/testing/factories/customers.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('admin-price-lists')
const priceLists = () => server.admin.admin.priceLists
const MY_PREFIXES = ['/admin/price-lists']

const ids = {} as Record<string, string>

describe('price lists', () => {
  it('create, retrieve, list and update', async () => {
    const db = server.database.db
    const region = await makeRegion(db, { currency_code: 'usd', countries: [] })
    const product = await makeProduct(db, {
      variants: [
        { prices: [{ amount: 2000, currency_code: 'usd' }] },
        { prices: [{ amount: 2500, currency_code: 'usd' }] },
      ],
    })
    const customer = await makeCustomer(db)
    const group = await makeCustomerGroup(db, { customer_ids: [customer.id] })
    Object.assign(ids, {
      region: region.id,
      product: product.id,
      variant: product.variants[0].id,
      variant2: product.variants[1].id,
      customer: customer.id,
    })
    const { price_list } = await priceLists().create({
      name: 'VIP sale',
      description: 'For members',
      type: 'sale' as never,
      status: 'active' as never,
      customer_groups: [{ id: group.id }],
      prices: [
        { variant_id: ids.variant, amount: 1500, currency_code: 'usd' },
        { variant_id: ids.variant, amount: 1200, currency_code: 'usd', min_quantity: 10 },
      ],
    })
    expectId(price_list.id, 'pl')
    expectWireShape(price_list)
    expect(price_list).toMatchObject({ type: 'sale', status: 'active', starts_at: null, ends_at: null })
    expect(price_list.prices).toHaveLength(2)
    ids.list = price_list.id

    const one = await priceLists().retrieve(ids.list)
    expect(one.price_list.customer_groups.map((g: Wire) => g.id)).toEqual([group.id])
    const list = await priceLists().list({ q: 'VIP' } as Wire)
    expectPage(list, 'price_lists', { limit: 10 })
    expect(list.price_lists.map((l: Wire) => l.id)).toEqual([ids.list])
    const updated = await priceLists().update(ids.list, { name: 'VIP sale 2', ends_at: '2999-01-01T00:00:00Z' } as Wire)
    expect(updated.price_list.name).toBe('VIP sale 2')

    // The member's storefront price comes from the list; a guest's stays the default.
    const token = (await customerHeaders(ids.customer)).authorization.replace('Bearer ', '')
    const seen = await server.storeAs(token).products.list({ id: ids.product, region_id: ids.region } as Wire)
    expect(seen.products[0].variants[0]).toMatchObject({ calculated_price: 1500, calculated_price_type: 'sale' })
    const guest = await server.store.products.list({ id: ids.product, region_id: ids.region } as Wire)
    expect(guest.products[0].variants[0]).toMatchObject({ calculated_price: 2000, calculated_price_type: 'default' })

    await expectRefusal(priceLists().retrieve('pl_missing'), 404, 'not_found')
    await expectRefusal(
      priceLists().create({
        name: 'x',
        description: 'y',
        type: 'sale' as never,
        prices: [{ variant_id: ids.variant, amount: 1 }],
      }),
      400,
      'invalid_data',
      /prices\.0/,
    )
  })

  it('prices: add, list products, and delete by id, variant, product and products', async () => {
    const added = await priceLists().addPrices(ids.list, {
      prices: [{ variant_id: ids.variant2, amount: 1900, currency_code: 'usd' }],
    })
    expect(added.price_list.prices).toHaveLength(3)
    const products = await priceLists().listProducts(ids.list)
    expectPage(products, 'products', { limit: 50 })
    expect(products.products.map((p: Wire) => p.id)).toEqual([ids.product])

    const tierId = added.price_list.prices.find((p: Wire) => p.min_quantity === 10).id
    const byId = await priceLists().deletePrices(ids.list, { price_ids: [tierId] })
    expect(byId).toMatchObject({ ids: [tierId], object: 'money-amount', deleted: true })
    const byVariant = await priceLists().deleteVariantPrices(ids.list, ids.variant2)
    expect(byVariant.ids).toHaveLength(1)
    const byProduct = await priceLists().deleteProductPrices(ids.list, ids.product)
    expect(byProduct.ids).toHaveLength(1)
    await priceLists().addPrices(ids.list, {
      prices: [{ variant_id: ids.variant, amount: 1000, currency_code: 'usd' }],
    })
    const byProducts = await priceLists().deleteProductsPrices(ids.list, { product_ids: [ids.product] })
    expect(byProducts).toMatchObject({ object: 'money-amount', deleted: true })
    expect(byProducts.ids).toHaveLength(1)
    await expectRefusal(priceLists().deletePrices(ids.list, { price_ids: [] }), 400, 'invalid_data')
  })

  it('prices imported from a CSV by a price-list-import batch job', async () => {
    const fileKey = await storeImportFile(
      server.app,
      csvText([
        ['Product Variant ID', 'SKU', 'Price USD', 'Min Quantity', 'Max Quantity'],
        [ids.variant, '', '11.00', '', ''],
        [ids.variant, '', '9.50', '10', ''],
      ]),
    )
    const batchJobs = server.admin.admin.batchJobs
    const settled = async (id: string, status: string) => {
      for (let attempt = 0; attempt < 400; attempt++) {
        const { batch_job } = await batchJobs.retrieve(id)
        if (batch_job.status === status || batch_job.status === 'failed') return batch_job
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(`batch job ${id} never became ${status}`)
    }
    const { batch_job } = await batchJobs.create({
      type: 'price-list-import',
      context: { fileKey, price_list_id: ids.list },
      dry_run: true,
    })
    expectId(batch_job.id, 'batch')
    const dryRun = await settled(batch_job.id, 'pre_processed')
    expect(dryRun.result).toMatchObject({ count: 2, prices: 2, error_count: 0 })
    await batchJobs.confirm(batch_job.id)
    expect((await settled(batch_job.id, 'completed')).status).toBe('completed')

    const token = (await customerHeaders(ids.customer)).authorization.replace('Bearer ', '')
    const seen = await server.storeAs(token).products.list({ id: ids.product, region_id: ids.region } as Wire)
    expect(seen.products[0].variants[0]).toMatchObject({ calculated_price: 1100, calculated_price_type: 'sale' })
    await expectRefusal(
      batchJobs.create({ type: 'price-list-import', context: { fileKey, price_list_id: 'pl_missing' } }),
      404,
      'not_found',
      /context\.price_list_id/,
    )
  })

  it('delete', async () => {
    const deleted = await priceLists().delete(ids.list)
    expect(deleted).toMatchObject({ id: ids.list, object: 'price-list', deleted: true })
    await expectRefusal(priceLists().retrieve(ids.list), 404, 'not_found')
  })

  it('called every price list route', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
