import { describe, expect, it } from 'vitest'
import {
  activeEdit,
  canRemove,
  differenceKind,
  editActions,
  minimumQuantity,
  validQuantity,
  type OrderEditView,
} from './edit-model'

const edit = (patch: Partial<OrderEditView>): OrderEditView => ({
  id: 'oe_1',
  status: 'created',
  difference_due: 0,
  total: 1000,
  ...patch,
})
const shipped = { id: 'item_1', title: 'Shirt', quantity: 3, fulfilled_quantity: 2 }
const fresh = { id: 'item_2', title: 'Mug', quantity: 1, fulfilled_quantity: 0 }

describe('order edit model', () => {
  it('finds the one open edit and ignores finished ones', () => {
    const open = edit({ id: 'oe_2', status: 'requested' })
    expect(activeEdit([edit({ status: 'confirmed' }), edit({ status: 'canceled' }), open])).toBe(open)
    expect(activeEdit([edit({ status: 'declined' })])).toBeNull()
  })

  it('keeps quantities whole and never below what was fulfilled', () => {
    expect(minimumQuantity(shipped)).toBe(2)
    expect(minimumQuantity(fresh)).toBe(1)
    expect(validQuantity(shipped, 1)).toBeNull()
    expect(validQuantity(shipped, 2.5)).toBeNull()
    expect(validQuantity(shipped, 4)).toBe(4)
    expect(validQuantity(fresh, 0)).toBeNull()
  })

  it('removes only lines nothing was fulfilled of', () => {
    expect(canRemove(shipped)).toBe(false)
    expect(canRemove(fresh)).toBe(true)
  })

  it('reads the difference due and allows request and confirm only with changes', () => {
    expect(differenceKind(edit({ difference_due: 250 }))).toBe('owed')
    expect(differenceKind(edit({ difference_due: -250 }))).toBe('refund')
    expect(differenceKind(edit({}))).toBe('even')
    expect(editActions(edit({}))).toEqual({ request: false, confirm: false })
    expect(editActions(edit({ changes: [{ id: 'oic_1', type: 'item_add' }] }))).toEqual({
      request: true,
      confirm: true,
    })
    expect(editActions(edit({ status: 'requested', changes: [{ id: 'oic_1', type: 'item_add' }] }))).toEqual({
      request: false,
      confirm: true,
    })
  })
})
