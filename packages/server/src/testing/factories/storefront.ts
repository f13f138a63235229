import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { RegionFixture } from './regions.js'

type Method = 'GET' | 'POST' | 'DELETE'

let seq = 0

/** A shopper's calls through `app.inject`: a cart with lines, made ready for checkout, and paid. */
export function storefront(app: () => FastifyInstance) {
  async function call(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await app().inject({ method, url, payload: payload as object, headers })
    return { status: res.statusCode, body: res.json() }
  }

  /** A cart in the region with these lines; with an email, an address and a shipping method if `ready`. */
  async function cartWith(region: RegionFixture, lines: [string, number][], ready = false): Promise<string> {
    const created = await call('POST', '/store/carts', { region_id: region.id })
    const id: string = created.body.cart.id
    for (const [variantId, quantity] of lines) {
      expect((await call('POST', `/store/carts/${id}/line-items`, { variant_id: variantId, quantity })).status).toBe(
        200,
      )
    }
    if (ready) {
      await call('POST', `/store/carts/${id}`, {
        email: `shopper-${++seq}-${Date.now()}@example.com`,
        shipping_address: {
          first_name: 'Ada',
          last_name: 'L',
          address_1: '1 Row',
          city: 'Capital',
          postal_code: '1234',
          country_code: region.countries[0].iso_2,
        },
      })
      const offered = await call('GET', `/store/shipping-options/${id}`)
      const shipped = await call('POST', `/store/carts/${id}/shipping-methods`, {
        option_id: offered.body.shipping_options[0].id,
      })
      expect(shipped.status).toBe(200)
    }
    return id
  }

  /** Payment sessions for the cart's total, `manual` selected. */
  async function pay(cartId: string): Promise<void> {
    expect((await call('POST', `/store/carts/${cartId}/payment-sessions`)).status).toBe(200)
    expect((await call('POST', `/store/carts/${cartId}/payment-session`, { provider_id: 'manual' })).status).toBe(200)
  }

  return { call, cartWith, pay }
}
