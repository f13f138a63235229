import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureStore } from '../../server/src/modules/store/service.js'
import { freeCountry } from '../../server/src/testing/factories/carts.js'
import { makeProduct } from '../../server/src/testing/factories/catalog.js'
import { makeOrder } from '../../server/src/testing/factories/orders.js'
import { makeRegion, type RegionFixture } from '../../server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../server/src/testing/factories/shipping.js'
import { makeUser, TEST_PASSWORD } from '../../server/src/testing/factories/users.js'
import { buildTestApp } from '../../server/src/testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../../server/src/testing/test-db.js'
import { Emporium } from './emporium.js'

/** The real server on a fresh database, listening on a free local port, driven over HTTP. */
let database: TestDatabase
let app: FastifyInstance
let baseUrl: string
let region: RegionFixture

beforeAll(async () => {
  database = await createTestDatabase()
  app = await buildTestApp(database)
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  await ensureStore(app.db)
  region = await makeRegion(app.db, { currency_code: 'usd', countries: [await freeCountry(app.db)] })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('shopper journey through the client', () => {
  it('lists products, fills a cart, picks shipping and payment, and places the order', async () => {
    const product = await makeProduct(app.db, {
      title: 'Client journey tee',
      variants: [{ inventory_quantity: 5, prices: [{ amount: 2500, currency_code: 'usd', region_id: region.id }] }],
    })
    await makeShippingOption(app.db, region.id, { amount: 500 })
    // Retries on, as the hooks use them: every POST carries an Idempotency-Key.
    const client = new Emporium({ baseUrl, maxRetries: 3 })

    const listed = await client.store.products.list({ q: 'Client journey', region_id: region.id })
    expect(listed.response.status).toBe(200)
    expect(listed.products.map((p) => p.id)).toContain(product.id)

    const { cart } = await client.store.carts.create({ region_id: region.id })
    const variantId = product.variants[0].id
    const withItem = await client.store.carts.lineItems.create(cart.id, { variant_id: variantId, quantity: 2 })
    expect(withItem.cart.items?.map((item) => [item.variant_id, item.quantity])).toEqual([[variantId, 2]])

    await client.store.carts.update(cart.id, {
      email: 'shopper@example.com',
      shipping_address: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address_1: '1 Analytical Row',
        city: 'Capital',
        postal_code: '1234',
        country_code: region.countries[0].iso_2,
      },
    })
    const { shipping_options } = await client.store.shippingOptions.listCartOptions(cart.id)
    expect(shipping_options).toHaveLength(1)
    await client.store.carts.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
    const withSessions = await client.store.carts.createPaymentSessions(cart.id)
    expect(withSessions.cart.payment_sessions?.map((session) => session.provider_id)).toContain('manual')
    const selected = await client.store.carts.setPaymentSession(cart.id, { provider_id: 'manual' })
    expect(selected.cart.total).toBe(2 * 2500 + 500)

    const completed = await client.store.carts.complete(cart.id)
    expect(completed.response.status).toBe(200)
    if (completed.type !== 'order') throw new Error(`expected an order, got a ${completed.type}`)
    const order = completed.data
    expect(order.id).toMatch(/^order_/)
    expect(order.email).toBe('shopper@example.com')

    const fetched = await client.store.orders.retrieveByCartId(cart.id)
    expect(fetched.order.id).toBe(order.id)
  })
})

describe('admin product edit through the client', () => {
  it('logs in for a token, updates a product and reads it back', async () => {
    const user = await makeUser(app.db)
    const product = await makeProduct(app.db, { title: 'Before' })
    const client = new Emporium({ baseUrl })

    await expect(client.admin.products.retrieve(product.id)).rejects.toMatchObject({ response: { status: 401 } })

    const { access_token } = await client.admin.auth.getToken({ email: user.email, password: TEST_PASSWORD })
    expect(access_token).toBeTruthy()

    const updated = await client.admin.products.update(product.id, { title: 'After', subtitle: 'Edited' })
    expect(updated.product.title).toBe('After')

    const read = await client.admin.products.retrieve(product.id)
    expect(read.response.status).toBe(200)
    expect([read.product.title, read.product.subtitle]).toEqual(['After', 'Edited'])

    // The admin token is the admin's alone: storefront calls do not carry it.
    await expect(client.store.customers.retrieve()).rejects.toMatchObject({ response: { status: 401 } })
  })

  it('uploads an image as multipart and sets it as the thumbnail', async () => {
    await makeUser(app.db, { api_token: 'client-upload-token' })
    const product = await makeProduct(app.db)
    const client = new Emporium({ baseUrl, apiKey: 'client-upload-token' })
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'shirt.png', {
      type: 'image/png',
    })
    const { uploads } = await client.admin.uploads.create([png])
    expect(uploads).toHaveLength(1)
    const { url } = uploads[0]
    const updated = await client.admin.products.update(product.id, { thumbnail: url })
    expect(updated.product.thumbnail).toBe(url)
    // The stored file is served back as uploaded (the URL names the public origin; this server's port differs).
    const served = await fetch(new URL(new URL(url, baseUrl).pathname, baseUrl))
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(await png.arrayBuffer()))
  })

  it('authenticates with a user API token in x-medusa-access-token', async () => {
    const user = await makeUser(app.db, { api_token: 'client-test-api-token' })
    const client = new Emporium({ baseUrl, apiKey: 'client-test-api-token' })
    const { users } = await client.admin.users.list()
    expect(users.map((u) => u.id)).toContain(user.id)
  })
})

