import { count, desc, eq, getTableColumns, inArray, isNull, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../core/errors.js'
import { listAnswer, type ListAnswer, parseExpand, parseFields, whereAll } from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import type { Notice } from './notify.js'
import {
  notificationsPaging,
  type AdminGetNotificationsParams,
  type AdminPostNotificationsNotificationResendReq,
  type Notification,
} from './contract.js'

import { notification } from './schema.js'

type NotificationRow = typeof notification.$inferSelect
type Selected = Partial<NotificationRow>

const COLUMNS = getTableColumns(notification)
const ALL_FIELDS = Object.keys(COLUMNS)
/** The v1 default selection: `data` (which holds tokens) only when asked for. */
const DEFAULT_FIELDS: readonly string[] = [
  'id',
  'resource_type',
  'resource_id',
  'event_name',
  'to',
  'provider_id',
  'created_at',
  'updated_at',
]
const RELATIONS = ['resends'] as const

/**
 * `fields`: plain names replace the defaults, `+name`/`-name` adjust them (reference/conventions.md
 * §3); `id` and `created_at` always stay.
 */
function selectedFields(fields: string | undefined): Set<string> {
  // Validates every name and resolves a plain list.
  const parsed = parseFields(fields, ALL_FIELDS)
  if (!parsed) return new Set(DEFAULT_FIELDS)
  const parts = fields!
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (!parts.every((part) => part.startsWith('+') || part.startsWith('-'))) return parsed.add('created_at')
  const selected = new Set(DEFAULT_FIELDS)
  for (const part of parts) {
    if (part.startsWith('+')) selected.add(part.slice(1))
    else selected.delete(part.slice(1))
  }
  return selected.add('id').add('created_at')
}

/** Loads only the selected columns, plus `parent_id` to attach resends to their original. */
function columnsFor(fields: Set<string>) {
  return Object.fromEntries(
    Object.entries(COLUMNS).filter(([name]) => fields.has(name) || name === 'parent_id'),
  ) as typeof COLUMNS
}

function pick(row: Selected, fields: Set<string>): Selected {
  return Object.fromEntries(Object.entries(row).filter(([key]) => fields.has(key)))
}

/** Attaches each notification's resends, loaded in one query for the whole page. */
async function withResends(db: Db, rows: Selected[], fields: Set<string>): Promise<Notification[]> {
  const ids = rows.map((row) => row.id!)
  const children =
    ids.length === 0
      ? []
      : await db
          .select(columnsFor(fields))
          .from(notification)
          .where(inArray(notification.parent_id, ids))
          .orderBy(desc(notification.created_at), desc(notification.id))
  return rows.map((row) => ({
    ...pick(row, fields),
    resends: children.filter((child) => child.parent_id === row.id).map((child) => pick(child, fields)),
  }))
}

function inList(column: AnyColumn, value: string | string[] | undefined): SQL | undefined {
  const values = toList(value)
  return values ? inArray(column, values) : undefined
}

/** Sent messages, newest first; resends only when `include_resends=true` (v1). */
export async function listNotifications(
  db: Db,
  query: AdminGetNotificationsParams,
): Promise<ListAnswer<'notifications', Notification>> {
  const page = notificationsPaging.page(query)
  const fields = selectedFields(query.fields)
  const relations = parseExpand(query.expand, RELATIONS, RELATIONS)
  const where = whereAll([
    query.include_resends === 'true' ? undefined : isNull(notification.parent_id),
    inList(notification.event_name, query.event_name),
    inList(notification.resource_type, query.resource_type),
    inList(notification.resource_id, query.resource_id),
    inList(notification.to, query.to),
  ])
  const [rows, [{ value }]] = await Promise.all([
    db
      .select(columnsFor(fields))
      .from(notification)
      .where(where)
      .orderBy(desc(notification.created_at), desc(notification.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notification).where(where),
  ])
  const notifications = relations.has('resends')
    ? await withResends(db, rows, fields)
    : rows.map((row) => pick(row, fields))
  return listAnswer<'notifications', Notification>('notifications', notifications, value, page)
}

/**
 * Sends a notification again (`send` renders it afresh from its stored data, in its language), to
 * its recipient or to `to`, and records the new message as a resend (child) of the original.
 * Answers the original with its resends.
 */
export async function resendNotification(
  db: Db,
  send: (notice: Notice) => Promise<void>,
  id: string,
  body: AdminPostNotificationsNotificationResendReq,
): Promise<Notification> {
  const original = await retrieveRow(db, id)
  await send({
    to: body.to ?? original.to,
    // Every message the provider wrote names its event; only a hand-written row could lack one.
    event_name: original.event_name ?? '',
    resource_type: original.resource_type,
    resource_id: original.resource_id,
    customer_id: original.customer_id,
    data: original.data,
    parent_id: original.id,
  })
  const [shaped] = await withResends(db, [original], new Set(DEFAULT_FIELDS))
  return shaped
}

async function retrieveRow(db: Db, id: string): Promise<NotificationRow> {
  const [row] = await db.select().from(notification).where(eq(notification.id, id)).limit(1)
  if (!row) throw NotFound.entity('Notification', id)
  return row
}
