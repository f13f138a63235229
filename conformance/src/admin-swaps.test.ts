// Swaps, called through medusa-js 6.1.10's own methods against the real server, the answers checked
// against the Medusa v1.20.11 wire contract (admin-api.md "Orders" swaps and "Swaps", entities.md Swap).
import { describe, expect, it } from 'vitest'
import { swappableOrder } from '../../packages/server/src/modules/orders/swaps/test-helpers.js'
import { liveServerForFile } from './support/live-server.js'
import { ownedBy } from './support/route-owners.js'
import { expectId, expectPage, expectRefusal, expectWireShape, type Wire } from './support/shapes.js'

const server = liveServerForFile('admin-swaps')
const admin = () => server.admin.admin
const MY_PREFIXES = ['/admin/orders/{id}/swaps', '/admin/swaps']

/** The shopper's checkout of the swap's cart, through the store client. */
async function checkout(cartId: string) {
  const { cart } = await server.store.carts.retrieve(cartId)
  if (cart.total > 0) {
    await server.store.carts.createPaymentSessions(cartId)
    await server.store.carts.setPaymentSession(cartId, { provider_id: 'test' })
  }
  return server.store.carts.complete(cartId)
}

describe('admin swaps', () => {
  it('creates a swap for a dearer item, charges the difference, fulfils, ships, lists and reads it', async () => {
    const setup = await swappableOrder(server.database.db)
    const { order } = await admin().orders.createSwap(setup.order.id, {
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.dear, quantity: 1 }],
      custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    })
    expectWireShape(order)
    const [created] = order.swaps
    expectId(created.id, 'swap')
    expect(created).toMatchObject({ payment_status: 'not_paid', fulfillment_status: 'not_fulfilled' })
    expect(created.return_order).toMatchObject({ status: 'requested', swap_id: created.id })

    const done: Wire = await checkout(created.cart_id)
    expect(done).toMatchObject({ type: 'swap', data: { id: created.id, difference_due: 2200 } })
    expectWireShape(done.data)

    const paid = await admin().orders.processSwapPayment(setup.order.id, created.id)
    expect(paid.order.swaps[0].payment_status).toBe('captured')
    const fulfilled = await admin().orders.fulfillSwap(setup.order.id, created.id, {})
    const [fulfillment] = fulfilled.order.swaps[0].fulfillments
    expect(fulfilled.order.swaps[0].fulfillment_status).toBe('fulfilled')
    const shipped = await admin().orders.createSwapShipment(setup.order.id, created.id, {
      fulfillment_id: fulfillment.id,
      tracking_numbers: ['T-1'],
    })
    expect(shipped.order.swaps[0].fulfillment_status).toBe('shipped')
    await expectRefusal(
      admin().orders.cancelSwapFulfillment(setup.order.id, created.id, fulfillment.id),
      400,
      'not_allowed',
    )

    const list = await admin().swaps.list({ limit: 5, offset: 0 })
    expectPage(list, 'swaps', { limit: 5 })
    expect(list.swaps[0].id).toBe(created.id)
    const { swap } = await admin().swaps.retrieve(created.id)
    expect(swap).toMatchObject({ id: created.id, difference_due: 2200, cart: { total: 2200 } })
    expectWireShape(swap)
    await expectRefusal(admin().swaps.retrieve('swap_missing'), 404, 'not_found')
  })

  it('refunds a cheaper swap, cancels a fulfilment and a swap, refuses a canceled order', async () => {
    const setup = await swappableOrder(server.database.db)
    const { order } = await admin().orders.createSwap(setup.order.id, {
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    })
    const created = order.swaps[0]
    await expectRefusal(admin().orders.cancelSwap(setup.order.id, created.id), 400, 'not_allowed')
    const done: Wire = await checkout(created.cart_id)
    expect(done.data.difference_due).toBe(-550)
    const fulfilled = await admin().orders.fulfillSwap(setup.order.id, created.id, {})
    const fulfillmentId = fulfilled.order.swaps[0].fulfillments[0].id
    const canceled = await admin().orders.cancelSwapFulfillment(setup.order.id, created.id, fulfillmentId)
    expect(canceled.order.swaps[0].fulfillment_status).toBe('canceled')
    await admin().returns.cancel(created.return_order.id)
    const gone = await admin().orders.cancelSwap(setup.order.id, created.id)
    expect(gone.order.swaps[0]).toMatchObject({ payment_status: 'canceled', canceled_at: expect.any(String) })
    await expectRefusal(admin().orders.processSwapPayment(setup.order.id, created.id), 400, 'not_allowed')

    const other = await swappableOrder(server.database.db)
    const second = await admin().orders.createSwap(other.order.id, {
      return_items: [{ item_id: other.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: other.cheap, quantity: 1 }],
      custom_shipping_options: [{ option_id: other.option.id, price: 0 }],
    })
    await checkout(second.order.swaps[0].cart_id)
    const refunded = await admin().orders.processSwapPayment(other.order.id, second.order.swaps[0].id)
    expect(refunded.order).toMatchObject({ refunded_total: 550 })
    expect(refunded.order.swaps[0].payment_status).toBe('difference_refunded')

    // v1's include: the lines still returnable, beside the default relations.
    const { order: returnable } = await admin().orders.retrieve(other.order.id, { expand: 'returnable_items' })
    expectWireShape(returnable)
    expect(returnable.returnable_items.map((line: Wire) => line.id)).toEqual([other.shirt.id])
    // The swap's return answers its swap.
    const { returns } = await admin().returns.list({ limit: 50, offset: 0 })
    const ofSwap = returns.find((entry: Wire) => entry.swap_id === second.order.swaps[0].id)
    expect(ofSwap).toMatchObject({ swap: { id: second.order.swaps[0].id }, order: { id: other.order.id } })
    expectWireShape(ofSwap)
  })

  it('answers a create retried with the same Idempotency-Key with the same swap, made once', async () => {
    const setup = await swappableOrder(server.database.db)
    const payload = {
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    }
    const key = { 'Idempotency-Key': `conformance-swap-${setup.order.id}` }
    const first = await admin().orders.createSwap(setup.order.id, payload, key)
    const again = await admin().orders.createSwap(setup.order.id, payload, key)
    expect(first.order.swaps).toHaveLength(1)
    expect(again.order.swaps.map((entry: Wire) => entry.id)).toEqual([first.order.swaps[0].id])
  })

  it('called every route it owns', () => {
    expect(server.recorder.missing((route) => ownedBy(route.path, MY_PREFIXES))).toEqual([])
  })
})
