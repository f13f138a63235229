import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../providers/payment-test.js'
import { makePaymentCollection } from '../../testing/factories/payment-collections.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import { paymentSession } from '../carts/schema.js'
import { ensureStore } from '../store/service.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let provider: TestPaymentProvider
let region: RegionFixture

interface Session {
  id: string
  provider_id: string
  status: string
  amount: number
  is_initiated: boolean
  data: Record<string, unknown>
}

async function send(method: 'POST' | 'GET', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, payload })
  return { status: res.statusCode, body: res.json() }
}

async function collection(amount = 1000) {
  return (await makePaymentCollection(db(), region, { amount })).id
}

async function sessionsFor(id: string, providerId = 'test') {
  const res = await send('POST', `/store/payment-collections/${id}/sessions`, { provider_id: providerId })
  expect(res.status).toBe(200)
  return res.body.payment_collection.payment_sessions as Session[]
}

beforeAll(async () => {
  await ensureStore(db())
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
  region = await makeRegion(db(), { payment_providers: ['manual', 'test'] })
})

beforeEach(() => provider.reset())

describe('GET /store/payment-collections/:id', () => {
  it('returns the collection with its region and sessions', async () => {
    const id = await collection()
    const res = await send('GET', `/store/payment-collections/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.payment_collection).toMatchObject({
      id,
      type: 'order_edit',
      status: 'not_paid',
      amount: 1000,
      currency_code: 'usd',
      region: { id: region.id },
      payment_sessions: [],
    })
    expect(res.body.payment_collection.payments).toBeUndefined()
  })

  it('selects fields and relations', async () => {
    const id = await collection()
    const res = await send('GET', `/store/payment-collections/${id}?fields=amount&expand=currency`)
    expect(res.status).toBe(200)
    expect(res.body.payment_collection).toEqual({
      id,
      amount: 1000,
      currency: expect.objectContaining({ code: 'usd' }),
    })
  })

  it('rejects an unknown expand and unknown query keys', async () => {
    const id = await collection()
    expect((await send('GET', `/store/payment-collections/${id}?expand=items`)).status).toBe(400)
    expect((await send('GET', `/store/payment-collections/${id}?foo=1`)).status).toBe(400)
  })

  it('404s on an unknown id', async () => {
    const res = await send('GET', '/store/payment-collections/paycol_missing')
    expect(res.status).toBe(404)
    expect(res.body.type).toBe('not_found')
  })
})

describe('POST /store/payment-collections/:id/sessions', () => {
  it('starts one session for the whole amount, and reuses it on a second call', async () => {
    const id = await collection(1500)
    const [first] = await sessionsFor(id)
    expect(first).toMatchObject({ provider_id: 'test', amount: 1500, status: 'pending', is_initiated: true })
    expect(first.data).toMatchObject({ amount: 1500, resource_id: id })
    const again = await sessionsFor(id)
    expect(again.map((session) => session.id)).toEqual([first.id])
    expect(provider.callsTo('initiatePayment')).toHaveLength(1)
    expect(provider.callsTo('updatePayment')).toHaveLength(1)
  })

  it('replaces the session of another provider', async () => {
    const id = await collection()
    const [first] = await sessionsFor(id)
    const [second] = await sessionsFor(id, 'manual')
    expect(second.provider_id).toBe('manual')
    expect(second.id).not.toBe(first.id)
    expect(provider.callsTo('deletePayment')).toHaveLength(1)
  })

  it('rejects an unknown provider, a missing body field and an unknown collection', async () => {
    const id = await collection()
    const unknown = await send('POST', `/store/payment-collections/${id}/sessions`, { provider_id: 'nope' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toContain('nope')
    const missing = await send('POST', `/store/payment-collections/${id}/sessions`, {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('provider_id')
    const notFound = await send('POST', '/store/payment-collections/paycol_missing/sessions', { provider_id: 'test' })
    expect(notFound.status).toBe(404)
  })
})

describe('POST /store/payment-collections/:id/sessions/batch', () => {
  it('upserts the listed sessions and removes the others', async () => {
    const id = await collection(1000)
    const [only] = await sessionsFor(id)
    const res = await send('POST', `/store/payment-collections/${id}/sessions/batch`, {
      sessions: [
        { provider_id: 'test', amount: 400, session_id: only.id },
        { provider_id: 'manual', amount: 600 },
      ],
    })
    expect(res.status).toBe(200)
    const sessions = res.body.payment_collection.payment_sessions as Session[]
    expect(sessions).toHaveLength(2)
    expect(sessions.find((session) => session.id === only.id)?.amount).toBe(400)
    expect(sessions.find((session) => session.provider_id === 'manual')?.amount).toBe(600)

    const replaced = await send('POST', `/store/payment-collections/${id}/sessions/batch`, {
      sessions: [{ provider_id: 'manual', amount: 1000 }],
    })
    expect(replaced.status).toBe(200)
    const left = replaced.body.payment_collection.payment_sessions as Session[]
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ provider_id: 'manual', amount: 1000 })
  })

  it('rejects amounts that do not sum to the collection amount', async () => {
    const id = await collection(1000)
    const res = await send('POST', `/store/payment-collections/${id}/sessions/batch`, {
      sessions: [
        { provider_id: 'test', amount: 400 },
        { provider_id: 'manual', amount: 500 },
      ],
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('sessions')
    expect(provider.calls).toHaveLength(0)
  })

  it('rejects bad input', async () => {
    const id = await collection(1000)
    const url = `/store/payment-collections/${id}/sessions/batch`
    expect((await send('POST', url, { sessions: [{ provider_id: 'nope', amount: 1000 }] })).status).toBe(400)
    expect((await send('POST', url, { sessions: [{ provider_id: 'test', amount: '1000' }] })).status).toBe(400)
    expect((await send('POST', url, { sessions: [] })).status).toBe(400)
    expect((await send('POST', url, { sessions: [{ provider_id: 'test', amount: 1000, x: 1 }] })).status).toBe(400)
    const unknownSession = await send('POST', url, {
      sessions: [{ provider_id: 'test', amount: 1000, session_id: 'ps_missing' }],
    })
    expect(unknownSession.status).toBe(404)
    const unknown = await send('POST', '/store/payment-collections/paycol_missing/sessions/batch', {
      sessions: [{ provider_id: 'test', amount: 1000 }],
    })
    expect(unknown.status).toBe(404)
  })
})

describe('authorizing sessions', () => {
  it('authorizes a batch: partially, then fully', async () => {
    const id = await collection(1000)
    const res = await send('POST', `/store/payment-collections/${id}/sessions/batch`, {
      sessions: [
        { provider_id: 'test', amount: 300 },
        { provider_id: 'manual', amount: 700 },
      ],
    })
    const sessions = res.body.payment_collection.payment_sessions as Session[]
    const testSession = sessions.find((session) => session.provider_id === 'test')!
    const manualSession = sessions.find((session) => session.provider_id === 'manual')!
    const url = `/store/payment-collections/${id}/sessions/batch/authorize`

    const partial = await send('POST', url, { session_ids: [testSession.id] })
    expect(partial.status).toBe(200)
    expect(partial.body.payment_collection).toMatchObject({ status: 'partially_authorized', authorized_amount: 300 })

    const full = await send('POST', url, { session_ids: [testSession.id, manualSession.id] })
    expect(full.status).toBe(200)
    expect(full.body.payment_collection).toMatchObject({ status: 'authorized', authorized_amount: 1000 })
    expect(provider.callsTo('authorizePayment')).toHaveLength(1)

    const admin = await ctx.app.inject({ method: 'GET', url: `/store/payment-collections/${id}?expand=payments` })
    expect(admin.json().payment_collection.payments).toHaveLength(2)
  })

  it('a declined authorization leaves the collection awaiting', async () => {
    const id = await collection(1000)
    const [session] = await sessionsFor(id)
    await db()
      .update(paymentSession)
      .set({ data: { ...session.data, outcome: 'fail' } })
      .where(eq(paymentSession.id, session.id))
    const res = await send('POST', `/store/payment-collections/${id}/sessions/batch/authorize`, {
      session_ids: [session.id],
    })
    expect(res.status).toBe(200)
    expect(res.body.payment_collection).toMatchObject({ status: 'awaiting', authorized_amount: 0 })
    expect(res.body.payment_collection.payment_sessions[0].status).toBe('error')
  })

  it('rejects bad input on batch authorize', async () => {
    const id = await collection()
    const url = `/store/payment-collections/${id}/sessions/batch/authorize`
    expect((await send('POST', url, {})).status).toBe(400)
    expect((await send('POST', url, { session_ids: 'ps_1' })).status).toBe(400)
    expect((await send('POST', url, { session_ids: ['ps_missing'] })).status).toBe(404)
    const unknown = '/store/payment-collections/paycol_missing/sessions/batch/authorize'
    expect((await send('POST', unknown, { session_ids: ['ps_1'] })).status).toBe(404)
  })

  it('authorizes one session', async () => {
    const id = await collection(1000)
    const [session] = await sessionsFor(id)
    const res = await send('POST', `/store/payment-collections/${id}/sessions/${session.id}/authorize`)
    expect(res.status).toBe(200)
    expect(res.body.payment_session).toMatchObject({ id: session.id, status: 'authorized' })
    const after = await send('GET', `/store/payment-collections/${id}`)
    expect(after.body.payment_collection).toMatchObject({ status: 'authorized' })
  })

  it('answers 422 when one session is declined, and the collection stays unauthorized', async () => {
    const id = await collection(1000)
    const [session] = await sessionsFor(id)
    await db()
      .update(paymentSession)
      .set({ data: { ...session.data, outcome: 'fail' } })
      .where(eq(paymentSession.id, session.id))
    const res = await send('POST', `/store/payment-collections/${id}/sessions/${session.id}/authorize`)
    expect(res.status).toBe(422)
    expect(res.body.type).toBe('payment_authorization_error')
    const after = await send('GET', `/store/payment-collections/${id}`)
    expect(after.body.payment_collection.status).not.toBe('authorized')
  })

  it('answers 422 when the gateway throws', async () => {
    const id = await collection(1000)
    const [session] = await sessionsFor(id)
    provider.failNext('authorizePayment')
    const res = await send('POST', `/store/payment-collections/${id}/sessions/${session.id}/authorize`)
    expect(res.status).toBe(422)
  })

  it('404s on unknown ids', async () => {
    const id = await collection()
    expect((await send('POST', `/store/payment-collections/${id}/sessions/ps_missing/authorize`)).status).toBe(404)
    expect((await send('POST', '/store/payment-collections/paycol_missing/sessions/ps_1/authorize')).status).toBe(404)
  })
})

describe('POST /store/payment-collections/:id/sessions/:session_id', () => {
  it('replaces the session with a fresh one', async () => {
    const id = await collection(800)
    const [session] = await sessionsFor(id)
    const res = await send('POST', `/store/payment-collections/${id}/sessions/${session.id}`)
    expect(res.status).toBe(200)
    expect(res.body.payment_session).toMatchObject({ provider_id: 'test', amount: 800, status: 'pending' })
    expect(res.body.payment_session.id).not.toBe(session.id)
    expect(provider.callsTo('deletePayment')).toHaveLength(1)
    const after = await send('GET', `/store/payment-collections/${id}`)
    expect(after.body.payment_collection.payment_sessions.map((row: Session) => row.id)).toEqual([
      res.body.payment_session.id,
    ])
  })

  it('404s on unknown ids', async () => {
    const id = await collection()
    expect((await send('POST', `/store/payment-collections/${id}/sessions/ps_missing`)).status).toBe(404)
    expect((await send('POST', '/store/payment-collections/paycol_missing/sessions/ps_1')).status).toBe(404)
  })
})
