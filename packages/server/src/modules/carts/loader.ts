import { and, eq, isNull, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FeatureFlags } from '../../config.js'
import { inIdsOf } from '../../db/in-ids.js'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../core/errors.js'
import type { LoadedVariant } from '../catalog/loader.js'
import { product, productVariant } from '../catalog/schema.js'
import { address } from '../customers/schema.js'
import type { AddressRow } from '../customers/addresses.js'
import { country, region, regionPaymentProvider } from '../regions/schema.js'
import { paymentProvider } from '../store/schema.js'
import type { CountryRow, ProviderRow, RegionRow } from '../regions/service.js'
import { salesChannel } from '../sales-channels/schema.js'
import type { SalesChannelRow } from '../sales-channels/service.js'
import { retrieveSingleTypeProfile } from '../shipping/profiles.js'
import { shippingOption, shippingOptionRequirement, shippingProfile } from '../shipping/schema.js'
import { currency } from '../store/schema.js'
import { priceShippingOptions } from '../shipping/pricing.js'
import type { ShippingOptionView } from '../shipping/service.js'
import { taxRate } from '../tax/schema.js'
import type { TaxRateRow } from '../tax/loader.js'
import {
  computeTaxLines,
  overrideRowsQuery,
  overridesFrom,
  taxLinesFrom,
  type OverrideRow,
  type TaxLines,
  type TaxLinesInput,
} from '../tax/system-provider.js'
import {
  cart,
  lineItem,
  lineItemAdjustment,
  lineItemTaxLine,
  paymentSession,
  shippingMethod,
  shippingMethodTaxLine,
} from './schema.js'
import { jsonObjectOf, rowReader } from '../../db/json-rows.js'
import { prepared } from '../../db/fast-path/prepared.js'
import { computeTotals, giftCardDraws, type Totals, type TotalsInput } from './totals.js'
import { groupBy } from '../../db/group-rows.js'
import { cartDiscountOf, cartDiscountsJson, discountAdjustments, type CartDiscount } from './discounts.js'
import { cartGiftCardsJson, giftCardOf, type GiftCardRow } from './gift-cards.js'

/**
 * Reads a cart with everything its totals and its wire shape need, in a fixed number of statements
 * whatever the number of lines: the whole cart in one (its lines, methods with their options, and
 * the tax overrides that apply), and its region.
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

/** What pricing a line needs of its cart's region: the row and its currency's tax setting. */
export interface PricingRegion extends RegionRow {
  /** Whether prices in the region's currency include tax (v1's currency setting). */
  currency_includes_tax: boolean
}

export interface CartRegion extends PricingRegion {
  countries: CountryRow[]
  payment_providers: ProviderRow[]
  /** Its tax rates by name (the `region.tax_rates` relation of a cart). */
  tax_rates: TaxRateRow[]
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
  /** The discounts applied, with the lines each applies to. */
  discounts: CartDiscount[]
  /** The usable gift cards applied, in the order they are drawn. */
  gift_cards: GiftCardRow[]
  /** Computed for display (automatic taxes, open cart) or read from the stored lines. */
  taxes: 'computed' | 'stored'
  totals: Totals
}

const id = sql.placeholder('id')

const shippingAddress = alias(address, 'shipping_address')
const billingAddress = alias(address, 'billing_address')

const cartRowStatement = prepared('cart_row', (db) =>
  db
    .select()
    .from(cart)
    .where(and(eq(cart.id, id), isNull(cart.deleted_at)))
    .limit(1),
)

/**
 * A column of the region written with its table: in a select without joins drizzle leaves the
 * table out, and a subquery would then read the name as a column of its own table.
 */
const regionColumn = (name: 'id' | 'currency_code') => sql`${region}.${sql.identifier(name)}`

/** What a cart shows of its region beside the row: its countries, payment providers and tax rates. */
const regionRelations = {
  countries: sql<CountryRow[]>`(SELECT coalesce(json_agg(c ORDER BY c.iso_2), '[]'::json)
    FROM ${country} c WHERE c.region_id = ${regionColumn('id')})`,
  payment_providers: sql<ProviderRow[]>`(SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json)
    FROM ${regionPaymentProvider} rp JOIN ${paymentProvider} p ON p.id = rp.provider_id
    WHERE rp.region_id = ${regionColumn('id')})`,
  tax_rates: sql<Record<string, unknown>[]>`(SELECT coalesce(json_agg(t ORDER BY t.name), '[]'::json)
    FROM ${taxRate} t WHERE t.region_id = ${regionColumn('id')})`,
}

