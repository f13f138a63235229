import { beforeAll, describe, expect, it } from 'vitest'
import { makePaymentCollection } from '../../testing/factories/payment-collections.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let headers: Record<string, string>
let region: RegionFixture

async function send(method: 'POST' | 'GET' | 'DELETE', url: string, payload?: object, auth = headers) {
  const res = await ctx.app.inject({ method, url, payload, headers: auth })
  return { status: res.statusCode, body: res.json() }
}

const collection = async (amount = 1000) => (await makePaymentCollection(db(), region, { amount })).id

beforeAll(async () => {
  await ensureStore(db())
  headers = (await asAdmin(db())).headers
  region = await makeRegion(db(), { payment_providers: ['test'] })
})

describe('GET /admin/payment-collections/:id', () => {
  it('returns the collection with region, sessions and payments', async () => {
    const id = await collection()
    const res = await send('GET', `/admin/payment-collections/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.payment_collection).toMatchObject({
      id,
      status: 'not_paid',
      amount: 1000,
      authorized_amount: null,
      created_by: 'usr_test',
      region: { id: region.id },
      payment_sessions: [],
      payments: [],
    })
  })

  it('needs an admin', async () => {
    const id = await collection()
    const res = await ctx.app.inject({ method: 'GET', url: `/admin/payment-collections/${id}` })
    expect(res.statusCode).toBe(401)
  })

  it('404s on an unknown id and 400s on an unknown field', async () => {
    expect((await send('GET', '/admin/payment-collections/paycol_missing')).status).toBe(404)
    const id = await collection()
    expect((await send('GET', `/admin/payment-collections/${id}?fields=nope`)).status).toBe(400)
  })
})

describe('POST /admin/payment-collections/:id', () => {
  it('updates the description and merges metadata', async () => {
    const id = (await makePaymentCollection(db(), region, { metadata: { a: 1, b: 2 } })).id
    const res = await send('POST', `/admin/payment-collections/${id}`, {
      description: 'Difference due',
      metadata: { b: '', c: 3 },
    })
    expect(res.status).toBe(200)
    expect(res.body.payment_collection).toMatchObject({ description: 'Difference due', metadata: { a: 1, c: 3 } })
  })

  it('rejects bad input and unknown ids', async () => {
    const id = await collection()
    const wrongType = await send('POST', `/admin/payment-collections/${id}`, { description: 5 })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toContain('description')
    expect((await send('POST', `/admin/payment-collections/${id}`, { amount: 5 })).status).toBe(400)
    expect((await send('POST', '/admin/payment-collections/paycol_missing', { description: 'x' })).status).toBe(404)
  })
})

describe('POST /admin/payment-collections/:id/authorize', () => {
  it('marks the collection authorized for its whole amount', async () => {
    const id = await collection(2500)
    const res = await send('POST', `/admin/payment-collections/${id}/authorize`)
    expect(res.status).toBe(200)
    expect(res.body.payment_collection).toMatchObject({ status: 'authorized', authorized_amount: 2500 })
  })

  it('404s on an unknown id', async () => {
    expect((await send('POST', '/admin/payment-collections/paycol_missing/authorize')).status).toBe(404)
  })
})

describe('DELETE /admin/payment-collections/:id', () => {
  it('soft-deletes a not_paid collection', async () => {
    const id = await collection()
    const res = await send('DELETE', `/admin/payment-collections/${id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id, object: 'payment_collection', deleted: true })
    expect((await send('GET', `/admin/payment-collections/${id}`)).status).toBe(404)
    expect((await send('DELETE', `/admin/payment-collections/${id}`)).status).toBe(404)
  })

  it('refuses to delete an authorized collection', async () => {
    const id = await collection()
    await send('POST', `/admin/payment-collections/${id}/authorize`)
    const res = await send('DELETE', `/admin/payment-collections/${id}`)
    expect(res.status).toBe(400)
    expect(res.body.type).toBe('not_allowed')
    expect((await send('GET', `/admin/payment-collections/${id}`)).status).toBe(200)
  })

  it('refuses session changes once authorized', async () => {
    const id = await collection()
    await send('POST', `/admin/payment-collections/${id}/authorize`)
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/store/payment-collections/${id}/sessions`,
      payload: { provider_id: 'test' },
    })
    expect(res.statusCode).toBe(400)
  })
})
