import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry, makeCart } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { asCustomer, makeAddress } from '../../testing/factories/customers.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { makePublishableKey, makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { useTestApp } from '../../testing/test-app.js'
import { outbox } from '../../events/schema.js'
import { address, customer } from '../customers/schema.js'
import { country, region as regionTable } from '../regions/schema.js'
import { cart } from './schema.js'
import { ensureStore } from '../store/service.js'
import { store } from '../store/schema.js'

const ctx = useTestApp()
const db = () => ctx.app.db

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object, headers })
  return { status: res.statusCode, body: res.json() }
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, body: res.json() }
}

/** A region with one free country, the manual and test providers, and a product priced in it. */
async function shop(overrides: Parameters<typeof makeRegion>[1] = {}) {
  const region = await makeRegion(db(), {
    countries: [await freeCountry(db())],
    payment_providers: ['manual', 'test'],
    ...overrides,
  })
  const product = await makeProduct(db(), {
    variants: [{ prices: [{ amount: 1000, currency_code: region.currency_code, region_id: region.id }] }],
  })
  return { region, product, variant: product.variants[0] }
}

beforeAll(async () => {
  await ensureStore(db())
})

describe('POST /store/carts', () => {
  // Runs first, while the database has no region at all.
  it('needs a region when the store has none', async () => {
    const res = await post('/store/carts', {})
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ type: 'invalid_data', message: 'A region is required to create a cart' })
  })

  it('creates a cart with items, a shipping country and the CART relations and totals', async () => {
    const { region, variant } = await shop({ countries: ['us', 'ca'] })
    const res = await post('/store/carts', {
      region_id: region.id,
      country_code: 'CA',
      items: [{ variant_id: variant.id, quantity: 2 }],
      context: { locale: 'en-CA' },
    })
    expect(res.status).toBe(200)
    const cart = res.body.cart
    expect(cart).toMatchObject({
      object: 'cart',
      region_id: region.id,
      type: 'default',
      email: null,
      customer_id: null,
      completed_at: null,
      context: { ip: expect.any(String), user_agent: 'lightMyRequest', locale: 'en-CA' },
      shipping_address: { country_code: 'ca', customer_id: null },
      billing_address: null,
      payment: null,
      payment_sessions: [],
      payment_session: null,
      shipping_methods: [],
      discounts: [],
      gift_cards: [],
      subtotal: 2000,
      discount_total: 0,
      item_tax_total: 0,
      shipping_total: 0,
      shipping_tax_total: 0,
      tax_total: 0,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 2000,
    })
    expect(cart.region.countries.map((c: { iso_2: string }) => c.iso_2).sort()).toEqual(['ca', 'us'])
    expect(cart.region.payment_providers.map((p: { id: string }) => p.id)).toEqual(['manual', 'test'])
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({
      variant_id: variant.id,
      quantity: 2,
      unit_price: 1000,
      description: variant.title,
      should_merge: true,
      has_shipping: false,
      adjustments: [],
      tax_lines: [{ rate: 0, name: 'default', code: 'default' }],
      subtotal: 2000,
      total: 2000,
      variant: { id: variant.id, purchasable: true },
    })
    expect(cart).not.toHaveProperty('raw_discount_total')
    expect(cart.id).toMatch(/^cart_[0-9A-Z]{26}$/)
  })

  it('takes the first region when none is given and its only country as the shipping country', async () => {
    // Without a body at all, as from `{}`.
    const res = await post('/store/carts')
    expect(res.status).toBe(200)
    const [first] = await db().query.region.findMany({
      orderBy: (r, { asc }) => [asc(r.created_at), asc(r.id)],
      limit: 1,
    })
    expect(res.body.cart.region_id).toBe(first.id)

    const { region } = await shop()
    const single = await post('/store/carts', { region_id: region.id })
    expect(single.body.cart.shipping_address.country_code).toBe(region.countries[0].iso_2)
  })

  it('links a logged-in customer and copies their email', async () => {
    const { region } = await shop()
    const { customer: shopper, headers } = await asCustomer(db())
    const res = await post('/store/carts', { region_id: region.id }, headers)
    expect(res.body.cart).toMatchObject({ customer_id: shopper.id, email: shopper.email })
  })

  it('rejects bad input naming the field', async () => {
    const { region, variant } = await shop()
    const cases: [unknown, number, RegExp][] = [
      [{ region_id: region.id, foo: 1 }, 400, /property foo should not exist/],
      [{ region_id: region.id, items: [{ variant_id: variant.id, quantity: 0 }] }, 400, /items\.0\.quantity/],
      [{ region_id: region.id, items: [{ variant_id: variant.id, quantity: '2' }] }, 400, /items\.0\.quantity/],
      [{ region_id: region.id, items: [{ quantity: 1 }] }, 400, /items\.0\.variant_id is required/],
      [{ region_id: 'reg_missing' }, 404, /Region with id reg_missing was not found/],
      [{ region_id: region.id, country_code: 'zz' }, 400, /Shipping country zz is not in the cart's region/],
      [
        { region_id: region.id, items: [{ variant_id: 'variant_missing', quantity: 1 }] },
        400,
        /not been found: variant_missing/,
      ],
    ]
    for (const [payload, status, message] of cases) {
      const res = await post('/store/carts', payload)
      expect(res.status, JSON.stringify(payload)).toBe(status)
      expect(res.body.message).toMatch(message)
    }
  })

  it('refuses items that cannot be sold in the region or channel, creating nothing', async () => {
    const { region } = await shop()
    const draft = await makeProduct(db(), {
      status: 'draft',
      variants: [{ prices: [{ amount: 500, region_id: region.id }] }],
    })
    const unpriced = await makeProduct(db(), { variants: [{ prices: [{ amount: 500, currency_code: 'jpy' }] }] })
    const before = await db().select().from(cart)

    const notPublished = await post('/store/carts', {
      region_id: region.id,
      items: [{ variant_id: draft.variants[0].id, quantity: 1 }],
    })
    expect(notPublished.status).toBe(400)
    expect(notPublished.body.message).toMatch(/not published/)

    const noPrice = await post('/store/carts', {
      region_id: region.id,
      items: [{ variant_id: unpriced.variants[0].id, quantity: 1 }],
    })
    expect(noPrice.status).toBe(400)
    expect(noPrice.body.message).toMatch(/without a price/)
    expect(await db().select().from(cart)).toHaveLength(before.length)
  })

  it('assigns the sales channel from the body, the publishable key, or the store default', async () => {
    const { region, variant } = await shop()
    const web = await makeSalesChannel(db())
    const app = await makeSalesChannel(db())
    const off = await makeSalesChannel(db(), { is_disabled: true })
    const single = await makePublishableKey(db(), { sales_channel_ids: [web.id] })
    const both = await makePublishableKey(db(), { sales_channel_ids: [web.id, app.id] })
    const key = (id: string) => ({ 'x-publishable-api-key': id })

    expect((await post('/store/carts', { region_id: region.id, sales_channel_id: app.id })).body.cart).toMatchObject({
      sales_channel_id: app.id,
      sales_channel: { id: app.id },
    })
    expect((await post('/store/carts', { region_id: region.id }, key(single.id))).body.cart.sales_channel_id).toBe(
      web.id,
    )
    const outOfScope = await post('/store/carts', { region_id: region.id, sales_channel_id: app.id }, key(single.id))
    expect(outOfScope.status).toBe(400)
    expect(outOfScope.body.errors[0]).toMatch(/is not associated with the Publishable API Key/)
    const ambiguous = await post('/store/carts', { region_id: region.id }, key(both.id))
    expect(ambiguous.status).toBe(500)
    expect(ambiguous.body.type).toBe('unexpected_state')
    const disabled = await post('/store/carts', { region_id: region.id, sales_channel_id: off.id })
    expect(disabled.status).toBe(400)
    expect(disabled.body.message).toMatch(/disabled Sales Channel/)
    expect((await post('/store/carts', { region_id: region.id, sales_channel_id: 'sc_missing' })).status).toBe(404)

    const [row] = await db().select().from(store).limit(1)
    await db().update(store).set({ default_sales_channel_id: app.id }).where(eq(store.id, row.id))
    try {
      expect((await post('/store/carts', { region_id: region.id })).body.cart.sales_channel_id).toBe(app.id)
      // The variant is in no channel: the default channel does not sell it.
      const outside = await post('/store/carts', {
        region_id: region.id,
        items: [{ variant_id: variant.id, quantity: 1 }],
      })
      expect(outside.status).toBe(400)
      expect(outside.body.message).toMatch(/not available in the cart's sales channel/)
    } finally {
      await db().update(store).set({ default_sales_channel_id: null }).where(eq(store.id, row.id))
    }
  })
})

