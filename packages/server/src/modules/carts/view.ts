import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../core/errors.js'
import { parseExpand, parseFields } from '../../core/list.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { LoadedVariant } from '../catalog/loader.js'
import { product } from '../catalog/schema.js'
import { customer } from '../customers/schema.js'
import { publicCustomerColumns, retrieveCustomer, type CustomerWithRelations } from '../customers/service.js'
import { CART_FIELDS } from './contract.js'
import {
  cartColumn,
  loadCartDetails,
  type CartDetails,
  type CartFlags,
  type CartItem,
  type CartShippingMethod,
  type PaymentSessionRow,
} from './loader.js'
import type { Totals } from './totals.js'

/** The relations of store-api.md's default CART response. */
const DEFAULT_RELATIONS = [
  'gift_cards',
  'region',
  'region.countries',
  'region.payment_providers',
  'items',
  'items.variant',
  'items.adjustments',
  'payment',
  'shipping_address',
  'billing_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'payment_sessions',
  'discounts',
  'discounts.rule',
]

/** What `expand` may name besides the defaults. */
const EXTRA_RELATIONS = [
  'customer',
  'region.tax_rates',
  'items.tax_lines',
  'items.variant.product',
  'shipping_methods.tax_lines',
]

export function defaultCartRelations(flags: CartFlags): Set<string> {
  return new Set([...DEFAULT_RELATIONS, ...(flags.sales_channels ? ['sales_channel'] : [])])
}

/** The line-items and payment-sessions routes answer with the customer and the region's tax rates too. */
export function cartRelationsWithCustomer(flags: CartFlags): Set<string> {
  return new Set([...defaultCartRelations(flags), 'customer', 'region.tax_rates'])
}

/** The relations of `POST /store/carts/:id/payment-sessions/:provider_id/refresh` (v1). */
export const REFRESH_RELATIONS: ReadonlySet<string> = new Set([
  'region',
  'region.countries',
  'region.payment_providers',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'payment_sessions',
])

/** `expand` (replaces the defaults) and `fields` of `GET /store/carts/:id`. */
export function parseCartSelection(
  query: { expand?: string; fields?: string },
  flags: CartFlags,
): { relations: Set<string>; fields: Set<string> | undefined } {
  const defaults = [...defaultCartRelations(flags)]
  return {
    relations: parseExpand(query.expand, [...defaults, ...EXTRA_RELATIONS], defaults),
    fields: parseFields(query.fields, CART_FIELDS),
  }
}

type ProductRow = typeof product.$inferSelect

function itemTotals(totals: Totals, id: string) {
  const { raw_discount_total: _raw, ...rest } = totals.items[id]
  // Gift cards are spread over the cart, not the lines; v1 keeps the legacy field at 0 on carts.
  return { ...rest, gift_card_total: 0 }
}

function methodTotals(totals: Totals, id: string) {
  const { price: _price, ...rest } = totals.shipping_methods[id]
  return rest
}

function variantView(
  variant: LoadedVariant,
  products: Map<string, ProductRow>,
  relations: ReadonlySet<string>,
): LoadedVariant {
  if (!relations.has('items.variant.product')) return variant
  const parent = products.get(variant.product_id)
  return parent ? { ...variant, product: parent } : variant
}

// The views below assign optional keys one by one: spreading `cond ? {…} : {}` objects costs a
// temporary object and a slow copy per key, on every line of every cart answer.

function itemView(item: CartItem, totals: Totals, relations: ReadonlySet<string>, products: Map<string, ProductRow>) {
  const { variant, product: _product, adjustments, tax_lines, ...row } = item
  const view: Record<string, unknown> = row
  if (relations.has('items.variant')) view.variant = variant ? variantView(variant, products, relations) : null
  if (relations.has('items.adjustments'))
    view.adjustments = adjustments.map((adjustment) => ({ ...adjustment, amount: Number(adjustment.amount) }))
  // v1 puts the lines its totals were computed with on every item.
  view.tax_lines = tax_lines
  return Object.assign(view, itemTotals(totals, item.id)) as typeof row &
    ReturnType<typeof itemTotals> & {
      variant?: LoadedVariant | null
      adjustments?: (Omit<CartItem['adjustments'][number], 'amount'> & { amount: number })[]
      tax_lines: CartItem['tax_lines']
    }
}

function optionView(option: CartShippingMethod['shipping_option']) {
  if (!option) return null
  const { requirements: _requirements, ...rest } = option
  return rest
}

function methodView(method: CartShippingMethod, totals: Totals, relations: ReadonlySet<string>) {
  const { shipping_option, ...row } = method
  const view: Record<string, unknown> = row
  if (relations.has('shipping_methods.shipping_option')) view.shipping_option = optionView(shipping_option)
  return Object.assign(view, methodTotals(totals, method.id)) as typeof row &
    ReturnType<typeof methodTotals> & { shipping_option?: ReturnType<typeof optionView> }
}

/** The nine cart totals of the wire; `raw_discount_total` and the per-line maps stay inside. */
export function cartTotalsView(totals: Totals) {
  return {
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    item_tax_total: totals.item_tax_total,
    shipping_total: totals.shipping_total,
    shipping_tax_total: totals.shipping_tax_total,
    tax_total: totals.tax_total,
    gift_card_total: totals.gift_card_total,
    gift_card_tax_total: totals.gift_card_tax_total,
    total: totals.total,
  }
}

/** What the caller has read already of a cart answer's extra relations. */
export interface KnownExtras {
  /** The cart's customer, read with the cart (`readCartCustomer`); undefined when not read. */
  customer?: CustomerWithRelations | null
}

