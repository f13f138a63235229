import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { SESSION_CART_STORAGE_KEY, SessionCartProvider, useSessionCart } from './session-cart-provider.js'
import type { SessionCartRegion, SessionCartVariant } from './session-cart-state.js'

const usd: SessionCartRegion = { id: 'reg_us', currency_code: 'usd' }
const eur: SessionCartRegion = { id: 'reg_eu', currency_code: 'EUR' }

function variant(id: string, inventory_quantity: number, usdAmount: number, eurAmount: number): SessionCartVariant {
  return {
    id,
    inventory_quantity,
    prices: [
      { currency_code: 'usd', amount: usdAmount },
      { currency_code: 'eur', amount: eurAmount },
    ],
  }
}

const shirt = variant('variant_shirt', 5, 1000, 900)
const mug = variant('variant_mug', 3, 500, 450)

const wrapper = ({ children }: { children: ReactNode }) => <SessionCartProvider>{children}</SessionCartProvider>

function renderCart() {
  return renderHook(() => useSessionCart(), { wrapper })
}

beforeEach(() => window.localStorage.clear())

describe('SessionCartProvider', () => {
  it('starts empty', () => {
    const { result } = renderCart()
    expect(result.current).toMatchObject({ region: null, items: [], total: 0, totalItems: 0 })
  })

  it('prices items in the region currency and totals quantity × price', () => {
    const { result } = renderCart()
    act(() => result.current.setRegion(usd))
    act(() => result.current.addItem({ variant: shirt, quantity: 2 }))
    act(() => result.current.addItem({ variant: mug, quantity: 3 }))

    expect(result.current.getItem('variant_shirt')?.total).toBe(1000)
    expect(result.current.total).toBe(2 * 1000 + 3 * 500)
    expect(result.current.totalItems).toBe(5)
  })

  it('recalculates item totals and the cart total when the region changes', () => {
    const { result } = renderCart()
    act(() => result.current.setRegion(usd))
    act(() => result.current.addItem({ variant: shirt, quantity: 2 }))
    act(() => result.current.setRegion(eur))

    expect(result.current.region).toEqual(eur)
    expect(result.current.getItem('variant_shirt')?.total).toBe(900)
    expect(result.current.total).toBe(1800)
  })

  it('replaces an item with the same variant id on add', () => {
    const { result } = renderCart()
    act(() => result.current.setRegion(usd))
    act(() => result.current.addItem({ variant: shirt, quantity: 1 }))
    act(() => result.current.addItem({ variant: mug, quantity: 1 }))
    act(() => result.current.addItem({ variant: shirt, quantity: 4 }))

    expect(result.current.items.map((item) => [item.variant.id, item.quantity])).toEqual([
      ['variant_mug', 1],
      ['variant_shirt', 4],
    ])
    expect(result.current.totalItems).toBe(5)
  })

  it('updates, removes, replaces and clears items', () => {
    const { result } = renderCart()
    act(() => result.current.setRegion(usd))
    act(() => result.current.addItem({ variant: shirt, quantity: 1 }))
    act(() => result.current.updateItem('variant_shirt', { quantity: 3 }))
    expect(result.current.getItem('variant_shirt')?.quantity).toBe(3)
    expect(result.current.total).toBe(3000)

    act(() => result.current.setItems([{ variant: mug, quantity: 2 }]))
    expect(result.current.items).toHaveLength(1)
    expect(result.current.getItem('variant_mug')?.total).toBe(500)
    expect(result.current.total).toBe(1000)

    act(() => result.current.removeItem('variant_mug'))
    expect(result.current).toMatchObject({ items: [], total: 0, totalItems: 0 })

    act(() => result.current.addItem({ variant: shirt, quantity: 2 }))
    act(() => result.current.clearItems())
    expect(result.current).toMatchObject({ region: usd, items: [], total: 0, totalItems: 0 })
    expect(result.current.getItem('variant_shirt')).toBeUndefined()
  })

  it('sets a quantity of 0 or less to 1 and caps it at the inventory quantity', () => {
    const { result } = renderCart()
    act(() => result.current.addItem({ variant: shirt, quantity: 2 }))

    act(() => result.current.updateItemQuantity('variant_shirt', 0))
    expect(result.current.getItem('variant_shirt')?.quantity).toBe(1)
    act(() => result.current.updateItemQuantity('variant_shirt', -4))
    expect(result.current.getItem('variant_shirt')?.quantity).toBe(1)
    act(() => result.current.updateItemQuantity('variant_shirt', 99))
    expect(result.current.getItem('variant_shirt')?.quantity).toBe(5)
    act(() => result.current.updateItemQuantity('variant_shirt', 4))
    expect(result.current.getItem('variant_shirt')?.quantity).toBe(4)
  })

  it('applies the same floor and cap when adding', () => {
    const { result } = renderCart()
    act(() => result.current.addItem({ variant: mug, quantity: 10 }))
    act(() => result.current.addItem({ variant: shirt, quantity: 0 }))
    expect(result.current.getItem('variant_mug')?.quantity).toBe(3)
    expect(result.current.getItem('variant_shirt')?.quantity).toBe(1)
  })

  it('increments up to the inventory quantity and decrements down to 0', () => {
    const { result } = renderCart()
    act(() => result.current.setRegion(usd))
    act(() => result.current.addItem({ variant: mug, quantity: 2 }))

    act(() => {
      result.current.incrementItemQuantity('variant_mug')
      result.current.incrementItemQuantity('variant_mug')
    })
    expect(result.current.getItem('variant_mug')?.quantity).toBe(3)
    expect(result.current.total).toBe(1500)

    act(() => {
      for (let i = 0; i < 5; i += 1) result.current.decrementItemQuantity('variant_mug')
    })
    expect(result.current.getItem('variant_mug')?.quantity).toBe(0)
    expect(result.current).toMatchObject({ total: 0, totalItems: 0 })
  })

  it('ignores quantity changes for a variant that is not in the cart', () => {
    const { result } = renderCart()
    act(() => result.current.addItem({ variant: mug, quantity: 2 }))
    act(() => result.current.incrementItemQuantity('variant_unknown'))
    expect(result.current.items).toHaveLength(1)
    expect(result.current.totalItems).toBe(2)
  })

  it.each([
    ['an empty object', {}],
    ['null', null],
    ['an array', [1]],
    ['a string', 'usd'],
  ])("rejects %s as a region with 'region must be a non-empty object'", (_label, region) => {
    const { result } = renderCart()
    expect(() => result.current.setRegion(region as unknown as SessionCartRegion)).toThrow(
      new Error('region must be a non-empty object'),
    )
  })

  it.each([
    ['an empty object', {}],
    ['undefined', undefined],
  ])("rejects %s as an item with 'item must be a non-empty object'", (_label, item) => {
    const { result } = renderCart()
    expect(() => result.current.addItem(item as never)).toThrow(new Error('item must be a non-empty object'))
  })

  it("rejects items that are not an array with 'items must be an array of items'", () => {
    const { result } = renderCart()
    expect(() => result.current.setItems({ variant: shirt, quantity: 1 } as never)).toThrow(
      new Error('items must be an array of items'),
    )
  })

  it('persists to local storage and restores from it', () => {
    const first = renderCart()
    act(() => first.result.current.setRegion(usd))
    act(() => first.result.current.addItem({ variant: shirt, quantity: 2 }))
    first.unmount()

    const stored = JSON.parse(window.localStorage.getItem(SESSION_CART_STORAGE_KEY) ?? 'null')
    expect(stored).toMatchObject({ region: usd, total: 2000, totalItems: 2 })

    const second = renderCart()
    expect(second.result.current.getItem('variant_shirt')?.quantity).toBe(2)
    expect(second.result.current.total).toBe(2000)
  })

  it('starts from the initial state when storage holds garbage', () => {
    window.localStorage.setItem(SESSION_CART_STORAGE_KEY, '{not json')
    const { result } = renderCart()
    expect(result.current.items).toEqual([])
  })

  it('throws outside its provider', () => {
    expect(() => renderHook(() => useSessionCart())).toThrow(
      'useSessionCart should be used as a child of SessionCartProvider',
    )
  })
})
