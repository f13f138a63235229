import { sql } from 'drizzle-orm'
import { inIdsOf, inIdsParam } from '../../db/in-ids.js'
import { jsonObjectOf, rowReader } from '../../db/json-rows.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { InvalidData } from '../../core/errors.js'
import { parseExpand } from '../../core/list.js'
import { productVariant } from '../catalog/schema.js'
import {
  lineItem,
  lineItemAdjustment,
  lineItemTaxLine,
  shippingMethod,
  shippingMethodTaxLine,
} from '../carts/schema.js'
import { computeTotals, type LineItemTotals, type ShippingMethodTotals, type Totals } from '../carts/totals.js'
import { address, customer } from '../customers/schema.js'
import { publicCustomerColumns, type PublicCustomer } from '../customers/service.js'
import { region } from '../regions/schema.js'
import { shippingOption } from '../shipping/schema.js'
import {
  ORDER_TOTAL_FIELDS,
  STORE_ORDER_ALLOWED_FIELDS,
  STORE_ORDER_ALLOWED_RELATIONS,
  STORE_ORDER_FIELDS,
  STORE_ORDER_RELATIONS,
} from './contract.js'
import { fulfillmentsOf, loadFulfillments, type FulfillmentsRead, type FulfillmentView } from './fulfillment-reads.js'
import { order, payment } from './schema.js'
import {
  discount,
  discountRule,
  giftCard,
  giftCardTransaction,
  orderDiscounts,
  orderGiftCards,
} from '../promotions/schema.js'
import { groupBy } from '../../db/group-rows.js'
import { rowsOf } from '../../db/raw-rows.js'

export type OrderRow = typeof order.$inferSelect
export type PaymentRow = typeof payment.$inferSelect
type LineItemRow = typeof lineItem.$inferSelect
type ShippingMethodRow = typeof shippingMethod.$inferSelect
type TaxLineRow = typeof lineItemTaxLine.$inferSelect
type MethodTaxLineRow = typeof shippingMethodTaxLine.$inferSelect
type AdjustmentRow = Omit<typeof lineItemAdjustment.$inferSelect, 'amount'> & { amount: number }
type AddressRow = typeof address.$inferSelect
type RegionRow = typeof region.$inferSelect
type VariantRow = typeof productVariant.$inferSelect
type ShippingOptionRow = typeof shippingOption.$inferSelect
type DiscountRow = typeof discount.$inferSelect
type DiscountRuleRow = typeof discountRule.$inferSelect
type GiftCardRow = typeof giftCard.$inferSelect
type GiftCardTransactionRow = typeof giftCardTransaction.$inferSelect

/** A discount the order was placed with, its rule with it when `discounts.rule` is expanded (v1). */
export type OrderDiscountView = DiscountRow & { rule?: DiscountRuleRow }

/** What the order drew from a gift card, the card with it when `gift_card_transactions.gift_card` is expanded. */
export type OrderGiftCardTransactionView = GiftCardTransactionRow & { gift_card?: GiftCardRow | null }

export type OrderItemView = LineItemRow &
  Omit<LineItemTotals, 'raw_discount_total'> & {
    gift_card_total: number
    refundable: number
    tax_lines: TaxLineRow[]
    adjustments: AdjustmentRow[]
    variant?: VariantRow | null
  }

export type OrderShippingMethodView = ShippingMethodRow &
  Omit<ShippingMethodTotals, 'price'> & {
    tax_lines: MethodTaxLineRow[]
    shipping_option?: ShippingOptionRow | null
  }

export interface OrderTotalsView {
  subtotal: number
  discount_total: number
  shipping_total: number
  item_tax_total: number
  shipping_tax_total: number
  tax_total: number
  gift_card_total: number
  gift_card_tax_total: number
  total: number
  paid_total: number
  refunded_total: number
  refundable_amount: number
}

