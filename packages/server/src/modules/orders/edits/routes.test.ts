import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testPaymentProvider, type TestPaymentProvider } from '../../../providers/payment-test.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { makeRegion } from '../../../testing/factories/regions.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { lineItem } from '../../carts/schema.js'
import { reserveLines } from '../../inventory/reservations.js'
import { inventoryLevel, reservationItem } from '../../inventory/schema.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { makeStockLocation, stockVariant } from '../../../testing/factories/inventory.js'
import { orderEvents } from '../admin/test-helpers.js'
import { order, orderEdit, payment, refund } from '../schema.js'

const ctx = useTestApp()
const db = () => ctx.app.db
let headers: Record<string, string>
let provider: TestPaymentProvider

beforeAll(async () => {
  headers = (await asAdmin(db())).headers
  provider = testPaymentProvider(ctx.app.providers.paymentProviders)
})
beforeEach(() => provider.reset())

type Method = 'GET' | 'POST' | 'DELETE'
const admin = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
const store = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })

/**
 * An order in a region taxed at 10 %: 2 × 10.00 and 1 × 5.00, each taxed 10 %, shipping 5.00
 * untaxed: 25.00 + 2.50 tax + 5.00 = 32.50. A variant priced 15.00 in the region's currency.
 */
async function setUp(overrides: Parameters<typeof makeOrder>[1] = {}) {
  const region = await makeRegion(db(), { currency_code: 'usd', tax_rate: 10 })
  const product = await makeProduct(db(), { variants: [{ prices: [{ amount: 1500, currency_code: 'usd' }] }] })
  const made = await makeOrder(db(), {
    region_id: region.id,
    items: [
      { title: 'Two', unit_price: 1000, quantity: 2, tax_rate: 10 },
      { title: 'One', unit_price: 500, quantity: 1, tax_rate: 10 },
    ],
    shipping: [{ price: 500 }],
    ...overrides,
  })
  return { region, order: made, variantId: product.variants[0].id }
}

async function createEdit(orderId: string) {
  const res = await admin('POST', '/admin/order-edits', { order_id: orderId, internal_note: 'customer called' })
  expect(res.statusCode).toBe(200)
  return res.json().order_edit
}

const itemTitled = (edit: { items: { title: string; id: string; original_item_id: string }[] }, title: string) =>
  edit.items.find((item) => item.title === title)!

