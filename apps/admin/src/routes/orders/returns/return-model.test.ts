import { describe, expect, it } from 'vitest'
import type { OrderLine } from '../components/order-model'
import { receiptItems, returnableQuantity, returnItems } from './return-model'

const shirt: OrderLine = {
  id: 'item_1',
  title: 'Shirt',
  quantity: 3,
  unit_price: 1000,
  fulfilled_quantity: 2,
  returned_quantity: 1,
}
const mug: OrderLine = { id: 'item_2', title: 'Mug', quantity: 1, unit_price: 500, fulfilled_quantity: 0 }

describe('return model', () => {
  it('returns only what was fulfilled and not returned yet', () => {
    expect(returnableQuantity(shirt)).toBe(1)
    expect(returnableQuantity(mug)).toBe(0)
  })

  it('builds the requested items with their reasons and refuses too many', () => {
    expect(returnItems([shirt, mug], { item_1: { quantity: 1, reason_id: 'rr_1' } })).toEqual([
      { item_id: 'item_1', quantity: 1, reason_id: 'rr_1' },
    ])
    expect(returnItems([shirt], { item_1: { quantity: 1, reason_id: '' } })).toEqual([
      { item_id: 'item_1', quantity: 1 },
    ])
    expect(returnItems([shirt], { item_1: { quantity: 2, reason_id: '' } })).toBeNull()
    expect(returnItems([shirt], { item_1: { quantity: 0, reason_id: '' } })).toBeNull()
    expect(returnItems([shirt], {})).toBeNull()
  })

  it('receives what was asked back unless fewer are typed', () => {
    const requested = [
      { item_id: 'item_1', quantity: 2 },
      { item_id: 'item_2', quantity: 1 },
    ]
    expect(receiptItems(requested, {})).toEqual(requested)
    expect(receiptItems(requested, { item_2: 0 })).toEqual([{ item_id: 'item_1', quantity: 2 }])
    expect(receiptItems(requested, { item_1: 3 })).toBeNull()
    expect(receiptItems(requested, { item_1: 0, item_2: 0 })).toBeNull()
  })
})