describe('POST /store/carts without items', () => {
  // Such a cart is made in one statement that checks what it is made of (see `insertBareCart`).
  const cartsCreated = async () =>
    (await db().select().from(outbox).where(eq(outbox.event_name, 'cart.created'))).map((event) => event.data)

  it('answers the cart as a later read shows it, with its context and one event', async () => {
    const { region } = await shop()
    const events = (await cartsCreated()).length
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/store/carts',
      payload: { region_id: region.id, context: { campaign: 'spring' } },
      headers: { 'user-agent': 'bench-browser/1.0' },
    })
    expect(res.statusCode).toBe(200)
    const created = res.json().cart
    expect(created).toMatchObject({
      region_id: region.id,
      region: { id: region.id, countries: [{ iso_2: region.countries[0].iso_2 }] },
      shipping_address: { country_code: region.countries[0].iso_2, customer_id: null },
      billing_address: null,
      items: [],
      context: { campaign: 'spring', user_agent: 'bench-browser/1.0', ip: '127.0.0.1' },
      total: 0,
    })
    expect((await get(`/store/carts/${created.id}`)).body.cart).toEqual(created)
    const after = await cartsCreated()
    expect(after).toHaveLength(events + 1)
    expect(after).toContainEqual({ id: created.id })
  })

  it('refuses what it cannot make as the general path names it, writing nothing', async () => {
    const { region } = await shop()
    const gone = await makeRegion(db(), { countries: [await freeCountry(db())] })
    await db().update(regionTable).set({ deleted_at: new Date() }).where(eq(regionTable.id, gone.id))
    const off = await makeSalesChannel(db(), { is_disabled: true })
    const written = async () => ({
      carts: (await db().select({ id: cart.id }).from(cart)).length,
      addresses: (await db().select({ id: address.id }).from(address)).length,
      events: (await cartsCreated()).length,
    })
    const before = await written()
    const cases: [unknown, number, RegExp][] = [
      [{ region_id: gone.id }, 404, new RegExp(`Region with id ${gone.id} was not found`)],
      [{ region_id: region.id, country_code: 'ZZ' }, 400, /Shipping country zz is not in the cart's region/],
      [{ region_id: region.id, sales_channel_id: off.id }, 400, /disabled Sales Channel/],
      [{ region_id: region.id, sales_channel_id: 'sc_missing' }, 404, /Sales channel with id sc_missing/],
    ]
    for (const [payload, status, message] of cases) {
      const res = await post('/store/carts', payload)
      expect(res.status, JSON.stringify(payload)).toBe(status)
      expect(res.body.message).toMatch(message)
    }
    const [row] = await db().select().from(store).limit(1)
    await db().update(store).set({ default_sales_channel_id: off.id }).where(eq(store.id, row.id))
    try {
      const disabledDefault = await post('/store/carts', { region_id: region.id })
      expect(disabledDefault.status).toBe(400)
      expect(disabledDefault.body.message).toMatch(/disabled Sales Channel/)
    } finally {
      await db().update(store).set({ default_sales_channel_id: null }).where(eq(store.id, row.id))
    }
    expect(await written()).toEqual(before)
  })
})

