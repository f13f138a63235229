import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { baseUrl, type AdminApi } from './support.js'

export interface PlacedOrder {
  id: string
  display_id: number
  email: string
}

/** Checks out a one-shirt cart through the store API, as a shopper would, and returns the order. */
export async function placeOrder(api: AdminApi, email: string): Promise<PlacedOrder> {
  const { publishable_api_keys: keys } = await api.request<{ publishable_api_keys: { id: string }[] }>(
    'GET',
    '/admin/publishable-api-keys?limit=1',
  )
  const store = async <T>(method: string, path: string, body?: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'x-publishable-api-key': keys[0]!.id,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const { regions } = await store<{ regions: { id: string; countries: { iso_2: string }[] }[] }>(
    'GET',
    '/store/regions',
  )
  const region = regions[0]!
  const { products } = await store<{ products: { variants: { id: string }[] }[] }>(
    'GET',
    `/store/products?handle=classic-t-shirt&region_id=${region.id}`,
  )
  const { cart } = await store<{ cart: { id: string } }>('POST', '/store/carts', { region_id: region.id })
  await store('POST', `/store/carts/${cart.id}/line-items`, { variant_id: products[0]!.variants[0]!.id, quantity: 2 })
  await store('POST', `/store/carts/${cart.id}`, {
    email,
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_1: '12 Analytical Row',
      city: 'London',
      postal_code: 'N1 7AA',
      country_code: region.countries[0]!.iso_2,
    },
  })
  const { shipping_options: options } = await store<{ shipping_options: { id: string }[] }>(
    'GET',
    `/store/shipping-options/${cart.id}`,
  )
  await store('POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: options[0]!.id })
  await store('POST', `/store/carts/${cart.id}/payment-sessions`)
  const completed = await store<{ type: string; data: PlacedOrder }>('POST', `/store/carts/${cart.id}/complete`)
  expect(completed.type).toBe('order')
  return completed.data
}

interface Region {
  id: string
  countries: { iso_2: string }[]
}

/** Waits for the success toast of a write. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor()
}

/** An order placed through a paid draft, captured and fulfilled in full through the admin API. */
export async function fulfilledOrder(api: AdminApi, email: string): Promise<{ id: string; display_id: number }> {
  const { regions } = await api.request<{ regions: Region[] }>('GET', '/admin/regions?limit=1')
  const region = regions[0]!
  const { shipping_options: options } = await api.request<{ shipping_options: { id: string }[] }>(
    'GET',
    `/admin/shipping-options?region_id=${region.id}&name=Standard%20Shipping`,
  )
  const { variants } = await api.request<{ variants: { id: string }[] }>('GET', '/admin/variants?q=Classic&limit=1')
  const address = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address_1: '12 Analytical Row',
    city: 'London',
    postal_code: 'N1 7AA',
    country_code: region.countries[0]!.iso_2,
  }
  const { draft_order: draft } = await api.request<{ draft_order: { id: string } }>('POST', '/admin/draft-orders', {
    email,
    region_id: region.id,
    items: [{ variant_id: variants[0]!.id, quantity: 2 }],
    shipping_methods: [{ option_id: options[0]!.id }],
    shipping_address: address,
    billing_address: address,
  })
  const { order } = await api.request<{ order: { id: string; display_id: number; items: { id: string }[] } }>(
    'POST',
    `/admin/draft-orders/${draft.id}/pay`,
  )
  await api.request('POST', `/admin/orders/${order.id}/capture`)
  await api.request('POST', `/admin/orders/${order.id}/fulfillment`, {
    items: [{ item_id: order.items[0]!.id, quantity: 2 }],
  })
  return order
}
