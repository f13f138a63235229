// Store return reasons and returns, called through medusa-js 6.1.10 against the real server, the
// answers checked against the Medusa v1.20.11 wire contract (store-api.md, entities.md).
import { describe, expect, it } from 'vitest'
import { returnOption, shippedOrder } from '../../packages/server/src/modules/orders/returns/test-helpers.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('store-returns')
const MY_PREFIXES = ['/store/return-reasons', '/store/returns']

describe('store returns', () => {
  it('lists and retrieves return reasons', async () => {
    const { return_reason } = await server.admin.admin.returnReasons.create({ value: 'store-fit', label: 'Fit' })
    const { return_reasons } = await server.store.returnReasons.list()
    expect(return_reasons.map((entry: Wire) => entry.id)).toContain(return_reason.id)
    const one = await server.store.returnReasons.retrieve(return_reason.id)
    expect(one.return_reason).toMatchObject({ id: return_reason.id, value: 'store-fit', return_reason_children: [] })
    expectWireShape(one.return_reason)
    await expectRefusal(server.store.returnReasons.retrieve('rr_missing'), 404, 'not_found')
  })

  it("creates a return of a guest order's items with return shipping", async () => {
    const db = server.database.db
    const made = await shippedOrder(db)
    const option = await returnOption(db, made.region_id, 1000)
    const answer = await server.store.returns.create({
      order_id: made.id,
      items: [{ item_id: made.lines[0].id, quantity: 2 }],
      return_shipping: { option_id: option.id },
    })
    expectId(answer.return.id, 'ret')
    expect(answer.return).toMatchObject({ status: 'requested', refund_amount: 9000, order_id: made.id })
    expect(answer.return.items).toEqual([expect.objectContaining({ item_id: made.lines[0].id, quantity: 2 })])
    expectWireShape(answer.return)
    await expectRefusal(
      server.store.returns.create({ order_id: made.id, items: [{ item_id: made.lines[0].id, quantity: 1 }] }),
      400,
      'not_allowed',
    )
  })

  it('called every route it owns', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