/**
 * A column of the cart `cartId`, looked up by the statement it is part of (null for an unknown
 * cart): a read keyed by it can go out before the cart's row is known, with the cart's lock.
 */
export function cartColumn(
  column: 'region_id' | 'sales_channel_id' | 'shipping_address_id' | 'customer_id',
  cartId: string | Placeholder,
) {
  return sql<string | null>`(SELECT c.${sql.identifier(column)} FROM ${cart} c WHERE c.id = ${cartId})`
}

/**
 * The tax setting of the region's currency, looked up by its key: joined, the planner hashes the
 * whole currency table.
 */
export const currencyIncludesTax = sql<boolean>`(SELECT cur.includes_tax FROM ${currency} cur
  WHERE cur.code = ${regionColumn('currency_code')})`

/**
 * The region, its currency's tax setting, its countries, payment providers and tax rates, in one
 * statement.
 */
const regionSelect = (db: Db, which: SQL) =>
  db
    .select({ region, currency_includes_tax: currencyIncludesTax, ...regionRelations })
    .from(region)
    .where(and(which, isNull(region.deleted_at)))
    .limit(1)
const regionStatement = prepared('cart_region', (db) => regionSelect(db, eq(region.id, id)))
/** The same for a cart's region, looked up in the statement: it needs no answer before it is sent. */
const regionOfCartStatement = prepared('cart_region_of_cart', (db) =>
  regionSelect(db, sql`${region.id} = ${cartColumn('region_id', id)}`),
)

type RegionRead = Awaited<ReturnType<typeof regionStatement>>[number]

/**
 * A cart's region for pricing its lines, looked up in the statement. Without the countries,
 * providers and tax rates it costs a third of `regionOfCartStatement`.
 */
const pricingRegionOfCartStatement = prepared('cart_pricing_region_of_cart', (db) =>
  db
    .select({ region, currency_includes_tax: currencyIncludesTax })
    .from(region)
    .where(and(sql`${region.id} = ${cartColumn('region_id', id)}`, isNull(region.deleted_at)))
    .limit(1),
)

/** `regionStatement`'s row as JSON, as a statement reads it of another table's row. */
export type RegionJson = Omit<RegionRead, 'region'> & { region: JsonRow }

/**
 * `regionStatement`'s row as one JSON object, for a statement that reads the region of another
 * row (`regionId`, a column or expression of it); null for a deleted region.
 */
export const regionJson = (regionId: SQL | AnyColumn) => sql<RegionJson | null>`(SELECT json_build_object(
    'region', to_json(${region}),
    'currency_includes_tax', ${currencyIncludesTax},
    'countries', ${regionRelations.countries},
    'payment_providers', ${regionRelations.payment_providers},
    'tax_rates', ${regionRelations.tax_rates})
  FROM ${region}
  WHERE ${region.id} = ${regionId} AND ${region.deleted_at} IS NULL)`

/** The whole-cart statement's region. */
const cartRegionJson = regionJson(cart.region_id)

/**
 * What carts read of a product; a product outside any shipping profile falls back to the default
 * (or gift-card) profile in the same statement.
 */
export const lineProductColumns = {
  id: product.id,
  title: product.title,
  status: product.status,
  type_id: product.type_id,
  profile_id: sql<string | null>`coalesce(${product.profile_id}, (SELECT sp.id FROM ${shippingProfile} sp
    WHERE sp.type = CASE WHEN ${product.is_giftcard} THEN 'gift_card' ELSE 'default' END
    AND sp.deleted_at IS NULL LIMIT 1))`,
  is_giftcard: product.is_giftcard,
  discountable: product.discountable,
  thumbnail: product.thumbnail,
  deleted_at: product.deleted_at,
}

/** `lineProductColumns` as one JSON object, for the product row joined unaliased. */
export const lineProductJson = jsonObjectOf(lineProductColumns)

type JsonRow = Record<string, unknown>

