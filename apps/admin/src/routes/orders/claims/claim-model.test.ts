import { describe, expect, it } from 'vitest'
import type { OrderLine } from '../components/order-model'
import {
  addReplacement,
  claimableQuantity,
  claimActions,
  claimEditForm,
  claimUpdate,
  claimItems,
  claimStatus,
  claimTerms,
  parseTags,
  type ClaimForm,
  type OrderClaim,
} from './claim-model'

const shirt: OrderLine = { id: 'item_1', title: 'Shirt', quantity: 3, unit_price: 1000, fulfilled_quantity: 3 }
const mug: OrderLine = { id: 'item_2', title: 'Mug', quantity: 1, unit_price: 500, fulfilled_quantity: 0 }
const claim = (patch: Partial<OrderClaim>): OrderClaim => ({
  id: 'claim_1',
  type: 'refund',
  payment_status: 'not_refunded',
  fulfillment_status: 'not_fulfilled',
  claim_items: [{ id: 'cl_1', item_id: 'item_1', quantity: 1, reason: 'wrong_item' }],
  ...patch,
})
const form = (patch: Partial<ClaimForm>): ClaimForm => ({
  type: 'refund',
  refund: null,
  replacements: [],
  returnOptionId: '',
  shippingOptionId: '',
  ...patch,
})

describe('claim model', () => {
  it('claims only fulfilled units not in a standing claim', () => {
    expect(claimableQuantity(shirt, [])).toBe(3)
    expect(claimableQuantity(shirt, [claim({})])).toBe(2)
    expect(claimableQuantity(shirt, [claim({ canceled_at: '2026-01-01' })])).toBe(3)
    expect(claimableQuantity(mug, [])).toBe(0)
  })

  it('builds the claimed items with reason and note and refuses too many', () => {
    expect(claimItems([shirt], [], { item_1: { quantity: 2, reason: 'production_failure' } }, ' torn ')).toEqual([
      { item_id: 'item_1', quantity: 2, reason: 'production_failure', note: 'torn' },
    ])
    expect(claimItems([shirt], [claim({})], { item_1: { quantity: 3, reason: 'other' } }, '')).toBeNull()
    expect(claimItems([shirt], [], { item_1: { quantity: 1.5, reason: 'other' } }, '')).toBeNull()
    expect(claimItems([shirt], [], { item_1: { quantity: 0, reason: 'other' } }, '')).toBeNull()
  })

  it('asks for a refund amount or replacement items, with optional return shipping', () => {
    expect(claimTerms(form({}))).toEqual({ type: 'refund' })
    expect(claimTerms(form({ refund: 1500, returnOptionId: 'so_r' }))).toEqual({
      type: 'refund',
      refund_amount: 1500,
      return_shipping: { option_id: 'so_r' },
    })
    expect(claimTerms(form({ type: 'replace' }))).toBeNull()
    const replacements = addReplacement(addReplacement([], { id: 'variant_1', title: 'Shirt / M' }), {
      id: 'variant_1',
      title: 'Shirt / M',
    })
    expect(replacements).toEqual([{ variant_id: 'variant_1', title: 'Shirt / M', quantity: 2 }])
    expect(claimTerms(form({ type: 'replace', replacements, shippingOptionId: 'so_1' }))).toEqual({
      type: 'replace',
      additional_items: [{ variant_id: 'variant_1', quantity: 2 }],
      shipping_methods: [{ option_id: 'so_1' }],
    })
    expect(claimTerms(form({ type: 'replace', replacements: [{ ...replacements[0]!, quantity: 0 }] }))).toBeNull()
  })

  it('offers cancel, fulfil and ship by the server rules', () => {
    expect(claimStatus(claim({ payment_status: 'refunded' }))).toBe('refunded')
    expect(claimStatus(claim({ canceled_at: '2026-01-01' }))).toBe('canceled')
    expect(claimActions(claim({ payment_status: 'refunded' }))).toEqual({
      cancel: false,
      edit: true,
      fulfill: false,
      ship: [],
      addShipping: false,
    })
    const replace = claim({ type: 'replace', payment_status: 'na' })
    expect(claimActions(replace)).toEqual({ cancel: true, edit: true, fulfill: true, ship: [], addShipping: true })
    const open = { id: 'ful_1', tracking_numbers: [] }
    const fulfilled = claimActions({ ...replace, fulfillment_status: 'fulfilled', fulfillments: [open] })
    expect(fulfilled).toEqual({ cancel: false, edit: true, fulfill: false, ship: [open], addShipping: false })
    expect(claimActions({ ...replace, canceled_at: '2026-12-01T10:00:00Z' })).toEqual({
      cancel: false,
      edit: false,
      fulfill: false,
      ship: [],
      addShipping: false,
    })
  })

  it('sends only what changed in a claim edit, tags in full and lower-cased', () => {
    const before = claim({
      no_notification: false,
      claim_items: [
        {
          id: 'cl_1',
          item_id: 'item_1',
          quantity: 1,
          reason: 'wrong_item',
          note: 'Torn',
          tags: [{ id: 't1', value: 'torn' }],
        },
        { id: 'cl_2', item_id: 'item_2', quantity: 1, reason: 'other', note: null },
      ],
    })
    const start = claimEditForm(before)
    expect(start.items[0]).toEqual({ id: 'cl_1', reason: 'wrong_item', note: 'Torn', tags: 'torn' })
    expect(claimUpdate(before, start)).toEqual({})
    const edited = {
      ...start,
      noNotification: true,
      items: [
        { ...start.items[0]!, tags: 'torn, Seam , seam' },
        { ...start.items[1]!, reason: 'missing_item' as const, note: ' Lost ' },
      ],
    }
    expect(claimUpdate(before, edited)).toEqual({
      claim_items: [
        { id: 'cl_1', tags: [{ value: 'torn' }, { value: 'seam' }] },
        { id: 'cl_2', reason: 'missing_item', note: 'Lost' },
      ],
      no_notification: true,
    })
    expect(claimUpdate(before, { ...start, shippingOptionId: 'so_1' })).toEqual({
      shipping_methods: [{ option_id: 'so_1' }],
    })
    expect(parseTags(' A, b ,, a ')).toEqual(['a', 'b'])
  })
})
