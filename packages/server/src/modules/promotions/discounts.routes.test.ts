import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct, makeProductTag } from '../../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { storefront } from '../../testing/factories/storefront.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { productTags } from '../catalog/schema.js'
import { lineItemAdjustment } from '../carts/schema.js'
import { ensureStore } from '../store/service.js'
import { discount as discountTable } from './schema.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let admin: Record<string, string>
let seq = 0
const unique = (label: string) => `${label}${++seq}${Date.now().toString(36)}`.toUpperCase()

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = admin) {
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers })
  return { status: res.statusCode, body: res.json() }
}
const shopper = storefront(() => ctx.app)
const store = shopper.call
const { cartWith, pay } = shopper

beforeAll(async () => {
  await ensureStore(db())
  admin = (await asAdmin(db())).headers
})

async function shop(currency = 'usd', taxRate = 10, includesTax = false) {
  const region = await makeRegion(db(), {
    currency_code: currency,
    tax_rate: taxRate,
    includes_tax: includesTax,
    countries: [await freeCountry(db())],
    payment_providers: ['manual'],
  })
  const tag = await makeProductTag(db())
  const tagged = await makeProduct(db(), {
    variants: [{ inventory_quantity: 100, prices: [{ amount: 1000, currency_code: currency, region_id: region.id }] }],
  })
  await db().insert(productTags).values({ product_id: tagged.id, product_tag_id: tag.id })
  const plain = await makeProduct(db(), {
    variants: [{ inventory_quantity: 100, prices: [{ amount: 333, currency_code: currency, region_id: region.id }] }],
  })
  await makeShippingOption(db(), region.id, { amount: 500 })
  return { region, tag, tagged, plain }
}

