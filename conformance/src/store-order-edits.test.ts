// The store order-edit routes through medusa-js 6.1.10's `orderEdits`, the answers checked against
// the Medusa v1.20.11 wire contract (shared reference: store-api.md "Order edits (customer-facing)").
import { describe, expect, it } from 'vitest'
import { makeProduct } from '../../packages/server/src/testing/factories/catalog.js'
import { makeOrder } from '../../packages/server/src/testing/factories/orders.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectRefusal, expectWireShape } from './support/shapes.js'

const server = liveServerForFile('store-order-edits')
const MY_PREFIXES = ['/store/order-edits']

/** A requested edit adding a 15.00 line to an order of 10.00: 15.00 to pay. */
async function requestedEdit() {
  const db = server.database.db
  const region = await makeRegion(db, { currency_code: 'usd' })
  const product = await makeProduct(db, { variants: [{ prices: [{ amount: 1500, currency_code: 'usd' }] }] })
  const order = await makeOrder(db, { region_id: region.id })
  const admin = server.admin.admin
  const { order_edit: edit } = await admin.orderEdits.create({ order_id: order.id })
  await admin.orderEdits.addLineItem(edit.id, { variant_id: product.variants[0].id, quantity: 1 })
  const { order_edit: requested } = await admin.orderEdits.requestConfirmation(edit.id)
  return requested
}

describe('store order edits', () => {
  it('reads, then completes a requested edit once its payment collection is authorized', async () => {
    const requested = await requestedEdit()
    const { order_edit: seen } = await server.store.orderEdits.retrieve(requested.id)
    expect(seen).toMatchObject({ id: requested.id, status: 'requested', difference_due: 1500 })
    expect(seen).not.toHaveProperty('internal_note')
    expectWireShape(seen)
    await expectRefusal(server.store.orderEdits.complete(requested.id), 400, 'not_allowed')
    await server.admin.admin.paymentCollections.markAsAuthorized(requested.payment_collection_id)
    const { order_edit: completed } = await server.store.orderEdits.complete(requested.id)
    expect(completed).toMatchObject({ status: 'confirmed', difference_due: 0 })
  })

  it('declines a requested edit with a reason', async () => {
    const requested = await requestedEdit()
    const { order_edit: declined } = await server.store.orderEdits.decline(requested.id, { declined_reason: 'No' })
    expect(declined).toMatchObject({ status: 'declined', declined_reason: 'No' })
    await expectRefusal(server.store.orderEdits.complete(requested.id), 400, 'not_allowed')
  })

  it('called every store order-edit route of the server through medusa-js', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