/** An order as answered: the selected columns, the totals, the expanded relations. */
export type OrderView = Partial<OrderRow> &
  OrderTotalsView & {
    id: string
    object?: 'order'
    items?: OrderItemView[]
    shipping_methods?: OrderShippingMethodView[]
    payments?: PaymentRow[]
    shipping_address?: AddressRow | null
    billing_address?: AddressRow | null
    customer?: PublicCustomer | null
    region?: RegionRow | null
    fulfillments?: FulfillmentView[]
    discounts?: OrderDiscountView[]
    gift_cards?: GiftCardRow[]
    gift_card_transactions?: OrderGiftCardTransactionView[]
  }

/** Which top-level fields to answer with (undefined: every column) and which relations to load. */
export interface OrderSelection {
  fields?: ReadonlySet<string>
  relations: ReadonlySet<string>
}

/**
 * `fields`: plain names replace the defaults, `+name` / `-name` adjust them; `id` is always kept,
 * and `created_at` on lists. Anything outside the allow-list is a 400, as in v1.
 */
function selectFields(
  fields: string | undefined,
  allowed: readonly string[],
  defaults: readonly string[],
): Set<string> {
  const parts = (fields ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length === 0) return new Set(defaults)
  const invalid = parts.filter((part) => !allowed.includes(part.replace(/^[+-]/, '')))
  if (invalid.length > 0) throw new InvalidData(`Requested fields [${invalid.join(', ')}] are not valid`)
  const adjusting = parts.every((part) => part.startsWith('+') || part.startsWith('-'))
  const selected = new Set<string>(adjusting ? defaults : [])
  for (const part of parts) {
    if (part.startsWith('-')) selected.delete(part.slice(1))
    else selected.add(part.replace(/^\+/, ''))
  }
  selected.add('id')
  return selected
}

/** The store's order selection (v1 `defaultStoreOrders*` / `allowedStoreOrders*`). */
export function storeOrderSelection(query: { expand?: string; fields?: string }, list = false): OrderSelection {
  const fields = selectFields(query.fields, STORE_ORDER_ALLOWED_FIELDS, STORE_ORDER_FIELDS)
  if (list) fields.add('created_at')
  return {
    fields,
    relations: parseExpand(query.expand, STORE_ORDER_ALLOWED_RELATIONS, STORE_ORDER_RELATIONS),
  }
}

/**
 * What cart completion answers with: every column and every default relation of a store order, so
 * the order a client gets from `complete` has the shape of `GET /store/orders/{id}` (its
 * `shipping_methods`, `region`, `customer`…), not only v1's `shipping_address`, `items`, `payments`.
 */
export const COMPLETED_ORDER_SELECTION: OrderSelection = {
  relations: new Set(STORE_ORDER_RELATIONS),
}

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]))

const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id))]

interface OrderLines {
  items: Map<string | null, LineItemRow[]>
  taxLines: Map<string, TaxLineRow[]>
  adjustments: Map<string, AdjustmentRow[]>
  variants: Map<string, VariantRow>
}

type JsonRow = Record<string, unknown>

/** `contextStatement`'s one row: each relation of the orders as a JSON array of rows. */
interface ContextRow {
  items: JsonRow[]
  item_tax_lines: JsonRow[]
  adjustments: JsonRow[]
  variants: JsonRow[]
  methods: JsonRow[]
  method_tax_lines: JsonRow[]
  options: JsonRow[]
  payments: JsonRow[]
  gift_card_transactions: JsonRow[]
  regions: JsonRow[]
  addresses: JsonRow[]
  customers: JsonRow[]
  discounts: { order_id: string; discount: JsonRow; rule: JsonRow | null }[]
  gift_cards: { order_id: string; card: JsonRow }[]
  transaction_cards: JsonRow[]
}

const ofOrders = (column: 'id' | 'variant_id' | 'shipping_option_id', table: typeof lineItem | typeof shippingMethod) =>
  sql`SELECT x.${sql.identifier(column)} FROM ${table} x WHERE ${inIdsParam(sql`x.order_id`, 'orderIds')}`
