import { describe, expect, it } from 'vitest'
import { orderListFilters } from './list-filters'

describe('order list filters', () => {
  it('turns the URL state into the API filters, the last day counting whole', () => {
    expect(
      orderListFilters('ada', { payment_status: 'captured', region_id: 'reg_1', created_to: '2026-11-30' }),
    ).toEqual({
      q: 'ada',
      payment_status: ['captured'],
      region_id: 'reg_1',
      created_at: { lte: '2026-11-30T23:59:59.999Z' },
    })
  })

  it('sends nothing without a search or filter: the export then takes every order', () => {
    expect(orderListFilters('', {})).toEqual({})
  })
})
