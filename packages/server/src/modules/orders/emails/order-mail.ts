import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { rowsOf } from '../../../db/raw-rows.js'
import type { OrderSelection, OrderView } from '../loader.js'
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

/**
 * The tracking numbers of a fulfilment. The fulfilment tables belong to the admin order routes;
 * they are read by name here so this file does not depend on their module layout.
 */
export async function trackingNumbersOf(db: Db, fulfillmentId: string): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT tracking_number FROM tracking_link WHERE fulfillment_id = ${fulfillmentId} AND deleted_at IS NULL ORDER BY created_at, id`,
  )
  return rowsOf<{ tracking_number: string }>(result).map((row) => row.tracking_number)
}

/** A refund's amount, reason and note (the `refund` table of the admin order routes). */
export async function refundOf(
  db: Db,
  refundId: string,
): Promise<{ id: string; amount: number; reason: string; note: string | null } | undefined> {
  const result = await db.execute(sql`SELECT id, amount, reason, note FROM refund WHERE id = ${refundId}`)
  return rowsOf<{ id: string; amount: number; reason: string; note: string | null }>(result)[0]
}
