// Every store route of the server, called through medusa-js 6.1.10's own methods, its answer checked
// against the Medusa v1.20.11 wire contract (shared reference: store-api.md, entities.md).
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../packages/server/src/events/schema.js'
import { freeCountry } from '../../packages/server/src/testing/factories/carts.js'
import {
  makeCategory,
  makeCollection,
  makeProduct,
  makeProductTag,
  makeProductType,
} from '../../packages/server/src/testing/factories/catalog.js'
import { makePaymentCollection } from '../../packages/server/src/testing/factories/payment-collections.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../packages/server/src/testing/factories/shipping.js'
import { liveServerForFile } from './support/live-server.js'
import { calledElsewhere } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('store')

interface Shop {
  region: { id: string; currency_code: string }
  country: string
  productId: string
  productHandle: string
  variantId: string
  shippingOptionId: string
  collectionId: string
  categoryId: string
  tag: string
  type: string
}
const shop = {} as Shop

beforeAll(async () => {
  const db = server.database.db
  shop.country = await freeCountry(db)
  shop.region = await makeRegion(db, { currency_code: 'usd', countries: [shop.country], tax_rate: 0 })
  const collection = await makeCollection(db)
  const category = await makeCategory(db)
  const tag = await makeProductTag(db)
  const type = await makeProductType(db)
  shop.collectionId = collection.id
  shop.categoryId = category.id
  shop.tag = tag.value
  shop.type = type.value
  const product = await makeProduct(db, {
    title: 'Conformance shirt',
    collection_id: collection.id,
    type_id: type.id,
    tags: [tag.value],
    options: ['Size'],
    category_ids: [category.id],
    variants: [
      {
        title: 'M',
        options: ['M'],
        inventory_quantity: 50,
        prices: [{ amount: 2500, currency_code: 'usd', region_id: shop.region.id }],
      },
    ],
  })
  shop.productId = product.id
  shop.productHandle = product.handle!
  shop.variantId = product.variants[0].id
  shop.shippingOptionId = (await makeShippingOption(db, shop.region.id, { name: 'Courier', amount: 500 })).id
})

const address = () => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Main St',
  city: 'Springfield',
  country_code: shop.country,
  postal_code: '12345',
})

/** The relations of a store order in the reference (store-api.md, Orders). */
function expectStoreOrder(order: Record<string, unknown>) {
  expectId(order.id, 'order')
  expect(Number.isInteger(order.display_id)).toBe(true)
  for (const relation of [
    'shipping_address',
    'fulfillments',
    'items',
    'shipping_methods',
    'discounts',
    'customer',
    'payments',
    'region',
  ]) {
    expect(order, `order.${relation}`).toHaveProperty(relation)
  }
  const [item] = order.items as Record<string, unknown>[]
  expectId(item.id, 'item')
  expect(item.variant).toMatchObject({ id: shop.variantId })
  const [method] = order.shipping_methods as Record<string, unknown>[]
  expectId(method.id, 'sm')
  expect(method.shipping_option).toMatchObject({ id: shop.shippingOptionId })
  expect(order.region).toMatchObject({ id: shop.region.id })
  expectId((order.customer as { id: string }).id, 'cus')
  expectId((order.shipping_address as { id: string }).id, 'addr')
  for (const total of ['subtotal', 'shipping_total', 'tax_total', 'discount_total', 'total', 'paid_total']) {
    expect(Number.isInteger(order[total]), `order.${total} is an integer`).toBe(true)
  }
  expectWireShape(order)
}

/** A cart with one shirt, an address, the courier and the manual payment selected. */
async function checkoutReadyCart(email: string, store = server.store) {
  const { cart } = await store.carts.create({ region_id: shop.region.id })
  await store.carts.lineItems.create(cart.id, { variant_id: shop.variantId, quantity: 1 })
  await store.carts.update(cart.id, { email, shipping_address: address() })
  await store.carts.addShippingMethod(cart.id, { option_id: shop.shippingOptionId })
  await store.carts.createPaymentSessions(cart.id)
  return cart.id as string
}