describe('notes through the client', () => {
  it("writes, reads, edits and deletes a note on an order, shown in the order's timeline", async () => {
    const user = await makeUser(app.db)
    const client = new Emporium({ baseUrl, maxRetries: 3 })
    await client.admin.auth.getToken({ email: user.email, password: TEST_PASSWORD })
    const order = await makeOrder(app.db, { region_id: region.id })
    const { note } = await client.admin.notes.create({
      resource_id: order.id,
      resource_type: 'order',
      value: 'Gift wrap requested',
    })
    expect(note.author_id).toBe(user.id)
    const { notes, count } = await client.admin.notes.list({ resource_id: order.id })
    expect(count).toBe(1)
    expect(notes[0].author?.email).toBe(user.email)
    const { timeline } = await client.admin.orders.timeline(order.id)
    expect(timeline.map((entry) => entry.kind)).toEqual(['order.placed', 'note'])
    const updated = await client.admin.notes.update(note.id, { value: 'Gift wrap, red ribbon' })
    expect(updated.note.value).toBe('Gift wrap, red ribbon')
    const deleted = await client.admin.notes.delete(note.id)
    expect(deleted).toMatchObject({ id: note.id, object: 'note', deleted: true })
  })
})

describe('every list and read of the served routes answers through the client', () => {
  it('store', async () => {
    const client = new Emporium({ baseUrl })
    const calls = [
      client.store.regions.list(),
      client.store.regions.retrieve(region.id),
      client.store.collections.list(),
      client.store.productTags.list(),
      client.store.productTypes.list(),
      client.store.products.variants.list(),
      client.store.shippingOptions.list(),
      client.store.auth.exists('nobody@example.com'),
      client.store.products.search({ q: 'tee' }),
    ]
    const statuses = (await Promise.all(calls)).map((result) => result.response.status)
    expect(statuses).toEqual(calls.map(() => 200))
  })

  it('admin', async () => {
    const user = await makeUser(app.db)
    const client = new Emporium({ baseUrl })
    await client.admin.auth.getToken({ email: user.email, password: TEST_PASSWORD })
    const { admin } = client
    const calls = {
      session: admin.auth.getSession(),
      products: admin.products.list({ limit: 1 }),
      productTypesInUse: admin.products.listTypes(),
      tagUsage: admin.products.listTags(),
      variants: admin.variants.list({ limit: 1 }),
      collections: admin.collections.list(),
      productTags: admin.productTags.list(),
      productTypes: admin.productTypes.list(),
      regions: admin.regions.list(),
      region: admin.regions.retrieve(region.id),
      fulfillmentOptions: admin.regions.retrieveFulfillmentOptions(region.id),
      shippingOptions: admin.shippingOptions.list(),
      shippingProfiles: admin.shippingProfiles.list(),
      store: admin.store.retrieve(),
      paymentProviders: admin.store.listPaymentProviders(),
      taxProviders: admin.store.listTaxProviders(),
      currencies: admin.currencies.list(),
      taxRates: admin.taxRates.list(),
      salesChannels: admin.salesChannels.list(),
      publishableApiKeys: admin.publishableApiKeys.list(),
      users: admin.users.list(),
      invites: admin.invites.list(),
      customers: admin.customers.list(),
      customerGroups: admin.customerGroups.list(),
      batchJobs: admin.batchJobs.list(),
      notes: admin.notes.list({ resource_id: 'order_none' }),
      notifications: admin.notifications.list({ event_name: 'order.placed' }),
    }
    const answers = await Promise.allSettled(Object.values(calls))
    const failed = Object.keys(calls).filter((_, index) => answers[index].status === 'rejected')
    expect(failed).toEqual([])
  })
})