async function makeDiscount(region: RegionFixture, rule: object, extra: object = {}) {
  const res = await call('POST', '/admin/discounts', {
    code: unique('code'),
    rule: { allocation: 'total', ...rule },
    regions: [region.id],
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.discount as { id: string; code: string; rule: { id: string; conditions: { id: string }[] } }
}

describe('admin discounts', () => {
  it('creates, reads by id and by code, lists, updates and deletes, with events', async () => {
    const { region, tag } = await shop()
    const created = await call('POST', '/admin/discounts', {
      code: ' summer10 ',
      rule: {
        type: 'percentage',
        value: 10,
        allocation: 'total',
        conditions: [{ operator: 'in', product_tags: [tag.id] }],
      },
      regions: [region.id],
      usage_limit: 5,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const discount = created.body.discount
    expect(discount).toMatchObject({
      id: expect.stringMatching(/^disc_/),
      code: 'SUMMER10',
      is_dynamic: false,
      is_disabled: false,
      usage_limit: 5,
      usage_count: 0,
      rule: {
        type: 'percentage',
        value: 10,
        allocation: 'total',
        conditions: [{ type: 'product_tags', operator: 'in' }],
      },
      regions: [{ id: region.id }],
      parent_discount: null,
    })
    expect((await call('GET', `/admin/discounts/${discount.id}`)).body.discount.code).toBe('SUMMER10')
    expect((await call('GET', '/admin/discounts/code/summer10')).body.discount.id).toBe(discount.id)
    const listed = await call('GET', '/admin/discounts?q=mmer1&rule[type]=percentage')
    expect(listed.status).toBe(200)
    expect(listed.body.discounts.map((d: { id: string }) => d.id)).toContain(discount.id)

    const updated = await call('POST', `/admin/discounts/${discount.id}`, {
      is_disabled: true,
      rule: { id: discount.rule.id, value: 15 },
      metadata: { campaign: 'summer' },
    })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body.discount).toMatchObject({
      is_disabled: true,
      rule: { value: 15 },
      metadata: { campaign: 'summer' },
    })

    const condition = discount.rule.conditions[0]
    const read = await call('GET', `/admin/discounts/${discount.id}/conditions/${condition.id}`)
    expect(read.body.discount_condition).toMatchObject({ id: condition.id, type: 'product_tags' })
    const other = await makeProductTag(db())
    expect(
      (
        await call('POST', `/admin/discounts/${discount.id}/conditions/${condition.id}/batch`, {
          resources: [{ id: other.id }],
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('DELETE', `/admin/discounts/${discount.id}/conditions/${condition.id}/batch`, {
          resources: [{ id: other.id }],
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('POST', `/admin/discounts/${discount.id}/conditions/${condition.id}`, { product_tags: [] })).status,
    ).toBe(200)
    const removed = await call('DELETE', `/admin/discounts/${discount.id}/conditions/${condition.id}`)
    expect(removed.body).toMatchObject({ id: condition.id, object: 'discount-condition', deleted: true })
    expect(removed.body.discount.rule.conditions).toEqual([])
    expect(
      (await call('POST', `/admin/discounts/${discount.id}/conditions`, { operator: 'not_in', products: [] })).status,
    ).toBe(200)

    const second = await makeRegion(db(), { countries: [await freeCountry(db())] })
    const added = await call('POST', `/admin/discounts/${discount.id}/regions/${second.id}`)
    expect(added.body.discount.regions).toHaveLength(2)
    const dropped = await call('DELETE', `/admin/discounts/${discount.id}/regions/${second.id}`)
    expect(dropped.body.discount.regions).toHaveLength(1)

    const deleted = await call('DELETE', `/admin/discounts/${discount.id}`)
    expect(deleted.body).toEqual({ id: discount.id, object: 'discount', deleted: true })
    expect((await call('GET', `/admin/discounts/${discount.id}`)).status).toBe(404)
    const events = await db()
      .select({ name: outbox.event_name })
      .from(outbox)
      .where(sql`${outbox.data}->>'id' = ${discount.id}`)
    expect(events.map((event) => event.name)).toEqual(
      expect.arrayContaining(['discount.created', 'discount.updated', 'discount.deleted']),
    )
  })

  it('makes dynamic codes with the parent rule, limit and duration', async () => {
    const { region } = await shop()
    const parent = await makeDiscount(
      region,
      { type: 'fixed', value: 100 },
      { is_dynamic: true, valid_duration: 'P2D', usage_limit: 3 },
    )
    const child = await call('POST', `/admin/discounts/${parent.id}/dynamic-codes`, {
      code: 'dyn-' + parent.code,
      usage_limit: 9,
    })
    expect(child.status, JSON.stringify(child.body)).toBe(200)
    expect(child.body.discount).toMatchObject({
      code: `DYN-${parent.code}`,
      is_dynamic: true,
      parent_discount_id: parent.id,
      rule_id: parent.rule.id,
      usage_limit: 3,
    })
    const ends = new Date(child.body.discount.ends_at).getTime()
    expect(ends - Date.now()).toBeGreaterThan(47 * 3600_000)
    const gone = await call('DELETE', `/admin/discounts/${parent.id}/dynamic-codes/dyn-${parent.code.toLowerCase()}`)
    expect(gone.status).toBe(200)
    expect((await call('GET', `/admin/discounts/code/DYN-${parent.code}`)).status).toBe(404)
    const plain = await makeDiscount(region, { type: 'fixed', value: 100 })
    expect((await call('POST', `/admin/discounts/${plain.id}/dynamic-codes`, { code: unique('x') })).status).toBe(400)
  })

  it('refuses bad input with a 4xx naming the field', async () => {
    const { region } = await shop()
    const other = await makeRegion(db(), { countries: [await freeCountry(db())] })
    const base = {
      code: unique('bad'),
      rule: { type: 'percentage', value: 10, allocation: 'total' },
      regions: [region.id],
    }
    const cases: [object, string][] = [
      [{ ...base, rule: { ...base.rule, value: 101 } }, 'above 100'],
      [{ ...base, regions: [] }, 'at least 1 region'],
      [
        { ...base, rule: { type: 'fixed', value: 10, allocation: 'total' }, regions: [region.id, other.id] },
        'one region',
      ],
      [{ ...base, starts_at: '2030-01-02', ends_at: '2030-01-01' }, 'ends_at'],
      [{ ...base, rule: { ...base.rule, type: 'bogus' } }, 'type'],
      [{ ...base, valid_duration: 'two days' }, 'valid_duration'],
      [{ ...base, rule: { ...base.rule, conditions: [{ operator: 'in' }] } }, 'exactly one'],
      [
        { ...base, rule: { ...base.rule, conditions: [{ operator: 'in', products: ['prod_missing'] }] } },
        'prod_missing',
      ],
      [{ ...base, starts_at: 'not a date' }, 'starts_at'],
      [{ ...base, extra: 1 }, 'extra'],
    ]
    for (const [payload, text] of cases) {
      const res = await call('POST', '/admin/discounts', payload)
      expect(res.status, JSON.stringify(payload)).toBe(400)
      expect(res.body.message, JSON.stringify(payload)).toContain(text)
    }
    expect((await call('GET', '/admin/discounts/disc_missing')).status).toBe(404)
    expect((await call('GET', '/admin/discounts?order=code')).status).toBe(400)
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/discounts' })).statusCode).toBe(401)
  })
})

describe('discounts on carts', () => {
  it('applies a fixed total discount over the lines to the cent, tax after the discount', async () => {
    const { region, tagged, plain } = await shop('usd', 10)
    const discount = await makeDiscount(region, { type: 'fixed', value: 500 })
    const cartId = await cartWith(region, [
      [tagged.variants[0].id, 1],
      [plain.variants[0].id, 2],
    ])
    const res = await store('POST', `/store/carts/${cartId}`, { discounts: [{ code: discount.code.toLowerCase() }] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const cart = res.body.cart
    // Bases 1000 and 666 (1666): 500 × 1000/1666 = 300.12 → 300, 500 × 666/1666 = 199.88 → 200 (largest remainder).
    expect(cart.items.map((item: { discount_total: number }) => item.discount_total)).toEqual([300, 200])
    expect(cart.items[0].adjustments).toMatchObject([{ discount_id: discount.id, amount: 300 }])
    expect(cart).toMatchObject({ subtotal: 1666, discount_total: 500, tax_total: 117, total: 1283 })
    expect(cart.discounts).toMatchObject([{ id: discount.id, code: discount.code, rule: { type: 'fixed' } }])

    const removed = await store('DELETE', `/store/carts/${cartId}/discounts/${discount.code}`)
    expect(removed.status).toBe(200)
    expect(removed.body.cart).toMatchObject({ discount_total: 0, discounts: [], total: 1833 })
    expect((await store('DELETE', `/store/carts/${cartId}/discounts/${discount.code}`)).status).toBe(404)
  })

  it('applies a percentage discount only to the lines its conditions name, and free shipping beside it', async () => {
    const { region, tag, tagged, plain } = await shop('eur', 20)
    const percent = await makeDiscount(region, {
      type: 'percentage',
      value: 15,
      conditions: [{ operator: 'in', product_tags: [tag.id] }],
    })
    const free = await makeDiscount(region, { type: 'free_shipping', value: 0 })
    const cartId = await cartWith(
      region,
      [
        [tagged.variants[0].id, 3],
        [plain.variants[0].id, 1],
      ],
      true,
    )
    const res = await store('POST', `/store/carts/${cartId}`, {
      discounts: [{ code: percent.code }, { code: free.code }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const cart = res.body.cart
    // 3000 − 450 = 2550 + 20 % = 3060; the 333 line is untouched (+ 67 tax); shipping is free.
    expect(cart.items.map((item: { total: number }) => item.total)).toEqual([3060, 400])
    expect(cart).toMatchObject({ shipping_total: 0, shipping_tax_total: 0, discount_total: 450, total: 3460 })
  })

  it('adjusts the discount as the lines change', async () => {
    const { region, tagged } = await shop('jpy', 10)
    const discount = await makeDiscount(region, { type: 'fixed', value: 150, allocation: 'item' })
    const cartId = await cartWith(region, [[tagged.variants[0].id, 1]])
    await store('POST', `/store/carts/${cartId}`, { discounts: [{ code: discount.code }] })
    const line = (await store('GET', `/store/carts/${cartId}`)).body.cart.items[0]
    const updated = await store('POST', `/store/carts/${cartId}/line-items/${line.id}`, { quantity: 4 })
    // ¥150 per unit × 4; tax 10 % on 4000 − 600.
    expect(updated.body.cart).toMatchObject({ discount_total: 600, tax_total: 340, total: 3740 })
  })

  it('refuses every unusable code with a 4xx and leaves the cart unchanged', async () => {
    const { region, tag, tagged, plain } = await shop()
    const elsewhere = await makeRegion(db(), { countries: [await freeCountry(db())] })
    const cartId = await cartWith(region, [[plain.variants[0].id, 1]])
    const applied = await makeDiscount(region, { type: 'fixed', value: 10 })
    expect((await store('POST', `/store/carts/${cartId}`, { discounts: [{ code: applied.code }] })).status).toBe(200)
    const before = (await store('GET', `/store/carts/${cartId}`)).body.cart

    const disabled = await makeDiscount(region, { type: 'fixed', value: 10 }, { is_disabled: true })
    const future = await makeDiscount(region, { type: 'fixed', value: 10 }, { starts_at: '2100-01-01' })
    const expired = await makeDiscount(
      region,
      { type: 'fixed', value: 10 },
      { starts_at: '2000-01-01', ends_at: '2001-01-01' },
    )
    const otherRegion = await makeDiscount(elsewhere, { type: 'fixed', value: 10 })
    const used = await makeDiscount(region, { type: 'fixed', value: 10 }, { usage_limit: 1 })
    await db().update(discountTable).set({ usage_count: 1 }).where(eq(discountTable.id, used.id))
    const conditional = await makeDiscount(region, {
      type: 'percentage',
      value: 10,
      conditions: [{ operator: 'in', product_tags: [tag.id] }],
    })
    const second = await makeDiscount(region, { type: 'percentage', value: 5 })
    const cases: [object, number, string][] = [
      [[{ code: disabled.code }], 400, 'disabled'],
      [[{ code: future.code }], 400, 'not valid yet'],
      [[{ code: expired.code }], 400, 'expired'],
      [[{ code: otherRegion.code }], 400, 'region'],
      [[{ code: used.code }], 400, 'maximum allowed times'],
      [[{ code: conditional.code }], 400, 'conditions'],
      [[{ code: applied.code }, { code: second.code }], 400, 'one discount'],
      [[{ code: 'NO-SUCH-CODE' }], 404, 'NO-SUCH-CODE'],
    ]
    for (const [discounts, status, text] of cases) {
      const res = await store('POST', `/store/carts/${cartId}`, { discounts })
      expect(res.status, JSON.stringify(discounts)).toBe(status)
      expect(res.body.type).toEqual(expect.any(String))
      expect(res.body.message, JSON.stringify(discounts)).toContain(text)
    }
    const after = (await store('GET', `/store/carts/${cartId}`)).body.cart
    expect(after.discounts.map((d: { id: string }) => d.id)).toEqual([applied.id])
    expect(after.total).toBe(before.total)
    // The conditional code applies once a tagged line is in the cart.
    await store('POST', `/store/carts/${cartId}/line-items`, { variant_id: tagged.variants[0].id, quantity: 1 })
    expect((await store('POST', `/store/carts/${cartId}`, { discounts: [{ code: conditional.code }] })).status).toBe(
      200,
    )
  })

  it('takes the use at completion and stores the adjustments on the order', async () => {
    const { region, tagged } = await shop()
    const discount = await makeDiscount(region, { type: 'percentage', value: 10 }, { usage_limit: 2 })
    const cartId = await cartWith(region, [[tagged.variants[0].id, 2]], true)
    await store('POST', `/store/carts/${cartId}`, { discounts: [{ code: discount.code }] })
    await pay(cartId)
    const done = await store('POST', `/store/carts/${cartId}/complete`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    // 2000 − 200, tax 10 % of 1800 = 180, shipping 500 + 50.
    expect(done.body.data).toMatchObject({ discount_total: 200, total: 2530 })
    const [row] = await db().select().from(discountTable).where(eq(discountTable.id, discount.id))
    expect(row.usage_count).toBe(1)
    const stored = await db().select().from(lineItemAdjustment).where(eq(lineItemAdjustment.discount_id, discount.id))
    expect(stored.map((adjustment) => Number(adjustment.amount))).toEqual([200])
  })
})

describe('usage limits under concurrency', () => {
  it('gives a usage_limit 1 code to one of ten carts completing at once; the others complete without it', async () => {
    const { region, tagged } = await shop()
    const discount = await makeDiscount(region, { type: 'fixed', value: 300 }, { usage_limit: 1 })
    const carts: string[] = []
    for (let i = 0; i < 10; i++) {
      const id = await cartWith(region, [[tagged.variants[0].id, 1]], true)
      expect((await store('POST', `/store/carts/${id}`, { discounts: [{ code: discount.code }] })).status).toBe(200)
      await pay(id)
      carts.push(id)
    }
    const answers = await Promise.all(carts.map((id) => store('POST', `/store/carts/${id}/complete`)))
    const placed = answers.filter((answer) => answer.status === 200)
    expect(placed).toHaveLength(1)
    expect(placed[0].body.data.discount_total).toBe(300)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(9)
    for (const answer of refused) {
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain('can no longer be used')
    }
    const [row] = await db().select().from(discountTable).where(eq(discountTable.id, discount.id))
    expect(row.usage_count).toBe(1)

    const leftover = carts[answers.findIndex((answer) => answer.status !== 200)]
    expect((await store('DELETE', `/store/carts/${leftover}/discounts/${discount.code}`)).status).toBe(200)
    await pay(leftover)
    const again = await store('POST', `/store/carts/${leftover}/complete`)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.data.discount_total).toBe(0)
  })
})