describe('catalogue', () => {
  it('regions: list and retrieve, with countries, providers and integer tax rate', async () => {
    const list = await server.store.regions.list()
    expectPage(list, 'regions', { limit: 100 })
    const region = list.regions.find((r: Wire) => r.id === shop.region.id)!
    expectId(region.id, 'reg')
    expect(region.countries.map((c: Wire) => c.iso_2)).toContain(shop.country)
    expect(region.payment_providers.map((p: Wire) => p.id)).toContain('manual')
    // Answered with the tax_inclusive_pricing flag off too: see README, Differences from Medusa v1.
    expect(region.includes_tax).toBe(false)
    const { region: one } = await server.store.regions.retrieve(shop.region.id)
    expect(one).toMatchObject({ id: shop.region.id, currency_code: 'usd' })
    expectWireShape(one)
    await expectRefusal(server.store.regions.retrieve('reg_missing'), 404, 'not_found')
  })

  it('products: list, retrieve by id, search, with priced variants and default relations', async () => {
    const list = await server.store.products.list({ region_id: shop.region.id, limit: 10 })
    expectPage(list, 'products', { limit: 10 })
    const product = list.products.find((p: Wire) => p.id === shop.productId)!
    expectId(product.id, 'prod')
    for (const relation of ['variants', 'options', 'images', 'tags', 'collection', 'type']) {
      expect(product, relation).toHaveProperty(relation)
    }
    const variant = product.variants[0]
    expectId(variant.id, 'variant')
    expect(variant).toMatchObject({ calculated_price: 2500, original_price: 2500, calculated_price_type: 'default' })
    expect(variant.prices[0]).toMatchObject({ amount: 2500, currency_code: 'usd' })
    expectId(variant.prices[0].id, 'ma')
    expectWireShape(list)

    const { product: one } = await server.store.products.retrieve(shop.productId)
    expect(one.handle).toBe(shop.productHandle)
    expect(one.tags.map((t: Wire) => t.value)).toEqual([shop.tag])
    expect(one.tags[0]).toMatchObject({ value: shop.tag })

    const search = await server.store.products.search({ q: 'Conformance' })
    expect(search).toHaveProperty('hits')
    await expectRefusal(server.store.products.retrieve('prod_missing'), 404, 'not_found')
  })

  it('variants: list (no paging keys) and retrieve, priced for a region', async () => {
    const list = await server.store.products.variants.list({ id: shop.variantId, region_id: shop.region.id })
    expect(list.variants).toHaveLength(1)
    expect(list).not.toHaveProperty('count')
    expect(list.variants[0]).toMatchObject({ id: shop.variantId, calculated_price: 2500 })
    const { variant } = await server.store.products.variants.retrieve(shop.variantId, { region_id: shop.region.id })
    expect(variant).toMatchObject({ id: shop.variantId, product_id: shop.productId, purchasable: true })
    expectWireShape(variant)
  })

  it('collections, tags, types and categories: lists with their envelopes, and retrieves', async () => {
    const collections = await server.store.collections.list()
    expectPage(collections, 'collections', { limit: 10 })
    const { collection } = await server.store.collections.retrieve(shop.collectionId)
    expectId(collection.id, 'pcol')

    const tags = await server.store.productTags.list({ value: [shop.tag] })
    expectPage(tags, 'product_tags', { limit: 20 })
    expect(tags.product_tags).toHaveLength(1)
    expectId(tags.product_tags[0].id, 'ptag')
    expect(Object.keys(tags.product_tags[0])).toEqual(
      expect.arrayContaining(['created_at', 'id', 'updated_at', 'value']),
    )

    const types = await server.store.productTypes.list({ value: [shop.type] })
    expectPage(types, 'product_types', { limit: 20 })
    expectId(types.product_types[0].id, 'ptyp')

    const categories = await server.store.productCategories.list()
    expectPage(categories, 'product_categories', { limit: 100 })
    const { product_category } = await server.store.productCategories.retrieve(shop.categoryId)
    expectId(product_category.id, 'pcat')
    expect(product_category).toHaveProperty('category_children')
    expect(product_category).toHaveProperty('parent_category')
  })

  it('shipping options: for a region, with integer amounts', async () => {
    const { shipping_options } = await server.store.shippingOptions.list({ region_id: shop.region.id })
    const courier = shipping_options.find((o: Wire) => o.id === shop.shippingOptionId)!
    expectId(courier.id, 'so')
    expect(courier).toMatchObject({ amount: 500, region_id: shop.region.id, price_type: 'flat_rate' })
    expect(courier.includes_tax).toBe(false)
    expectWireShape(shipping_options)
  })
})

