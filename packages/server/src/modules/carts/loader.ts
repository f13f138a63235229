import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FeatureFlags } from '../../config.js'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../http/errors.js'
import { concurrently } from '../catalog/concurrent.js'
import { loadVariantRelations, type LoadedVariant } from '../catalog/loader.js'
import { product, productVariant } from '../catalog/schema.js'
import { address } from '../customers/schema.js'
import type { AddressRow } from '../customers/addresses.js'
import { country, region, regionPaymentProvider } from '../regions/schema.js'
import type { CountryRow, ProviderRow, RegionRow } from '../regions/service.js'
import { salesChannel } from '../sales-channels/schema.js'
import type { SalesChannelRow } from '../sales-channels/service.js'
import { retrieveSingleTypeProfile } from '../shipping/profiles.js'
import { shippingOption } from '../shipping/schema.js'
import { loadShippingOptions, type ShippingOptionView } from '../shipping/service.js'
import { computeTaxLines } from '../tax/system-provider.js'
import {
  cart,
  lineItem,
  lineItemAdjustment,
  lineItemTaxLine,
  paymentSession,
  shippingMethod,
  shippingMethodTaxLine,
} from './schema.js'
import { computeTotals, type Totals } from './totals.js'

/**
 * Reads a cart with everything its totals and its wire shape need, in a fixed number of batched
 * queries whatever the number of lines: the cart, then its lines, methods, sessions, addresses,
 * region and channel side by side, then the lines' variants, products, adjustments and tax lines.
 */

export type CartRow = typeof cart.$inferSelect
export type LineItemRow = typeof lineItem.$inferSelect
export type AdjustmentRow = typeof lineItemAdjustment.$inferSelect
export type ShippingMethodRow = typeof shippingMethod.$inferSelect
export type PaymentSessionRow = typeof paymentSession.$inferSelect

export type CartFlags = Pick<FeatureFlags, 'tax_inclusive_pricing' | 'sales_channels'>

/** A tax line as computed for display (no id) or as stored when the cart completes. */
export interface TaxLine {
  id?: string
  rate: number
  name: string
  code: string | null
  metadata?: Record<string, unknown> | null
  created_at?: Date
  updated_at?: Date
}

/** What carts need of a line's product: its tax overrides, shipping profile and channels. */
export interface LineProduct {
  id: string
  title: string
  status: string
  type_id: string | null
  /** The product's shipping profile, or the default / gift-card profile it falls back to. */
  profile_id: string
  is_giftcard: boolean
  discountable: boolean
  thumbnail: string | null
  deleted_at: Date | null
}

export interface CartItem extends LineItemRow {
  variant: LoadedVariant | null
  product: LineProduct | null
  adjustments: AdjustmentRow[]
  tax_lines: (TaxLine & { item_id: string })[]
}

export interface CartShippingMethod extends ShippingMethodRow {
  shipping_option: ShippingOptionView | null
  tax_lines: (TaxLine & { shipping_method_id: string })[]
}

export interface CartRegion extends RegionRow {
  countries: CountryRow[]
  payment_providers: ProviderRow[]
  /** Whether prices in the region's currency include tax (v1's currency setting). */
  currency_includes_tax: boolean
}

/** A cart as the services see it: rows, relations, tax lines and totals. */
export interface CartDetails {
  cart: CartRow
  region: CartRegion
  items: CartItem[]
  shipping_methods: CartShippingMethod[]
  payment_sessions: PaymentSessionRow[]
  shipping_address: AddressRow | null
  billing_address: AddressRow | null
  sales_channel: SalesChannelRow | null
  /** Computed for display (automatic taxes, open cart) or read from the stored lines. */
  taxes: 'computed' | 'stored'
  totals: Totals
}

const productProfileId = sql<string | null>`"product"."profile_id"`

