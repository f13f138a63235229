// A shopper's journey as a shop built on medusa-react 9.0.18 makes it: its MedusaProvider and
// CartProvider, its query and mutation hooks, rendered in a jsdom page against the live server.
import { freeCountry } from '../../packages/server/src/testing/factories/carts.js'
import { makeProduct } from '../../packages/server/src/testing/factories/catalog.js'
import { makeRegion } from '../../packages/server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../packages/server/src/testing/factories/shipping.js'
import { liveServerForFile } from './support/live-server.js'
import '../../packages/react/src/testing/dom.js'
import { QueryClient } from '@tanstack/react-query'
import { configure, waitFor } from '@testing-library/dom'
import {
  CartProvider,
  MedusaProvider,
  useCart,
  useCartShippingOptions,
  useCreateLineItem,
  useCreatePaymentSession,
  useOrder,
  useProducts,
  useRegions,
} from 'medusa-react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { act, renderHook } from './support/render-hook.js'
import { expectId, type Wire } from './support/shapes.js'

const server = liveServerForFile('journey')
// Real HTTP to a server sharing two cores with other test files: allow more than the default 1 s.
configure({ asyncUtilTimeout: 10_000 })

const shop = {} as { regionId: string; country: string; title: string }

beforeAll(async () => {
  const db = server.database.db
  shop.country = await freeCountry(db)
  shop.regionId = (await makeRegion(db, { currency_code: 'usd', countries: [shop.country] })).id
  shop.title = `Journey mug ${Date.now()}`
  await makeProduct(db, {
    title: shop.title,
    variants: [{ inventory_quantity: 10, prices: [{ amount: 1200, currency_code: 'usd', region_id: shop.regionId }] }],
  })
  await makeShippingOption(db, shop.regionId, { name: 'Post', amount: 300 })
})

/** The providers of a medusa-react shop, with one query cache for the page. */
function shopPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
    // A refusal the test expects is not logged as an error.
    logger: { log: () => {}, warn: () => {}, error: () => {} },
  })
  return ({ children }: { children: ReactNode }) => (
    <MedusaProvider
      baseUrl={server.baseUrl}
      medusaClient={server.store}
      // medusa-react's typings find the repository's TanStack Query 5; it runs on this workspace's 4.
      queryClientProviderProps={{ client } as Wire}
      publishableApiKey={undefined}
    >
      <CartProvider>{children}</CartProvider>
    </MedusaProvider>
  )
}

/** What a checkout page built on medusa-react holds: the cart context and the hooks it renders. */
function useCheckoutPage(orderId: string) {
  const checkout = useCart()
  const cartId = checkout.cart?.id ?? ''
  const replaceCart = { onSuccess: ({ cart }: Wire) => checkout.setCart(cart) }
  return {
    ...checkout,
    regions: useRegions(),
    catalogue: useProducts({ q: shop.title, region_id: shop.regionId }),
    shippingOptions: useCartShippingOptions(cartId, { enabled: cartId !== '' }),
    addLineItem: useCreateLineItem(cartId, replaceCart),
    createPaymentSessions: useCreatePaymentSession(cartId, replaceCart),
    order: useOrder(orderId, { enabled: orderId !== '' }),
  }
}

describe('a shopper journey through medusa-react', () => {
  it('goes from the catalogue to a placed order and reads it back', async () => {
    let orderId = ''
    const { result, rerender } = renderHook(() => useCheckoutPage(orderId), { wrapper: shopPage() })
    expect(result.current.totalItems).toBe(0)

    await waitFor(() => expect(result.current.regions.isSuccess).toBe(true))
    expect(result.current.regions.regions?.map((region: Wire) => region.id)).toContain(shop.regionId)
    await waitFor(() => expect(result.current.catalogue.isSuccess).toBe(true))
    const [product] = result.current.catalogue.products ?? []
    expect(product.title).toBe(shop.title)
    const variant = product.variants[0]
    expectId(variant.id, 'variant')
    expect(variant.calculated_price).toBe(1200)

    await act(() => result.current.createCart.mutateAsync({ region_id: shop.regionId }))
    expectId(result.current.cart?.id, 'cart')

    await act(() => result.current.addLineItem.mutateAsync({ variant_id: variant.id, quantity: 2 }))
    expect(result.current.totalItems).toBe(2)
    expect(result.current.cart?.items[0]).toMatchObject({ variant_id: variant.id, quantity: 2, unit_price: 1200 })

    await act(() =>
      result.current.updateCart.mutateAsync({
        email: 'journey@example.com',
        shipping_address: {
          first_name: 'Grace',
          last_name: 'Hopper',
          address_1: '1 Navy Way',
          city: 'Arlington',
          country_code: shop.country,
          postal_code: '22201',
        },
      }),
    )
    expect(result.current.cart?.email).toBe('journey@example.com')

    // The options depend on the items and address: the page asks again once they are set.
    await act(() => result.current.shippingOptions.refetch())
    await waitFor(() => expect(result.current.shippingOptions.shipping_options?.length).toBeGreaterThan(0))
    const post = result.current.shippingOptions.shipping_options?.find((option: Wire) => option.name === 'Post')
    await act(() => result.current.addShippingMethod.mutateAsync({ option_id: post.id }))
    expect(result.current.cart?.total).toBe(2 * 1200 + 300)

    await act(() => result.current.createPaymentSessions.mutateAsync())
    await act(() => result.current.pay.mutateAsync({ provider_id: 'manual' }))
    expect(result.current.cart?.payment_session?.provider_id).toBe('manual')

    const answer = await act(() => result.current.completeCheckout.mutateAsync())
    expect(answer.type).toBe('order')
    expectId(answer.data.id, 'order')
    expect(answer.data.shipping_methods).toHaveLength(1)

    orderId = answer.data.id
    rerender()
    await waitFor(() => expect(result.current.order.isSuccess).toBe(true))
    expect(result.current.order.order).toMatchObject({ id: orderId, email: 'journey@example.com', total: 2700 })
  })

  it('keeps the cart when the server refuses a line item for an unknown variant', async () => {
    const { result } = renderHook(() => useCheckoutPage(''), { wrapper: shopPage() })
    await act(() => result.current.createCart.mutateAsync({ region_id: shop.regionId }))
    const before = result.current.cart
    await act(async () => {
      await expect(
        result.current.addLineItem.mutateAsync({ variant_id: 'variant_missing', quantity: 1 }),
      ).rejects.toMatchObject({ response: { status: 400, data: { type: 'invalid_data' } } })
    })
    expect(result.current.cart).toBe(before)
  })
})