/**
 * Whether the stored tax lines may be the ones shown (see `usesStoredTaxes`): an open cart in a
 * region with automatic taxes shows computed ones, so its stored lines are not read.
 */
const storedTaxesShown = sql`(${cart.completed_at} IS NOT NULL
  OR NOT (SELECT r.automatic_taxes FROM ${region} r WHERE r.id = ${cart.region_id}))`

/** The ids of the cart's lines and of its shipping methods, for the subqueries of `cartStatement`. */
const cartLineIds = sql`SELECT li.id FROM ${lineItem} li WHERE li.cart_id = ${cart.id}`
const cartMethodIds = sql`SELECT m.id FROM ${shippingMethod} m WHERE m.cart_id = ${cart.id}`

/** The stored tax lines of the cart's lines or methods, where the cart shows stored taxes. */
const storedTaxLinesJson = (
  table: typeof lineItemTaxLine | typeof shippingMethodTaxLine,
  owner: 'item_id' | 'shipping_method_id',
  ownerIds: SQL,
) => sql<JsonRow[]>`CASE WHEN ${storedTaxesShown} THEN (SELECT coalesce(json_agg(t ORDER BY t.name, t.id), '[]'::json)
    FROM ${table} t WHERE ${inIdsOf(sql`t.${sql.identifier(owner)}`, ownerIds)}) ELSE '[]'::json END`

/**
 * The override rates of the cart's region linked to the products and product types of its lines
 * and the shipping options of its methods (`overrideRowsQuery` of the tax provider), as JSON rows.
 * An open cart only: a completed one shows the tax lines it stored. Each line's product is looked up
 * by the line (a subquery per line): joined, the planner may hash the whole variant table instead.
 */
const taxOverridesJson = sql<OverrideRow[]>`CASE WHEN ${cart.completed_at} IS NULL THEN (
  SELECT coalesce(json_agg(o), '[]'::json) FROM (${overrideRowsQuery(cart.region_id, {
    product: sql`SELECT (SELECT pv.product_id FROM ${productVariant} pv WHERE pv.id = li.variant_id)
      FROM ${lineItem} li WHERE li.cart_id = ${cart.id}`,
    product_type: sql`SELECT (SELECT p.type_id FROM ${productVariant} pv JOIN ${product} p ON p.id = pv.product_id
      WHERE pv.id = li.variant_id) FROM ${lineItem} li WHERE li.cart_id = ${cart.id}`,
    shipping_option: sql`SELECT m.shipping_option_id FROM ${shippingMethod} m WHERE m.cart_id = ${cart.id}`,
  })}) o) ELSE '[]'::json END`

/**
 * The whole cart in one statement: the row with its addresses and channel, and as JSON its lines
 * (with variants and products), their adjustments and stored tax lines, its shipping methods with
 * their stored tax lines, and its payment sessions. One round trip instead of seven is most of what
 * a cart request costs the database and the server.
 */
