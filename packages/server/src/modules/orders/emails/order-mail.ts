import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import type { OrderSelection, OrderView } from '../loader.js'
import { lineItem } from '../../carts/schema.js'
import { orderReturn, refund, returnItem, trackingLink } from '../schema.js'
import { retrieveOrder } from '../service.js'

/** What an order e-mail shows, read in the loader's fixed number of statements. */
const MAIL_SELECTION: OrderSelection = { relations: new Set(['items', 'shipping_address', 'customer']) }

/** An order as its e-mails show it: kept in the notification's data, so a resend shows the same. */
export interface OrderMail {
  id: string
  display_id: number | undefined
  email: string | undefined
  currency_code: string | undefined
  items: { title: string; variant_title: string | null; quantity: number; unit_price: number; total: number }[]
  subtotal: number
  discount_total: number
  shipping_total: number
  tax_total: number
  total: number
  shipping_address: Record<string, string | null> | null
}

export interface LoadedOrder {
  order: OrderView
  mail: OrderMail
  /** Whom to greet: the shipping address's first name, else the customer's. */
  name: string | null
  /** The language the order asked for (`metadata.locale`), else the customer's. */
  locale: string | null
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

export async function loadOrderForMail(db: Db, orderId: string): Promise<LoadedOrder> {
  const order = await retrieveOrder(db, orderId, MAIL_SELECTION)
  const address = order.shipping_address
  const mail: OrderMail = {
    id: order.id,
    display_id: order.display_id,
    email: order.email,
    currency_code: order.currency_code,
    items: (order.items ?? []).map((item) => ({
      title: item.title,
      variant_title: item.description,
      quantity: item.quantity,
      unit_price: item.unit_price,
      total: item.total ?? item.unit_price * item.quantity,
    })),
    subtotal: order.subtotal,
    discount_total: order.discount_total,
    shipping_total: order.shipping_total,
    tax_total: order.tax_total,
    total: order.total,
    shipping_address: address
      ? {
          first_name: address.first_name,
          last_name: address.last_name,
          company: address.company,
          address_1: address.address_1,
          address_2: address.address_2,
          city: address.city,
          postal_code: address.postal_code,
          province: address.province,
          country_code: address.country_code,
        }
      : null,
  }
  const name = textOf(address?.first_name) ?? textOf(order.customer?.first_name)
  const locale = textOf(order.metadata?.locale) ?? textOf(order.customer?.metadata?.locale)
  return { order, mail, name, locale }
}

/** The tracking numbers of a fulfilment, oldest first. */
export async function trackingNumbersOf(db: Db, fulfillmentId: string): Promise<string[]> {
  const rows = await db
    .select({ number: trackingLink.tracking_number })
    .from(trackingLink)
    .where(and(eq(trackingLink.fulfillment_id, fulfillmentId), isNull(trackingLink.deleted_at)))
    .orderBy(asc(trackingLink.created_at), asc(trackingLink.id))
  return rows.map((row) => row.number)
}

/** A refund's amount, reason and note. */
export async function refundOf(db: Db, refundId: string) {
  const [row] = await db
    .select({ id: refund.id, amount: refund.amount, reason: refund.reason, note: refund.note })
    .from(refund)
    .where(eq(refund.id, refundId))
    .limit(1)
  return row
}

/** A return as its e-mails show it: the refund it makes and the items it brings back. */
export async function returnOf(db: Db, returnId: string) {
  const [row] = await db
    .select({ id: orderReturn.id, refund_amount: orderReturn.refund_amount })
    .from(orderReturn)
    .where(eq(orderReturn.id, returnId))
    .limit(1)
  if (!row) return undefined
  const items = await db
    .select({ title: lineItem.title, quantity: returnItem.quantity })
    .from(returnItem)
    .innerJoin(lineItem, eq(lineItem.id, returnItem.item_id))
    .where(eq(returnItem.return_id, returnId))
    .orderBy(asc(lineItem.created_at), asc(lineItem.id))
  return { ...row, items }
}
