import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, or } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  orderBy,
  parseExpand,
  sortableColumns,
  whereAll,
  type ListAnswer,
  type Picked,
} from '../../core/list.js'
import {
  PUBLISHABLE_API_KEY_FIELDS,
  publishableApiKeysPaging,
  type AdminPostPublishableApiKeysPublishableApiKeyReq,
  type AdminPostPublishableApiKeysReq,
  type GetPublishableApiKeysParams,
} from './contract.js'
import { publishableApiKey, publishableApiKeySalesChannel, salesChannel } from './schema.js'
import type { SalesChannelRow } from './service.js'
import { listColumns } from './select-fields.js'

const SORTABLE = sortableColumns({
  id: publishableApiKey.id,
  title: publishableApiKey.title,
  created_at: publishableApiKey.created_at,
  updated_at: publishableApiKey.updated_at,
  revoked_at: publishableApiKey.revoked_at,
})

export type PublishableApiKeyRow = typeof publishableApiKey.$inferSelect

// v1 event names (PublishableApiKeyService.Events).
const EVENTS = {
  created: 'publishable_api_key.created',
  revoked: 'publishable_api_key.revoked',
} as const

export async function retrievePublishableApiKey(db: Db, id: string): Promise<PublishableApiKeyRow> {
  const [row] = await db.select().from(publishableApiKey).where(eq(publishableApiKey.id, id)).limit(1)
  if (!row) throw NotFound.entity('Publishable key', id)
  return row
}

type PublishableApiKeyList<Row> = ListAnswer<'publishable_api_keys', Row>

export async function listPublishableApiKeys(
  db: Db,
  query: GetPublishableApiKeysParams & { fields?: undefined },
): Promise<PublishableApiKeyList<PublishableApiKeyRow>>
export async function listPublishableApiKeys(
  db: Db,
  query: GetPublishableApiKeysParams,
): Promise<PublishableApiKeyList<Picked<PublishableApiKeyRow>>>
export async function listPublishableApiKeys(
  db: Db,
  query: GetPublishableApiKeysParams,
): Promise<PublishableApiKeyList<Picked<PublishableApiKeyRow>>> {
  // v1 declares no relations on the key; its channels have their own route.
  parseExpand(query.expand, [], [])
  const columns = listColumns(getTableColumns(publishableApiKey), query.fields, PUBLISHABLE_API_KEY_FIELDS)
  const where = whereAll([
    ...dateConditions(publishableApiKey.created_at, query.created_at, 'created_at'),
    ...dateConditions(publishableApiKey.updated_at, query.updated_at, 'updated_at'),
    ...dateConditions(publishableApiKey.revoked_at, query.revoked_at, 'revoked_at'),
    query.q ? ilike(publishableApiKey.title, likePattern(query.q)) : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', publishableApiKey.id)
  const page = publishableApiKeysPaging.page(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(publishableApiKey)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(publishableApiKey).where(where),
  ])
  return listAnswer('publishable_api_keys', rows, total.value, page)
}

/** `actorId` is the admin creating the key (`created_by`); the seed passes null. */
export async function createPublishableApiKey(
  db: Db,
  input: AdminPostPublishableApiKeysReq,
  actorId: string | null,
): Promise<PublishableApiKeyRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(publishableApiKey)
      .values({ id: generateId('pk'), title: input.title, created_by: actorId })
      .returning()
    await emit(tx, EVENTS.created, { id: created.id })
    return created
  })
}

export async function updatePublishableApiKey(
  db: Db,
  id: string,
  input: AdminPostPublishableApiKeysPublishableApiKeyReq,
): Promise<PublishableApiKeyRow> {
  const [updated] = await db
    .update(publishableApiKey)
    // updated_at given explicitly: an empty body would otherwise leave nothing to set.
    .set({ title: input.title, updated_at: new Date() })
    .where(eq(publishableApiKey.id, id))
    .returning()
  if (!updated) throw NotFound.entity('Publishable key', id)
  return updated
}

/** A hard delete, as in v1; the key's channel links go with it (ON DELETE CASCADE). */
export async function deletePublishableApiKey(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(publishableApiKey)
    .where(eq(publishableApiKey.id, id))
    .returning({ id: publishableApiKey.id })
  if (deleted.length === 0) throw NotFound.entity('Publishable key', id)
}

export async function revokePublishableApiKey(db: Db, id: string, actorId: string): Promise<PublishableApiKeyRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(publishableApiKey).where(eq(publishableApiKey.id, id)).for('update')
    if (!current) throw NotFound.entity('Publishable key', id)
    if (current.revoked_at) throw new NotAllowed('PublishableApiKey has already been revoked.')
    const [revoked] = await tx
      .update(publishableApiKey)
      .set({ revoked_at: new Date(), revoked_by: actorId })
      .where(eq(publishableApiKey.id, id))
      .returning()
    await emit(tx, EVENTS.revoked, { id })
    return revoked
  })
}

