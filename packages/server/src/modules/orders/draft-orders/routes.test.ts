import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../../testing/factories/carts.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeCustomer } from '../../../testing/factories/customers.js'
import { makeRegion, type RegionFixture } from '../../../testing/factories/regions.js'
import { makeShippingOption, type ShippingOptionFixture } from '../../../testing/factories/shipping.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { cart } from '../../carts/schema.js'
import { productVariant } from '../../catalog/schema.js'
import { order, payment } from '../schema.js'
import { orderEvents } from '../admin/test-helpers.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let headers: Record<string, string>

beforeAll(async () => {
  headers = (await asAdmin(db())).headers
})

function request(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
}

interface Setup {
  region: RegionFixture
  option: ShippingOptionFixture
  variantId: string
  country: string
}

/** A region with one country, a product priced 1000 in it (10 in stock) and a flat 500 option. */
async function setup(): Promise<Setup> {
  const country = await freeCountry(db())
  const region = await makeRegion(db(), { countries: [country], tax_rate: 10 })
  const product = await makeProduct(db(), {
    variants: [
      { inventory_quantity: 10, prices: [{ amount: 1000, currency_code: region.currency_code, region_id: region.id }] },
    ],
  })
  const option = await makeShippingOption(db(), region.id, { amount: 500 })
  return { region, option, variantId: product.variants[0].id, country }
}

function draftBody(s: Setup, extra: Record<string, unknown> = {}) {
  return {
    email: `draft-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    region_id: s.region.id,
    shipping_methods: [{ option_id: s.option.id }],
    shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Road', country_code: s.country },
    items: [
      { variant_id: s.variantId, quantity: 2 },
      { title: 'Engraving', unit_price: 250, quantity: 1 },
    ],
    ...extra,
  }
}

async function createDraft(s: Setup, extra: Record<string, unknown> = {}) {
  const res = await request('POST', '/admin/draft-orders', draftBody(s, extra))
  expect(res.statusCode, res.body).toBe(200)
  return res.json().draft_order
}

describe('POST /admin/draft-orders', () => {
  it('creates a draft on a draft_order cart with variant and custom lines, a method and totals', async () => {
    const s = await setup()
    const draft = await createDraft(s, { metadata: { source: 'phone' }, no_notification_order: true })
    expect(draft).toMatchObject({ status: 'open', order_id: null, no_notification_order: true, order: null })
    expect(draft.id).toMatch(/^dorder_/)
    expect(draft.display_id).toBeGreaterThan(0)
    const cart = draft.cart
    expect(cart.type).toBe('draft_order')
    const lines = [...cart.items].sort(
      (a: { unit_price: number }, b: { unit_price: number }) => b.unit_price - a.unit_price,
    )
    expect(lines).toMatchObject([
      { variant_id: s.variantId, quantity: 2, unit_price: 1000, allow_discounts: true, has_shipping: true },
      { variant_id: null, title: 'Engraving', unit_price: 250, allow_discounts: false, has_shipping: true },
    ])
    expect(cart.shipping_methods).toMatchObject([{ shipping_option_id: s.option.id, price: 500 }])
    // 2×1000 + 250 + 500 shipping, 10% tax on all.
    expect(cart).toMatchObject({ subtotal: 2250, shipping_total: 500, tax_total: 275, total: 3025 })
    expect(await orderEvents(db(), draft.id)).toMatchObject([{ name: 'draft_order.created' }])
  })

  it('takes a variant line at the price given, and a shipping price over the option amount', async () => {
    const s = await setup()
    const draft = await createDraft(s, {
      items: [{ variant_id: s.variantId, quantity: 1, unit_price: 777 }],
      shipping_methods: [{ option_id: s.option.id, price: 0 }],
    })
    expect(draft.cart.items).toMatchObject([{ variant_id: s.variantId, unit_price: 777 }])
    expect(draft.cart.shipping_methods).toMatchObject([{ price: 0 }])
  })

  it('refuses unknown region, variant, option and discount code, missing methods, each naming the field', async () => {
    const s = await setup()
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ region_id: 'reg_missing' }, 404, /region_id/],
      [{ items: [{ variant_id: 'variant_missing', quantity: 1 }] }, 400, /variant_missing/],
      [{ shipping_methods: [{ option_id: 'so_missing' }] }, 400, /shipping_methods\[0\]\.option_id/],
      [{ shipping_methods: [] }, 400, /shipping_methods/],
      [{ email: 'not-an-email' }, 400, /email/],
      [{ discounts: [{ code: 'NO-SUCH-CODE' }] }, 404, /NO-SUCH-CODE/],
      [{ items: [{ quantity: 1 }] }, 400, /items\[0\]/],
      [{ items: [{ title: 'x', unit_price: -1, quantity: 1 }] }, 400, /unit_price/],
      [{ customer_id: 'cus_missing' }, 404, /customer_id/],
    ]
    for (const [extra, status, message] of cases) {
      const res = await request('POST', '/admin/draft-orders', draftBody(s, extra))
      expect(res.statusCode, JSON.stringify(extra)).toBe(status)
      expect(res.json().message).toMatch(message)
      expect(res.json().type).toBeTruthy()
    }
    const other = await makeRegion(db())
    const foreign = await makeShippingOption(db(), other.id, { amount: 1 })
    const res = await request(
      'POST',
      '/admin/draft-orders',
      draftBody(s, { shipping_methods: [{ option_id: foreign.id }] }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/region/)
  })

  it('uses the customer named, with their e-mail', async () => {
    const s = await setup()
    const owner = await makeCustomer(db())
    const draft = await createDraft(s, { customer_id: owner.id })
    expect(draft.cart).toMatchObject({ customer_id: owner.id, email: owner.email })
  })
})

describe('GET /admin/draft-orders', () => {
  it('lists newest first with carts and lines, filters by q and status, pages with count', async () => {
    const s = await setup()
    const tag = `lst${Date.now()}`
    const a = await createDraft(s, { email: `${tag}-a@example.com` })
    const b = await createDraft(s, { email: `${tag}-b@example.com` })
    const list = await request('GET', `/admin/draft-orders?q=${tag}`)
    expect(list.statusCode, list.body).toBe(200)
    const body = list.json()
    expect(body).toMatchObject({ count: 2, offset: 0, limit: 50 })
    expect(body.draft_orders.map((d: { id: string }) => d.id)).toEqual([b.id, a.id])
    expect(body.draft_orders[0].cart.items).toHaveLength(2)
    expect(body.draft_orders[0].cart.items[0].adjustments).toEqual([])
    const paged = (await request('GET', `/admin/draft-orders?q=${tag}&limit=1&offset=1`)).json()
    expect(paged).toMatchObject({ count: 2, limit: 1, offset: 1 })
    expect(paged.draft_orders.map((d: { id: string }) => d.id)).toEqual([a.id])
    const open = (await request('GET', `/admin/draft-orders?q=${tag}&status[]=completed`)).json()
    expect(open.draft_orders).toEqual([])
    expect((await request('GET', '/admin/draft-orders?order=email')).statusCode).toBe(400)
    expect((await request('GET', '/admin/draft-orders?status=bogus')).statusCode).toBe(400)
  })

  it('answers one draft, and 404 for an unknown one', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    const res = await request('GET', `/admin/draft-orders/${draft.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().draft_order).toMatchObject({ id: draft.id, cart: { id: draft.cart_id, total: 3025 } })
    const missing = await request('GET', '/admin/draft-orders/dorder_missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().type).toBe('not_found')
  })
})

