import { describe, expect, it } from 'vitest'
import {
  capturablePayments,
  fulfillmentItems,
  parseTrackingNumbers,
  statusTone,
  unfulfilledQuantity,
  type OrderLine,
} from './order-model'

const line = (id: string, quantity: number, fulfilled = 0): OrderLine => ({
  id,
  title: id,
  quantity,
  unit_price: 100,
  fulfilled_quantity: fulfilled,
})

describe('order model', () => {
  it('counts the units a new fulfillment may still take', () => {
    expect(unfulfilledQuantity(line('a', 3))).toBe(3)
    expect(unfulfilledQuantity(line('a', 3, 2))).toBe(1)
    expect(unfulfilledQuantity({ ...line('a', 3), fulfilled_quantity: null })).toBe(3)
    expect(unfulfilledQuantity(line('a', 3, 5))).toBe(0)
  })

  it('builds fulfillment items from the chosen quantities, leaving out zeros', () => {
    const lines = [line('a', 3, 1), line('b', 1)]
    expect(fulfillmentItems(lines, { a: 2, b: 0 })).toEqual([{ item_id: 'a', quantity: 2 }])
    expect(fulfillmentItems(lines, { a: 1, b: 1 })).toEqual([
      { item_id: 'a', quantity: 1 },
      { item_id: 'b', quantity: 1 },
    ])
  })

  it('refuses nothing chosen, more than is left, or a fraction', () => {
    const lines = [line('a', 3, 1), line('b', 1)]
    expect(fulfillmentItems(lines, {})).toBeNull()
    expect(fulfillmentItems(lines, { a: 0, b: 0 })).toBeNull()
    expect(fulfillmentItems(lines, { a: 3 })).toBeNull()
    expect(fulfillmentItems(lines, { a: 1.5 })).toBeNull()
  })

  it('reads tracking numbers one a line or comma-separated, without blanks or repeats', () => {
    expect(parseTrackingNumbers(' 1Z999 \n1Z998,, 1Z999\n')).toEqual(['1Z999', '1Z998'])
    expect(parseTrackingNumbers('   ')).toEqual([])
  })

  it('offers capture only for payments neither captured nor canceled', () => {
    const payments = [
      { id: 'p1', amount: 1, amount_refunded: 0, provider_id: 'manual', captured_at: null, canceled_at: null },
      { id: 'p2', amount: 1, amount_refunded: 0, provider_id: 'manual', captured_at: '2026-01-01', canceled_at: null },
      { id: 'p3', amount: 1, amount_refunded: 0, provider_id: 'manual', captured_at: null, canceled_at: '2026-01-01' },
    ]
    expect(capturablePayments({ id: 'o', payments }).map((payment) => payment.id)).toEqual(['p1'])
  })

  it('colours finished, stopped and waiting states apart', () => {
    expect(statusTone('captured')).toBe('success')
    expect(statusTone('canceled')).toBe('danger')
    expect(statusTone('awaiting')).toBe('warning')
    expect(statusTone('partially_fulfilled')).toBe('info')
  })
})