async function loadExtras(db: Db, details: CartDetails, relations: ReadonlySet<string>, known: KnownExtras = {}) {
  const productIds = [...new Set(details.items.flatMap((item) => (item.variant ? [item.variant.product_id] : [])))]
  const customerId = details.cart.customer_id
  const readCustomer = async (): Promise<CustomerWithRelations | null> => {
    if (!relations.has('customer')) return null
    if (known.customer !== undefined) return known.customer
    if (!customerId) return null
    return retrieveCustomer(db, customerId).catch((error: unknown) => {
      // A customer deleted since they shopped: the cart stays, without them.
      if (error instanceof NotFound) return null
      throw error
    })
  }
  const [customer, products] = await concurrently(db, [
    readCustomer,
    () =>
      relations.has('items.variant.product') && productIds.length > 0
        ? db.select().from(product).where(inArray(product.id, productIds))
        : Promise.resolve<ProductRow[]>([]),
  ])
  return { customer, products: new Map(products.map((row) => [row.id, row])) }
}

/** A cart answer: its columns, the relations asked for (absent otherwise) and the totals. */
type CartViewShape = Partial<CartDetails['cart']> & {
  id: string
  object: 'cart'
  region?: Omit<CartDetails['region'], 'countries' | 'payment_providers' | 'tax_rates' | 'currency_includes_tax'> &
    Partial<Pick<CartDetails['region'], 'countries' | 'payment_providers' | 'tax_rates'>>
  items?: ReturnType<typeof itemView>[]
  shipping_methods?: ReturnType<typeof methodView>[]
  payment_sessions?: PaymentSessionRow[]
  payment_session?: PaymentSessionRow | null
  shipping_address?: CartDetails['shipping_address']
  billing_address?: CartDetails['billing_address']
  sales_channel?: CartDetails['sales_channel']
  customer?: CustomerWithRelations | null
  payment?: null
  discounts?: (CartDetails['discounts'][number]['discount'] & { rule?: CartDetails['discounts'][number]['rule'] })[]
  gift_cards?: CartDetails['gift_cards']
} & ReturnType<typeof cartTotalsView>

function selectedSession(sessions: PaymentSessionRow[]): PaymentSessionRow | null {
  return sessions.find((session) => session.is_selected === true) ?? null
}

/**
 * The wire shape of a cart: the selected columns (`fields`; all by default), the relations asked
 * for, and the totals, which are always there. Extra relations (the customer, the lines' products)
 * cost a query each, only when asked for.
 */
export async function cartView(
  db: Db,
  details: CartDetails,
  relations: ReadonlySet<string>,
  fields?: ReadonlySet<string>,
  known?: KnownExtras,
) {
  const extras = await loadExtras(db, details, relations, known)
  const row = fields
    ? Object.fromEntries(Object.entries(details.cart).filter(([key]) => key === 'id' || fields.has(key)))
    : details.cart
  const { region, totals } = details
  const { countries, payment_providers, tax_rates, currency_includes_tax: _currencyIncludesTax, ...regionRow } = region
  const view: Record<string, unknown> = { ...row, id: details.cart.id, object: 'cart' }
  if (relations.has('region')) {
    const regionView: Record<string, unknown> = regionRow
    if (relations.has('region.countries')) regionView.countries = countries
    if (relations.has('region.payment_providers')) regionView.payment_providers = payment_providers
    if (relations.has('region.tax_rates')) regionView.tax_rates = tax_rates
    view.region = regionView
  }
  if (relations.has('items'))
    view.items = details.items.map((item) => itemView(item, totals, relations, extras.products))
  if (relations.has('shipping_methods'))
    view.shipping_methods = details.shipping_methods.map((method) => methodView(method, totals, relations))
  if (relations.has('payment_sessions')) {
    view.payment_sessions = details.payment_sessions
    view.payment_session = selectedSession(details.payment_sessions)
  }
  if (relations.has('shipping_address')) view.shipping_address = details.shipping_address
  if (relations.has('billing_address')) view.billing_address = details.billing_address
  if (relations.has('sales_channel')) view.sales_channel = details.sales_channel
  if (relations.has('customer')) view.customer = extras.customer
  if (relations.has('payment')) view.payment = null
  if (relations.has('discounts')) {
    view.discounts = details.discounts.map((entry) =>
      relations.has('discounts.rule') ? { ...entry.discount, rule: entry.rule } : entry.discount,
    )
  }
  if (relations.has('gift_cards')) view.gift_cards = details.gift_cards
  return Object.assign(view, cartTotalsView(totals)) as CartViewShape
}

export type CartView = Awaited<ReturnType<typeof cartView>>

/**
 * Answers the cart with these relations, read now unless the caller has it as it stands (`known`
 * counts only with it: extras read with another read of the cart do not go with a new one).
 */
export async function cartViewOf(
  db: Db,
  flags: CartFlags,
  id: string,
  relations: ReadonlySet<string> = defaultCartRelations(flags),
  current?: CartDetails,
  known?: KnownExtras,
): Promise<CartView> {
  if (!current) return cartView(db, await loadCartDetails(db, id, flags), relations)
  return cartView(db, current, relations, undefined, known)
}

/**
 * The customer of the cart `cartId`, looked up by the statement, so it can go out with the cart's
 * read; null for a cart without one, or whose customer was deleted since.
 */
export async function readCartCustomer(db: Db, cartId: string): Promise<CustomerWithRelations | null> {
  const [row] = await customerOfCartStatement(db, { cartId })
  return row ?? null
}

const customerOfCartStatement = prepared('cart_customer_of_cart', (db) =>
  db
    .select(publicCustomerColumns)
    .from(customer)
    .where(and(eq(customer.id, cartColumn('customer_id', sql.placeholder('cartId'))), isNull(customer.deleted_at)))
    .limit(1),
)
