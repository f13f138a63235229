import { CartProvider, useCart, useEmporium } from '@emporium/react'
import { useEffect, type ReactNode } from 'react'

const STORAGE_KEY = 'emporium-storefront-cart-id'

/** Remembers the server cart of a checkout under way, so a reload of the checkout page keeps it. */
function RememberCart() {
  const { client } = useEmporium()
  const { cart, setCart } = useCart()

  useEffect(
    function restoreSavedCart() {
      const savedId = localStorage.getItem(STORAGE_KEY)
      if (!savedId) return
      client.store.carts
        .retrieve(savedId)
        .then(({ cart: saved }) => (saved.completed_at ? forgetCheckoutCart() : setCart(saved)))
        .catch(forgetCheckoutCart)
    },
    [client, setCart],
  )

  const cartId = cart?.id
  useEffect(
    function saveCartId() {
      if (cartId) localStorage.setItem(STORAGE_KEY, cartId)
    },
    [cartId],
  )
  return null
}

export function forgetCheckoutCart(): void {
  localStorage.removeItem(STORAGE_KEY)
}

/**
 * Browsing fills the session cart (no request per click); going to checkout turns it into a
 * server cart held by the CartProvider, whose id is kept until the order is placed.
 */
export function CheckoutCartProvider({ children }: { children: ReactNode }) {
  return (
    <CartProvider>
      <RememberCart />
      {children}
    </CartProvider>
  )
}
