// Return reasons and returns, called through medusa-js 6.1.10's own methods against the real
// server, the answers checked against the Medusa v1.20.11 wire contract (admin-api.md, entities.md).
import { describe, expect, it } from 'vitest'
import { returnOption, shippedOrder } from '../../packages/server/src/modules/orders/returns/test-helpers.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('admin-returns')
const admin = () => server.admin.admin
const MY_PREFIXES = ['/admin/return-reasons', '/admin/returns', '/admin/orders/{id}/return']
const ids = {} as Record<string, string>

describe('return reasons', () => {
  it('creates, nests, lists, retrieves, updates and deletes', async () => {
    const { return_reason: parent } = await admin().returnReasons.create({ value: 'fit', label: 'Fit' })
    expectId(parent.id, 'rr')
    expectWireShape(parent)
    const { return_reason: child } = await admin().returnReasons.create({
      value: 'too-small',
      label: 'Too small',
      parent_return_reason_id: parent.id,
    })
    expect(child.parent_return_reason_id).toBe(parent.id)
    const { return_reasons } = await admin().returnReasons.list()
    const listed = return_reasons.find((entry: Wire) => entry.id === parent.id)
    expect(listed.return_reason_children.map((entry: Wire) => entry.id)).toEqual([child.id])
    expect((await admin().returnReasons.retrieve(child.id)).return_reason.parent_return_reason.id).toBe(parent.id)
    expect((await admin().returnReasons.update(parent.id, { label: 'Sizing' })).return_reason.label).toBe('Sizing')
    await expectRefusal(admin().returnReasons.create({ value: 'fit', label: 'Again' }), 422, 'duplicate_error')
    await expectRefusal(
      admin().returnReasons.create({ value: 'deeper', label: 'x', parent_return_reason_id: child.id }),
      400,
      'invalid_data',
    )
    expect(await admin().returnReasons.delete(child.id)).toMatchObject({
      id: child.id,
      object: 'return_reason',
      deleted: true,
    })
    ids.reason = (await admin().returnReasons.create({ value: 'damaged', label: 'Damaged' })).return_reason.id
  })
})

describe('returns', () => {
  it('requests a return with return shipping, lists, receives it: refunded to the cent', async () => {
    const db = server.database.db
    const made = await shippedOrder(db)
    const option = await returnOption(db, made.region_id, 500)
    const { order } = await admin().orders.requestReturn(made.id, {
      items: [{ item_id: made.lines[0].id, quantity: 1, reason_id: ids.reason, note: 'dented' }],
      return_shipping: { option_id: option.id, price: 500 },
    })
    expectWireShape(order)
    const [requested] = order.returns
    expectId(requested.id, 'ret')
    expect(requested).toMatchObject({ status: 'requested', refund_amount: 4500 })
    expect(requested.items[0]).toMatchObject({ item_id: made.lines[0].id, reason: { id: ids.reason } })

    const list = await admin().returns.list({ limit: 10, offset: 0 })
    expectPage(list, 'returns', { limit: 10 })
    expect(list.returns[0]).toMatchObject({ id: requested.id, order: { id: made.id } })

    const received = await admin().returns.receive(requested.id, {
      items: [{ item_id: made.lines[0].id, quantity: 1 }],
    })
    expect(received.return).toMatchObject({ status: 'received', refund_amount: 4500, swap: null })
    expectWireShape(received.return)
    await expectRefusal(
      admin().returns.receive(requested.id, { items: [{ item_id: made.lines[0].id, quantity: 1 }] }),
      400,
      'not_allowed',
    )
    const { order: after } = await admin().orders.retrieve(made.id)
    expect(after).toMatchObject({
      fulfillment_status: 'partially_returned',
      payment_status: 'partially_refunded',
      refunded_total: 4500,
    })
  })

  it('cancels a requested return; refuses to return more than was fulfilled', async () => {
    const made = await shippedOrder(server.database.db)
    await expectRefusal(
      admin().orders.requestReturn(made.id, { items: [{ item_id: made.lines[0].id, quantity: 3 }] }),
      400,
      'not_allowed',
    )
    const { order } = await admin().orders.requestReturn(made.id, {
      items: [{ item_id: made.lines[0].id, quantity: 1 }],
    })
    const { order: canceled } = await admin().returns.cancel(order.returns[0].id)
    expect(canceled.returns[0].status).toBe('canceled')
    expectWireShape(canceled)
  })

  it('called every route it owns', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
