// @vitest-environment node
// The server runs in this process as Node code; the page for React comes from ../testing/dom.js.
import { freeCountry } from '../../../server/src/testing/factories/carts.js'
import { makeProduct } from '../../../server/src/testing/factories/catalog.js'
import { makeRegion } from '../../../server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../../server/src/testing/factories/shipping.js'
import { liveServerForFile } from '../testing/live-server.js'
import '../testing/dom.js'
import { act, configure, renderHook, waitFor } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { CartProvider, EmporiumProvider, useCart, useProductSearch } from '../index.js'

const server = liveServerForFile()
configure({ asyncUtilTimeout: 10_000 })

const shop = { regionId: '', countryCode: '', variantId: '', word: '' }

beforeAll(async () => {
  const db = server.database.db
  shop.countryCode = await freeCountry(db)
  const region = await makeRegion(db, { currency_code: 'usd', countries: [shop.countryCode] })
  shop.regionId = region.id
  // A word no other product of this database holds, so the search finds exactly this one.
  shop.word = `zephyrine${Date.now().toString(36)}`
  const product = await makeProduct(db, {
    title: `Linen ${shop.word} shirt`,
    variants: [{ inventory_quantity: 10, prices: [{ amount: 2500, currency_code: 'usd', region_id: region.id }] }],
  })
  shop.variantId = product.variants![0].id
  await makeShippingOption(db, region.id, { name: 'Courier', amount: 500 })
})

function wrapper({ children }: { children: ReactNode }) {
  return (
    <EmporiumProvider baseUrl={server.baseUrl}>
      <CartProvider>{children}</CartProvider>
    </EmporiumProvider>
  )
}

describe('useProductSearch', () => {
  it('finds products by a word of their title, priced for the region', async () => {
    const { result } = renderHook(() => useProductSearch({ q: shop.word, limit: 5, region_id: shop.regionId }), {
      wrapper,
    })

    await waitFor(() => expect(result.current.isSuccess).toBe(true))

    expect(result.current.hits?.map((hit) => hit.title)).toEqual([`Linen ${shop.word} shirt`])
  })

  it('does not call the server while the query is blank', async () => {
    const { result } = renderHook(() => useProductSearch({ q: '  ' }), { wrapper })

    await new Promise((done) => setTimeout(done, 100))

    expect(result.current.fetchStatus).toBe('idle')
    expect(result.current.data).toBeUndefined()
  })
})

describe('completing a cart with an idempotency key', () => {
  it('answers two attempts with the same key with one order', async () => {
    const { result } = renderHook(
      () => {
        const [key] = useState(() => `checkout-${Math.random().toString(36).slice(2)}`)
        return { key, ...useCart() }
      },
      { wrapper },
    )
    await act(() =>
      result.current.startCheckout.mutateAsync({
        region_id: shop.regionId,
        items: [{ variant_id: shop.variantId, quantity: 1 }],
      }),
    )
    await act(() =>
      result.current.updateCart.mutateAsync({
        email: 'twice@example.com',
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
    const options = await fetch(`${server.baseUrl}/store/shipping-options/${result.current.cart!.id}`)
    const { shipping_options } = (await options.json()) as { shipping_options: { id: string }[] }
    await act(() => result.current.addShippingMethod.mutateAsync({ option_id: shipping_options[0].id }))

    const [first, second] = await act(() =>
      Promise.all([
        result.current.completeCheckout.mutateAsync({ idempotencyKey: result.current.key }),
        result.current.completeCheckout.mutateAsync({ idempotencyKey: result.current.key }),
      ]),
    )

    expect(first.type).toBe('order')
    expect(second.type).toBe('order')
    expect((second.data as { id: string }).id).toBe((first.data as { id: string }).id)
  })
})