const publicCustomerJson = jsonObjectOf(publicCustomerColumns)

/** The relations a request expands beyond what the totals need, which decide the statement. */
interface ContextShape {
  variants: boolean
  options: boolean
  addresses: boolean
  customers: boolean
  discounts: boolean
  giftCards: boolean
  transactionCards: boolean
}

/** An empty JSON array: a relation not expanded is not read. */
const none = sql`'[]'::json`

/**
 * Everything `loadOrders` reads of a page of orders, in one statement: their lines with tax lines
 * and adjustments, shipping methods with tax lines, and payments always (the totals need them),
 * their regions, and the relations `shape` expands (variants, options, addresses by the ids given,
 * customers). A relation not expanded is left out of the statement, not filtered out: PostgreSQL
 * would start up its scan on every run. The ids go as array parameters, so one statement serves
 * any number of orders; the ids of the orders' lines and methods are collected first and looked
 * up in their index (see `inIdsOf`). Deleted options stay readable: an order keeps showing how it
 * was shipped.
 */
const contextSelect = (db: Db, shape: ContextShape) =>
  db.execute(sql`SELECT
    (SELECT coalesce(json_agg(li ORDER BY li.created_at, li.id), '[]'::json)
      FROM ${lineItem} li WHERE ${inIdsParam(sql`li.order_id`, 'orderIds')}) AS items,
    (SELECT coalesce(json_agg(t ORDER BY t.name, t.id), '[]'::json)
      FROM ${lineItemTaxLine} t WHERE ${inIdsOf(sql`t.item_id`, ofOrders('id', lineItem))}) AS item_tax_lines,
    (SELECT coalesce(json_agg(a), '[]'::json)
      FROM ${lineItemAdjustment} a WHERE ${inIdsOf(sql`a.item_id`, ofOrders('id', lineItem))}) AS adjustments,
    ${
      shape.variants
        ? sql`(SELECT coalesce(json_agg(pv), '[]'::json) FROM ${productVariant} pv
      WHERE pv.deleted_at IS NULL AND ${inIdsOf(sql`pv.id`, ofOrders('variant_id', lineItem))})`
        : none
    } AS variants,
    (SELECT coalesce(json_agg(m ORDER BY m.id), '[]'::json)
      FROM ${shippingMethod} m WHERE ${inIdsParam(sql`m.order_id`, 'orderIds')}) AS methods,
    (SELECT coalesce(json_agg(t ORDER BY t.name, t.id), '[]'::json) FROM ${shippingMethodTaxLine} t
      WHERE ${inIdsOf(sql`t.shipping_method_id`, ofOrders('id', shippingMethod))}) AS method_tax_lines,
    ${
      shape.options
        ? sql`(SELECT coalesce(json_agg(o), '[]'::json) FROM ${shippingOption} o
      WHERE ${inIdsOf(sql`o.id`, ofOrders('shipping_option_id', shippingMethod))})`
        : none
    } AS options,
    (SELECT coalesce(json_agg(p ORDER BY p.created_at, p.id), '[]'::json)
      FROM ${payment} p WHERE ${inIdsParam(sql`p.order_id`, 'orderIds')}) AS payments,
    (SELECT coalesce(json_agg(g ORDER BY g.created_at, g.id), '[]'::json)
      FROM ${giftCardTransaction} g WHERE ${inIdsParam(sql`g.order_id`, 'orderIds')}) AS gift_card_transactions,
    (SELECT coalesce(json_agg(r), '[]'::json) FROM ${region} r WHERE ${inIdsParam(sql`r.id`, 'regionIds')}) AS regions,
    ${
      shape.addresses
        ? sql`(SELECT coalesce(json_agg(ad), '[]'::json) FROM ${address} ad WHERE ${inIdsParam(sql`ad.id`, 'addressIds')})`
        : none
    } AS addresses,
    ${
      shape.customers
        ? sql`(SELECT coalesce(json_agg(${publicCustomerJson}), '[]'::json)
      FROM ${customer} WHERE ${inIdsParam(customer.id, 'customerIds')})`
        : none
    } AS customers,
    ${
      shape.discounts
        ? sql`(SELECT coalesce(json_agg(json_build_object('order_id', od.order_id, 'discount', d, 'rule', dr)
        ORDER BY d.code, d.id), '[]'::json)
      FROM ${orderDiscounts} od JOIN ${discount} d ON d.id = od.discount_id
      LEFT JOIN ${discountRule} dr ON dr.id = d.rule_id
      WHERE ${inIdsParam(sql`od.order_id`, 'orderIds')})`
        : none
    } AS discounts,
    ${
      shape.giftCards
        ? sql`(SELECT coalesce(json_agg(json_build_object('order_id', og.order_id, 'card', gc)
        ORDER BY gc.created_at, gc.id), '[]'::json)
      FROM ${orderGiftCards} og JOIN ${giftCard} gc ON gc.id = og.gift_card_id
      WHERE ${inIdsParam(sql`og.order_id`, 'orderIds')})`
        : none
    } AS gift_cards,
    ${
      shape.transactionCards
        ? sql`(SELECT coalesce(json_agg(tc), '[]'::json) FROM ${giftCard} tc
      WHERE ${inIdsOf(sql`tc.id`, sql`SELECT x.gift_card_id FROM ${giftCardTransaction} x WHERE ${inIdsParam(sql`x.order_id`, 'orderIds')}`)})`
        : none
    } AS transaction_cards`)