const wholeCartFields = {
  cart,
  shipping_address: shippingAddress,
  billing_address: billingAddress,
  sales_channel: salesChannel,
  // The variant and product are looked up per line (by primary key) in subqueries the planner
  // cannot turn into a join over every variant.
  items: sql<{ item: JsonRow; variant: JsonRow | null; product: JsonRow | null }[]>`(SELECT coalesce(json_agg(
      json_build_object(
        'item', to_json(li),
        'variant', (SELECT to_json(pv) FROM ${productVariant} pv WHERE pv.id = li.variant_id),
        'product', (SELECT ${lineProductJson} FROM ${productVariant} pv
          JOIN ${product} ON ${product.id} = pv.product_id WHERE pv.id = li.variant_id))
      ORDER BY li.created_at, li.id), '[]'::json)
    FROM ${lineItem} li
    WHERE li.cart_id = ${cart.id})`,
  adjustments: sql<JsonRow[]>`(SELECT coalesce(json_agg(a), '[]'::json)
    FROM ${lineItemAdjustment} a WHERE ${inIdsOf(sql`a.item_id`, cartLineIds)})`,
  item_tax_lines: storedTaxLinesJson(lineItemTaxLine, 'item_id', cartLineIds),
  methods: sql<JsonRow[]>`(SELECT coalesce(json_agg(m ORDER BY m.id), '[]'::json)
    FROM ${shippingMethod} m WHERE m.cart_id = ${cart.id})`,
  method_tax_lines: storedTaxLinesJson(shippingMethodTaxLine, 'shipping_method_id', cartMethodIds),
  sessions: sql<JsonRow[]>`(SELECT coalesce(json_agg(s ORDER BY s.provider_id), '[]'::json)
    FROM ${paymentSession} s WHERE s.cart_id = ${cart.id})`,
  // The options of its shipping methods (kept even after staff delete them), with their live
  // requirements, which say whether a method still applies when the lines change.
  method_options: sql<{ option: JsonRow; requirements: JsonRow[] }[]>`(SELECT coalesce(json_agg(json_build_object(
      'option', to_json(o),
      'requirements', (SELECT coalesce(json_agg(r ORDER BY r.type, r.id), '[]'::json)
        FROM ${shippingOptionRequirement} r WHERE r.shipping_option_id = o.id AND r.deleted_at IS NULL))), '[]'::json)
    FROM ${shippingOption} o
    WHERE ${inIdsOf(sql`o.id`, sql`SELECT m.shipping_option_id FROM ${shippingMethod} m WHERE m.cart_id = ${cart.id}`)})`,
  tax_overrides: taxOverridesJson,
  discounts: cartDiscountsJson(cart),
  gift_cards: cartGiftCardsJson(cart),
}

/**
 * The cart's region is read with it, unless the caller knows it (`null` instead): building the
 * region's JSON again was about a sixth of the statement's time.
 */
const wholeCartSelect = (db: Db, region: typeof cartRegionJson | SQL<null>) =>
  db
    .select({ ...wholeCartFields, region })
    .from(cart)
    .leftJoin(shippingAddress, eq(shippingAddress.id, cart.shipping_address_id))
    .leftJoin(billingAddress, eq(billingAddress.id, cart.billing_address_id))
    .leftJoin(salesChannel, eq(salesChannel.id, cart.sales_channel_id))
    .where(and(eq(cart.id, id), isNull(cart.deleted_at)))
    .limit(1)

const cartStatement = prepared('cart_whole', (db) => wholeCartSelect(db, cartRegionJson))
const cartOfKnownRegionStatement = prepared('cart_whole_known_region', (db) => wholeCartSelect(db, sql<null>`NULL`))

export type WholeCart = Awaited<ReturnType<typeof cartStatement>>[number]

const itemOf = rowReader(lineItem)
const variantOf = rowReader(productVariant)
const adjustmentOf = rowReader(lineItemAdjustment)
const itemTaxLineOf = rowReader(lineItemTaxLine)
const methodOf = rowReader(shippingMethod)
const methodTaxLineOf = rowReader(shippingMethodTaxLine)
const sessionOf = rowReader(paymentSession)
const optionOf = rowReader(shippingOption)
const regionOf = rowReader(region)
const requirementOf = rowReader(shippingOptionRequirement)
const taxRateOf = rowReader(taxRate)
/** A product read as `lineProductJson`, its `deleted_at` a Date again. */
export const productOf = (json: JsonRow): Omit<LineProduct, 'profile_id'> & { profile_id: string | null } => ({
  ...(json as unknown as LineProduct),
  deleted_at: json.deleted_at ? new Date(json.deleted_at as string) : null,
})

/** A live cart row; completed carts are carts too. */
export async function retrieveCartRow(db: Db, cartId: string): Promise<CartRow> {
  const [row] = await cartRowStatement(db, { id: cartId })
  if (!row) throw NotFound.entity('Cart', cartId)
  return row
}

/** A live region with its countries, payment providers and the tax setting of its currency. */
export async function retrieveCartRegion(db: Db, regionId: string): Promise<CartRegion> {
  const [row] = await regionStatement(db, { id: regionId })
  if (!row) throw NotFound.entity('Region', regionId)
  return cartRegionOf(row)
}

/**
 * The cart's region, as `retrieveCartRegion` answers it, read by the cart's id; undefined when the
 * cart is unknown (the caller answers that 404) or its region deleted.
 */
export async function retrieveRegionOfCart(db: Db, cartId: string): Promise<CartRegion | undefined> {
  const [row] = await regionOfCartStatement(db, { id: cartId })
  return row && cartRegionOf(row)
}

