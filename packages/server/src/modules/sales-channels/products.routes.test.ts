import { beforeAll, describe, expect, it } from 'vitest'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()
let headers: Record<string, string>

beforeAll(async () => {
  headers = (await asAdmin(ctx.app.db)).headers
})

function batch(method: 'POST' | 'DELETE', channelId: string, payload: unknown) {
  return ctx.app.inject({
    method,
    url: `/admin/sales-channels/${channelId}/products/batch`,
    headers,
    payload: payload as object,
  })
}

async function channelIdsOf(productId: string): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/admin/products/${productId}?expand=sales_channels`,
    headers,
  })
  return res.json().product.sales_channels.map((channel: { id: string }) => channel.id)
}

describe('POST /admin/sales-channels/:id/products/batch', () => {
  it('adds products to the channel and answers with the channel', async () => {
    const channel = await makeSalesChannel(ctx.app.db, { name: 'Web' })
    const [a, b] = [await makeProduct(ctx.app.db), await makeProduct(ctx.app.db)]

    const res = await batch('POST', channel.id, { product_ids: [{ id: a.id }, { id: b.id }] })
    const again = await batch('POST', channel.id, { product_ids: [{ id: a.id }] })

    expect(res.statusCode).toBe(200)
    expect(res.json().sales_channel).toMatchObject({ id: channel.id, name: 'Web', is_disabled: false })
    expect(again.statusCode).toBe(200)
    expect(await channelIdsOf(a.id)).toEqual([channel.id])
    expect(await channelIdsOf(b.id)).toEqual([channel.id])
  })

  it('refuses unknown products with the multiple-errors envelope and adds none', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const product = await makeProduct(ctx.app.db)

    const res = await batch('POST', channel.id, { product_ids: [{ id: product.id }, { id: 'prod_missing' }] })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      errors: ['Products prod_missing do not exist'],
      message: 'Provided request body contains errors. Please check the data and retry the request',
    })
    expect(await channelIdsOf(product.id)).toEqual([])
  })

  it('answers 404 for an unknown or deleted channel and 400 for bad bodies', async () => {
    const deleted = await makeSalesChannel(ctx.app.db, { deleted_at: new Date() })
    const product = await makeProduct(ctx.app.db)

    const unknown = await batch('POST', 'sc_missing', { product_ids: [{ id: product.id }] })
    const gone = await batch('POST', deleted.id, { product_ids: [{ id: product.id }] })
    const strings = await batch('POST', deleted.id, { product_ids: [product.id] })
    const missing = await batch('POST', deleted.id, {})

    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ type: 'not_found', message: 'Sales channel with id sc_missing was not found' })
    expect(gone.statusCode).toBe(404)
    expect(strings.statusCode).toBe(400)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/product_ids is required/)
  })
})

describe('DELETE /admin/sales-channels/:id/products/batch', () => {
  it('removes products from the channel only', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const other = await makeSalesChannel(ctx.app.db)
    const product = await makeProduct(ctx.app.db, { sales_channel_ids: [channel.id, other.id] })

    const res = await batch('DELETE', channel.id, { product_ids: [{ id: product.id }] })

    expect(res.statusCode).toBe(200)
    expect(res.json().sales_channel.id).toBe(channel.id)
    expect(await channelIdsOf(product.id)).toEqual([other.id])
  })

  it('refuses unknown products', async () => {
    const channel = await makeSalesChannel(ctx.app.db)

    const res = await batch('DELETE', channel.id, { product_ids: [{ id: 'prod_missing' }] })

    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual(['Products prod_missing do not exist'])
  })

  it('needs an admin', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/admin/sales-channels/sc_x/products/batch',
      payload: { product_ids: [] },
    })

    expect(res.statusCode).toBe(401)
  })
})