describe('carts and checkout', () => {
  let cartId: string

  it('creates a cart with the default relations and integer totals', async () => {
    const { cart } = await server.store.carts.create({ region_id: shop.region.id })
    cartId = cart.id
    expectId(cart.id, 'cart')
    expect(cart.object).toBe('cart')
    for (const relation of ['items', 'region', 'shipping_methods', 'payment_sessions', 'discounts', 'gift_cards']) {
      expect(cart, relation).toHaveProperty(relation)
    }
    expect(cart.region.countries.length).toBeGreaterThan(0)
    expect(cart).toMatchObject({ subtotal: 0, total: 0, billing_address: null })
    // A region of one country gives the cart a shipping address in it, as v1 does.
    expect(cart.shipping_address).toMatchObject({ country_code: shop.country, address_1: null })
    expectWireShape(cart)
    const { cart: again } = await server.store.carts.retrieve(cart.id)
    expect(again.id).toBe(cart.id)
  })

  it('adds, updates and deletes line items; an unknown variant is a 400 naming it, cart unchanged', async () => {
    const added = await server.store.carts.lineItems.create(cartId, { variant_id: shop.variantId, quantity: 2 })
    const [item] = added.cart.items
    expectId(item.id, 'item')
    expect(item).toMatchObject({ variant_id: shop.variantId, quantity: 2, unit_price: 2500, subtotal: 5000 })
    expect(item.variant).toMatchObject({ id: shop.variantId })
    expect(item.includes_tax).toBe(false)
    expect(added.cart.subtotal).toBe(5000)

    const refused = await expectRefusal(
      server.store.carts.lineItems.create(cartId, { variant_id: 'variant_missing', quantity: 1 }),
      400,
      'invalid_data',
    )
    expect(refused.message).toContain('variant_missing')
    const { cart: unchanged } = await server.store.carts.retrieve(cartId)
    expect(unchanged.items.map((i: Wire) => [i.id, i.quantity])).toEqual([[item.id, 2]])

    const updated = await server.store.carts.lineItems.update(cartId, item.id, { quantity: 3 })
    expect(updated.cart.items[0].quantity).toBe(3)
    const removed = await server.store.carts.lineItems.delete(cartId, item.id)
    expect(removed.cart.items).toEqual([])
    await server.store.carts.lineItems.create(cartId, { variant_id: shop.variantId, quantity: 1 })
  })

  it('sets addresses, e-mail, shipping; lists the cart options', async () => {
    const { cart } = await server.store.carts.update(cartId, {
      email: 'conformance@example.com',
      shipping_address: address(),
    })
    expect(cart.email).toBe('conformance@example.com')
    expectId(cart.shipping_address.id, 'addr')
    const { shipping_options } = await server.store.shippingOptions.listCartOptions(cartId)
    expect(shipping_options.map((o: Wire) => o.id)).toContain(shop.shippingOptionId)
    const withMethod = await server.store.carts.addShippingMethod(cartId, { option_id: shop.shippingOptionId })
    const [method] = withMethod.cart.shipping_methods
    expectId(method.id, 'sm')
    expect(method).toMatchObject({ shipping_option_id: shop.shippingOptionId, price: 500 })
    expect(method.shipping_option).toMatchObject({ id: shop.shippingOptionId })
    expect(method.includes_tax).toBe(false)
    expect(withMethod.cart).toMatchObject({ shipping_total: 500, total: 3000 })
  })

  it('discount codes: removing one the cart does not have leaves it as it was', async () => {
    const before = await server.store.carts.retrieve(cartId)
    const answer = await server.store.carts.deleteDiscount(cartId, 'NOTAPPLIED').then(
      (ok: Wire) => ({ status: ok.response.status, cart: ok.cart }),
      (error: { response: { status: number } }) => ({ status: error.response.status, cart: undefined }),
    )
    expect([200, 404]).toContain(answer.status)
    const after = await server.store.carts.retrieve(cartId)
    expect(after.cart.total).toBe(before.cart.total)
  })

  it('payment sessions: create, select, update, refresh, delete; taxes', async () => {
    const created = await server.store.carts.createPaymentSessions(cartId)
    const [session] = created.cart.payment_sessions
    expectId(session.id, 'ps')
    expect(session).toMatchObject({ provider_id: 'manual', amount: 3000 })
    const selected = await server.store.carts.setPaymentSession(cartId, { provider_id: 'manual' })
    expect(selected.cart.payment_session).toMatchObject({ provider_id: 'manual', is_selected: true })
    const updated = await server.store.carts.updatePaymentSession(cartId, 'manual', { data: { note: 'x' } })
    expect(updated.cart.payment_session.provider_id).toBe('manual')
    const refreshed = await server.store.carts.refreshPaymentSession(cartId, 'manual')
    expect(refreshed.cart.payment_sessions.map((s: Wire) => s.provider_id)).toEqual(['manual'])
    const deleted = await server.store.carts.deletePaymentSession(cartId, 'manual')
    expect(deleted.cart.payment_sessions).toEqual([])
    await server.store.carts.createPaymentSessions(cartId)
    // POST /store/carts/{id}/taxes has no medusa-js method; its custom resource is the client's way.
    const taxed = await server.store.client.request('POST', `/store/carts/${cartId}/taxes`)
    expect(taxed.cart.id).toBe(cartId)
  })

  it('completes: {type: "order", data} carries every default relation of a store order', async () => {
    const answer = await server.store.carts.complete(cartId)
    expect(answer.type).toBe('order')
    expectStoreOrder(answer.data)
    expect(answer.data.cart_id).toBe(cartId)
    expect(answer.data.total).toBe(3000)

    const { order } = await server.store.orders.retrieve(answer.data.id)
    expectStoreOrder(order)
    const byCart = await server.store.orders.retrieveByCartId(cartId)
    expectStoreOrder(byCart.order)
    const lookup = await server.store.orders.lookupOrder({
      display_id: order.display_id,
      email: 'conformance@example.com',
    })
    expectStoreOrder(lookup.order)
    await expectRefusal(server.store.orders.retrieve('order_missing'), 404, 'not_found')
  })

  it('shows the fulfilments and tracking links the merchant made', async () => {
    const { order: placed } = await server.store.orders.retrieveByCartId(cartId)
    const items = placed.items.map((item: Wire) => ({ item_id: item.id, quantity: item.quantity }))
    const fulfilled = await server.admin.admin.orders.createFulfillment(placed.id, { items })
    const fulfillmentId = fulfilled.order.fulfillments[0].id
    await server.admin.admin.orders.createShipment(placed.id, {
      fulfillment_id: fulfillmentId,
      tracking_numbers: ['CONF-1'],
    })

    const { order } = await server.store.orders.retrieve(placed.id)
    expectStoreOrder(order)
    expect(order.fulfillment_status).toBe('shipped')
    expect(order.fulfillments).toHaveLength(1)
    expectId(order.fulfillments[0].id, 'ful')
    expect(order.fulfillments[0].tracking_links).toEqual([
      expect.objectContaining({ tracking_number: 'CONF-1', fulfillment_id: fulfillmentId }),
    ])
    expectWireShape(order.fulfillments[0])
  })

  it('the deprecated /complete-cart answers the same for a completed cart', async () => {
    const again = await server.store.client.request('POST', `/store/carts/${cartId}/complete-cart`)
    expect(again.type).toBe('order')
    expect(again.data.cart_id).toBe(cartId)
  })
})