/** The cart's region as pricing needs it; undefined when the cart is unknown or its region deleted. */
export async function retrievePricingRegionOfCart(db: Db, cartId: string): Promise<PricingRegion | undefined> {
  const [row] = await pricingRegionOfCartStatement(db, { id: cartId })
  return row && { ...row.region, currency_includes_tax: row.currency_includes_tax }
}

function cartRegionOf(row: RegionRead): CartRegion {
  return {
    ...row.region,
    countries: row.countries,
    payment_providers: row.payment_providers,
    tax_rates: row.tax_rates.map(taxRateOf),
    currency_includes_tax: row.currency_includes_tax,
  }
}

/** A region a statement read as `regionJson`, as `retrieveCartRegion` answers it. */
export function regionFromJson(json: RegionJson): CartRegion {
  return cartRegionOf({ ...json, region: regionOf(json.region) })
}

/** The region the whole-cart statement read, as `retrieveCartRegion` answers it. */
function regionOfCart(whole: WholeCart, regionId: string): CartRegion {
  if (!whole.region) throw NotFound.entity('Region', regionId)
  return regionFromJson(whole.region)
}

/**
 * A product read without a profile while no default profile exists yet: the profile is made now
 * (as `retrieveSingleTypeProfile` does), which only ever happens once per store.
 */
export async function withProfile<T extends LineProduct | null>(
  db: Db,
  row: (Omit<LineProduct, 'profile_id'> & { profile_id: string | null }) | null,
): Promise<T> {
  if (!row || row.profile_id) return row as T
  const profile = await retrieveSingleTypeProfile(db, row.is_giftcard ? 'gift_card' : 'default')
  return { ...row, profile_id: profile.id } as T
}

/** The lines with their variants, products and adjustments, and their stored tax lines if `storedTaxes`. */
async function itemsOf(db: Db, whole: WholeCart, storedTaxes: boolean): Promise<CartItem[]> {
  const adjustmentsByItem = groupBy(whole.adjustments.map(adjustmentOf), (row) => row.item_id)
  const linesByItem = groupBy(storedTaxes ? whole.item_tax_lines.map(itemTaxLineOf) : [], (row) => row.item_id)
  const items: CartItem[] = []
  for (const entry of whole.items) {
    const item = itemOf(entry.item)
    const variant: LoadedVariant | null = entry.variant ? variantOf(entry.variant) : null
    if (variant) {
      variant.purchasable = !variant.manage_inventory || variant.allow_backorder || variant.inventory_quantity > 0
    }
    items.push({
      ...item,
      variant,
      product: await withProfile<LineProduct | null>(db, entry.product ? productOf(entry.product) : null),
      adjustments: adjustmentsByItem.get(item.id) ?? [],
      tax_lines: linesByItem.get(item.id) ?? [],
    })
  }
  return items
}

/** The options of the cart's shipping methods, as the whole-cart statement read them, priced, by id. */
async function optionsOf(
  db: Db,
  whole: WholeCart | undefined,
  flags: CartFlags,
  region: CartRegion,
): Promise<Map<string, ShippingOptionView>> {
  if (!whole || whole.method_options.length === 0) return new Map()
  const rows = whole.method_options.map(({ option, requirements }) => ({
    ...optionOf(option),
    requirements: requirements.map(requirementOf),
  }))
  const options = await priceShippingOptions(db, rows, flags.tax_inclusive_pricing, [region])
  return new Map(options.map((option) => [option.id, option]))
}

/** The methods with their options and, if `storedTaxes`, their stored tax lines. */
function shippingMethodsOf(
  whole: WholeCart,
  methods: ShippingMethodRow[],
  options: Map<string, ShippingOptionView>,
  storedTaxes: boolean,
): CartShippingMethod[] {
  const linesByMethod = groupBy(
    storedTaxes ? whole.method_tax_lines.map(methodTaxLineOf) : [],
    (row) => row.shipping_method_id,
  )
  return methods.map((row) => ({
    ...row,
    shipping_option: options.get(row.shipping_option_id) ?? null,
    tax_lines: linesByMethod.get(row.id) ?? [],
  }))
}

