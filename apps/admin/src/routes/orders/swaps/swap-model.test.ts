import { describe, expect, it } from 'vitest'
import { swapActions, swapStatus, type OrderSwap } from './swap-model'

const swap = (patch: Partial<OrderSwap>): OrderSwap => ({
  id: 'swap_1',
  fulfillment_status: 'not_fulfilled',
  payment_status: 'not_paid',
  difference_due: 500,
  ...patch,
})

describe('swap model', () => {
  it('reads canceled before the delivery status', () => {
    expect(swapStatus(swap({}))).toBe('not_fulfilled')
    expect(swapStatus(swap({ canceled_at: '2026-12-01T10:00:00Z', fulfillment_status: 'fulfilled' }))).toBe('canceled')
  })

  it('offers what the server allows: no cancel once refunded, with a live fulfilment or an open return', () => {
    expect(swapActions(swap({}))).toEqual({ cancel: true, fulfill: true, ship: [] })
    expect(swapActions(swap({ payment_status: 'difference_refunded' })).cancel).toBe(false)
    expect(swapActions(swap({ return_order: { id: 'ret_1', status: 'requested' } })).cancel).toBe(false)
    expect(swapActions(swap({ return_order: { id: 'ret_1', status: 'canceled' } })).cancel).toBe(true)
    const open = { id: 'ful_1', tracking_numbers: [] }
    const gone = { id: 'ful_0', tracking_numbers: [], canceled_at: '2026-12-01T10:00:00Z' }
    const shipped = { id: 'ful_2', tracking_numbers: ['1Z'], shipped_at: '2026-12-01T11:00:00Z' }
    expect(swapActions(swap({ fulfillment_status: 'fulfilled', fulfillments: [gone, open, shipped] }))).toEqual({
      cancel: false,
      fulfill: false,
      ship: [open],
    })
    expect(swapActions(swap({ canceled_at: '2026-12-01T10:00:00Z' }))).toEqual({
      cancel: false,
      fulfill: false,
      ship: [],
    })
  })
})