describe('customers and their orders', () => {
  const email = `member-${Date.now()}@example.com`
  let token: string
  let addressId: string

  it('registers, logs in by session and token, says whether an e-mail exists', async () => {
    const { customer } = await server.store.customers.create({
      email,
      password: 'secret-pass-1',
      first_name: 'Mem',
      last_name: 'Ber',
    })
    expectId(customer.id, 'cus')
    expect(customer).toMatchObject({ email, has_account: true, billing_address: null, shipping_addresses: [] })
    expect(customer).not.toHaveProperty('password_hash')
    expect((await server.store.auth.exists(email)).exists).toBe(true)
    expect((await server.store.auth.exists('nobody@example.com')).exists).toBe(false)
    const session = await server.store.auth.authenticate({ email, password: 'secret-pass-1' })
    expect(session.customer).toMatchObject({ email })
    expect(session.customer).toHaveProperty('orders')
    await expectRefusal(server.store.auth.authenticate({ email, password: 'wrong-pass' }), 401)
    token = (await server.store.auth.getToken({ email, password: 'secret-pass-1' })).access_token
    expect(token.split('.')).toHaveLength(3)
  })

  it('reads and updates the account, its addresses and payment methods', async () => {
    const me = server.storeAs(token)
    const { customer } = await me.auth.getSession()
    expect(customer.email).toBe(email)
    expect((await me.customers.retrieve()).customer.email).toBe(email)
    const updated = await me.customers.update({ first_name: 'Renamed', metadata: { a: 1 } })
    expect(updated.customer).toMatchObject({ first_name: 'Renamed', metadata: { a: 1 } })
    const added = await me.customers.addresses.addAddress({ address: address() })
    expect(added.customer.shipping_addresses).toHaveLength(1)
    addressId = added.customer.shipping_addresses[0].id
    expectId(addressId, 'addr')
    const changed = await me.customers.addresses.updateAddress(addressId, { city: 'Shelbyville' })
    expect(changed.customer.shipping_addresses[0].city).toBe('Shelbyville')
    const removed = await me.customers.addresses.deleteAddress(addressId)
    expect(removed.customer.shipping_addresses).toEqual([])
    const { payment_methods } = await me.customers.paymentMethods.list()
    expect(Array.isArray(payment_methods)).toBe(true)
  })

  it('lists the customer orders with the store order relations', async () => {
    const me = server.storeAs(token)
    const cartId = await checkoutReadyCart(email, me)
    const completed = await me.carts.complete(cartId)
    expect(completed.type).toBe('order')
    const list = await me.customers.listOrders()
    expectPage(list, 'orders', { limit: 10 })
    expect(list.orders.map((o: Wire) => o.id)).toEqual([completed.data.id])
    expectStoreOrder(list.orders[0])
  })

  it('claims guest orders: a token per e-mail, confirmed with it', async () => {
    const guestEmail = `guest-${Date.now()}@example.com`
    const guestCart = await checkoutReadyCart(guestEmail)
    const guestOrder = (await server.store.carts.complete(guestCart)).data
    const me = server.storeAs(token)
    const asked = await me.orders.requestCustomerOrders({ order_ids: [guestOrder.id] })
    expect(asked.response.status).toBe(200)
    const [event] = await server.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.event_name, 'order-update-token.created'), sql`${outbox.data}->>'old_email' = ${guestEmail}`),
      )
    const claimToken = (event.data as { token: string }).token
    await expectRefusal(me.orders.confirmRequest({ token: 'not-a-token' }), 401)
    const confirmed = await me.orders.confirmRequest({ token: claimToken })
    expect(confirmed.response.status).toBe(200)
    const list = await me.customers.listOrders()
    expect(list.orders.map((o: Wire) => o.id)).toContain(guestOrder.id)
  })

  it('password reset: token request is a 204, a bad token a 401', async () => {
    const asked = await server.store.customers.generatePasswordToken({ email })
    expect(asked.response.status).toBe(204)
    await expectRefusal(server.store.customers.resetPassword({ email, token: 'bad', password: 'another-pass-2' }), 401)
  })

  it('logs out', async () => {
    const out = await server.store.auth.deleteSession()
    expect(out.response.status).toBe(200)
  })
})