/**
 * v1 shows tax computed from the region's tax provider on an open cart whose region computes taxes
 * automatically (or when asked to, `force_taxes`), and the stored tax lines otherwise: they are
 * written when the cart completes, so a completed cart keeps the taxes its order was charged.
 */
function usesStoredTaxes(row: CartRow, automaticTaxes: boolean, forceTaxes: boolean): boolean {
  return row.completed_at !== null || (!automaticTaxes && !forceTaxes)
}

/** What the tax provider needs of a cart's lines and methods. */
function taxTargets(details: {
  items: Pick<CartItem, 'id' | 'product'>[]
  shipping_methods: Pick<ShippingMethodRow, 'id' | 'shipping_option_id'>[]
}): Omit<TaxLinesInput, 'region'> {
  return {
    items: details.items.map((item) => ({
      id: item.id,
      product_id: item.product?.id ?? null,
      product_type_id: item.product?.type_id ?? null,
    })),
    shipping_methods: details.shipping_methods.map((method) => ({
      id: method.id,
      shipping_option_id: method.shipping_option_id,
    })),
  }
}

/** Puts computed tax lines on the lines and methods. */
function applyTaxLines(details: Pick<CartDetails, 'items' | 'shipping_methods'>, lines: TaxLines): void {
  const items = groupBy(lines.items, (line) => line.item_id)
  const methods = groupBy(lines.shipping_methods, (line) => line.shipping_method_id)
  for (const item of details.items) item.tax_lines = items.get(item.id) ?? []
  for (const method of details.shipping_methods) method.tax_lines = methods.get(method.id) ?? []
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
    ...taxTargets(details),
  })
  return {
    items: groupBy(lines.items, (line) => line.item_id),
    methods: groupBy(lines.shipping_methods, (line) => line.shipping_method_id),
  }
}

/** The totals of a loaded cart, with its discounts and gift cards. */
export function totalsOf(
  details: Pick<CartDetails, 'region' | 'items' | 'shipping_methods'> &
    Partial<Pick<CartDetails, 'discounts' | 'gift_cards'>>,
): Totals {
  return computeTotals(totalsInputOf(details))
}

/** What a loaded cart's gift cards give its order: the amount drawn from each, in the cart's order. */
export function cartGiftCardDraws(
  details: Pick<CartDetails, 'region' | 'items' | 'shipping_methods' | 'discounts' | 'gift_cards' | 'totals'>,
): number[] {
  return giftCardDraws(totalsInputOf(details), details.totals)
}

