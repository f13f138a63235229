import { describe, expect, it } from 'vitest'
import { addVariantLine, draftOrderPayload, EMPTY_ADDRESS, isStepReady, type DraftForm } from './draft-order-model'

const form: DraftForm = {
  email: ' ada@example.com ',
  customer_id: null,
  region_id: 'reg_1',
  lines: [
    { key: 'variant_1', variant_id: 'variant_1', title: 'Shirt / M', quantity: 2 },
    { key: 'custom-1', title: 'Gift wrap', unit_price: 350, quantity: 1 },
  ],
  shipping_option_id: 'so_1',
  address: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address_1: '12 Row',
    city: 'London',
    postal_code: 'N1',
    country_code: 'gb',
  },
}

describe('draft order form', () => {
  it('readies each step only with what the server needs', () => {
    expect(isStepReady('customer', form)).toBe(true)
    expect(isStepReady('customer', { ...form, email: 'not-an-email' })).toBe(false)
    expect(isStepReady('customer', { ...form, region_id: '' })).toBe(false)
    expect(isStepReady('items', { ...form, lines: [] })).toBe(false)
    expect(isStepReady('items', { ...form, lines: [{ key: 'x', title: 'x', quantity: 0 }] })).toBe(false)
    expect(isStepReady('shipping', { ...form, shipping_option_id: '' })).toBe(false)
    expect(isStepReady('address', { ...form, address: EMPTY_ADDRESS })).toBe(false)
    expect(isStepReady('address', form)).toBe(true)
  })

  it('adds a variant once and counts it up when added again', () => {
    const once = addVariantLine([], { id: 'variant_1', title: 'Shirt' })
    const twice = addVariantLine(once, { id: 'variant_1', title: 'Shirt' })
    expect(once).toEqual([{ key: 'variant_1', variant_id: 'variant_1', title: 'Shirt', quantity: 1 }])
    expect(twice).toHaveLength(1)
    expect(twice[0]!.quantity).toBe(2)
  })

  it('sends variant lines without a price and custom lines with theirs', () => {
    const payload = draftOrderPayload(form)
    expect(payload.email).toBe('ada@example.com')
    expect(payload).not.toHaveProperty('customer_id')
    expect(payload.items).toEqual([
      { variant_id: 'variant_1', quantity: 2 },
      { title: 'Gift wrap', unit_price: 350, quantity: 1 },
    ])
    expect(payload.shipping_methods).toEqual([{ option_id: 'so_1' }])
    expect(payload.billing_address).toEqual(payload.shipping_address)
    expect(draftOrderPayload({ ...form, customer_id: 'cus_1' }).customer_id).toBe('cus_1')
  })
})
