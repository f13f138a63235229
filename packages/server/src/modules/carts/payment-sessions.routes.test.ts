import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../providers/payment-test.js'
import { makeCart } from '../../testing/factories/carts.js'
import { makeProduct, type ProductFixture } from '../../testing/factories/catalog.js'
import { asCustomer } from '../../testing/factories/customers.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeTaxRate } from '../../testing/factories/tax.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { paymentSession } from './schema.js'
import { lockCart } from './service.js'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

const ctx = useTestApp()
const db = () => ctx.app.db
let provider: TestPaymentProvider
/** A region whose only payment provider is `test`, so its session is selected and started at once. */
let testOnly: RegionFixture
/** A region offering `manual` and `test`. */
let both: RegionFixture
let productTestOnly: ProductFixture
let productBoth: ProductFixture

interface Session {
  id: string
  provider_id: string
  is_selected: boolean | null
  is_initiated: boolean
  status: string
  amount: number
  data: Record<string, unknown>
}

async function send(method: 'POST' | 'GET' | 'DELETE', url: string, payload?: object, headers = {}) {
  const res = await ctx.app.inject({ method, url, payload, headers })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

async function cartIn(regionId: string, product: ProductFixture, quantity = 1, context: object = {}) {
  const res = await send('POST', '/store/carts', {
    region_id: regionId,
    items: [{ variant_id: product.variants[0].id, quantity }],
    context,
  })
  expect(res.status).toBe(200)
  return res.body.cart.id as string
}

const sessionsOf = (body: { cart: { payment_sessions: Session[] } }) => body.cart.payment_sessions

beforeAll(async () => {
  await ensureStore(db())
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
  testOnly = await makeRegion(db(), { payment_providers: ['test'], tax_rate: 10 })
  both = await makeRegion(db(), { payment_providers: ['manual', 'test'] })
  await makeTaxRate(db(), { region_id: testOnly.id, rate: 10, name: 'VAT' })
  productTestOnly = await makeProduct(db(), {
    variants: [{ inventory_quantity: 1000, prices: [{ amount: 1000, region_id: testOnly.id }] }],
  })
  productBoth = await makeProduct(db(), {
    variants: [{ inventory_quantity: 1000, prices: [{ amount: 2500, region_id: both.id }] }],
  })
})

beforeEach(() => provider.reset())

describe('POST /store/carts/:id/payment-sessions', () => {
  it("starts and selects the region's only provider with the cart total", async () => {
    const { customer, headers } = await asCustomer(db())
    const res = await send(
      'POST',
      '/store/carts',
      {
        region_id: testOnly.id,
        items: [{ variant_id: productTestOnly.variants[0].id, quantity: 2 }],
      },
      headers,
    )
    const id = res.body.cart.id

    const created = await send('POST', `/store/carts/${id}/payment-sessions`)
    expect(created.status).toBe(200)
    expect(created.headers['idempotency-key']).toBeTruthy()
    expect(sessionsOf(created.body)).toMatchObject([
      { provider_id: 'test', is_selected: true, is_initiated: true, status: 'pending', amount: 2200 },
    ])
    expect(created.body.cart.payment_session).toMatchObject({ provider_id: 'test', data: { amount: 2200 } })
    expect(created.body.cart.customer).toMatchObject({ id: customer.id })
    expect(created.body.cart.region.tax_rates).toMatchObject([{ name: 'VAT', rate: 10 }])
    expect(provider.callsTo('initiatePayment')).toHaveLength(1)
    expect(provider.callsTo('initiatePayment')[0].context).toMatchObject({
      amount: 2200,
      currency_code: 'usd',
      resource_id: id,
      email: customer.email,
      customer_id: customer.id,
    })

    // Again: nothing changed, nothing to tell the provider.
    const again = await send('POST', `/store/carts/${id}/payment-sessions`)
    expect(sessionsOf(again.body).map((session) => session.id)).toEqual(sessionsOf(created.body).map((s) => s.id))
    expect(provider.calls).toHaveLength(1)
  })

  it('creates a session per provider of a multi-provider region without starting any', async () => {
    const id = await cartIn(both.id, productBoth)
    const res = await send('POST', `/store/carts/${id}/payment-sessions`)
    expect(sessionsOf(res.body)).toMatchObject([
      { provider_id: 'manual', is_selected: null, is_initiated: false, amount: 2500, data: {} },
      { provider_id: 'test', is_selected: null, is_initiated: false, amount: 2500, data: {} },
    ])
    expect(res.body.cart.payment_session).toBeNull()
    expect(provider.calls).toHaveLength(0)
  })

  it('removes the sessions of a cart that costs nothing', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    await send('POST', `/store/carts/${id}/payment-sessions`)
    const lineId = (await send('GET', `/store/carts/${id}`)).body.cart.items[0].id
    const emptied = await send('DELETE', `/store/carts/${id}/line-items/${lineId}`)
    expect(emptied.body.cart.payment_sessions).toEqual([])
    expect(provider.callsTo('deletePayment')).toHaveLength(1)
  })

  it('reports a provider failure and succeeds when retried with the same key', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    provider.failNext('initiatePayment')
    const headers = { 'idempotency-key': `sessions-${id}` }
    const failed = await send('POST', `/store/carts/${id}/payment-sessions`, undefined, headers)
    expect(failed.status).toBe(422)
    expect(failed.body.type).toBe('payment_authorization_error')
    const retried = await send('POST', `/store/carts/${id}/payment-sessions`, undefined, headers)
    expect(retried.status).toBe(200)
    expect(retried.body.cart.payment_session).toMatchObject({ is_initiated: true })
    const replayed = await send('POST', `/store/carts/${id}/payment-sessions`, undefined, headers)
    expect(replayed.body).toEqual(retried.body)
    expect(provider.callsTo('initiatePayment')).toHaveLength(2)
  })

  it('holds no transaction or lock while the provider answers, and catches up with changes made meanwhile', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    const hold = provider.hold()
    const pending = send('POST', `/store/carts/${id}/payment-sessions`)
    await hold.reached

    // While the provider is held: the cart reads, takes its lock, and changes.
    expect((await send('GET', `/store/carts/${id}`)).status).toBe(200)
    await db().transaction((tx) => lockCart(tx, id))
    const added = await send('POST', `/store/carts/${id}/line-items`, {
      variant_id: productTestOnly.variants[0].id,
      quantity: 2,
    })
    expect(added.status).toBe(200)
    expect(added.body.cart.total).toBe(3300)

    hold.release()
    const done = await pending
    expect(done.status).toBe(200)
    expect(done.body.cart.payment_session).toMatchObject({ is_initiated: true, amount: 3300, data: { amount: 3300 } })
    expect(provider.calls.map((call) => [call.method, (call.context as { amount?: number }).amount])).toEqual([
      ['initiatePayment', 1100],
      ['updatePayment', 3300],
    ])
  })

  it('asks a provider that answers in-process under the cart lock, so a change waits for its answer', async () => {
    Object.defineProperty(provider, 'local', { value: true, configurable: true })
    try {
      const id = await cartIn(testOnly.id, productTestOnly)
      const hold = provider.hold()
      const pending = send('POST', `/store/carts/${id}/payment-sessions`)
      await hold.reached

      let addedEarly = false
      const added = send('POST', `/store/carts/${id}/line-items`, {
        variant_id: productTestOnly.variants[0].id,
        quantity: 2,
      }).finally(() => (addedEarly = true))
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect(addedEarly).toBe(false)

      hold.release()
      const done = await pending
      expect(done.status).toBe(200)
      expect(done.body.cart.payment_session).toMatchObject({ is_initiated: true, amount: 1100, data: { amount: 1100 } })
      const after = await added
      expect(after.status).toBe(200)
      expect(after.body.cart.payment_session).toMatchObject({ amount: 3300, data: { amount: 3300 } })
      expect(provider.calls.map((call) => [call.method, (call.context as { amount?: number }).amount])).toEqual([
        ['initiatePayment', 1100],
        ['updatePayment', 3300],
      ])
    } finally {
      delete (provider as { local?: boolean }).local
    }
  })

  it('drops an answer for a session started elsewhere meanwhile, deleting its provider session', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    const hold = provider.hold()
    const pending = send('POST', `/store/carts/${id}/payment-sessions`)
    await hold.reached

    // Another request started the session while the provider was answering this one.
    await db()
      .update(paymentSession)
      .set({ is_initiated: true, data: { started: 'elsewhere' } })
      .where(eq(paymentSession.cart_id, id))
    hold.release()
    const done = await pending

    expect(done.status).toBe(200)
    expect(done.body.cart.payment_session).toMatchObject({ is_initiated: true, data: { started: 'elsewhere' } })
    expect(provider.callsTo('initiatePayment')).toHaveLength(1)
    expect(provider.callsTo('deletePayment')).toHaveLength(1)
    expect(provider.callsTo('deletePayment')[0].data).toMatchObject({ amount: 1100, resource_id: id })
  })

  it('refuses a completed cart and 404s an unknown one', async () => {
    const completed = await makeCart(db(), { region_id: testOnly.id, completed_at: new Date(), items: [{}] })
    const res = await send('POST', `/store/carts/${completed.id}/payment-sessions`)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cart_incompatible_state')
    expect((await send('POST', '/store/carts/cart_missing/payment-sessions')).status).toBe(404)
  })
})