const preparedContext = (shape: ContextShape, key: string) =>
  prepared(`order_context_${key}`, (db) => contextSelect(db, shape))

/** `contextSelect` of each shape asked for, built once (see `prepared`): a few in practice. */
const contextStatements = new Map<string, ReturnType<typeof preparedContext>>()

function contextStatement(shape: ContextShape) {
  const key = [
    shape.variants,
    shape.options,
    shape.addresses,
    shape.customers,
    shape.discounts,
    shape.giftCards,
    shape.transactionCards,
  ]
    .map(Number)
    .join('')
  let statement = contextStatements.get(key)
  if (!statement) contextStatements.set(key, (statement = preparedContext(shape, key)))
  return statement
}

const itemOf = rowReader(lineItem)
const itemTaxLineOf = rowReader(lineItemTaxLine)
const adjustmentOf = rowReader(lineItemAdjustment)
const variantOf = rowReader(productVariant)
const methodOf = rowReader(shippingMethod)
const methodTaxLineOf = rowReader(shippingMethodTaxLine)
const optionOf = rowReader(shippingOption)
const paymentOf = rowReader(payment)
const giftCardTransactionOf = rowReader(giftCardTransaction)
const discountOf = rowReader(discount)
const discountRuleOf = rowReader(discountRule)
const giftCardOf = rowReader(giftCard)
const regionOf = rowReader(region)
const addressOf = rowReader(address)
const customerOf = rowReader(customer)

/** A customer read as `publicCustomerJson`: its public columns, mapped as drizzle maps them. */
function publicCustomerOf(json: JsonRow): PublicCustomer {
  const row = customerOf(json) as Record<string, unknown>
  return Object.fromEntries(Object.keys(publicCustomerColumns).map((key) => [key, row[key]])) as PublicCustomer
}

interface OrderMethods {
  methods: Map<string | null, ShippingMethodRow[]>
  taxLines: Map<string, MethodTaxLineRow[]>
  options: Map<string, ShippingOptionRow>
}

interface OrderParties {
  payments: Map<string | null, PaymentRow[]>
  /** What each order drew from gift cards (`gift_card_transaction` rows). */
  giftCardTransactions: Map<string, GiftCardTransactionRow[]>
  regions: Map<string, RegionRow>
  addresses: Map<string, AddressRow>
  customers: Map<string, PublicCustomer>
}

