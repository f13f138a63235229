// The draft order routes, called through medusa-js 6.1.10's `admin.draftOrders` methods, the
// answers checked against the Medusa v1.20.11 wire contract (admin-api.md "Draft orders").
import { describe, expect, it } from 'vitest'
import { freeCountry } from '../../packages/server/src/testing/factories/carts.js'
import { makeProduct } from '../../packages/server/src/testing/factories/catalog.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../packages/server/src/testing/factories/shipping.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('admin-draft-orders')
const MY_PREFIXES = ['/admin/draft-orders']

/** medusa-js's admin resources, authenticated with the API token. */
const draftOrders = () => server.admin.admin.draftOrders

const ids = {} as Record<string, string>

describe('draft orders', () => {
  it('create, retrieve and list', async () => {
    const db = server.database.db
    const country = await freeCountry(db)
    const region = await makeRegion(db, { countries: [country] })
    const product = await makeProduct(db, {
      variants: [{ prices: [{ amount: 1200, currency_code: region.currency_code, region_id: region.id }] }],
    })
    const option = await makeShippingOption(db, region.id, { amount: 300 })
    ids.variant = product.variants[0].id
    const { draft_order } = await draftOrders().create({
      email: 'draft-buyer@example.com',
      region_id: region.id,
      shipping_methods: [{ option_id: option.id }],
      shipping_address: {
        first_name: 'Ada',
        last_name: 'L',
        address_1: '1 Row',
        city: 'C',
        country_code: country,
        postal_code: '1',
      },
      items: [{ variant_id: ids.variant, quantity: 1 }],
    } as Wire)
    expectId(draft_order.id, 'dorder')
    expect(draft_order).toMatchObject({ status: 'open', order_id: null, cart: { type: 'draft_order', total: 1500 } })
    expectWireShape(draft_order)
    ids.draft = draft_order.id
    const one = await draftOrders().retrieve(ids.draft)
    expect(one.draft_order.cart.items).toHaveLength(1)
    const list = await draftOrders().list({ q: 'draft-buyer' } as Wire)
    expectPage(list, 'draft_orders', { limit: 50 })
    expect(list.draft_orders.map((d: Wire) => d.id)).toEqual([ids.draft])
    await expectRefusal(draftOrders().retrieve('dorder_missing'), 404, 'not_found')
  })

  it('update, and line items: add, update, remove', async () => {
    const updated = await draftOrders().update(ids.draft, { email: 'draft-buyer2@example.com' } as Wire)
    expect(updated.draft_order.cart.email).toBe('draft-buyer2@example.com')
    const added = await draftOrders().addLineItem(ids.draft, { title: 'Engraving', unit_price: 200, quantity: 1 })
    const custom = added.draft_order.cart.items.find((i: Wire) => i.title === 'Engraving')
    expect(custom).toMatchObject({ unit_price: 200, allow_discounts: false })
    const changed = await draftOrders().updateLineItem(ids.draft, custom.id, { quantity: 2 })
    expect(changed.draft_order.cart.items.find((i: Wire) => i.id === custom.id).quantity).toBe(2)
    const removed = await draftOrders().removeLineItem(ids.draft, custom.id)
    expect(removed.draft_order.cart.items).toHaveLength(1)
    await expectRefusal(
      draftOrders().addLineItem(ids.draft, { variant_id: 'variant_missing', quantity: 1 } as Wire),
      400,
    )
  })

  it('pay places a captured order; paying again is refused', async () => {
    const { order } = await draftOrders().markPaid(ids.draft)
    expectId(order.id, 'order')
    expect(order).toMatchObject({ payment_status: 'captured', draft_order_id: ids.draft, total: 1500 })
    expectWireShape(order)
    await expectRefusal(draftOrders().markPaid(ids.draft), 422, 'duplicate_error')
    await expectRefusal(draftOrders().update(ids.draft, { email: 'x@example.com' } as Wire), 400, 'not_allowed')
  })

  it('delete', async () => {
    const { draft_order } = await draftOrders().retrieve(ids.draft)
    expect(draft_order.status).toBe('completed')
    const deleted = await draftOrders().delete(ids.draft)
    expect(deleted).toMatchObject({ id: ids.draft, object: 'draft-order', deleted: true })
  })

  it('called every draft order route', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
