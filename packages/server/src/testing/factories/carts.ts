import { asc, isNull } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import {
  loadCartDetails,
  type CartDetails,
  type CartFlags,
  type CartRow,
  type LineItemRow,
} from '../../modules/carts/loader.js'
import { cart, lineItem, paymentSession, shippingMethod } from '../../modules/carts/schema.js'
import { address } from '../../modules/customers/schema.js'
import { country } from '../../modules/regions/schema.js'
import { makeProduct, type ProductFixture } from './catalog.js'
import { makeRegion, type RegionFixture } from './regions.js'
import { makeShippingOption, type ShippingOptionFixture } from './shipping.js'

const FLAGS: CartFlags = { tax_inclusive_pricing: false, sales_channels: true }

let counter = 0

export interface CartItemFixture {
  variant_id?: string | null
  title?: string
  description?: string | null
  has_shipping?: boolean | null
  quantity?: number
  /** Minor units; defaults to 1000. */
  unit_price?: number
  includes_tax?: boolean
  metadata?: Record<string, unknown> | null
}

type AddressFixture = Partial<typeof address.$inferInsert>

export interface CartOverrides {
  region_id: string
  email?: string | null
  customer_id?: string | null
  sales_channel_id?: string | null
  context?: Record<string, unknown> | null
  metadata?: Record<string, unknown> | null
  completed_at?: Date | null
  items?: CartItemFixture[]
  /** An address row for the cart (no customer), or none. */
  shipping_address?: AddressFixture | null
  billing_address?: AddressFixture | null
}

export type CartFixture = CartRow & { items: LineItemRow[] }

async function makeCartAddress(db: Db, fields: AddressFixture | null | undefined): Promise<string | null> {
  if (!fields) return null
  const [row] = await db
    .insert(address)
    .values({
      id: generateId('addr'),
      customer_id: null,
      first_name: 'Shop',
      last_name: 'Per',
      address_1: '1 Market Street',
      city: 'Springfield',
      postal_code: '1000',
      ...fields,
    })
    .returning()
  return row.id
}

/**
 * A cart written straight to the database with the given lines (priced as given, 1000 each by
 * default, without checks). The region must exist (see `makeRegion`).
 */
export async function makeCart(db: Db, overrides: CartOverrides): Promise<CartFixture> {
  counter += 1
  const [row] = await db
    .insert(cart)
    .values({
      id: generateId('cart'),
      region_id: overrides.region_id,
      email: overrides.email === undefined ? `cart-${counter}-${Date.now()}@example.com` : overrides.email,
      customer_id: overrides.customer_id ?? null,
      sales_channel_id: overrides.sales_channel_id ?? null,
      context: overrides.context ?? {},
      metadata: overrides.metadata ?? null,
      completed_at: overrides.completed_at ?? null,
      shipping_address_id: await makeCartAddress(db, overrides.shipping_address),
      billing_address_id: await makeCartAddress(db, overrides.billing_address),
    })
    .returning()
  const items = (overrides.items ?? []).map((item, index) => ({
    id: generateId('item'),
    cart_id: row.id,
    title: item.title ?? `Line ${index + 1}`,
    description: item.description ?? null,
    has_shipping: item.has_shipping ?? null,
    variant_id: item.variant_id ?? null,
    quantity: item.quantity ?? 1,
    unit_price: item.unit_price ?? 1000,
    includes_tax: item.includes_tax ?? false,
    metadata: item.metadata ?? null,
  }))
  const itemRows = items.length > 0 ? await db.insert(lineItem).values(items).returning() : []
  return { ...row, items: itemRows }
}

/** A country no region has yet, for a region a test makes. */
export async function freeCountry(db: Db): Promise<string> {
  const [row] = await db
    .select({ iso_2: country.iso_2 })
    .from(country)
    .where(isNull(country.region_id))
    .orderBy(asc(country.iso_2))
    .limit(1)
  return row.iso_2
}

export interface CheckoutReadyCart {
  cart: CartRow
  details: CartDetails
  region: RegionFixture
  product: ProductFixture
  option: ShippingOptionFixture
}

/**
 * A cart ready to complete: a region (usd, manual payment and fulfillment, one country) unless one
 * is given, one line of a published product priced in the region, an email, shipping and billing
 * addresses in the region, a shipping method, and a selected, started `manual` payment session for
 * the cart's total.
 */
export async function makeCheckoutReadyCart(
  db: Db,
  overrides: Partial<{
    region: RegionFixture
    email: string
    customer_id: string | null
    sales_channel_id: string | null
    quantity: number
    unit_price: number
    shipping_price: number
    inventory_quantity: number
    provider_id: string
  }> = {},
): Promise<CheckoutReadyCart> {
  const region =
    overrides.region ??
    (await makeRegion(db, { countries: [await freeCountry(db)], payment_providers: ['manual', 'test'] }))
  const countryCode = region.countries[0]?.iso_2 ?? null
  const unitPrice = overrides.unit_price ?? 1000
  const product = await makeProduct(db, {
    variants: [
      {
        inventory_quantity: overrides.inventory_quantity ?? 100,
        prices: [{ amount: unitPrice, currency_code: region.currency_code, region_id: region.id }],
      },
    ],
    sales_channel_ids: overrides.sales_channel_id ? [overrides.sales_channel_id] : undefined,
  })
  const variant = product.variants[0]
  const created = await makeCart(db, {
    region_id: region.id,
    email: overrides.email,
    customer_id: overrides.customer_id ?? null,
    sales_channel_id: overrides.sales_channel_id ?? null,
    shipping_address: { country_code: countryCode },
    billing_address: { country_code: countryCode },
    items: [
      {
        variant_id: variant.id,
        title: product.title,
        description: variant.title,
        quantity: overrides.quantity ?? 1,
        unit_price: unitPrice,
        has_shipping: true,
      },
    ],
  })
  const option = await makeShippingOption(db, region.id, { amount: overrides.shipping_price ?? 500 })
  await db.insert(shippingMethod).values({
    id: generateId('sm'),
    shipping_option_id: option.id,
    cart_id: created.id,
    price: option.amount ?? 0,
    data: {},
  })
  const priced = await loadCartDetails(db, created.id, FLAGS)
  const providerId = overrides.provider_id ?? 'manual'
  await db.insert(paymentSession).values({
    id: generateId('ps'),
    cart_id: created.id,
    provider_id: providerId,
    is_selected: true,
    is_initiated: true,
    status: 'pending',
    data: providerId === 'manual' ? { status: 'pending' } : { status: 'pending', amount: priced.totals.total },
    amount: priced.totals.total,
  })
  const details = await loadCartDetails(db, created.id, FLAGS)
  return { cart: details.cart, details, region, product, option }
}