describe('payment collections', () => {
  it('manages, authorizes and refreshes sessions of a collection', async () => {
    const collection = await makePaymentCollection(server.database.db, shop.region, { amount: 1000 })
    const { payment_collection } = await server.store.paymentCollections.retrieve(collection.id)
    expectId(payment_collection.id, 'paycol')
    expect(payment_collection).toMatchObject({ amount: 1000, status: 'not_paid', payment_sessions: [] })
    const one = await server.store.paymentCollections.managePaymentSession(collection.id, { provider_id: 'manual' })
    const [session] = one.payment_collection.payment_sessions
    expectId(session.id, 'ps')
    expect(session.amount).toBe(1000)
    const batch = await server.store.paymentCollections.managePaymentSessionsBatch(collection.id, {
      sessions: [{ provider_id: 'manual', amount: 1000, session_id: session.id }],
    })
    expect(batch.payment_collection.payment_sessions).toHaveLength(1)
    const refreshed = await server.store.paymentCollections.refreshPaymentSession(collection.id, session.id)
    expectId(refreshed.payment_session.id, 'ps')
    const authorized = await server.store.paymentCollections.authorizePaymentSession(
      collection.id,
      refreshed.payment_session.id,
    )
    expect(authorized.payment_session.status).toBe('authorized')
    const all = await server.store.paymentCollections.authorizePaymentSessionsBatch(collection.id, {
      session_ids: [refreshed.payment_session.id],
    })
    expect(all.payment_collection.status).toBe('authorized')
  })
})

describe('coverage', () => {
  it('called every store route of the server through medusa-js', () => {
    expect(server.recorder.missing((route) => route.path.startsWith('/store') && !calledElsewhere(route.path))).toEqual(
      [],
    )
  })
})