/** The orders' promotions, read when expanded. */
interface OrderPromotions {
  discounts: Map<string, OrderDiscountView[]>
  giftCards: Map<string, GiftCardRow[]>
  /** The cards the orders' gift card transactions drew from, by id. */
  transactionCards: Map<string, GiftCardRow>
}

/** What the reads of an order's relations need from its row: all known before the order is written. */
export type OrderRefs = Pick<
  OrderRow,
  'id' | 'region_id' | 'customer_id' | 'shipping_address_id' | 'billing_address_id'
>

export interface OrderContext {
  lines: OrderLines
  methods: OrderMethods
  parties: OrderParties
  /** Absent (nothing expanded) in contexts built by hand. */
  promotions?: OrderPromotions
  /** Read only for orders that can have some: an order being placed has none. */
  fulfillments?: FulfillmentsRead
}

/**
 * Loads what a page of orders answers with in a fixed number of batched queries, whatever the
 * number of orders: their lines, shipping methods (each with tax lines) and payments always, for
 * the totals, and each expanded relation.
 */
export async function loadOrders(db: Db, rows: readonly OrderRow[], selection: OrderSelection): Promise<OrderView[]> {
  if (rows.length === 0) return []
  const [context, fulfillments] = await Promise.all([
    loadOrderContext(db, rows, selection),
    selection.relations.has('fulfillments')
      ? loadFulfillments(
          db,
          rows.map((row) => row.id),
        )
      : undefined,
  ])
  return viewOrders(rows, { ...context, fulfillments }, selection)
}

/**
 * The reads `loadOrders` makes, keyed by what the orders' rows refer to (see `OrderRefs`): they can
 * go out in the batch that writes a new order, behind its statements. `viewOrders` makes the answers.
 */
export async function loadOrderContext(
  db: Db,
  refs: readonly OrderRefs[],
  { relations }: OrderSelection,
): Promise<OrderContext> {
  const addressIds = distinct([
    ...(relations.has('shipping_address') ? refs.map((row) => row.shipping_address_id) : []),
    ...(relations.has('billing_address') ? refs.map((row) => row.billing_address_id) : []),
  ])
  const shape: ContextShape = {
    variants: relations.has('items.variant'),
    options: relations.has('shipping_methods.shipping_option'),
    addresses: addressIds.length > 0,
    customers: relations.has('customer'),
    discounts: relations.has('discounts'),
    giftCards: relations.has('gift_cards'),
    transactionCards: relations.has('gift_card_transactions.gift_card'),
  }
  const result = await contextStatement(shape)(db, {
    orderIds: refs.map((row) => row.id),
    regionIds: distinct(refs.map((row) => row.region_id)),
    ...(shape.addresses ? { addressIds } : {}),
    ...(shape.customers ? { customerIds: distinct(refs.map((row) => row.customer_id)) } : {}),
  })
  const [read] = rowsOf<ContextRow>(result)
  return {
    lines: {
      items: groupBy(read.items.map(itemOf), (item) => item.order_id),
      taxLines: groupBy(read.item_tax_lines.map(itemTaxLineOf), (line) => line.item_id),
      adjustments: groupBy(
        read.adjustments.map(adjustmentOf).map((row) => ({ ...row, amount: Number(row.amount) })),
        (row) => row.item_id,
      ),
      variants: byId(read.variants.map(variantOf)),
    },
    methods: {
      methods: groupBy(read.methods.map(methodOf), (method) => method.order_id),
      taxLines: groupBy(read.method_tax_lines.map(methodTaxLineOf), (line) => line.shipping_method_id),
      options: byId(read.options.map(optionOf)),
    },
    parties: {
      payments: groupBy(read.payments.map(paymentOf), (row) => row.order_id),
      giftCardTransactions: groupBy(read.gift_card_transactions.map(giftCardTransactionOf), (row) => row.order_id),
      regions: byId(read.regions.map(regionOf)),
      addresses: byId(read.addresses.map(addressOf)),
      customers: byId(read.customers.map(publicCustomerOf)),
    },
    promotions: promotionsOf(read),
  }
}