describe('order edit lifecycle', () => {
  it('clones the order, records each change, and settles a positive difference through a payment collection', async () => {
    const { order: made, variantId } = await setUp()
    const edit = await createEdit(made.id)
    expect(edit).toMatchObject({ status: 'created', order_id: made.id, total: 3250, difference_due: 0 })
    expect(edit.items).toHaveLength(2)
    expect(edit.items.every((item: { original_item_id: string | null }) => item.original_item_id)).toBe(true)

    const added = await admin('POST', `/admin/order-edits/${edit.id}/items`, { variant_id: variantId, quantity: 1 })
    expect(added.statusCode).toBe(200)
    const removed = await admin('DELETE', `/admin/order-edits/${edit.id}/items/${itemTitled(edit, 'One').id}`)
    expect(removed.statusCode).toBe(200)
    const updated = await admin('POST', `/admin/order-edits/${edit.id}/items/${itemTitled(edit, 'Two').id}`, {
      quantity: 3,
    })
    expect(updated.statusCode).toBe(200)
    const after = updated.json().order_edit
    // 3 × 10.00 + 15.00 = 45.00, tax 4.50 (the new line taxed at the region's 10 %), shipping 5.00.
    expect(after).toMatchObject({ subtotal: 4500, tax_total: 450, shipping_total: 500, total: 5450 })
    expect(after.difference_due).toBe(5450 - 3250)
    expect(after.changes.map((change: { type: string }) => change.type).sort()).toEqual([
      'item_add',
      'item_remove',
      'item_update',
    ])

    const requested = await admin('POST', `/admin/order-edits/${edit.id}/request`, {
      payment_collection_description: 'Difference',
    })
    expect(requested.statusCode).toBe(200)
    const collection = requested.json().order_edit.payment_collection
    expect(requested.json().order_edit.status).toBe('requested')
    expect(collection).toMatchObject({
      type: 'order_edit',
      status: 'not_paid',
      amount: 2200,
      description: 'Difference',
    })
    const events = await orderEvents(db(), edit.id)
    expect(events.map((event) => event.name)).toEqual(['order-edit.created', 'order-edit.requested'])

    // The customer sees it without the staff's note.
    const seen = await store('GET', `/store/order-edits/${edit.id}`)
    expect(seen.statusCode).toBe(200)
    expect(seen.json().order_edit).toMatchObject({ status: 'requested', difference_due: 2200 })
    expect(seen.json().order_edit.internal_note).toBeUndefined()

    // Not paid yet: the customer cannot complete it.
    const early = await store('POST', `/store/order-edits/${edit.id}/complete`)
    expect(early.statusCode).toBe(400)
    expect(early.json()).toMatchObject({ type: 'not_allowed' })

    expect((await admin('POST', `/admin/payment-collections/${collection.id}/authorize`)).statusCode).toBe(200)
    const completed = await store('POST', `/store/order-edits/${edit.id}/complete`)
    expect(completed.statusCode).toBe(200)
    expect(completed.json().order_edit).toMatchObject({ status: 'confirmed', difference_due: 0 })

    // The order's lines are the edit's now, and it totals what the edit did.
    const now = (await admin('GET', `/admin/orders/${made.id}`)).json().order
    expect(now.total).toBe(5450)
    expect(now.items.map((item: { quantity: number }) => item.quantity).sort()).toEqual([1, 3])
    const detached = await db()
      .select()
      .from(lineItem)
      .where(eq(lineItem.id, itemTitled(edit, 'Two').original_item_id))
    expect(detached[0].order_id).toBeNull()

    // Completing again changes nothing.
    expect((await store('POST', `/store/order-edits/${edit.id}/complete`)).json().order_edit.status).toBe('confirmed')
  })

  it('refunds a negative difference on confirm, to the cent, through the provider', async () => {
    const { order: made } = await setUp({ payments: [{ amount: 3250, provider_id: 'test', captured: true }] })
    const edit = await createEdit(made.id)
    await admin('DELETE', `/admin/order-edits/${edit.id}/items/${itemTitled(edit, 'One').id}`)
    const ready = (await admin('GET', `/admin/order-edits/${edit.id}`)).json().order_edit
    // 5.00 and its 0.50 of tax leave the order.
    expect(ready.difference_due).toBe(-550)
    expect(
      (await admin('POST', `/admin/order-edits/${edit.id}/request`)).json().order_edit.payment_collection_id,
    ).toBeNull()

    const confirmed = await admin('POST', `/admin/order-edits/${edit.id}/confirm`)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().order_edit.status).toBe('confirmed')
    expect(provider.callsTo('refundPayment')).toHaveLength(1)
    const refunds = await db().select().from(refund).where(eq(refund.order_id, made.id))
    expect(refunds.map((row) => row.amount)).toEqual([550])
    const now = (await admin('GET', `/admin/orders/${made.id}`)).json().order
    expect(now).toMatchObject({ total: 2700, refunded_total: 550, payment_status: 'partially_refunded' })

    // Confirming again is a no-op: no second refund.
    expect((await admin('POST', `/admin/order-edits/${edit.id}/confirm`)).statusCode).toBe(200)
    expect(provider.callsTo('refundPayment')).toHaveLength(1)
  })

  it('leaves the edit and the order as they were when the provider refuses the refund', async () => {
    const { order: made } = await setUp({ payments: [{ amount: 3250, provider_id: 'test', captured: true }] })
    const edit = await createEdit(made.id)
    await admin('DELETE', `/admin/order-edits/${edit.id}/items/${itemTitled(edit, 'One').id}`)
    const snapshot = async () => ({
      edit: (await db().select().from(orderEdit).where(eq(orderEdit.id, edit.id)))[0],
      order: (await db().select().from(order).where(eq(order.id, made.id)))[0],
      lines: await db().select().from(lineItem).where(eq(lineItem.order_id, made.id)),
      payments: await db().select().from(payment).where(eq(payment.order_id, made.id)),
      refunds: await db().select().from(refund).where(eq(refund.order_id, made.id)),
    })
    const before = await snapshot()
    provider.failNext('refundPayment')
    const res = await admin('POST', `/admin/order-edits/${edit.id}/confirm`)
    expect(res.statusCode).toBe(422)
    expect(res.json().type).toBe('payment_authorization_error')
    expect(await snapshot()).toEqual(before)
    // The order's operation claim was released: a retry goes through.
    expect((await admin('POST', `/admin/order-edits/${edit.id}/confirm`)).json().order_edit.status).toBe('confirmed')
  })

  it('moves the reservation to the edited line and releases the lowered units when confirmed', async () => {
    const channel = await makeSalesChannel(db())
    const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
    const product = await makeProduct(db(), { sales_channel_ids: [channel.id] })
    const variant = product.variants[0]
    const { level } = await stockVariant(db(), variant.id, location.id, 10)
    const made = await makeOrder(db(), { items: [{ variant_id: variant.id, unit_price: 1000, quantity: 3 }] })
    const [line] = await db().select().from(lineItem).where(eq(lineItem.order_id, made.id))
    await reserveLines(db(), [{ id: line.id, variant_id: variant.id, quantity: 3, variant }], channel.id)
    const reserved = async () =>
      (await db().select().from(inventoryLevel).where(eq(inventoryLevel.id, level.id)))[0].reserved_quantity
    expect(await reserved()).toBe(3)

    const edit = await createEdit(made.id)
    await admin('POST', `/admin/order-edits/${edit.id}/items/${edit.items[0].id}`, { quantity: 2 })
    expect((await admin('POST', `/admin/order-edits/${edit.id}/confirm`)).statusCode).toBe(200)
    expect(await reserved()).toBe(2)
    const old = await db().select().from(reservationItem).where(eq(reservationItem.line_item_id, line.id))
    expect(old).toEqual([])
    const [kept] = await db().select().from(lineItem).where(eq(lineItem.order_id, made.id))
    const held = await db().select().from(reservationItem).where(eq(reservationItem.line_item_id, kept.id))
    expect(held).toEqual([expect.objectContaining({ quantity: 2, deleted_at: null })])
  })

  it('undoes each kind of change when it is deleted', async () => {
    const { order: made, variantId } = await setUp()
    const edit = await createEdit(made.id)
    await admin('POST', `/admin/order-edits/${edit.id}/items`, { variant_id: variantId, quantity: 2 })
    await admin('POST', `/admin/order-edits/${edit.id}/items/${itemTitled(edit, 'Two').id}`, { quantity: 5 })
    const last = await admin('DELETE', `/admin/order-edits/${edit.id}/items/${itemTitled(edit, 'One').id}`)
    const changes = last.json().order_edit.changes as { id: string }[]
    expect(changes).toHaveLength(3)
    for (const change of changes) {
      const res = await admin('DELETE', `/admin/order-edits/${edit.id}/changes/${change.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ id: change.id, object: 'item_change', deleted: true })
    }
    const back = (await admin('GET', `/admin/order-edits/${edit.id}`)).json().order_edit
    expect(back).toMatchObject({ total: 3250, difference_due: 0, changes: [] })
    expect(back.items.map((item: { title: string; quantity: number }) => [item.title, item.quantity]).sort()).toEqual([
      ['One', 1],
      ['Two', 2],
    ])
  })

  it('cancels, declines and deletes as v1 allows', async () => {
    const { order: made, variantId } = await setUp()
    const first = await createEdit(made.id)
    expect(
      (await admin('POST', `/admin/order-edits/${first.id}`, { internal_note: 'changed' })).json().order_edit
        .internal_note,
    ).toBe('changed')
    const deleted = await admin('DELETE', `/admin/order-edits/${first.id}`)
    expect(deleted.json()).toEqual({ id: first.id, object: 'order_edit', deleted: true })
    expect((await admin('GET', `/admin/order-edits/${first.id}`)).statusCode).toBe(404)

    const second = await createEdit(made.id)
    const canceled = await admin('POST', `/admin/order-edits/${second.id}/cancel`)
    expect(canceled.json().order_edit.status).toBe('canceled')
    expect((await admin('POST', `/admin/order-edits/${second.id}/cancel`)).statusCode).toBe(200)

    const third = await createEdit(made.id)
    await admin('POST', `/admin/order-edits/${third.id}/items`, { variant_id: variantId, quantity: 1 })
    await admin('POST', `/admin/order-edits/${third.id}/request`)
    const declined = await store('POST', `/store/order-edits/${third.id}/decline`, { declined_reason: 'Too dear' })
    expect(declined.json().order_edit).toMatchObject({
      status: 'declined',
      declined_reason: 'Too dear',
      declined_by: made.customer_id,
    })
    const names = (await orderEvents(db(), third.id)).map((event) => event.name)
    expect(names).toEqual(['order-edit.created', 'order-edit.requested', 'order-edit.declined'])

    const list = await admin('GET', `/admin/order-edits?order_id=${made.id}`)
    expect(list.json()).toMatchObject({ count: 2, offset: 0, limit: 20 })
    expect((await admin('GET', `/admin/order-edits?order_id=${made.id}&q=customer`)).json().count).toBe(2)
    expect((await admin('GET', `/admin/order-edits?order_id=${made.id}&q=nothing-like-it`)).json().count).toBe(0)
  })
})

describe('order edit refusals (4xx with the envelope)', () => {
  it('refuses a second active edit, also when two are created at once', async () => {
    const { order: made } = await setUp()
    const both = await Promise.all([
      admin('POST', '/admin/order-edits', { order_id: made.id }),
      admin('POST', '/admin/order-edits', { order_id: made.id }),
    ])
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400])
    const refused = both.find((res) => res.statusCode === 400)!
    expect(refused.json()).toEqual({
      type: 'invalid_data',
      message: `An active order edit already exists for the order ${made.id}`,
    })
  })

  it('refuses to confirm a declined edit, and every transition out of order', async () => {
    const { order: made, variantId } = await setUp()
    const edit = await createEdit(made.id)
    const noChanges = await admin('POST', `/admin/order-edits/${edit.id}/request`)
    expect(noChanges.statusCode).toBe(400)
    expect(noChanges.json()).toEqual({
      type: 'invalid_data',
      message: 'Cannot request a confirmation on an edit with no changes',
    })
    const early = await store('POST', `/store/order-edits/${edit.id}/decline`)
    expect(early.json()).toMatchObject({ type: 'not_allowed' })
    await admin('POST', `/admin/order-edits/${edit.id}/items`, { variant_id: variantId, quantity: 1 })
    await admin('POST', `/admin/order-edits/${edit.id}/request`)
    const lateAdd = await admin('POST', `/admin/order-edits/${edit.id}/items`, { variant_id: variantId, quantity: 1 })
    expect(lateAdd.statusCode).toBe(400)
    expect(lateAdd.json()).toEqual({
      type: 'not_allowed',
      message: 'Cannot add an item to an order edit with status requested',
    })
    expect((await admin('DELETE', `/admin/order-edits/${edit.id}`)).json()).toEqual({
      type: 'not_allowed',
      message: 'Cannot delete order edit with status requested',
    })
    await store('POST', `/store/order-edits/${edit.id}/decline`)
    const confirm = await admin('POST', `/admin/order-edits/${edit.id}/confirm`)
    expect(confirm.statusCode).toBe(400)
    expect(confirm.json()).toEqual({
      type: 'not_allowed',
      message: 'Cannot confirm an order edit with status declined',
    })
    expect((await admin('POST', `/admin/order-edits/${edit.id}/cancel`)).json()).toEqual({
      type: 'not_allowed',
      message: 'Cannot cancel order edit with status declined',
    })
    expect((await store('POST', `/store/order-edits/${edit.id}/complete`)).statusCode).toBe(400)
  })

  it('refuses bad input naming the field, unknown variants and items, canceled orders, unknown edits', async () => {
    const { order: made } = await setUp()
    const canceled = await makeOrder(db(), { status: 'canceled', canceled_at: new Date() })
    const onCanceled = await admin('POST', '/admin/order-edits', { order_id: canceled.id })
    expect(onCanceled.json()).toEqual({ type: 'not_allowed', message: 'Cannot edit a canceled order' })
    expect((await admin('POST', '/admin/order-edits', { order_id: 'order_nope' })).statusCode).toBe(404)
    const missing = await admin('POST', '/admin/order-edits', {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('order_id') })

    const edit = await createEdit(made.id)
    const zero = await admin('POST', `/admin/order-edits/${edit.id}/items`, { variant_id: 'variant_x', quantity: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().message).toContain('quantity')
    const unknown = await admin('POST', `/admin/order-edits/${edit.id}/items`, { variant_id: 'variant_x', quantity: 1 })
    expect(unknown.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('variant_x') })
    const foreign = await admin('POST', `/admin/order-edits/${edit.id}/items/item_elsewhere`, { quantity: 2 })
    expect(foreign.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('item_elsewhere') })
    const badChange = await admin('DELETE', `/admin/order-edits/${edit.id}/changes/oic_nope`)
    expect(badChange.statusCode).toBe(404)
    expect((await admin('GET', '/admin/order-edits/oe_nope')).json()).toMatchObject({ type: 'not_found' })
    expect((await store('GET', '/store/order-edits/oe_nope')).statusCode).toBe(404)
    expect((await admin('GET', `/admin/order-edits/${edit.id}?expand=nope`)).statusCode).toBe(400)
    expect((await admin('GET', '/admin/order-edits?order=nope')).statusCode).toBe(400)
  })
})
