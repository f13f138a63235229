import { and, count, eq, getTableColumns, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { NotAllowed, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  orderBy,
  type ListAnswer,
  parseExpand,
  softDeleteCondition,
  sortableColumns,
  whereAll,
  type Picked,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import { store } from '../store/schema.js'
import {
  SALES_CHANNEL_FIELDS,
  salesChannelsPaging,
  type AdminGetSalesChannelsParams,
  type AdminPostSalesChannelsReq,
  type AdminPostSalesChannelsSalesChannelReq,
} from './contract.js'
import { salesChannel } from './schema.js'
import { listColumns } from './select-fields.js'

const SORTABLE = sortableColumns({
  id: salesChannel.id,
  name: salesChannel.name,
  created_at: salesChannel.created_at,
  updated_at: salesChannel.updated_at,
})

export type SalesChannelRow = typeof salesChannel.$inferSelect

// v1 event names (SalesChannelService.Events).
const EVENTS = {
  created: 'sales_channel.created',
  updated: 'sales_channel.updated',
  deleted: 'sales_channel.deleted',
} as const

/** Relations `expand=` may name. `locations` arrives with the inventory module. */
const EXPANDABLE: readonly string[] = []

const active = (id: string) => and(eq(salesChannel.id, id), isNull(salesChannel.deleted_at))

/** Carts read their channel on creation; built once (see `prepared`). */
const channelStatement = prepared('sales_channel_by_id', (db) =>
  db
    .select()
    .from(salesChannel)
    .where(and(eq(salesChannel.id, sql.placeholder('id')), isNull(salesChannel.deleted_at)))
    .limit(1),
)

export async function retrieveSalesChannel(db: Db, id: string): Promise<SalesChannelRow> {
  const [row] = await channelStatement(db, { id })
  if (!row) throw NotFound.entity('Sales channel', id)
  return row
}

type SalesChannelList<Row> = ListAnswer<'sales_channels', Row>

/** Without `fields` every column is loaded; with it, only the selected ones. */
export async function listSalesChannels(
  db: Db,
  query: AdminGetSalesChannelsParams & { fields?: undefined },
): Promise<SalesChannelList<SalesChannelRow>>
export async function listSalesChannels(
  db: Db,
  query: AdminGetSalesChannelsParams,
): Promise<SalesChannelList<Picked<SalesChannelRow>>>
export async function listSalesChannels(
  db: Db,
  query: AdminGetSalesChannelsParams,
): Promise<SalesChannelList<Picked<SalesChannelRow>>> {
  parseExpand(query.expand, EXPANDABLE, [])
  const columns = listColumns(getTableColumns(salesChannel), query.fields, SALES_CHANNEL_FIELDS)
  const ids = toList(query.id)
  const where = whereAll([
    ...softDeleteCondition(salesChannel.deleted_at, query.deleted_at),
    ids ? inArray(salesChannel.id, ids) : undefined,
    query.name !== undefined ? eq(salesChannel.name, query.name) : undefined,
    query.description !== undefined ? eq(salesChannel.description, query.description) : undefined,
    ...dateConditions(salesChannel.created_at, query.created_at, 'created_at'),
    ...dateConditions(salesChannel.updated_at, query.updated_at, 'updated_at'),
    query.q
      ? or(ilike(salesChannel.name, likePattern(query.q)), ilike(salesChannel.description, likePattern(query.q)))
      : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', salesChannel.id)
  const page = salesChannelsPaging.page(query)

  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(salesChannel)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(salesChannel).where(where),
  ])
  return listAnswer('sales_channels', rows, total.value, page)
}

export async function createSalesChannel(db: Db, input: AdminPostSalesChannelsReq): Promise<SalesChannelRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(salesChannel)
      .values({
        id: generateId('sc'),
        name: input.name,
        description: input.description ?? null,
        is_disabled: input.is_disabled ?? false,
      })
      .returning()
    await emit(tx, EVENTS.created, { id: created.id })
    return created
  })
}

export async function updateSalesChannel(
  db: Db,
  id: string,
  input: AdminPostSalesChannelsSalesChannelReq,
): Promise<SalesChannelRow> {
  return db.transaction(async (tx) => {
    await retrieveSalesChannel(tx, id)
    const [updated] = await tx
      .update(salesChannel)
      .set({
        name: input.name,
        description: input.description,
        is_disabled: input.is_disabled,
        // Explicit, so an empty body still has something to set.
        updated_at: new Date(),
      })
      .where(eq(salesChannel.id, id))
      .returning()
    await emit(tx, EVENTS.updated, { id })
    return updated
  })
}

/**
 * Soft-deletes a channel. An unknown or already deleted id is not an error (v1 answers 200); the
 * store's default channel cannot go, since carts and product listings fall back to it.
 */
export async function deleteSalesChannel(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock orders this delete against a concurrent store update pointing at the channel
    // (its foreign-key check takes a key-share lock on the same row).
    const [row] = await tx.select({ id: salesChannel.id }).from(salesChannel).where(active(id)).for('update')
    if (!row) return
    const [asDefault] = await tx
      .select({ id: store.id })
      .from(store)
      .where(eq(store.default_sales_channel_id, id))
      .limit(1)
    if (asDefault) throw new NotAllowed('You cannot delete the default sales channel')
    await tx.update(salesChannel).set({ deleted_at: new Date() }).where(eq(salesChannel.id, id))
    await emit(tx, EVENTS.deleted, { id })
  })
}