/** The discounts (with their rules) and gift cards of each order, and the cards its transactions drew from. */
function promotionsOf(read: ContextRow): OrderPromotions {
  const discounts = new Map<string, OrderDiscountView[]>()
  for (const entry of read.discounts) {
    const view: OrderDiscountView = {
      ...discountOf(entry.discount),
      ...(entry.rule ? { rule: discountRuleOf(entry.rule) } : {}),
    }
    discounts.set(entry.order_id, [...(discounts.get(entry.order_id) ?? []), view])
  }
  const giftCards = new Map<string, GiftCardRow[]>()
  for (const entry of read.gift_cards) {
    giftCards.set(entry.order_id, [...(giftCards.get(entry.order_id) ?? []), giftCardOf(entry.card)])
  }
  return { discounts, giftCards, transactionCards: byId(read.transaction_cards.map(giftCardOf)) }
}

/** The orders' answers from their rows and what `loadOrderContext` read for them. */
export function viewOrders(rows: readonly OrderRow[], context: OrderContext, selection: OrderSelection): OrderView[] {
  return rows.map((row) => prune(toView(row, context, selection.relations), selection))
}

function orderTotals(row: OrderRow, context: OrderContext): { totals: Totals; view: OrderTotalsView } {
  const items = context.lines.items.get(row.id) ?? []
  const methods = context.methods.methods.get(row.id) ?? []
  const payments = context.parties.payments.get(row.id) ?? []
  const regionRow = context.parties.regions.get(row.region_id)
  const totals = computeTotals({
    currency_code: row.currency_code,
    region: {
      gift_cards_taxable: regionRow?.gift_cards_taxable ?? true,
      tax_rate: row.tax_rate ?? regionRow?.tax_rate ?? 0,
    },
    // What a return would still refund: the quantity not returned yet.
    items: items.map((item) => ({
      id: item.id,
      unit_price: item.unit_price,
      quantity: item.quantity - (item.returned_quantity ?? 0),
      includes_tax: item.includes_tax,
      is_discountable: item.allow_discounts,
      tax_lines: context.lines.taxLines.get(item.id) ?? [],
      adjustments: context.lines.adjustments.get(item.id) ?? [],
    })),
    shipping_methods: methods.map((method) => ({
      ...method,
      tax_lines: context.methods.taxLines.get(method.id) ?? [],
    })),
    gift_cards: [],
    gift_card_transactions: context.parties.giftCardTransactions.get(row.id) ?? [],
    kind: 'order',
  })
  const paidTotal = payments.reduce((sum, next) => sum + next.amount, 0)
  const refundedTotal = payments.reduce((sum, next) => sum + next.amount_refunded, 0)
  const view: OrderTotalsView = {
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    shipping_total: totals.shipping_total,
    item_tax_total: totals.item_tax_total,
    shipping_tax_total: totals.shipping_tax_total,
    tax_total: totals.tax_total,
    gift_card_total: totals.gift_card_total,
    gift_card_tax_total: totals.gift_card_tax_total,
    total: totals.total,
    paid_total: paidTotal,
    refunded_total: refundedTotal,
    refundable_amount: paidTotal - refundedTotal,
  }
  return { totals, view }
}

function itemViews(orderId: string, context: OrderContext, totals: Totals, relations: ReadonlySet<string>) {
  const { lines } = context
  return (lines.items.get(orderId) ?? []).map((item): OrderItemView => {
    const { raw_discount_total: _raw, ...itemTotals } = totals.items[item.id]
    return {
      ...item,
      tax_lines: lines.taxLines.get(item.id) ?? [],
      adjustments: lines.adjustments.get(item.id) ?? [],
      ...itemTotals,
      // Gift cards are drawn on the order as a whole; v1 keeps this legacy line field at 0.
      gift_card_total: 0,
      refundable: itemTotals.total,
      ...(relations.has('items.variant')
        ? { variant: item.variant_id ? (lines.variants.get(item.variant_id) ?? null) : null }
        : {}),
    }
  })
}

