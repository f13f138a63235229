import qs from 'qs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Emporium } from '../emporium.js'
import { startScriptedServer, type ScriptedServer } from '../testing/scripted-server.js'

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer()
})
afterAll(() => server.close())

const lastRequest = () => server.seen[server.seen.length - 1]

describe('headers', () => {
  it('sends JSON accept and content type, the publishable key and custom headers', async () => {
    server.script([{ status: 200, body: { products: [] } }])
    const client = new Emporium({
      baseUrl: server.baseUrl,
      publishableApiKey: 'pk_01',
      customHeaders: { 'x-shop': 'north' },
    })
    await client.store.products.list()
    const { headers } = lastRequest()
    expect(headers.accept).toBe('application/json')
    expect(headers['content-type']).toBe('application/json')
    expect(headers['x-publishable-api-key']).toBe('pk_01')
    expect(headers['x-shop']).toBe('north')
    expect(headers['x-medusa-access-token']).toBeUndefined()
    expect(headers.authorization).toBeUndefined()
  })

  it('sends the API token on admin calls only', async () => {
    server.script([{ status: 200, body: {} }])
    const client = new Emporium({ baseUrl: server.baseUrl, apiKey: 'secret-token' })
    await client.admin.products.list()
    expect(lastRequest().headers['x-medusa-access-token']).toBe('secret-token')
    await client.store.products.list()
    expect(lastRequest().headers['x-medusa-access-token']).toBeUndefined()
  })

  it('keeps the store and admin bearer tokens apart, each set by its own getToken', async () => {
    const client = new Emporium({ baseUrl: server.baseUrl })
    server.script([{ status: 200, body: { access_token: 'store-jwt' } }])
    await client.store.auth.getToken({ email: 'a@b.co', password: 'pw' })
    server.script([{ status: 200, body: {} }])
    await client.store.customers.retrieve()
    expect(lastRequest().headers.authorization).toBe('Bearer store-jwt')
    await client.admin.products.list()
    expect(lastRequest().headers.authorization).toBeUndefined()

    server.script([{ status: 200, body: { access_token: 'admin-jwt' } }])
    await client.admin.auth.getToken({ email: 'a@b.co', password: 'pw' })
    server.script([{ status: 200, body: {} }])
    await client.admin.products.list()
    expect(lastRequest().headers.authorization).toBe('Bearer admin-jwt')
    await client.carts.retrieve('cart_1')
    expect(lastRequest().headers.authorization).toBe('Bearer store-jwt')
  })

  it("a call's own Authorization wins over the stored token", async () => {
    const client = new Emporium({ baseUrl: server.baseUrl })
    client.http.tokens.set('store', 'stored')
    server.script([{ status: 200, body: {} }])
    await client.store.customers.retrieve({ Authorization: 'Bearer mine' })
    expect(lastRequest().headers.authorization).toBe('Bearer mine')
  })
})

describe('query and body', () => {
  it('puts list filters in the query string, read back by the server parser as the same object', async () => {
    server.script([{ status: 200, body: { products: [] } }])
    const client = new Emporium({ baseUrl: server.baseUrl })
    const query = {
      limit: 5,
      offset: 10,
      id: Array.from({ length: 20 }, (_, index) => `prod_${index}`),
      created_at: { gte: '2024-01-01' },
      q: 'shirt & tie',
    }
    await client.store.products.list(query)
    const { url, body, method } = lastRequest()
    expect(method).toBe('GET')
    expect(url.startsWith('/store/products?')).toBe(true)
    expect(body.length).toBe(0)
    const parsed = qs.parse(url.split('?')[1], { arrayLimit: 20, depth: 5, parameterLimit: 1000 })
    expect(parsed).toEqual({ ...query, limit: '5', offset: '10' })
  })

  it('sends a JSON body on POST and DELETE, none on GET', async () => {
    server.script([{ status: 200, body: {} }])
    const client = new Emporium({ baseUrl: server.baseUrl })
    await client.carts.update('cart_1', { email: 'a@b.co' })
    expect(JSON.parse(lastRequest().body.toString())).toEqual({ email: 'a@b.co' })
    await client.admin.collections.removeProducts('pcol_1', { product_ids: ['prod_1'] })
    expect(lastRequest().method).toBe('DELETE')
    expect(JSON.parse(lastRequest().body.toString())).toEqual({ product_ids: ['prod_1'] })
    await client.carts.retrieve('cart_1')
    expect(lastRequest().body.length).toBe(0)
  })

  it('encodes path segments', async () => {
    server.script([{ status: 200, body: { exists: true } }])
    const client = new Emporium({ baseUrl: server.baseUrl })
    await client.auth.exists('a+b/c@shop.co')
    expect(lastRequest().url).toBe('/store/auth/a%2Bb%2Fc%40shop.co')
  })

  it('custom admin calls go under /admin', async () => {
    server.script([{ status: 200, body: { ok: true } }])
    const client = new Emporium({ baseUrl: server.baseUrl })
    const result = await client.admin.custom.get<{ ok: boolean }>('/reports/sales', { period: 'week' })
    expect(lastRequest().url).toBe('/admin/reports/sales?period=week')
    expect(result.ok).toBe(true)
    await client.admin.custom.post('reports', { a: 1 })
    expect(lastRequest().url).toBe('/admin/reports')
    await client.admin.custom.delete('/reports/1')
    expect([lastRequest().method, lastRequest().url]).toEqual(['DELETE', '/admin/reports/1'])
  })
})

describe('answers', () => {
  it('adds `response` with status, headers and data to the body', async () => {
    server.script([{ status: 200, body: { regions: [{ id: 'reg_1' }], count: 1 }, headers: { 'x-cache': 'miss' } }])
    const client = new Emporium({ baseUrl: server.baseUrl })
    const result = await client.regions.list()
    expect(result.regions).toEqual([{ id: 'reg_1' }])
    expect(result.count).toBe(1)
    expect(result.response.status).toBe(200)
    expect(result.response.headers['x-cache']).toBe('miss')
    expect(result.response.data).toEqual({ regions: [{ id: 'reg_1' }], count: 1 })
  })

  it('rejects with the error envelope on a 4xx', async () => {
    server.script([{ status: 404, body: { type: 'not_found', message: 'Cart with id: x was not found' } }])
    const client = new Emporium({ baseUrl: server.baseUrl })
    await expect(client.carts.retrieve('x')).rejects.toMatchObject({
      response: { status: 404, data: { type: 'not_found', message: 'Cart with id: x was not found' } },
    })
  })

  it('defaults to http://localhost:9000', () => {
    expect(new Emporium().http.config.baseUrl).toBe('http://localhost:9000')
  })
})

describe('uploads', () => {
  it('sends each file as multipart under the field `files`', async () => {
    server.script([{ status: 200, body: { uploads: [] } }])
    const client = new Emporium({ baseUrl: server.baseUrl, apiKey: 'token' })
    const files = [
      new File(['first'], 'a.txt', { type: 'text/plain' }),
      new File(['second'], 'b.png', { type: 'image/png' }),
    ]
    await client.admin.uploads.create(files)
    const { headers, body, url } = lastRequest()
    expect(url).toBe('/admin/uploads')
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(headers['x-medusa-access-token']).toBe('token')
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': headers['content-type'] as string },
    }).formData()
    const sent = form.getAll('files') as File[]
    expect(sent.map((file) => file.name)).toEqual(['a.txt', 'b.png'])
    expect(await sent[1].text()).toBe('second')
  })
})
