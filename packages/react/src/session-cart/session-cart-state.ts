import { getVariantPrice, type MoneyAmountInfo } from '../helpers/prices.js'

export interface SessionCartRegion {
  currency_code: string
  [key: string]: unknown
}

export interface SessionCartVariant {
  id: string
  inventory_quantity: number
  prices: MoneyAmountInfo[]
  [key: string]: unknown
}

export interface SessionCartItem {
  variant: SessionCartVariant
  quantity: number
  /** The variant's price in the region's currency, in minor units. */
  total: number
}

/** What a caller gives to add an item; `total` is computed from the region. */
export type SessionCartItemInput = Omit<SessionCartItem, 'total'> & { total?: number }

export interface SessionCartState {
  region: SessionCartRegion | null
  items: SessionCartItem[]
  /** Sum of quantity × item total, in minor units of the region's currency. */
  total: number
  /** Sum of the item quantities. */
  totalItems: number
}

export const emptySessionCart: SessionCartState = { region: null, items: [], total: 0, totalItems: 0 }

export type SessionCartAction =
  | { type: 'setRegion'; region: SessionCartRegion }
  | { type: 'addItem'; item: SessionCartItemInput }
  | { type: 'updateItem'; id: string; item: Partial<SessionCartItemInput> }
  | { type: 'updateItemQuantity'; id: string; quantity: number }
  | { type: 'incrementItemQuantity'; id: string }
  | { type: 'decrementItemQuantity'; id: string }
  | { type: 'removeItem'; id: string }
  | { type: 'setItems'; items: SessionCartItemInput[] }
  | { type: 'clearItems' }

/** Applies one action and recomputes every item total and the cart totals. */
export function sessionCartReducer(state: SessionCartState, action: SessionCartAction): SessionCartState {
  switch (action.type) {
    case 'setRegion':
      return withTotals(action.region, state.items)
    case 'addItem': {
      const others = state.items.filter((item) => item.variant.id !== action.item.variant.id)
      return withTotals(state.region, [...others, { ...action.item, total: 0 }])
    }
    case 'updateItem':
      return withTotals(
        state.region,
        state.items.map((item) => (item.variant.id === action.id ? { ...item, ...action.item } : item)),
      )
    case 'updateItemQuantity':
      return withQuantity(state, action.id, (item) => quantityToSet(action.quantity, item.variant))
    case 'incrementItemQuantity':
      return withQuantity(state, action.id, (item) => Math.min(item.variant.inventory_quantity, item.quantity + 1))
    case 'decrementItemQuantity':
      return withQuantity(state, action.id, (item) => Math.max(0, item.quantity - 1))
    case 'removeItem':
      return withTotals(
        state.region,
        state.items.filter((item) => item.variant.id !== action.id),
      )
    case 'setItems':
      return withTotals(
        state.region,
        action.items.map((item) => ({ ...item, total: 0 })),
      )
    case 'clearItems':
      return { ...state, items: [], total: 0, totalItems: 0 }
  }
}

/** A quantity to set: 0 or less becomes 1, then capped at the variant's stock. */
export function quantityToSet(quantity: number, variant: SessionCartVariant): number {
  const atLeastOne = quantity <= 0 ? 1 : quantity
  return Math.min(variant.inventory_quantity, atLeastOne)
}

function withQuantity(
  state: SessionCartState,
  id: string,
  quantity: (item: SessionCartItem) => number,
): SessionCartState {
  return withTotals(
    state.region,
    state.items.map((item) => (item.variant.id === id ? { ...item, quantity: quantity(item) } : item)),
  )
}

function withTotals(region: SessionCartRegion | null, items: Array<SessionCartItemInput>): SessionCartState {
  const priced = items.map((item) => ({ ...item, total: region ? getVariantPrice(item.variant, region) : 0 }))
  return {
    region,
    items: priced,
    total: priced.reduce((sum, item) => sum + item.quantity * item.total, 0),
    totalItems: priced.reduce((sum, item) => sum + item.quantity, 0),
  }
}
