import { describe, expect, it } from 'vitest'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { inventoryItem } from './schema.js'

/** With the `inventoryService` flag off (the default) the modules are not installed. */
const ctx = useTestApp()

describe('with the inventoryService flag off', () => {
  it('answers every inventory route with a bare 404 and lists no modules', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const channel = await makeSalesChannel(ctx.app.db)
    const routes: [string, string][] = [
      ['GET', '/admin/stock-locations'],
      ['POST', '/admin/stock-locations'],
      ['GET', '/admin/inventory-items'],
      ['GET', '/admin/inventory-items/iitem_1/location-levels'],
      ['GET', '/admin/reservations'],
      ['DELETE', '/admin/reservations/resitem_1'],
      ['GET', '/admin/variants/variant_1/inventory'],
      ['POST', `/admin/sales-channels/${channel.id}/stock-locations`],
    ]
    for (const [method, url] of routes) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers,
        payload: method === 'GET' ? undefined : {},
      })
      expect([url, res.statusCode, res.body]).toEqual([url, 404, 'Not Found'])
    }
    const store = await ctx.app.inject({ method: 'GET', url: '/admin/store', headers })
    expect(store.json().store.modules).toEqual([])
  })

  it('creates no inventory items and keeps the variant column as availability', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/admin/products',
      headers,
      payload: { title: 'Mug', variants: [{ title: 'One', prices: [{ amount: 900, currency_code: 'usd' }] }] },
    })
    expect(created.statusCode).toBe(200)
    expect(await ctx.app.db.select().from(inventoryItem)).toEqual([])

    const product = await makeProduct(ctx.app.db, { variants: [{ inventory_quantity: 7 }] })
    const res = await ctx.app.inject({ method: 'GET', url: `/store/variants/${product.variants[0].id}` })
    expect(res.json().variant.inventory_quantity).toBe(7)
  })
})