/** A live cart row; completed carts are carts too. */
export async function retrieveCartRow(db: Db, id: string): Promise<CartRow> {
  const [row] = await db
    .select()
    .from(cart)
    .where(and(eq(cart.id, id), isNull(cart.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('Cart', id)
  return row
}

/** A live region with its countries, payment providers and the tax setting of its currency. */
export async function retrieveCartRegion(db: Db, id: string): Promise<CartRegion> {
  const row = await db.query.region.findFirst({
    where: and(eq(region.id, id), isNull(region.deleted_at)),
    with: {
      countries: { orderBy: [asc(country.iso_2)] },
      payment_providers: { with: { provider: true }, orderBy: [asc(regionPaymentProvider.provider_id)] },
      currency: true,
    },
  })
  if (!row) throw NotFound.entity('Region', id)
  const { payment_providers, currency, ...rest } = row
  return {
    ...rest,
    payment_providers: payment_providers.map((link) => link.provider),
    currency_includes_tax: currency.includes_tax,
  }
}

/** The products of these ids with their effective shipping profile. */
export async function loadLineProducts(db: Db, productIds: string[]): Promise<Map<string, LineProduct>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: product.id,
      title: product.title,
      status: product.status,
      type_id: product.type_id,
      profile_id: productProfileId,
      is_giftcard: product.is_giftcard,
      discountable: product.discountable,
      thumbnail: product.thumbnail,
      deleted_at: product.deleted_at,
    })
    .from(product)
    .where(inArray(product.id, productIds))
  const fallbacks = new Map<string, string>()
  for (const type of new Set(rows.filter((row) => !row.profile_id).map((row) => row.is_giftcard))) {
    const profile = await retrieveSingleTypeProfile(db, type ? 'gift_card' : 'default')
    fallbacks.set(String(type), profile.id)
  }
  return new Map(
    rows.map((row) => [row.id, { ...row, profile_id: row.profile_id ?? fallbacks.get(String(row.is_giftcard))! }]),
  )
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const list = groups.get(key(row))
    if (list) list.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

async function loadItems(db: Db, cartId: string): Promise<CartItem[]> {
  const rows = await db
    .select()
    .from(lineItem)
    .where(eq(lineItem.cart_id, cartId))
    .orderBy(asc(lineItem.created_at), asc(lineItem.id))
  if (rows.length === 0) return []
  const itemIds = rows.map((row) => row.id)
  const variantIds = [...new Set(rows.flatMap((row) => (row.variant_id ? [row.variant_id] : [])))]
  const [variantRows, adjustments, storedLines] = await concurrently(db, [
    () =>
      variantIds.length > 0
        ? db.select().from(productVariant).where(inArray(productVariant.id, variantIds))
        : Promise.resolve([]),
    () => db.select().from(lineItemAdjustment).where(inArray(lineItemAdjustment.item_id, itemIds)),
    () =>
      db
        .select()
        .from(lineItemTaxLine)
        .where(inArray(lineItemTaxLine.item_id, itemIds))
        .orderBy(asc(lineItemTaxLine.name), asc(lineItemTaxLine.id)),
  ])
  const [variants, products] = await concurrently(db, [
    () => loadVariantRelations(db, variantRows, new Set(), { availability: true }),
    () => loadLineProducts(db, [...new Set(variantRows.map((row) => row.product_id))]),
  ])
  const variantById = new Map(variants.map((variant) => [variant.id, variant]))
  const adjustmentsByItem = groupBy(adjustments, (row) => row.item_id)
  const linesByItem = groupBy(storedLines, (row) => row.item_id)
  return rows.map((row) => {
    const variant = row.variant_id ? (variantById.get(row.variant_id) ?? null) : null
    return {
      ...row,
      variant,
      product: variant ? (products.get(variant.product_id) ?? null) : null,
      adjustments: adjustmentsByItem.get(row.id) ?? [],
      tax_lines: linesByItem.get(row.id) ?? [],
    }
  })
}

async function loadShippingMethods(db: Db, cartId: string, flags: CartFlags): Promise<CartShippingMethod[]> {
  const rows = await db
    .select()
    .from(shippingMethod)
    .where(eq(shippingMethod.cart_id, cartId))
    .orderBy(asc(shippingMethod.id))
  if (rows.length === 0) return []
  const methodIds = rows.map((row) => row.id)
  const optionIds = [...new Set(rows.map((row) => row.shipping_option_id))]
  const [options, storedLines] = await concurrently(db, [
    // Methods keep their option even after staff delete it, so no `deleted_at` filter here. The
    // requirements say whether the method still applies when the lines change.
    () => loadShippingOptions(db, inArray(shippingOption.id, optionIds), ['requirements'], flags),
    () =>
      db
        .select()
        .from(shippingMethodTaxLine)
        .where(inArray(shippingMethodTaxLine.shipping_method_id, methodIds))
        .orderBy(asc(shippingMethodTaxLine.name), asc(shippingMethodTaxLine.id)),
  ])
  const optionById = new Map(options.map((option) => [option.id, option]))
  const linesByMethod = groupBy(storedLines, (row) => row.shipping_method_id)
  return rows.map((row) => ({
    ...row,
    shipping_option: optionById.get(row.shipping_option_id) ?? null,
    tax_lines: linesByMethod.get(row.id) ?? [],
  }))
}

async function loadAddresses(db: Db, row: CartRow): Promise<Map<string, AddressRow>> {
  const ids = [row.shipping_address_id, row.billing_address_id].filter((id): id is string => id !== null)
  if (ids.length === 0) return new Map()
  const rows = await db.select().from(address).where(inArray(address.id, ids))
  return new Map(rows.map((entry) => [entry.id, entry]))
}

/**
 * v1 shows tax computed from the region's tax provider on an open cart whose region computes taxes
 * automatically, and the stored tax lines otherwise: they are written when the cart completes (or
 * for regions with `automatic_taxes = false`, when the storefront asks), so a completed cart keeps
 * the taxes its order was charged.
 */
async function applyTaxLines(db: Db, details: Omit<CartDetails, 'taxes' | 'totals'>): Promise<'computed' | 'stored'> {
  if (details.cart.completed_at || !details.region.automatic_taxes) return 'stored'
  const lines = await computeCartTaxLines(db, details)
  for (const item of details.items) item.tax_lines = lines.items.get(item.id) ?? []
  for (const method of details.shipping_methods) method.tax_lines = lines.methods.get(method.id) ?? []
  return 'computed'
}

/** Tax lines from the system tax provider for the cart's lines and shipping methods. */
export async function computeCartTaxLines(
  db: Db,
  details: Pick<CartDetails, 'region' | 'items' | 'shipping_methods'>,
): Promise<{
  items: Map<string, (TaxLine & { item_id: string })[]>
  methods: Map<string, (TaxLine & { shipping_method_id: string })[]>
}> {
  const lines = await computeTaxLines(db, {
    region: { id: details.region.id, tax_rate: details.region.tax_rate },
    items: details.items.map((item) => ({
      id: item.id,
      product_id: item.product?.id ?? null,
      product_type_id: item.product?.type_id ?? null,
    })),
    shipping_methods: details.shipping_methods.map((method) => ({
      id: method.id,
      shipping_option_id: method.shipping_option_id,
    })),
  })
  return {
    items: groupBy(lines.items, (line) => line.item_id),
    methods: groupBy(lines.shipping_methods, (line) => line.shipping_method_id),
  }
}

/** The totals of a loaded cart (discounts and gift cards arrive with promotions). */
export function totalsOf(details: Pick<CartDetails, 'region' | 'items' | 'shipping_methods'>): Totals {
  return computeTotals({
    currency_code: details.region.currency_code,
    region: { gift_cards_taxable: details.region.gift_cards_taxable, tax_rate: details.region.tax_rate },
    items: details.items.map((item) => ({
      id: item.id,
      unit_price: item.unit_price,
      quantity: item.quantity,
      includes_tax: item.includes_tax,
      is_discountable: item.allow_discounts,
      tax_lines: item.tax_lines,
      adjustments: item.adjustments.map((adjustment) => ({
        amount: Number(adjustment.amount),
        discount_id: adjustment.discount_id,
      })),
    })),
    shipping_methods: details.shipping_methods.map((method) => ({
      id: method.id,
      price: method.price,
      includes_tax: method.includes_tax,
      tax_lines: method.tax_lines,
    })),
    gift_cards: [],
    kind: 'cart',
  })
}

/**
 * What the caller already read in this request: the cart row (read in the same transaction, after
 * its last write to the row) and its region, so they are not read again.
 */
export interface KnownCartParts {
  row?: CartRow
  region?: CartRegion
  /** The cart was created in this request without lines, so it has no lines, methods or sessions. */
  bare?: boolean
}

/** A cart with every relation, its tax lines and totals. */
export async function loadCartDetails(
  db: Db,
  id: string,
  flags: CartFlags,
  known: KnownCartParts = {},
): Promise<CartDetails> {
  const row = known.row?.id === id ? known.row : await retrieveCartRow(db, id)
  const knownRegion = known.region?.id === row.region_id ? known.region : undefined
  const [regionDetails, items, methods, sessions, addresses, channel] = await concurrently(db, [
    () => (knownRegion ? Promise.resolve(knownRegion) : retrieveCartRegion(db, row.region_id)),
    () => (known.bare ? Promise.resolve([]) : loadItems(db, row.id)),
    () => (known.bare ? Promise.resolve([]) : loadShippingMethods(db, row.id, flags)),
    () =>
      known.bare
        ? Promise.resolve([])
        : db
            .select()
            .from(paymentSession)
            .where(eq(paymentSession.cart_id, row.id))
            .orderBy(asc(paymentSession.provider_id)),
    () => loadAddresses(db, row),
    () =>
      row.sales_channel_id
        ? db.select().from(salesChannel).where(eq(salesChannel.id, row.sales_channel_id)).limit(1)
        : Promise.resolve([]),
  ])
  const base = {
    cart: row,
    region: regionDetails,
    items,
    shipping_methods: methods,
    payment_sessions: sessions,
    shipping_address: row.shipping_address_id ? (addresses.get(row.shipping_address_id) ?? null) : null,
    billing_address: row.billing_address_id ? (addresses.get(row.billing_address_id) ?? null) : null,
    sales_channel: channel[0] ?? null,
  }
  const taxes = await applyTaxLines(db, base)
  return { ...base, taxes, totals: totalsOf(base) }
}