function methodViews(orderId: string, context: OrderContext, totals: Totals, relations: ReadonlySet<string>) {
  const { methods } = context
  return (methods.methods.get(orderId) ?? []).map((method): OrderShippingMethodView => {
    const { price: _price, ...methodTotals } = totals.shipping_methods[method.id]
    return {
      ...method,
      tax_lines: methods.taxLines.get(method.id) ?? [],
      ...methodTotals,
      ...(relations.has('shipping_methods.shipping_option')
        ? { shipping_option: methods.options.get(method.shipping_option_id) ?? null }
        : {}),
    }
  })
}

function toView(row: OrderRow, context: OrderContext, relations: ReadonlySet<string>): OrderView {
  const { totals, view: totalsView } = orderTotals(row, context)
  const { parties } = context
  const addressOf = (id: string | null) => (id ? (parties.addresses.get(id) ?? null) : null)
  return {
    ...row,
    object: 'order',
    ...totalsView,
    ...(relations.has('items') ? { items: itemViews(row.id, context, totals, relations) } : {}),
    ...(relations.has('shipping_methods') ? { shipping_methods: methodViews(row.id, context, totals, relations) } : {}),
    ...(relations.has('payments') ? { payments: parties.payments.get(row.id) ?? [] } : {}),
    ...(relations.has('shipping_address') ? { shipping_address: addressOf(row.shipping_address_id) } : {}),
    ...(relations.has('billing_address') ? { billing_address: addressOf(row.billing_address_id) } : {}),
    ...(relations.has('customer') ? { customer: parties.customers.get(row.customer_id) ?? null } : {}),
    ...(relations.has('region') ? { region: parties.regions.get(row.region_id) ?? null } : {}),
    ...(relations.has('fulfillments')
      ? { fulfillments: context.fulfillments ? fulfillmentsOf(row.id, context.fulfillments, relations) : [] }
      : {}),
    ...promotionViews(row.id, context, relations),
  }
}

/** The expanded promotion relations: discounts (with `rule`), gift cards, gift card transactions (with `gift_card`). */
function promotionViews(orderId: string, context: OrderContext, relations: ReadonlySet<string>) {
  const { promotions } = context
  const view: Pick<OrderView, 'discounts' | 'gift_cards' | 'gift_card_transactions'> = {}
  if (relations.has('discounts')) {
    const withRules = relations.has('discounts.rule')
    view.discounts = (promotions?.discounts.get(orderId) ?? []).map(({ rule, ...found }) =>
      withRules && rule ? { ...found, rule } : found,
    )
  }
  if (relations.has('gift_cards')) view.gift_cards = promotions?.giftCards.get(orderId) ?? []
  if (relations.has('gift_card_transactions')) {
    const withCards = relations.has('gift_card_transactions.gift_card')
    view.gift_card_transactions = (context.parties.giftCardTransactions.get(orderId) ?? []).map((transaction) =>
      withCards
        ? { ...transaction, gift_card: promotions?.transactionCards.get(transaction.gift_card_id) ?? null }
        : transaction,
    )
  }
  return view
}

const TOTAL_FIELDS: ReadonlySet<string> = new Set(ORDER_TOTAL_FIELDS)

/** v1 `cleanResponseData`: the selected fields, the loaded relations, and always the totals. */
function prune(view: OrderView, selection: OrderSelection): OrderView {
  const { fields, relations } = selection
  if (!fields) return view
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(view)) {
    if (fields.has(key) || relations.has(key) || TOTAL_FIELDS.has(key)) kept[key] = value
  }
  return kept as unknown as OrderView
}