function totalsInputOf(
  details: Pick<CartDetails, 'region' | 'items' | 'shipping_methods'> &
    Partial<Pick<CartDetails, 'discounts' | 'gift_cards'>>,
): TotalsInput {
  return {
    currency_code: details.region.currency_code,
    region: { gift_cards_taxable: details.region.gift_cards_taxable, tax_rate: details.region.tax_rate },
    items: details.items.map((item) => ({
      id: item.id,
      unit_price: item.unit_price,
      quantity: item.quantity,
      includes_tax: item.includes_tax,
      is_discountable: item.allow_discounts,
      is_return: item.is_return,
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
    free_shipping: (details.discounts ?? []).some((entry) => entry.rule.type === 'free_shipping'),
    gift_cards: (details.gift_cards ?? []).map((card) => ({ balance: card.balance, tax_rate: card.tax_rate })),
    kind: 'cart',
  }
}

/**
 * What the caller already knows in this request: the cart's region, so it is not built again, and
 * for a cart it has just created without lines (`bare`), the row and its parts, so the cart is not
 * read at all.
 */
export interface KnownCartParts {
  /** The cart row as the caller wrote it (used for a `bare` cart). */
  row?: CartRow
  region?: CartRegion
  /** The cart's addresses and channel, as the caller wrote them to the row it knows. */
  parts?: Omit<CartParts, 'cart'>
  /** The cart was created in this request without lines, so it has no lines, methods or sessions. */
  bare?: boolean
  /** Compute the taxes even where the region does not do it automatically (v1 `force_taxes`). */
  forceTaxes?: boolean
}

type CartParts = Pick<CartDetails, 'cart' | 'shipping_address' | 'billing_address' | 'sales_channel'>

/**
 * A cart with every relation, its tax lines and totals: the whole cart in one statement (see
 * `cartStatement`; the options of its shipping methods and its tax overrides included) with its
 * region, unless the caller knows the region: it is not read again (one of another id than the
 * cart's is read after it). A cart made in this request without lines (`bare`) needs only its region.
 */
export async function loadCartDetails(
  db: Db,
  cartId: string,
  flags: CartFlags,
  known: KnownCartParts = {},
): Promise<CartDetails> {
  const whole = bareRow(cartId, known) ? undefined : await readWholeCart(db, cartId, known.region)
  return wholeCartDetails(db, cartId, whole, flags, known)
}

/** The row of a cart the caller made in this request without lines (`bare`): nothing more to read. */
function bareRow(cartId: string, known: KnownCartParts): CartRow | undefined {
  return known.bare === true && known.row?.id === cartId ? known.row : undefined
}

/**
 * Sends the whole-cart statement (see `cartStatement`), without the region when the caller knows
 * it; `wholeCartDetails` makes the cart of its answer. Apart, the statement can go out with a
 * transaction's last writes and its COMMIT, and the cart be made once that is back: whatever more
 * the making reads (a region, a shipping profile made the first time) it reads on the handle it is
 * given then, never on a transaction that has ended.
 */
export function readWholeCart(db: Db, cartId: string, knownRegion?: CartRegion): Promise<WholeCart | undefined> {
  const statement = knownRegion ? cartOfKnownRegionStatement : cartStatement
  return statement(db, { id: cartId }).then(([whole]) => whole as WholeCart | undefined)
}

/** The cart `readWholeCart` read (see `loadCartDetails`); undefined for a bare cart the caller knows. */
export async function wholeCartDetails(
  db: Db,
  cartId: string,
  whole: WholeCart | undefined,
  flags: CartFlags,
  known: KnownCartParts = {},
): Promise<CartDetails> {
  const forceTaxes = known.forceTaxes ?? false
  const bare = bareRow(cartId, known)
  if (whole === undefined && !bare) throw NotFound.entity('Cart', cartId)
  const parts: CartParts = whole
    ? {
        cart: whole.cart,
        shipping_address: whole.shipping_address,
        billing_address: whole.billing_address,
        sales_channel: whole.sales_channel,
      }
    : { cart: bare!, shipping_address: null, billing_address: null, sales_channel: null, ...known.parts }
  const row = parts.cart
  // The region came with the cart, unless the caller knows it (a bare cart reads it now).
  const regionDetails =
    known.region?.id === row.region_id
      ? known.region
      : whole && !known.region
        ? regionOfCart(whole, row.region_id)
        : await retrieveCartRegion(db, row.region_id)
  const storedTaxes = usesStoredTaxes(row, regionDetails.automatic_taxes, forceTaxes)
  const items = whole ? await itemsOf(db, whole, storedTaxes) : []
  const discounts = whole ? whole.discounts.map(cartDiscountOf) : []
  // An open cart's adjustments follow its discounts and lines as they are now; a completed one
  // shows what its order stored.
  if (row.completed_at === null && discounts.length > 0) {
    const adjustments = groupBy(
      discountAdjustments(items, discounts, regionDetails.currency_code),
      (adjustment) => adjustment.item_id,
    )
    for (const item of items) item.adjustments = adjustments.get(item.id) ?? []
  }
  const methodRows = whole ? whole.methods.map(methodOf) : []
  const options = await optionsOf(db, whole, flags, regionDetails)
  const targets = taxTargets({ items, shipping_methods: methodRows })
  const overrides = storedTaxes ? undefined : overridesFrom(whole ? whole.tax_overrides : [])
  const methods = whole ? shippingMethodsOf(whole, methodRows, options, storedTaxes) : []
  const sessions = whole ? whole.sessions.map(sessionOf) : []
  const base = {
    ...parts,
    region: regionDetails,
    items,
    shipping_methods: methods,
    payment_sessions: sessions,
    discounts,
    gift_cards: whole ? whole.gift_cards.map(giftCardOf) : [],
  }
  if (overrides) {
    applyTaxLines(base, taxLinesFrom(overrides, { region: regionDetails, ...targets }))
  }
  return { ...base, taxes: overrides ? 'computed' : 'stored', totals: totalsOf(base) }
}
