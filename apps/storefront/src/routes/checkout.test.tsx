// @vitest-environment node
// The server runs in this process as Node code; the page for React comes from react's testing/dom.
import { freeCountry } from '../../../../packages/server/src/testing/factories/carts.js'
import { makeProduct } from '../../../../packages/server/src/testing/factories/catalog.js'
import { makeRegion } from '../../../../packages/server/src/testing/factories/regions.js'
import { makeShippingOption } from '../../../../packages/server/src/testing/factories/shipping.js'
import { liveServerForFile } from '../../../../packages/react/src/testing/live-server.js'
import '../../../../packages/react/src/testing/dom.js'
import { createQueryClient, EmporiumClient } from '@emporium/react'
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { initServerI18n } from '../i18n/i18n'
import { ShopProviders } from '../providers'
import Checkout from './checkout'

const server = liveServerForFile()
configure({ asyncUtilTimeout: 15_000 })
afterEach(cleanup)

const shop = { regionId: '', countryCode: '', variantId: '' }

beforeAll(async () => {
  const db = server.database.db
  shop.countryCode = await freeCountry(db)
  // A region paying with the test provider only: its session is selected by itself.
  const region = await makeRegion(db, {
    currency_code: 'usd',
    countries: [shop.countryCode],
    payment_providers: ['test'],
  })
  shop.regionId = region.id
  const product = await makeProduct(db, {
    title: 'Checkout mug',
    variants: [{ inventory_quantity: 10, prices: [{ amount: 1500, currency_code: 'usd', region_id: region.id }] }],
  })
  shop.variantId = product.variants![0].id
  await makeShippingOption(db, region.id, { name: 'Courier', amount: 500 })
})

/** A cart ready to be placed, whose test payment asks for one more step, as the checkout left it. */
async function cartNeedingMore(client: EmporiumClient): Promise<string> {
  const { cart } = await client.store.carts.create({
    region_id: shop.regionId,
    items: [{ variant_id: shop.variantId, quantity: 1 }],
    context: { test_outcome: 'requires_more' },
  })
  await client.store.carts.update(cart.id, {
    email: 'three-d-secure@example.com',
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_1: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      country_code: shop.countryCode,
    },
  })
  const { shipping_options } = await client.store.shippingOptions.listCartOptions(cart.id)
  await client.store.carts.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
  await client.store.carts.createPaymentSessions(cart.id)
  return cart.id
}

describe('the checkout page', () => {
  it('shows the payment step the bank asks for, then places the order once it is confirmed', async () => {
    const client = new EmporiumClient({ baseUrl: server.baseUrl })
    const cartId = await cartNeedingMore(client)
    localStorage.setItem('emporium-storefront-cart-id', cartId)
    const router = createMemoryRouter(
      [
        { path: '/checkout', Component: Checkout },
        { path: '/order/confirmed/:id', Component: () => <p>Confirmed</p> },
      ],
      { initialEntries: ['/checkout'] },
    )
    render(
      <ShopProviders i18n={await initServerI18n('en')} client={client} queryClient={createQueryClient()} features={[]}>
        <RouterProvider router={router} />
      </ShopProviders>,
    )

    const placeOrder = await screen.findByRole('button', { name: 'Place order' })
    await waitFor(() => expect(placeOrder).toHaveProperty('disabled', false))
    expect(screen.getByRole('radio', { name: 'Test card' })).toHaveProperty('checked', true)
    fireEvent.click(placeOrder)

    await screen.findByText('Your bank asks for one more step to confirm this payment.')
    expect(router.state.location.pathname).toBe('/checkout')
    await expect(client.store.orders.retrieveByCartId(cartId)).rejects.toThrow()

    fireEvent.click(screen.getByRole('button', { name: 'Confirm the payment' }))

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/order\/confirmed\/order_/))
    const { order } = await client.store.orders.retrieveByCartId(cartId)
    expect(router.state.location.pathname).toBe(`/order/confirmed/${order.id}`)
    expect(order.email).toBe('three-d-secure@example.com')
  })
})
