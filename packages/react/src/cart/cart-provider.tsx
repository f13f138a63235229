import type { UseMutationResult } from '@tanstack/react-query'
import { createContext, useContext, useState, type ReactNode } from 'react'
import type { EmporiumClient } from '../client.js'
import type { Arg } from '../hooks/factory.js'
import {
  useAddShippingMethodToCart,
  useCompleteCart,
  useCreateCart,
  useSetPaymentSession,
  useStartCheckout,
  useUpdateCart,
} from '../hooks/store/carts.js'

type Carts = EmporiumClient['store']['carts']
type CartAnswer = Awaited<ReturnType<Carts['retrieve']>>
type CompleteAnswer = Awaited<ReturnType<Carts['complete']>>
type CartStep<TVariables> = UseMutationResult<CartAnswer, Error, TVariables>

/** The server cart as the provider holds it: its `id` and `items` are always read. */
export type Cart = CartAnswer['cart']

export interface CartContextValue {
  cart: Cart | undefined
  setCart(cart: Cart | undefined): void
  /** Sum of the item quantities, or 0. */
  totalItems: number
  createCart: CartStep<Arg<Carts['create'], 0> | void>
  updateCart: CartStep<Arg<Carts['update'], 1>>
  addShippingMethod: CartStep<Arg<Carts['addShippingMethod'], 1>>
  /** Creates a cart, then its payment sessions. */
  startCheckout: CartStep<Arg<Carts['create'], 0> | void>
  /** Selects the payment session of a provider. */
  pay: CartStep<Arg<Carts['setPaymentSession'], 1>>
  /**
   * Completes the cart; answers `{ type: 'order', data }` or, when it cannot be completed yet, the
   * cart. Pass one `idempotencyKey` for every attempt of a checkout so it places one order.
   */
  completeCheckout: UseMutationResult<CompleteAnswer, Error, { idempotencyKey?: string } | void>
}

const CartContext = createContext<CartContextValue | null>(null)

export interface CartProviderProps {
  children?: ReactNode
  /** The cart to start from, such as one retrieved by id from local storage. */
  initialCart?: Cart
}

/**
 * Holds one server cart and the checkout steps; each step replaces the held cart with the one
 * the server answers. Must sit inside an {@link EmporiumProvider}.
 *
 * @example
 * <CartProvider>
 *   <Checkout />
 * </CartProvider>
 * @since 0.1.0
 */
export function CartProvider({ children, initialCart }: CartProviderProps) {
  const [cart, setCart] = useState<Cart | undefined>(initialCart)
  const cartId = cart?.id ?? ''

  const replaceCart = { onSuccess: (answer: CartAnswer) => setCart(answer.cart) }
  const value: CartContextValue = {
    cart,
    setCart,
    totalItems: cart?.items?.reduce((sum, item) => sum + item.quantity, 0) ?? 0,
    createCart: useCreateCart(replaceCart),
    updateCart: useUpdateCart(cartId, replaceCart),
    addShippingMethod: useAddShippingMethodToCart(cartId, replaceCart),
    startCheckout: useStartCheckout(replaceCart),
    pay: useSetPaymentSession(cartId, replaceCart),
    completeCheckout: useCompleteCart(cartId, {
      onSuccess: (answer) => {
        // A cart that cannot be completed yet comes back as the cart: keep the server's copy.
        if ('type' in answer && answer.type === 'cart') setCart(answer.data as Cart)
      },
    }),
  }
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

/**
 * The cart of the nearest {@link CartProvider} and its checkout steps.
 *
 * @example
 * const { cart, totalItems, createCart, pay, completeCheckout } = useCart()
 * @since 0.1.0
 */
export function useCart(): CartContextValue {
  const context = useContext(CartContext)
  if (!context) throw new Error('useCart must be used within a CartProvider')
  return context
}
