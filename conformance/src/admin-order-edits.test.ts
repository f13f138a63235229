// The admin order-edit and claim routes through medusa-js 6.1.10's `admin.orderEdits` and
// `admin.orders.*Claim*`, the answers checked against the Medusa v1.20.11 wire contract (shared
// reference: admin-api.md "Order edits" and "Orders").
import { describe, expect, it } from 'vitest'
import { makeProduct } from '../../packages/server/src/testing/factories/catalog.js'
import { makeOrder } from '../../packages/server/src/testing/factories/orders.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../packages/server/src/testing/factories/shipping.js'
import { lineItem } from '../../packages/server/src/modules/carts/schema.js'
import { eq } from 'drizzle-orm'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('admin-order-edits')
const admin = () => server.admin.admin
const MY_PREFIXES = ['/admin/order-edits', '/admin/orders/{id}/claims']

/** An order of 2 × 10.00 in a usd region, and a variant priced 15.00 there. */
async function orderAndVariant() {
  const db = server.database.db
  const region = await makeRegion(db, { currency_code: 'usd' })
  const product = await makeProduct(db, { variants: [{ prices: [{ amount: 1500, currency_code: 'usd' }] }] })
  const order = await makeOrder(db, { region_id: region.id, items: [{ unit_price: 1000, quantity: 2 }] })
  return { order, variantId: product.variants[0].id }
}

function expectEdit(edit: Wire, status: string) {
  expectId(edit.id, 'oe')
  expect(edit.status).toBe(status)
  for (const total of ['subtotal', 'tax_total', 'total', 'difference_due']) {
    expect(Number.isInteger(edit[total]), `order_edit.${total}`).toBe(true)
  }
  expectWireShape(edit)
}

describe('order edits', () => {
  it('creates, changes, requests and confirms an edit', async () => {
    const { order, variantId } = await orderAndVariant()
    const { order_edit: created } = await admin().orderEdits.create({ order_id: order.id, internal_note: 'note' })
    expectEdit(created, 'created')
    expect(created.items).toHaveLength(1)
    await expectRefusal(admin().orderEdits.create({ order_id: order.id }), 400, 'invalid_data')

    const { order_edit: updated } = await admin().orderEdits.update(created.id, { internal_note: 'changed' })
    expect(updated.internal_note).toBe('changed')
    expect((await admin().orderEdits.retrieve(created.id)).order_edit.id).toBe(created.id)
    expectPage(await admin().orderEdits.list({ order_id: order.id } as never), 'order_edits', { limit: 20 })

    const { order_edit: added } = await admin().orderEdits.addLineItem(created.id, {
      variant_id: variantId,
      quantity: 1,
    })
    expect(added.difference_due).toBe(1500)
    const original = added.items.find((item: Wire) => item.original_item_id)
    const { order_edit: more } = await admin().orderEdits.updateLineItem(created.id, original.id, { quantity: 3 })
    expect(more.difference_due).toBe(2500)
    const change = more.changes.find((entry: Wire) => entry.type === 'item_update')
    expectId(change.id, 'oic')
    const deletedChange = await admin().orderEdits.deleteItemChange(created.id, change.id)
    expect(deletedChange).toMatchObject({ id: change.id, object: 'item_change', deleted: true })
    const { order_edit: removed } = await admin().orderEdits.removeLineItem(created.id, original.id)
    expect(removed.difference_due).toBe(1500 - 2000)

    const { order_edit: requested } = await admin().orderEdits.requestConfirmation(created.id)
    expectEdit(requested, 'requested')
    const { order_edit: confirmed } = await admin().orderEdits.confirm(created.id)
    expectEdit(confirmed, 'confirmed')
    await expectRefusal(admin().orderEdits.cancel(created.id), 400, 'not_allowed')
  })

  it('cancels and deletes edits', async () => {
    const { order } = await orderAndVariant()
    const { order_edit: first } = await admin().orderEdits.create({ order_id: order.id })
    expect(await admin().orderEdits.delete(first.id)).toMatchObject({
      id: first.id,
      object: 'order_edit',
      deleted: true,
    })
    const { order_edit: second } = await admin().orderEdits.create({ order_id: order.id })
    expectEdit((await admin().orderEdits.cancel(second.id)).order_edit, 'canceled')
    await expectRefusal(admin().orderEdits.delete(second.id), 400, 'not_allowed')
  })

  it('creates, updates, fulfils, ships and cancels claims', async () => {
    const db = server.database.db
    const region = await makeRegion(db, { currency_code: 'usd' })
    const option = await makeShippingOption(db, region.id, { amount: 500 })
    const product = await makeProduct(db, { variants: [{ prices: [{ amount: 1500, currency_code: 'usd' }] }] })
    const order = await makeOrder(db, {
      region_id: region.id,
      items: [{ unit_price: 1000, quantity: 3 }],
      payments: [{ amount: 3000, captured: true }],
    })
    const [line] = await db.select().from(lineItem).where(eq(lineItem.order_id, order.id))
    await db.update(lineItem).set({ fulfilled_quantity: 3 }).where(eq(lineItem.id, line.id))
    const orders = admin().orders

    const refunded = (
      await orders.createClaim(order.id, { type: 'refund', claim_items: [{ item_id: line.id, quantity: 1 }] } as never)
    ).order
    expect(refunded.claims[0]).toMatchObject({ payment_status: 'refunded', refund_amount: 1000 })
    expectId(refunded.claims[0].id, 'claim')
    expectWireShape(refunded)
    await expectRefusal(
      orders.createClaim(order.id, { type: 'refund', claim_items: [{ item_id: line.id, quantity: 5 }] } as never),
      400,
      'not_allowed',
    )

    const replace = {
      type: 'replace',
      claim_items: [{ item_id: line.id, quantity: 1, reason: 'production_failure' }],
      additional_items: [{ variant_id: product.variants[0].id, quantity: 1 }],
      shipping_methods: [{ option_id: option.id, price: 0 }],
    }
    const claim = (await orders.createClaim(order.id, replace as never)).order.claims[1]
    expectId(claim.claim_items[0].id, 'citm')
    const updated = await orders.updateClaim(order.id, claim.id, { metadata: { ticket: 'T1' } } as never)
    expect(updated.order.claims[1].metadata).toEqual({ ticket: 'T1' })
    const fulfilled = await orders.fulfillClaim(order.id, claim.id, {})
    const fulfillment = fulfilled.order.claims[1].fulfillments[0]
    expectId(fulfillment.id, 'ful')
    const shipped = await orders.createClaimShipment(order.id, claim.id, { fulfillment_id: fulfillment.id })
    expect(shipped.order.claims[1].fulfillment_status).toBe('shipped')
    await expectRefusal(orders.cancelClaimFulfillment(order.id, claim.id, fulfillment.id), 400, 'not_allowed')

    const other = (await orders.createClaim(order.id, replace as never)).order.claims[2]
    const booked = (await orders.fulfillClaim(order.id, other.id, {})).order.claims[2].fulfillments[0]
    const undone = await orders.cancelClaimFulfillment(order.id, other.id, booked.id)
    expect(undone.order.claims[2].fulfillment_status).toBe('canceled')
    const canceled = await orders.cancelClaim(order.id, other.id)
    expect(canceled.order.claims[2].canceled_at).toBeTruthy()
  })

  it('called every order-edit and claim route of the server through medusa-js', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
