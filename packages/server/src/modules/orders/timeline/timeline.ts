import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { NotFound } from '../../../core/errors.js'
import { note } from '../../notes/schema.js'
import { notification } from '../../notifications/schema.js'
import { user } from '../../users/schema.js'
import { fulfillment, order, payment, refund } from '../schema.js'
import type { TIMELINE_KINDS, TimelineEntry } from './contract.js'

/** The most entries of one kind of record a timeline reads (an order has a handful of each). */
export const TIMELINE_SOURCE_LIMIT = 500

const entry = (
  kind: (typeof TIMELINE_KINDS)[number],
  resourceId: string,
  createdAt: Date,
  data: Record<string, unknown>,
): TimelineEntry => ({
  id: `${kind}:${resourceId}`,
  kind,
  created_at: createdAt,
  resource_id: resourceId,
  data,
})

async function orderEntries(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const [row] = await db
    .select({
      id: order.id,
      display_id: order.display_id,
      email: order.email,
      currency_code: order.currency_code,
      created_at: order.created_at,
      canceled_at: order.canceled_at,
    })
    .from(order)
    .where(eq(order.id, orderId))
    .limit(1)
  if (!row) throw NotFound.entity('Order', orderId)
  const placed = { display_id: row.display_id, email: row.email, currency_code: row.currency_code }
  return [
    entry('order.placed', row.id, row.created_at, placed),
    ...(row.canceled_at ? [entry('order.canceled', row.id, row.canceled_at, {})] : []),
  ]
}

async function paymentEntries(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(payment)
    .where(eq(payment.order_id, orderId))
    .orderBy(asc(payment.created_at))
    .limit(TIMELINE_SOURCE_LIMIT)
  return rows.flatMap((row) => {
    const data = {
      amount: row.amount,
      amount_refunded: row.amount_refunded,
      currency_code: row.currency_code,
      provider_id: row.provider_id,
    }
    return [
      entry('payment.authorized', row.id, row.created_at, data),
      ...(row.captured_at ? [entry('payment.captured', row.id, row.captured_at, data)] : []),
      ...(row.canceled_at ? [entry('payment.canceled', row.id, row.canceled_at, data)] : []),
    ]
  })
}

async function fulfillmentEntries(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(fulfillment)
    .where(eq(fulfillment.order_id, orderId))
    .orderBy(asc(fulfillment.created_at))
    .limit(TIMELINE_SOURCE_LIMIT)
  return rows.flatMap((row) => {
    const data = { provider_id: row.provider_id, location_id: row.location_id, tracking_numbers: row.tracking_numbers }
    return [
      entry('fulfillment.created', row.id, row.created_at, data),
      ...(row.shipped_at ? [entry('fulfillment.shipped', row.id, row.shipped_at, data)] : []),
      ...(row.canceled_at ? [entry('fulfillment.canceled', row.id, row.canceled_at, data)] : []),
    ]
  })
}

async function refundEntries(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(refund)
    .where(eq(refund.order_id, orderId))
    .orderBy(asc(refund.created_at))
    .limit(TIMELINE_SOURCE_LIMIT)
  return rows.map((row) =>
    entry('refund', row.id, row.created_at, {
      amount: row.amount,
      reason: row.reason,
      note: row.note,
      payment_id: row.payment_id,
    }),
  )
}

async function noteEntries(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      id: note.id,
      value: note.value,
      created_at: note.created_at,
      updated_at: note.updated_at,
      author_id: note.author_id,
      author_email: user.email,
      author_first_name: user.first_name,
      author_last_name: user.last_name,
    })
    .from(note)
    .leftJoin(user, and(eq(user.id, note.author_id), isNull(user.deleted_at)))
    .where(and(eq(note.resource_id, orderId), isNull(note.deleted_at)))
    .orderBy(asc(note.created_at), asc(note.id))
    .limit(TIMELINE_SOURCE_LIMIT)
  return rows.map((row) =>
    entry('note', row.id, row.created_at, {
      value: row.value,
      updated_at: row.updated_at,
      author:
        row.author_email === null
          ? null
          : {
              id: row.author_id,
              email: row.author_email,
              first_name: row.author_first_name,
              last_name: row.author_last_name,
            },
    }),
  )
}

async function notificationEntries(db: Db, orderId: string): Promise<TimelineEntry[]> {
  // The data (which may hold tokens) stays out: `GET /admin/notifications` shows it on request.
  const rows = await db
    .select({
      id: notification.id,
      event_name: notification.event_name,
      to: notification.to,
      parent_id: notification.parent_id,
      provider_id: notification.provider_id,
      created_at: notification.created_at,
    })
    .from(notification)
    .where(and(eq(notification.resource_type, 'order'), eq(notification.resource_id, orderId)))
    .orderBy(asc(notification.created_at), asc(notification.id))
    .limit(TIMELINE_SOURCE_LIMIT)
  return rows.map(({ id, created_at, ...data }) => entry('notification', id, created_at, data))
}

/**
 * An order's history in one answer, oldest first: placed and canceled, each payment authorized,
 * captured or canceled, each fulfilment created, shipped or canceled, refunds, staff notes, and the e-mails sent about it (resends among them). Each
 * kind is one indexed statement, all sent at once, whatever the order's size.
 */
export async function orderTimeline(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const sources = await Promise.all([
    orderEntries(db, orderId),
    paymentEntries(db, orderId),
    fulfillmentEntries(db, orderId),
    refundEntries(db, orderId),
    noteEntries(db, orderId),
    notificationEntries(db, orderId),
  ])
  const time = (value: Date | string) => new Date(value).getTime()
  return sources.flat().sort((a, b) => time(a.created_at) - time(b.created_at) || a.id.localeCompare(b.id))
}