describe('POST /admin/draft-orders/:id and line items', () => {
  it('updates e-mail, address and no_notification_order, and records draft_order.updated', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    const email = `changed-${Date.now()}@example.com`
    const res = await request('POST', `/admin/draft-orders/${draft.id}`, {
      email,
      no_notification_order: true,
      billing_address: { first_name: 'Bill', country_code: s.country },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().draft_order).toMatchObject({ no_notification_order: true, cart: { email } })
    expect(res.json().draft_order.cart.billing_address).toMatchObject({ first_name: 'Bill' })
    expect((await orderEvents(db(), draft.id)).map((e) => e.name)).toEqual([
      'draft_order.created',
      'draft_order.updated',
    ])
    const bad = await request('POST', `/admin/draft-orders/${draft.id}`, { region_id: 'reg_missing' })
    expect(bad.statusCode).toBe(404)
    expect(bad.json().message).toMatch(/region_id/)
    const unknown = await request('POST', `/admin/draft-orders/${draft.id}`, { discounts: [{ code: 'NO-SUCH-CODE' }] })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toMatch(/NO-SUCH-CODE/)
  })

  it('adds, changes and removes lines', async () => {
    const s = await setup()
    const draft = await createDraft(s, { items: [] })
    const added = await request('POST', `/admin/draft-orders/${draft.id}/line-items`, { quantity: 3 })
    expect(added.statusCode, added.body).toBe(200)
    const [custom] = added.json().draft_order.cart.items
    expect(custom).toMatchObject({ title: 'Custom item', unit_price: 0, quantity: 3, allow_discounts: false })
    const withVariant = await request('POST', `/admin/draft-orders/${draft.id}/line-items`, {
      variant_id: s.variantId,
      quantity: 1,
    })
    expect(withVariant.json().draft_order.cart.items).toHaveLength(2)
    const changed = await request('POST', `/admin/draft-orders/${draft.id}/line-items/${custom.id}`, {
      quantity: 2,
      unit_price: 400,
      title: 'Gift wrap',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().draft_order.cart.items.find((i: { id: string }) => i.id === custom.id)).toMatchObject({
      quantity: 2,
      unit_price: 400,
      title: 'Gift wrap',
    })
    const zero = await request('POST', `/admin/draft-orders/${draft.id}/line-items/${custom.id}`, { quantity: 0 })
    expect(zero.json().draft_order.cart.items).toHaveLength(1)
    const [left] = zero.json().draft_order.cart.items
    const removed = await request('DELETE', `/admin/draft-orders/${draft.id}/line-items/${left.id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json().draft_order.cart.items).toEqual([])
    const unknown = await request('DELETE', `/admin/draft-orders/${draft.id}/line-items/item_missing`)
    expect(unknown.statusCode).toBe(404)
    const badVariant = await request('POST', `/admin/draft-orders/${draft.id}/line-items`, {
      variant_id: 'variant_missing',
      quantity: 1,
    })
    expect(badVariant.statusCode).toBe(400)
    expect(badVariant.json().message).toMatch(/variant_missing/)
    const badQuantity = await request('POST', `/admin/draft-orders/${draft.id}/line-items`, { quantity: 0 })
    expect(badQuantity.statusCode).toBe(400)
    expect(badQuantity.json().message).toMatch(/quantity/)
  })

  it('deletes a draft and soft-deletes its open cart', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    const res = await request('DELETE', `/admin/draft-orders/${draft.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: draft.id, object: 'draft-order', deleted: true })
    expect((await request('GET', `/admin/draft-orders/${draft.id}`)).statusCode).toBe(404)
    expect((await request('DELETE', `/admin/draft-orders/${draft.id}`)).statusCode).toBe(404)
  })
})

describe('POST /admin/draft-orders/:id/pay', () => {
  it('places a captured order through the system provider and completes the draft', async () => {
    const s = await setup()
    const draft = await createDraft(s, { no_notification_order: true })
    const res = await request('POST', `/admin/draft-orders/${draft.id}/pay`)
    expect(res.statusCode, res.body).toBe(200)
    const placed = res.json().order
    expect(placed).toMatchObject({
      status: 'pending',
      payment_status: 'captured',
      fulfillment_status: 'not_fulfilled',
      cart_id: draft.cart_id,
      draft_order_id: draft.id,
      no_notification: true,
      total: 3025,
      tax_total: 275,
    })
    expect(placed.display_id).toBeGreaterThan(0)
    expect(placed.items).toHaveLength(2)
    const [paid] = await db().select().from(payment).where(eq(payment.order_id, placed.id))
    expect(paid).toMatchObject({ provider_id: 'system', amount: 3025 })
    expect(paid.captured_at).not.toBeNull()
    const after = (await request('GET', `/admin/draft-orders/${draft.id}`)).json().draft_order
    expect(after).toMatchObject({ status: 'completed', order_id: placed.id, order: { id: placed.id } })
    expect(after.completed_at).not.toBeNull()
    const events = await orderEvents(db(), placed.id)
    expect(events.find((e) => e.name === 'order.placed')?.data).toMatchObject({ no_notification: true })
    // The variant's stock was taken.
    const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, s.variantId))
    expect(variant.inventory_quantity).toBe(8)
  })

  it('refuses a second payment and any change to a completed draft', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    expect((await request('POST', `/admin/draft-orders/${draft.id}/pay`)).statusCode).toBe(200)
    const again = await request('POST', `/admin/draft-orders/${draft.id}/pay`)
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ type: 'duplicate_error', message: 'Order from cart already exists' })
    const line = draft.cart.items[0]
    const changes = [
      request('POST', `/admin/draft-orders/${draft.id}`, { email: 'x@example.com' }),
      request('POST', `/admin/draft-orders/${draft.id}/line-items`, { quantity: 1 }),
      request('POST', `/admin/draft-orders/${draft.id}/line-items/${line.id}`, { quantity: 5 }),
      request('DELETE', `/admin/draft-orders/${draft.id}/line-items/${line.id}`),
    ]
    for (const res of await Promise.all(changes)) {
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ type: 'not_allowed', message: "Can't update a draft order which is complete" })
    }
    expect((await request('POST', '/admin/draft-orders/dorder_missing/pay')).statusCode).toBe(404)
  })

  it('two payments at once place one order', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    const answers = await Promise.all([
      request('POST', `/admin/draft-orders/${draft.id}/pay`),
      request('POST', `/admin/draft-orders/${draft.id}/pay`),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422])
    const orders = await db().select().from(order).where(eq(order.cart_id, draft.cart_id))
    expect(orders).toHaveLength(1)
  })

  it('refuses a draft whose variant lines need a shipping address first', async () => {
    const s = await setup()
    const draft = await createDraft(s, { shipping_address: undefined })
    const res = await request('POST', `/admin/draft-orders/${draft.id}/pay`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/shipping_address/)
  })
})

