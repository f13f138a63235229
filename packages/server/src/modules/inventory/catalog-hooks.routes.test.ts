import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeInventoryLevel, makeStockLocation, stockVariant } from '../../testing/factories/inventory.js'
import { makePublishableKey, makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { asAdmin } from '../../testing/factories/users.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { store } from '../store/schema.js'
import { inventoryLevel } from './schema.js'

/** What the catalog does differently with the `inventoryService` flag on. */
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, inventoryService: true } })
const db = () => ctx.app.db
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(db())
  headers = (await asAdmin(db())).headers
})

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, extra: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers: { ...headers, ...extra } })
  return { status: res.statusCode, body: res.json() }
}

describe('variants created with the flag on', { timeout: 60_000 }, () => {
  it('get an inventory item when they manage their inventory', async () => {
    const created = await call('POST', '/admin/products', {
      title: 'Hooded top',
      options: [{ title: 'Size' }],
      variants: [
        { title: 'S', sku: 'HOOD-S', prices: [{ amount: 5000, currency_code: 'usd' }], options: [{ value: 'S' }] },
        {
          title: 'M',
          sku: 'HOOD-M',
          manage_inventory: false,
          prices: [{ amount: 5000, currency_code: 'usd' }],
          options: [{ value: 'M' }],
        },
      ],
    })
    expect(created.status).toBe(200)
    const sizes: { title: string; id: string }[] = created.body.product.variants
    const managed = sizes.find((variant) => variant.title === 'S')!

    const inventory = await call('GET', `/admin/variants/${managed.id}/inventory`)
    expect(inventory.body.variant.inventory).toMatchObject([{ sku: 'HOOD-S', title: 'S', location_levels: [] }])
    const unmanaged = sizes.find((variant) => variant.title === 'M')!
    expect((await call('GET', `/admin/variants/${unmanaged.id}/inventory`)).body.variant.inventory).toEqual([])

    const added = await call('POST', `/admin/products/${created.body.product.id}/variants`, {
      title: 'L',
      sku: 'HOOD-L',
      prices: [{ amount: 5000, currency_code: 'usd' }],
      options: [{ option_id: created.body.product.options[0].id, value: 'L' }],
    })
    expect(added.status).toBe(200)
    const large = added.body.product.variants.find((variant: { title: string }) => variant.title === 'L')
    expect((await call('GET', `/admin/variants/${large.id}/inventory`)).body.variant.inventory).toMatchObject([
      { sku: 'HOOD-L' },
    ])
  })
})

describe('storefront availability with the flag on', () => {
  async function stockedProduct(stocked: number) {
    const channel = await makeSalesChannel(db())
    const product = await makeProduct(db(), { sales_channel_ids: [channel.id], variants: [{ inventory_quantity: 99 }] })
    const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
    const { item, level } = await stockVariant(db(), product.variants[0].id, location.id, stocked)
    return { channel, product, variant: product.variants[0], item, level }
  }

  it("counts the request's sales channel locations, not the variant column", async () => {
    const { channel, product, variant, item, level } = await stockedProduct(6)
    await db().update(inventoryLevel).set({ reserved_quantity: 2 }).where(eq(inventoryLevel.id, level.id))
    // Stock at a location of no channel never shows.
    await makeInventoryLevel(db(), item.id, (await makeStockLocation(db())).id, { stocked_quantity: 50 })

    const byProduct = await call('GET', `/store/products/${product.id}?sales_channel_id=${channel.id}`)
    expect(byProduct.status).toBe(200)
    expect(byProduct.body.product.variants[0]).toMatchObject({ inventory_quantity: 4, purchasable: true })

    const byVariant = await call('GET', `/store/variants/${variant.id}?sales_channel_id=${channel.id}`)
    expect(byVariant.body.variant).toMatchObject({ inventory_quantity: 4, purchasable: true })

    const listed = await call('GET', `/store/variants?id=${variant.id}&sales_channel_id=${channel.id}`)
    expect(listed.body.variants[0].inventory_quantity).toBe(4)

    const products = await call('GET', `/store/products?id=${product.id}&sales_channel_id=${channel.id}`)
    expect(products.body.products[0].variants[0].inventory_quantity).toBe(4)

    await db().update(inventoryLevel).set({ reserved_quantity: 6 }).where(eq(inventoryLevel.id, level.id))
    const soldOut = await call('GET', `/store/variants/${variant.id}?sales_channel_id=${channel.id}`)
    expect(soldOut.body.variant).toMatchObject({ inventory_quantity: 0, purchasable: false })
  })

  it("uses the publishable key's only channel, else the store's default channel", async () => {
    const { channel, variant } = await stockedProduct(3)
    const key = await makePublishableKey(db(), { sales_channel_ids: [channel.id] })
    const keyed = await call('GET', `/store/variants/${variant.id}`, undefined, { 'x-publishable-api-key': key.id })
    expect(keyed.body.variant.inventory_quantity).toBe(3)

    const defaultChannel = await makeSalesChannel(db())
    await db().update(store).set({ default_sales_channel_id: defaultChannel.id })
    const onDefault = await makeProduct(db(), { sales_channel_ids: [defaultChannel.id], variants: [{}] })
    const shelf = await makeStockLocation(db(), { sales_channel_ids: [defaultChannel.id] })
    await stockVariant(db(), onDefault.variants[0].id, shelf.id, 8)
    const plain = await call('GET', `/store/variants/${onDefault.variants[0].id}`)
    expect(plain.body.variant.inventory_quantity).toBe(8)
  })

  it('lists the inventory modules on the admin store', async () => {
    const answer = await call('GET', '/admin/store')
    expect(answer.body.store.modules.map((entry: { module: string }) => entry.module)).toEqual([
      'inventoryService',
      'stockLocationService',
    ])
  })
})
