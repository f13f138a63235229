// @vitest-environment node
// The server runs in this process as Node code; the page for React comes from ../testing/dom.js.
import { freeCountry } from '../../../server/src/testing/factories/carts.js'
import { makeProduct } from '../../../server/src/testing/factories/catalog.js'
import { makeRegion } from '../../../server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../../server/src/testing/factories/shipping.js'
import { liveServerForFile } from '../testing/live-server.js'
import '../testing/dom.js'
import { act, configure, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CartProvider,
  EmporiumProvider,
  useCart,
  useCartShippingOptions,
  useCreateLineItem,
  useCreatePaymentSession,
  useProducts,
} from '../index.js'

const server = liveServerForFile()
// Real HTTP to a server sharing two cores with other test files: allow more than the default 1 s.
configure({ asyncUtilTimeout: 10_000 })

interface Shop {
  regionId: string
  countryCode: string
  productTitle: string
}
const shop = {} as Shop

beforeAll(async () => {
  const db = server.database.db
  shop.countryCode = await freeCountry(db)
  const region = await makeRegion(db, { currency_code: 'usd', countries: [shop.countryCode] })
  shop.regionId = region.id
  shop.productTitle = `Journey shirt ${Date.now()}`
  await makeProduct(db, {
    title: shop.productTitle,
    variants: [{ inventory_quantity: 10, prices: [{ amount: 2500, currency_code: 'usd', region_id: region.id }] }],
  })
  await makeShippingOption(db, region.id, { name: 'Courier', amount: 500 })
})

function wrapper({ children }: { children: ReactNode }) {
  return (
    <EmporiumProvider baseUrl={server.baseUrl}>
      <CartProvider>{children}</CartProvider>
    </EmporiumProvider>
  )
}

/** What a checkout page would hold: the cart context plus the storefront hooks it renders. */
function useCheckoutPage() {
  const checkout = useCart()
  const cartId = checkout.cart?.id ?? ''
  const replaceCart = { onSuccess: ({ cart }: { cart: NonNullable<typeof checkout.cart> }) => checkout.setCart(cart) }
  return {
    ...checkout,
    catalogue: useProducts({ q: shop.productTitle }),
    shippingOptions: useCartShippingOptions(cartId, undefined, { enabled: cartId !== '' }),
    addLineItem: useCreateLineItem(cartId, replaceCart),
    createPaymentSessions: useCreatePaymentSession(cartId, replaceCart),
  }
}

describe('a shopper journey through the hooks against the real server', () => {
  it('goes from the catalogue to a completed order', async () => {
    const { result } = renderHook(useCheckoutPage, { wrapper })
    expect(result.current.totalItems).toBe(0)

    // Products
    await waitFor(() => expect(result.current.catalogue.isSuccess).toBe(true))
    const [product] = result.current.catalogue.products ?? []
    expect(product.title).toBe(shop.productTitle)
    const variantId = product.variants?.[0]?.id ?? ''
    expect(variantId).toMatch(/^variant_/)

    // Cart
    await act(() => result.current.createCart.mutateAsync({ region_id: shop.regionId }))
    const cartId = result.current.cart?.id
    expect(cartId).toMatch(/^cart_/)

    // Line item
    await act(() => result.current.addLineItem.mutateAsync({ variant_id: variantId, quantity: 2 }))
    expect(result.current.totalItems).toBe(2)
    expect(result.current.cart?.items?.[0]).toMatchObject({ variant_id: variantId, quantity: 2, unit_price: 2500 })

    await act(() =>
      result.current.updateCart.mutateAsync({
        email: 'shopper@example.com',
        shipping_address: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          address_1: '1 Main St',
          city: 'Springfield',
          country_code: shop.countryCode,
          postal_code: '12345',
        },
      }),
    )
    expect(result.current.cart?.email).toBe('shopper@example.com')

    // Shipping
    await waitFor(() => expect(result.current.shippingOptions.shipping_options?.length).toBeGreaterThan(0))
    const courier = result.current.shippingOptions.shipping_options?.find((option) => option.name === 'Courier')
    expect(courier).toBeDefined()
    await act(() => result.current.addShippingMethod.mutateAsync({ option_id: courier!.id }))
    expect(result.current.cart?.shipping_methods).toHaveLength(1)
    expect(result.current.cart?.total).toBe(2 * 2500 + 500)

    // Payment
    await act(() => result.current.createPaymentSessions.mutateAsync())
    expect(result.current.cart?.payment_sessions?.map((session) => session.provider_id)).toContain('manual')
    await act(() => result.current.pay.mutateAsync({ provider_id: 'manual' }))
    expect(result.current.cart?.payment_session?.provider_id).toBe('manual')

    // Complete
    const answer = await act(() => result.current.completeCheckout.mutateAsync())
    expect(answer.type).toBe('order')
    expect(answer.response.status).toBe(200)
    expect(result.current.cart?.id).toBe(cartId)
  })

  it('startCheckout creates a cart and then its payment sessions', async () => {
    const { result } = renderHook(useCheckoutPage, { wrapper })
    await waitFor(() => expect(result.current.catalogue.isSuccess).toBe(true))
    const variantId = result.current.catalogue.products?.[0]?.variants?.[0]?.id ?? ''

    await act(() =>
      result.current.startCheckout.mutateAsync({
        region_id: shop.regionId,
        items: [{ variant_id: variantId, quantity: 3 }],
      }),
    )

    expect(result.current.totalItems).toBe(3)
    expect(result.current.cart?.payment_sessions?.map((session) => session.provider_id)).toEqual(['manual'])
  })

  it('surfaces a server refusal as the mutation error and keeps the cart', async () => {
    const { result } = renderHook(useCheckoutPage, { wrapper })
    await act(() => result.current.createCart.mutateAsync({ region_id: shop.regionId }))
    const before = result.current.cart

    await act(async () => {
      await expect(
        result.current.addLineItem.mutateAsync({ variant_id: 'variant_missing', quantity: 1 }),
      ).rejects.toThrow()
    })

    await waitFor(() => expect(result.current.addLineItem.isError).toBe(true))
    expect(result.current.cart).toBe(before)
  })
})