describe('selecting, updating, refreshing and deleting sessions', () => {
  it('selects a provider, starting its session; another selection moves the choice', async () => {
    const id = await cartIn(both.id, productBoth)
    await send('POST', `/store/carts/${id}/payment-sessions`)

    const test = await send('POST', `/store/carts/${id}/payment-session`, { provider_id: 'test' })
    expect(test.status).toBe(200)
    expect(test.body.cart.payment_session).toMatchObject({ provider_id: 'test', is_selected: true, is_initiated: true })
    expect(provider.callsTo('initiatePayment')).toHaveLength(1)

    const manual = await send('POST', `/store/carts/${id}/payment-session`, { provider_id: 'manual' })
    expect(manual.body.cart.payment_session).toMatchObject({
      provider_id: 'manual',
      is_initiated: true,
      data: { status: 'pending' },
    })
    expect(sessionsOf(manual.body).find((session) => session.provider_id === 'test')?.is_selected).toBeNull()

    const unknown = await send('POST', `/store/carts/${id}/payment-session`, { provider_id: 'stripe' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/not available in the cart's region/)
    expect((await send('POST', `/store/carts/${id}/payment-session`, {})).status).toBe(400)
  })

  it('answers a selection of the session already selected without writing to it', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    const created = await send('POST', `/store/carts/${id}/payment-sessions`)
    const [session] = sessionsOf(created.body) as (Session & { updated_at: string })[]
    expect(session).toMatchObject({ is_selected: true, is_initiated: true })

    const again = await send('POST', `/store/carts/${id}/payment-session`, { provider_id: 'test' })
    expect(again.status).toBe(200)
    expect(again.body.cart.payment_session).toMatchObject({ id: session.id, is_selected: true, is_initiated: true })
    expect(again.body.cart.payment_session.updated_at).toBe(session.updated_at)
    expect(again.body.cart.total).toBe(created.body.cart.total)
    expect(provider.callsTo('initiatePayment')).toHaveLength(1)
  })

  // PGlite has one connection: a transaction holding the lock there holds every request.
  it.runIf(onPostgres)(
    'answers such a selection without waiting for the cart lock, and still refuses a bad one',
    async () => {
      const id = await cartIn(testOnly.id, productTestOnly)
      await send('POST', `/store/carts/${id}/payment-sessions`)
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      let locked!: () => void
      const lockTaken = new Promise<void>((resolve) => (locked = resolve))
      const holder = db().transaction(async (tx) => {
        await lockCart(tx, id)
        locked()
        await released
      })
      await lockTaken
      try {
        const again = await send('POST', `/store/carts/${id}/payment-session`, { provider_id: 'test' })
        expect(again.status).toBe(200)
        expect(again.body.cart.payment_session).toMatchObject({ provider_id: 'test', is_selected: true })
        const unknown = await send('POST', `/store/carts/${id}/payment-session`, { provider_id: 'manual' })
        expect(unknown.status).toBe(400)
        expect(unknown.body.message).toContain('manual')
      } finally {
        release()
        await holder
      }
    },
  )

  it("updates the session's provider data", async () => {
    const id = await cartIn(both.id, productBoth, 1, { test_outcome: 'requires_more' })
    await send('POST', `/store/carts/${id}/payment-sessions`)
    const res = await send('POST', `/store/carts/${id}/payment-sessions/test`, { data: { card: 'tok_visa' } })
    expect(res.status).toBe(200)
    expect(res.body.cart.payment_session).toMatchObject({
      provider_id: 'test',
      data: { card: 'tok_visa', outcome: 'requires_more', amount: 2500 },
    })
    expect(provider.callsTo('updatePayment')[0].data).toMatchObject({ card: 'tok_visa' })
    expect((await send('POST', `/store/carts/${id}/payment-sessions/test`, {})).status).toBe(400)
  })

  it('refreshes a session with a new provider session', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    const created = await send('POST', `/store/carts/${id}/payment-sessions`)
    const before = created.body.cart.payment_session as Session

    const res = await send('POST', `/store/carts/${id}/payment-sessions/test/refresh`)
    expect(res.status).toBe(200)
    const [after] = sessionsOf(res.body)
    expect(after).toMatchObject({ provider_id: 'test', is_selected: true, is_initiated: true })
    expect(after.id).not.toBe(before.id)
    expect(provider.callsTo('deletePayment')).toHaveLength(1)
    expect(provider.callsTo('initiatePayment')).toHaveLength(2)
    // v1 answers the refresh with a short list of relations.
    expect(res.body.cart).not.toHaveProperty('items')
    expect(res.body.cart.region).toHaveProperty('payment_providers')
  })

  it('deletes a session; deleting a missing one changes nothing', async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    await send('POST', `/store/carts/${id}/payment-sessions`)
    const res = await send('DELETE', `/store/carts/${id}/payment-sessions/test`)
    expect(res.status).toBe(200)
    expect(res.body.cart.payment_sessions).toEqual([])
    expect(provider.callsTo('deletePayment')).toHaveLength(1)
    expect((await send('DELETE', `/store/carts/${id}/payment-sessions/manual`)).status).toBe(200)
  })

  it("keeps the started session's amount in line with the cart", async () => {
    const id = await cartIn(testOnly.id, productTestOnly)
    await send('POST', `/store/carts/${id}/payment-sessions`)
    const lineId = (await send('GET', `/store/carts/${id}`)).body.cart.items[0].id
    const res = await send('POST', `/store/carts/${id}/line-items/${lineId}`, { quantity: 4 })
    expect(res.body.cart.payment_session).toMatchObject({ amount: 4400, data: { amount: 4400 } })
    expect(provider.callsTo('updatePayment')).toHaveLength(1)
  })
})