describe('GET /store/carts/:id', () => {
  it('answers the cart, honours expand and fields, and 404s an unknown id', async () => {
    const { region, variant } = await shop()
    const cart = await makeCart(db(), { region_id: region.id, items: [{ variant_id: variant.id, quantity: 3 }] })

    const full = await get(`/store/carts/${cart.id}`)
    expect(full.status).toBe(200)
    expect(full.body.cart).toMatchObject({ id: cart.id, subtotal: 3000, total: 3000, items: [{ quantity: 3 }] })

    const expanded = await get(`/store/carts/${cart.id}?expand=items`)
    expect(expanded.body.cart.items[0]).not.toHaveProperty('variant')
    expect(expanded.body.cart).not.toHaveProperty('region')
    expect(expanded.body.cart.total).toBe(3000)

    const pruned = await get(`/store/carts/${cart.id}?fields=email&expand=`)
    expect(Object.keys(pruned.body.cart).sort()).toEqual(
      [
        'discount_total',
        'email',
        'gift_card_tax_total',
        'gift_card_total',
        'id',
        'item_tax_total',
        'object',
        'shipping_tax_total',
        'shipping_total',
        'subtotal',
        'tax_total',
        'total',
      ].sort(),
    )

    const withProduct = await get(`/store/carts/${cart.id}?expand=items,items.variant,items.variant.product,customer`)
    expect(withProduct.body.cart.items[0].variant.product).toMatchObject({ id: variant.product_id })
    expect(withProduct.body.cart.customer).toBeNull()

    const bad = await get(`/store/carts/${cart.id}?expand=nope`)
    expect(bad.status).toBe(400)
    expect((await get('/store/carts/cart_missing')).status).toBe(404)
  })

  it('is public by id, and never handed to another registered customer', async () => {
    const { region } = await shop()
    const owner = await asCustomer(db())
    const owned = await makeCart(db(), {
      region_id: region.id,
      customer_id: owner.customer.id,
      email: owner.customer.email,
    })

    const anonymous = await get(`/store/carts/${owned.id}`)
    expect(anonymous.body.cart.customer_id).toBe(owner.customer.id)

    const other = await asCustomer(db())
    const read = await get(`/store/carts/${owned.id}?expand=customer`, other.headers)
    expect(read.status).toBe(200)
    expect(read.body.cart).toMatchObject({ customer_id: owner.customer.id, email: owner.customer.email })
    const updated = await post(`/store/carts/${owned.id}`, { email: 'other@example.com' }, other.headers)
    expect(updated.status).toBe(200)
    expect(updated.body.cart).toMatchObject({ customer_id: owner.customer.id, email: owner.customer.email })
    const [row] = await db().select().from(cart).where(eq(cart.id, owned.id))
    expect(row).toMatchObject({ customer_id: owner.customer.id, email: owner.customer.email })
  })

  it('is taken over by a logged-in customer when it has no customer or a guest one, by one of two racing', async () => {
    const { region } = await shop()
    const guestCart = await post('/store/carts', { region_id: region.id })
    const withEmail = await post(`/store/carts/${guestCart.body.cart.id}`, { email: 'guest@example.com' })
    expect(withEmail.body.cart.customer_id).toMatch(/^cus_/)

    const [first, second] = [await asCustomer(db()), await asCustomer(db())]
    const answers = await Promise.all([
      get(`/store/carts/${guestCart.body.cart.id}`, first.headers),
      get(`/store/carts/${guestCart.body.cart.id}`, second.headers),
    ])
    const owners = answers.map((answer) => answer.body.cart.customer_id)
    const winner = [first, second].find((shopper) => owners.includes(shopper.customer.id))
    expect(winner).toBeDefined()
    const [row] = await db().select().from(cart).where(eq(cart.id, guestCart.body.cart.id))
    expect(row).toMatchObject({ customer_id: winner!.customer.id, email: winner!.customer.email })
    // The loser read it after the winner took it, or before: either way it stays the winner's now.
    const loser = winner === first ? second : first
    expect((await get(`/store/carts/${row.id}`, loser.headers)).body.cart.customer_id).toBe(winner!.customer.id)

    const fresh = await makeCart(db(), { region_id: region.id, email: null })
    const claimed = await get(`/store/carts/${fresh.id}`, loser.headers)
    expect(claimed.body.cart).toMatchObject({ customer_id: loser.customer.id, email: loser.customer.email })
  })

  it('leaves a completed cart as it is', async () => {
    const { region } = await shop()
    const cart = await makeCart(db(), { region_id: region.id, completed_at: new Date() })
    const shopper = await asCustomer(db())
    const res = await get(`/store/carts/${cart.id}`, shopper.headers)
    expect(res.status).toBe(200)
    expect(res.body.cart.customer_id).toBeNull()
  })
})