describe('discounts on draft orders', () => {
  async function percentOff(s: Setup, value: number, extra: Record<string, unknown> = {}) {
    const code = `DRAFT${Date.now()}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
    const res = await request('POST', '/admin/discounts', {
      code,
      rule: { type: 'percentage', value, allocation: 'total' },
      regions: [s.region.id],
      ...extra,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().discount as { id: string; code: string }
  }

  it('applies a code on creation to the discountable lines only, and the paid order keeps it', async () => {
    const s = await setup()
    const { id, code } = await percentOff(s, 10, { usage_limit: 1 })
    const draft = await createDraft(s, { discounts: [{ code: code.toLowerCase() }] })
    // 10 % of the variant lines' 2000; the custom line takes no discount. Tax 10 % after it:
    // (2250 − 200 + 500) × 10 % = 255.
    expect(draft.cart.discounts).toMatchObject([{ code }])
    expect(draft.cart).toMatchObject({ subtotal: 2250, discount_total: 200, tax_total: 255, total: 2805 })
    const paid = await request('POST', `/admin/draft-orders/${draft.id}/pay`)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().order).toMatchObject({ discount_total: 200, total: 2805 })
    const [row] = await db().select().from(payment).where(eq(payment.order_id, paid.json().order.id))
    expect(row.amount).toBe(2805)
    const used = (await request('GET', `/admin/discounts/${id}`)).json().discount
    expect(used.usage_count).toBe(1)
  })

  it('sets and clears codes on update, refusing one of another region with the draft unchanged', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    const { code } = await percentOff(s, 50)
    const set = await request('POST', `/admin/draft-orders/${draft.id}`, { discounts: [{ code }] })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().draft_order.cart).toMatchObject({ discount_total: 1000, discounts: [{ code }] })

    const elsewhere = await percentOff({ ...s, region: await makeRegion(db()) }, 20)
    const refused = await request('POST', `/admin/draft-orders/${draft.id}`, { discounts: [{ code: elsewhere.code }] })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ type: 'not_allowed', message: expect.stringMatching(/region/) })
    const kept = (await request('GET', `/admin/draft-orders/${draft.id}`)).json().draft_order
    expect(kept.cart).toMatchObject({ discount_total: 1000, discounts: [{ code }] })

    // The list shows the open draft's adjustments as its cart does.
    const listed = (await request('GET', `/admin/draft-orders?q=${encodeURIComponent(draft.cart.email)}`)).json()
    const adjustments = listed.draft_orders[0].cart.items.flatMap((item: { adjustments: object[] }) => item.adjustments)
    expect(adjustments).toMatchObject([{ description: 'discount', amount: 1000 }])

    const cleared = await request('POST', `/admin/draft-orders/${draft.id}`, { discounts: [] })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().draft_order.cart).toMatchObject({ discount_total: 0, discounts: [] })
  })
})

describe('draft carts and the storefront', () => {
  it('answers a draft cart as unknown on store cart routes, and never completes it', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    const id = draft.cart_id
    const store = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, payload })
    expect((await store('GET', `/store/carts/${id}`)).statusCode).toBe(404)
    expect((await store('POST', `/store/carts/${id}`, { email: 'x@example.com' })).statusCode).toBe(404)
    expect(
      (await store('POST', `/store/carts/${id}/line-items`, { variant_id: s.variantId, quantity: 1 })).statusCode,
    ).toBe(404)
    expect((await store('GET', `/store/shipping-options/${id}`)).statusCode).toBe(404)
    expect((await store('POST', `/store/carts/${id}/complete`)).statusCode).toBe(400)
    const orders = await db().select().from(order).where(eq(order.cart_id, id))
    expect(orders).toEqual([])
  })

  it('keeps the draft cart prefix and the draft_order type together', async () => {
    const s = await setup()
    const draft = await createDraft(s)
    await expect(db().update(cart).set({ type: 'default' }).where(eq(cart.id, draft.cart_id))).rejects.toThrow()
  })
})
