import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { lineItem, lineItemTaxLine, shippingMethod, shippingMethodTaxLine } from '../../modules/carts/schema.js'
import { address } from '../../modules/customers/schema.js'
import {
  order,
  payment,
  type FulfillmentStatus,
  type OrderStatus,
  type PaymentStatus,
} from '../../modules/orders/schema.js'
import { makeGuestCustomer } from './customers.js'
import { makeRegion } from './regions.js'
import { makeShippingOption } from './shipping.js'

export interface OrderItemFixture {
  title?: string
  unit_price?: number
  quantity?: number
  variant_id?: string | null
  includes_tax?: boolean
  returned_quantity?: number | null
  /** Percent; one tax line named "default" when given. */
  tax_rate?: number
}

export interface OrderFixtureOverrides {
  customer_id?: string
  email?: string
  region_id?: string
  currency_code?: string
  cart_id?: string | null
  status?: OrderStatus
  fulfillment_status?: FulfillmentStatus
  payment_status?: PaymentStatus
  tax_rate?: number | null
  created_at?: Date
  canceled_at?: Date | null
  /** Address fields; an address with these (plus defaults) becomes the shipping address. */
  shipping_address?: Partial<typeof address.$inferInsert>
  /** Defaults to one line of 1000 × 1. */
  items?: OrderItemFixture[]
  /** Shipping methods (a flat-rate option of the region is created for them). */
  shipping?: { price: number; includes_tax?: boolean; tax_rate?: number }[]
  /** The fulfillment provider of the shipping methods' option; manual by default. */
  shipping_provider_id?: string
  /** Payments; defaults to none. */
  payments?: { amount: number; amount_refunded?: number; provider_id?: string; captured?: boolean }[]
  sales_channel_id?: string | null
}

let counter = 0

/**
 * An order written straight to the database with its lines, shipping methods, tax lines and
 * payments, as cart completion would leave it (without the cart). A guest customer is created for
 * the e-mail unless `customer_id` is given; a usd region unless `region_id` is.
 */
export async function makeOrder(db: Db, overrides: OrderFixtureOverrides = {}) {
  counter += 1
  const email = overrides.email ?? `order-${counter}-${Date.now()}@example.com`
  const customerId = overrides.customer_id ?? (await makeGuestCustomer(db, { email })).id
  const regionId = overrides.region_id ?? (await makeRegion(db, { currency_code: overrides.currency_code ?? 'usd' })).id
  const [shipping] = await db
    .insert(address)
    .values({
      id: generateId('addr'),
      first_name: 'Ord',
      last_name: 'Er',
      address_1: '1 Order Lane',
      city: 'Copenhagen',
      country_code: 'dk',
      postal_code: '2100',
      ...overrides.shipping_address,
    })
    .returning()
  const [row] = await db
    .insert(order)
    .values({
      id: generateId('order'),
      customer_id: customerId,
      email,
      region_id: regionId,
      currency_code: overrides.currency_code ?? 'usd',
      cart_id: overrides.cart_id ?? null,
      status: overrides.status ?? 'pending',
      fulfillment_status: overrides.fulfillment_status ?? 'not_fulfilled',
      payment_status: overrides.payment_status ?? 'awaiting',
      tax_rate: overrides.tax_rate === undefined ? 0 : overrides.tax_rate,
      shipping_address_id: shipping.id,
      canceled_at: overrides.canceled_at ?? null,
      sales_channel_id: overrides.sales_channel_id ?? null,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
    })
    .returning()

  for (const [index, item] of (overrides.items ?? [{}]).entries()) {
    const [line] = await db
      .insert(lineItem)
      .values({
        id: generateId('item'),
        order_id: row.id,
        title: item.title ?? `Line ${index + 1}`,
        unit_price: item.unit_price ?? 1000,
        quantity: item.quantity ?? 1,
        variant_id: item.variant_id ?? null,
        includes_tax: item.includes_tax ?? false,
        returned_quantity: item.returned_quantity ?? null,
        has_shipping: true,
        created_at: new Date(Date.now() + index),
      })
      .returning()
    if (item.tax_rate !== undefined) {
      await db
        .insert(lineItemTaxLine)
        .values({ id: generateId('litl'), item_id: line.id, rate: item.tax_rate, name: 'default', code: 'default' })
    }
  }

  if (overrides.shipping?.length) {
    const option = await makeShippingOption(db, regionId, {
      ...(overrides.shipping_provider_id ? { provider_id: overrides.shipping_provider_id } : {}),
    })
    for (const method of overrides.shipping) {
      const [created] = await db
        .insert(shippingMethod)
        .values({
          id: generateId('sm'),
          shipping_option_id: option.id,
          order_id: row.id,
          price: method.price,
          includes_tax: method.includes_tax ?? false,
        })
        .returning()
      if (method.tax_rate !== undefined) {
        await db.insert(shippingMethodTaxLine).values({
          id: generateId('smtl'),
          shipping_method_id: created.id,
          rate: method.tax_rate,
          name: 'default',
          code: 'default',
        })
      }
    }
  }

  for (const entry of overrides.payments ?? []) {
    await db.insert(payment).values({
      id: generateId('pay'),
      order_id: row.id,
      amount: entry.amount,
      amount_refunded: entry.amount_refunded ?? 0,
      currency_code: row.currency_code,
      provider_id: entry.provider_id ?? 'manual',
      data: {},
      captured_at: entry.captured ? new Date() : null,
    })
  }
  return row
}