describe('POST /store/carts/:id', () => {
  it("refuses an unknown or completed cart before what it is sent, though that is read with the cart's lock", async () => {
    const { region } = await shop()
    const bad = { email: 'first@example.com', shipping_address: { country_code: 'zz' } }
    const missing = await post('/store/carts/cart_missing', bad)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toMatch(/Cart with id cart_missing was not found/)

    const done = await makeCart(db(), { region_id: region.id, completed_at: new Date() })
    const refused = await post(`/store/carts/${done.id}`, bad)
    expect(refused.body.message).toMatch(/already been completed/)
    expect(await db().select().from(customer).where(eq(customer.email, bad.email))).toEqual([])

    const open = await makeCart(db(), { region_id: region.id })
    const unknownCountry = await post(`/store/carts/${open.id}`, bad)
    expect(unknownCountry.status).toBe(400)
    expect(unknownCountry.body.message).toMatch(/country_code zz/)
  })

  it('writes the shipping address over the one a country change in the same request just set', async () => {
    const free = await db()
      .select({ iso_2: country.iso_2 })
      .from(country)
      .where(isNull(country.region_id))
      .orderBy(asc(country.iso_2))
      .limit(2)
    const [first, second] = free.map((row) => row.iso_2)
    const { region } = await shop({ countries: [first, second] })
    // A cart without an address: the country change creates it, and the address is written over it.
    const bare = await makeCart(db(), { region_id: region.id })
    const created = await post(`/store/carts/${bare.id}`, {
      country_code: first,
      shipping_address: { first_name: 'Ada' },
    })
    expect(created.body.cart.shipping_address).toMatchObject({ country_code: first, first_name: 'Ada' })

    const moved = await post(`/store/carts/${bare.id}`, {
      country_code: second,
      shipping_address: { last_name: 'Lovelace' },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.cart.shipping_address).toMatchObject({
      id: created.body.cart.shipping_address.id,
      country_code: second,
      first_name: 'Ada',
      last_name: 'Lovelace',
    })
  })

  it('links a guest customer by email, reusing the guest record', async () => {
    const { region } = await shop()
    const first = await makeCart(db(), { region_id: region.id, email: null })
    const second = await makeCart(db(), { region_id: region.id, email: null })
    const email = `Guest-${Date.now()}@Example.com`

    const a = await post(`/store/carts/${first.id}`, { email })
    expect(a.status).toBe(200)
    expect(a.body.cart.email).toBe(email.toLowerCase())
    const b = await post(`/store/carts/${second.id}`, { email })
    expect(b.body.cart.customer_id).toBe(a.body.cart.customer_id)
    const [guest] = await db().select().from(customer).where(eq(customer.id, a.body.cart.customer_id))
    expect(guest).toMatchObject({ has_account: false, email: email.toLowerCase() })

    expect((await post(`/store/carts/${first.id}`, { email: 'not-an-email' })).status).toBe(400)
  })

  it('creates one guest, with one customer.created event, for an email given to carts in parallel', async () => {
    const { region } = await shop()
    const carts = await Promise.all(
      Array.from({ length: 6 }, () => makeCart(db(), { region_id: region.id, email: null })),
    )
    const email = `parallel-${Date.now()}@example.com`

    const answers = await Promise.all(carts.map((cart) => post(`/store/carts/${cart.id}`, { email })))

    expect(answers.map((answer) => answer.status)).toEqual(carts.map(() => 200))
    const guests = await db().select().from(customer).where(eq(customer.email, email))
    expect(guests).toHaveLength(1)
    expect(new Set(answers.map((answer) => answer.body.cart.customer_id))).toEqual(new Set([guests[0].id]))
    const events = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.event_name, 'customer.created'), sql`${outbox.data}->>'id' = ${guests[0].id}`))
    expect(events).toHaveLength(1)
  })

  it('gives the cart to the logged-in customer only', async () => {
    const { region } = await shop()
    const cart = await makeCart(db(), { region_id: region.id, email: null })
    const me = await asCustomer(db())
    const someone = await asCustomer(db())

    const refused = await post(`/store/carts/${cart.id}`, { customer_id: someone.customer.id }, me.headers)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/customer_id/)
    expect((await post(`/store/carts/${cart.id}`, { customer_id: someone.customer.id })).status).toBe(400)

    const mine = await post(`/store/carts/${cart.id}`, { email: 'ignored@example.com' }, me.headers)
    expect(mine.body.cart).toMatchObject({ customer_id: me.customer.id, email: me.customer.email })
  })

  it('writes addresses: objects over the cart own, ids of the customer saved ones as copies', async () => {
    const { region } = await shop()
    const country = region.countries[0].iso_2
    const me = await asCustomer(db())
    const saved = await makeAddress(db(), me.customer.id, { country_code: country, city: 'Saved City' })
    const stranger = await asCustomer(db())
    const theirs = await makeAddress(db(), stranger.customer.id, { country_code: country })
    const cart = await makeCart(db(), { region_id: region.id, customer_id: me.customer.id })

    const shipping = await post(`/store/carts/${cart.id}`, {
      shipping_address: {
        first_name: 'Ada',
        address_1: '1 Loop',
        city: 'Here',
        country_code: country,
        postal_code: '1',
      },
      billing_address: { first_name: 'Bill', country_code: 'dk' },
    })
    expect(shipping.status).toBe(200)
    expect(shipping.body.cart.shipping_address).toMatchObject({
      first_name: 'Ada',
      city: 'Here',
      country_code: country,
    })
    expect(shipping.body.cart.billing_address).toMatchObject({ first_name: 'Bill', country_code: 'dk' })

    const merged = await post(`/store/carts/${cart.id}`, { shipping_address: { city: 'There' } })
    expect(merged.body.cart.shipping_address).toMatchObject({
      id: shipping.body.cart.shipping_address.id,
      first_name: 'Ada',
      city: 'There',
    })

    const copied = await post(`/store/carts/${cart.id}`, { shipping_address: saved.id }, me.headers)
    expect(copied.body.cart.shipping_address).toMatchObject({ city: 'Saved City', customer_id: null })
    expect(copied.body.cart.shipping_address.id).not.toBe(saved.id)

    const foreign = await post(`/store/carts/${cart.id}`, { billing_address: theirs.id }, me.headers)
    expect(foreign.status).toBe(404)
    const outside = await post(`/store/carts/${cart.id}`, { shipping_address: { country_code: 'jp' } })
    expect(outside.status).toBe(400)
    expect(outside.body.message).toMatch(/Shipping country jp is not in the cart's region/)
    const badCountry = await post(`/store/carts/${cart.id}`, { country_code: 'xx' })
    expect(badCountry.status).toBe(400)

    // An unknown country in an address, written over the cart's own or new: a 400 naming the
    // field, and the addresses stay as they were.
    const before = (await get(`/store/carts/${cart.id}`)).body.cart
    for (const body of [
      { shipping_address: { city: 'Nowhere', country_code: 'zz' } },
      { billing_address: { first_name: 'Nobody', country_code: 'zz' } },
    ]) {
      const unknown = await post(`/store/carts/${cart.id}`, body)
      expect(unknown.status).toBe(400)
      expect(unknown.body.message).toMatch(/country_code zz is not a known country/)
    }
    const after = (await get(`/store/carts/${cart.id}`)).body.cart
    expect(after.shipping_address).toEqual(before.shipping_address)
    expect(after.billing_address).toEqual(before.billing_address)
  })

  it('changes region: re-prices lines, drops the unpriced ones, shipping methods and payment sessions', async () => {
    const usa = await makeRegion(db(), { countries: [await freeCountry(db())], payment_providers: ['manual'] })
    const europe = await makeRegion(db(), {
      currency_code: 'eur',
      countries: [await freeCountry(db())],
      payment_providers: ['manual'],
    })
    const both = await makeProduct(db(), {
      variants: [
        {
          prices: [
            { amount: 1000, region_id: usa.id },
            { amount: 900, currency_code: 'eur' },
          ],
        },
      ],
    })
    const usOnly = await makeProduct(db(), { variants: [{ prices: [{ amount: 700, region_id: usa.id }] }] })
    const created = await post('/store/carts', {
      region_id: usa.id,
      items: [
        { variant_id: both.variants[0].id, quantity: 2 },
        { variant_id: usOnly.variants[0].id, quantity: 1 },
      ],
    })
    const id = created.body.cart.id
    const option = await makeShippingOption(db(), usa.id, { amount: 300 })
    expect((await post(`/store/carts/${id}/shipping-methods`, { option_id: option.id })).status).toBe(200)
    expect((await post(`/store/carts/${id}/payment-sessions`)).body.cart.payment_sessions).toHaveLength(1)

    const moved = await post(`/store/carts/${id}`, { region_id: europe.id })
    expect(moved.status).toBe(200)
    expect(moved.body.cart).toMatchObject({
      region_id: europe.id,
      region: { currency_code: 'eur' },
      items: [{ variant_id: both.variants[0].id, unit_price: 900, quantity: 2 }],
      shipping_methods: [],
      payment_sessions: [],
      shipping_address: { country_code: europe.countries[0].iso_2 },
      subtotal: 1800,
      total: 1800,
    })
    expect((await post(`/store/carts/${id}`, { region_id: 'reg_missing' })).status).toBe(404)
  })

  it('drops lines a new sales channel does not sell', async () => {
    const { region } = await shop()
    const web = await makeSalesChannel(db())
    const shopChannel = await makeSalesChannel(db())
    const everywhere = await makeProduct(db(), {
      sales_channel_ids: [web.id, shopChannel.id],
      variants: [{ prices: [{ amount: 100, region_id: region.id }] }],
    })
    const webOnly = await makeProduct(db(), {
      sales_channel_ids: [web.id],
      variants: [{ prices: [{ amount: 200, region_id: region.id }] }],
    })
    const created = await post('/store/carts', {
      region_id: region.id,
      sales_channel_id: web.id,
      items: [
        { variant_id: everywhere.variants[0].id, quantity: 1 },
        { variant_id: webOnly.variants[0].id, quantity: 1 },
      ],
    })
    const moved = await post(`/store/carts/${created.body.cart.id}`, { sales_channel_id: shopChannel.id })
    expect(moved.body.cart.sales_channel_id).toBe(shopChannel.id)
    expect(moved.body.cart.items.map((item: { variant_id: string }) => item.variant_id)).toEqual([
      everywhere.variants[0].id,
    ])
  })

  it('merges context and metadata, accepts empty discount lists and refuses unknown codes', async () => {
    const { region } = await shop()
    const cart = await makeCart(db(), { region_id: region.id, context: { a: 1 }, metadata: { keep: 'x', drop: 'y' } })
    const res = await post(`/store/carts/${cart.id}`, {
      context: { b: 2 },
      metadata: { drop: '', add: true },
      discounts: [],
      gift_cards: [],
    })
    expect(res.status).toBe(200)
    expect(res.body.cart.context).toEqual({ a: 1, b: 2 })
    expect(res.body.cart.metadata).toEqual({ keep: 'x', add: true })

    const discount = await post(`/store/carts/${cart.id}`, { discounts: [{ code: 'SUMMER' }] })
    expect(discount.status).toBe(404)
    expect(discount.body).toEqual({ type: 'not_found', message: 'Discount with code SUMMER was not found' })
    expect((await post(`/store/carts/${cart.id}`, { gift_cards: [{ code: 'GIFT' }] })).status).toBe(404)
    expect((await post(`/store/carts/${cart.id}`, { discounts: [{ code: '' }] })).status).toBe(400)
    expect((await post('/store/carts/cart_missing', { context: {} })).status).toBe(404)

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/store/carts/${cart.id}/discounts/SUMMER` })
    expect(removed.statusCode).toBe(404)
  })

  it('refuses to change a completed cart', async () => {
    const { region } = await shop()
    const cart = await makeCart(db(), { region_id: region.id, completed_at: new Date() })
    const res = await post(`/store/carts/${cart.id}`, { email: 'late@example.com' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      type: 'not_allowed',
      code: 'cart_incompatible_state',
      message: `Cart ${cart.id} has already been completed`,
    })
  })
})
