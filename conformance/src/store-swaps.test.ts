// Store swaps, called through medusa-js 6.1.10 against the real server, the answers checked against
// the Medusa v1.20.11 wire contract (store-api.md "Returns & swaps", entities.md Swap).
import { describe, expect, it } from 'vitest'
import { swappableOrder } from '../../packages/server/src/modules/orders/swaps/test-helpers.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectRefusal, expectWireShape } from './support/shapes.js'

const server = liveServerForFile('store-swaps')
const MY_PREFIXES = ['/store/swaps']

describe('store swaps', () => {
  it("creates a swap of a guest order's item and reads it by its cart", async () => {
    const setup = await swappableOrder(server.database.db)
    const { swap } = await server.store.swaps.create({
      order_id: setup.order.id,
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.dear, quantity: 1 }],
      return_shipping_option: setup.returnOption.id,
    })
    expectId(swap.id, 'swap')
    expectWireShape(swap)
    expect(swap).toMatchObject({ order_id: setup.order.id, no_notification: true, cart: { type: 'swap' } })
    const read = await server.store.swaps.retrieveByCartId(swap.cart_id!)
    expect(read.swap).toMatchObject({ id: swap.id, return_order: { swap_id: swap.id } })
    await expectRefusal(server.store.swaps.retrieveByCartId('cart_missing'), 404, 'not_found')
    await expectRefusal(
      server.store.swaps.create({ order_id: setup.order.id, return_items: [], additional_items: [] }),
      400,
      'invalid_data',
    )
  })

  it('called every route it owns', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
