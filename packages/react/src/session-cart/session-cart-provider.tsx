import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react'
import {
  emptySessionCart,
  quantityToSet,
  sessionCartReducer,
  type SessionCartItem,
  type SessionCartItemInput,
  type SessionCartRegion,
  type SessionCartState,
} from './session-cart-state.js'

/** The local-storage key the session cart is kept under unless the provider names another. */
export const SESSION_CART_STORAGE_KEY = 'emporium-session-cart'

export interface SessionCartContextValue extends SessionCartState {
  setRegion(region: SessionCartRegion): void
  /** Adds an item, replacing an item with the same variant id. */
  addItem(item: SessionCartItemInput): void
  updateItem(variantId: string, item: Partial<SessionCartItemInput>): void
  removeItem(variantId: string): void
  setItems(items: SessionCartItemInput[]): void
  clearItems(): void
  getItem(variantId: string): SessionCartItem | undefined
  /** Sets a quantity: 0 or less becomes 1, capped at the variant's inventory_quantity. */
  updateItemQuantity(variantId: string, quantity: number): void
  /** Adds one, capped at the variant's inventory_quantity. */
  incrementItemQuantity(variantId: string): void
  /** Removes one, down to 0 (the item stays in the cart). */
  decrementItemQuantity(variantId: string): void
}

const SessionCartContext = createContext<SessionCartContextValue | null>(null)

export interface SessionCartProviderProps {
  children?: ReactNode
  /** The state when local storage holds none; an empty cart by default. */
  initialState?: SessionCartState
  /** Local-storage key; {@link SESSION_CART_STORAGE_KEY} by default. */
  storageKey?: string
}

/**
 * A cart kept in the browser only (no server calls), persisted in local storage.
 *
 * @example
 * <SessionCartProvider>
 *   <ProductPage />
 * </SessionCartProvider>
 * @since 0.1.0
 */
export function SessionCartProvider({
  children,
  initialState = emptySessionCart,
  storageKey = SESSION_CART_STORAGE_KEY,
}: SessionCartProviderProps) {
  const [state, dispatch] = useReducer(sessionCartReducer, initialState, (fallback) =>
    readStoredCart(storageKey, fallback),
  )

  useEffect(
    function persistSessionCart() {
      writeStoredCart(storageKey, state)
    },
    [storageKey, state],
  )

  const value = useMemo<SessionCartContextValue>(() => {
    const getItem = (variantId: string) => state.items.find((item) => item.variant.id === variantId)
    return {
      ...state,
      setRegion(region) {
        if (!isNonEmptyObject(region)) throw new Error('region must be a non-empty object')
        dispatch({ type: 'setRegion', region })
      },
      addItem(item) {
        if (!isNonEmptyObject(item)) throw new Error('item must be a non-empty object')
        dispatch({ type: 'addItem', item: { ...item, quantity: quantityToSet(item.quantity, item.variant) } })
      },
      updateItem: (variantId, item) => dispatch({ type: 'updateItem', id: variantId, item }),
      removeItem: (variantId) => dispatch({ type: 'removeItem', id: variantId }),
      setItems(items) {
        if (!Array.isArray(items)) throw new Error('items must be an array of items')
        dispatch({ type: 'setItems', items })
      },
      clearItems: () => dispatch({ type: 'clearItems' }),
      getItem,
      updateItemQuantity: (variantId, quantity) => dispatch({ type: 'updateItemQuantity', id: variantId, quantity }),
      incrementItemQuantity: (variantId) => dispatch({ type: 'incrementItemQuantity', id: variantId }),
      decrementItemQuantity: (variantId) => dispatch({ type: 'decrementItemQuantity', id: variantId }),
    }
  }, [state])

  return <SessionCartContext.Provider value={value}>{children}</SessionCartContext.Provider>
}

/**
 * The session cart and its actions.
 *
 * @example
 * const { items, total, addItem } = useSessionCart()
 * @since 0.1.0
 */
export function useSessionCart(): SessionCartContextValue {
  const context = useContext(SessionCartContext)
  if (!context) throw new Error('useSessionCart should be used as a child of SessionCartProvider')
  return context
}

function isNonEmptyObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0
}

function readStoredCart(key: string, fallback: SessionCartState): SessionCartState {
  if (typeof window === 'undefined') return fallback
  try {
    const stored = window.localStorage.getItem(key)
    return stored ? (JSON.parse(stored) as SessionCartState) : fallback
  } catch {
    // A corrupt or unreadable entry must not break the shop: start from the fallback.
    return fallback
  }
}

function writeStoredCart(key: string, state: SessionCartState): void {
  if (typeof window === 'undefined') return
  try {
    window.localStorage.setItem(key, JSON.stringify(state))
  } catch {
    // Storage full or disabled (private browsing): the cart still works for this page.
  }
}