/** The live channels linked to a key, optionally searched by name or description. */
export async function listPublishableApiKeySalesChannels(
  db: Db,
  keyId: string,
  q?: string,
): Promise<SalesChannelRow[]> {
  await retrievePublishableApiKey(db, keyId)
  return db
    .select(getTableColumns(salesChannel))
    .from(publishableApiKeySalesChannel)
    .innerJoin(salesChannel, eq(salesChannel.id, publishableApiKeySalesChannel.sales_channel_id))
    .where(
      whereAll([
        eq(publishableApiKeySalesChannel.publishable_key_id, keyId),
        isNull(salesChannel.deleted_at),
        q ? or(ilike(salesChannel.name, likePattern(q)), ilike(salesChannel.description, likePattern(q))) : undefined,
      ]),
    )
    .orderBy(asc(salesChannel.name), asc(salesChannel.id))
}

/**
 * Ids among `ids` that name no channel. Adding needs a live channel; removing also accepts a
 * soft-deleted one, so its stale link can still be cleaned up.
 */
async function unknownChannels(db: Db, ids: string[], includeDeleted: boolean): Promise<string[]> {
  const found = await db
    .select({ id: salesChannel.id })
    .from(salesChannel)
    .where(and(inArray(salesChannel.id, ids), includeDeleted ? undefined : isNull(salesChannel.deleted_at)))
  const known = new Set(found.map((row) => row.id))
  return ids.filter((id) => !known.has(id))
}

function assertKnown(missing: string[]): void {
  if (missing.length > 0) throw new InvalidData(`Sales channels ${missing.join(', ')} do not exist`)
}

export async function addSalesChannelsToKey(
  db: Db,
  keyId: string,
  channelIds: string[],
): Promise<PublishableApiKeyRow> {
  const ids = [...new Set(channelIds)]
  return db.transaction(async (tx) => {
    const key = await retrievePublishableApiKey(tx, keyId)
    if (ids.length === 0) return key
    assertKnown(await unknownChannels(tx, ids, false))
    await tx
      .insert(publishableApiKeySalesChannel)
      .values(ids.map((id) => ({ id: generateId('pksc'), publishable_key_id: keyId, sales_channel_id: id })))
      .onConflictDoNothing({
        target: [publishableApiKeySalesChannel.publishable_key_id, publishableApiKeySalesChannel.sales_channel_id],
      })
    return key
  })
}

export async function removeSalesChannelsFromKey(
  db: Db,
  keyId: string,
  channelIds: string[],
): Promise<PublishableApiKeyRow> {
  const ids = [...new Set(channelIds)]
  return db.transaction(async (tx) => {
    const key = await retrievePublishableApiKey(tx, keyId)
    if (ids.length === 0) return key
    assertKnown(await unknownChannels(tx, ids, true))
    await tx
      .delete(publishableApiKeySalesChannel)
      .where(
        and(
          eq(publishableApiKeySalesChannel.publishable_key_id, keyId),
          inArray(publishableApiKeySalesChannel.sales_channel_id, ids),
        ),
      )
    return key
  })
}

export interface PublishableKeyScope {
  id: string
  revoked: boolean
  salesChannelIds: string[]
}

/**
 * A key and the channels it is linked to, in one query on the key's primary key and the link
 * table's (publishable_key_id, sales_channel_id) index: this runs on every storefront request that
 * carries the header. Links to soft-deleted channels stay in the scope, so deleting a key's only
 * channel narrows the key to nothing instead of widening it to every channel.
 */
export async function retrievePublishableKeyScope(db: Db, keyId: string): Promise<PublishableKeyScope | undefined> {
  const rows = await db
    .select({
      revoked_at: publishableApiKey.revoked_at,
      sales_channel_id: publishableApiKeySalesChannel.sales_channel_id,
    })
    .from(publishableApiKey)
    .leftJoin(publishableApiKeySalesChannel, eq(publishableApiKeySalesChannel.publishable_key_id, publishableApiKey.id))
    .where(eq(publishableApiKey.id, keyId))
  if (rows.length === 0) return undefined
  return {
    id: keyId,
    revoked: rows[0].revoked_at !== null,
    salesChannelIds: rows.flatMap((row) => (row.sales_channel_id ? [row.sales_channel_id] : [])),
  }
}

/** The oldest publishable key not revoked (the demo seed's): the key the bundled storefront calls with. */
export async function oldestActivePublishableKey(db: Db): Promise<string | undefined> {
  const [key] = await db
    .select({ id: publishableApiKey.id })
    .from(publishableApiKey)
    .where(isNull(publishableApiKey.revoked_at))
    .orderBy(asc(publishableApiKey.created_at))
    .limit(1)
  return key?.id
}
