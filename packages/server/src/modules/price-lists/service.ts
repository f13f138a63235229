import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { InvalidData, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  escapeLike,
  likePattern,
  listAnswer,
  listTotal,
  orderBy,
  parseExpand,
  softDeleteCondition,
  sortableColumns,
  toDate,
  whereAll,
  type ListAnswer,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import { generateId } from '../../db/ids.js'
import { inTransaction } from '../../db/transactions.js'
import type { Db } from '../../db/types.js'
import { moneyAmount } from '../catalog/schema.js'
import { customerGroup } from '../customers/schema.js'
import type {
  AdminGetPriceListPaginationParams,
  AdminPostPriceListsPriceListReq,
  AdminPostPriceListsReq,
  PriceList,
} from './contract.js'
import { priceListsPaging } from './contract.js'
import { upsertListPrices } from './prices.js'
import { priceList, priceListCustomerGroup } from './schema.js'

type PriceListRow = typeof priceList.$inferSelect

const RELATIONS = ['prices', 'customer_groups'] as const
const SORTABLE = sortableColumns({ created_at: priceList.created_at, updated_at: priceList.updated_at })

/** Whether answers carry `includes_tax` (the `tax_inclusive_pricing` flag). */
export interface PriceListFlags {
  tax_inclusive_pricing: boolean
}

/** The lists with the relations asked for: one statement per relation, whatever the number of lists. */
async function views(
  db: Db,
  rows: PriceListRow[],
  relations: Set<string>,
  flags: PriceListFlags,
): Promise<PriceList[]> {
  const ids = rows.map((row) => row.id)
  const [prices, groups] = await Promise.all([
    relations.has('prices') && ids.length > 0
      ? db
          .select()
          .from(moneyAmount)
          .where(and(inArray(moneyAmount.price_list_id, ids), isNull(moneyAmount.deleted_at)))
          .orderBy(asc(moneyAmount.created_at), asc(moneyAmount.id))
      : [],
    relations.has('customer_groups') && ids.length > 0
      ? db
          .select({ price_list_id: priceListCustomerGroup.price_list_id, group: customerGroup })
          .from(priceListCustomerGroup)
          .innerJoin(customerGroup, eq(customerGroup.id, priceListCustomerGroup.customer_group_id))
          .where(and(inArray(priceListCustomerGroup.price_list_id, ids), isNull(customerGroup.deleted_at)))
          .orderBy(asc(customerGroup.name))
      : [],
  ])
  return rows.map((row) => {
    const { includes_tax, ...fields } = row
    const view: PriceList = flags.tax_inclusive_pricing ? { ...fields, includes_tax } : fields
    if (relations.has('prices')) view.prices = prices.filter((price) => price.price_list_id === row.id)
    if (relations.has('customer_groups')) {
      view.customer_groups = groups.filter((entry) => entry.price_list_id === row.id).map((entry) => entry.group)
    }
    return view
  })
}

const live = isNull(priceList.deleted_at)

/** `name=`/`description=`: the whole text, case aside (served by the trigram indexes). */
const sameText = (column: typeof priceList.name | typeof priceList.description, value: string) =>
  ilike(column, escapeLike(value))

const inGroups = (ids: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${priceListCustomerGroup} WHERE ${priceListCustomerGroup.price_list_id} = ${priceList.id}
    AND ${inArray(priceListCustomerGroup.customer_group_id, ids)})`

/** `q`: a substring of the name, the description or the name of one of its customer groups. */
const matches = (q: string): SQL =>
  or(
    ilike(priceList.name, likePattern(q)),
    ilike(priceList.description, likePattern(q)),
    sql`EXISTS (SELECT 1 FROM ${priceListCustomerGroup} JOIN ${customerGroup}
      ON ${customerGroup.id} = ${priceListCustomerGroup.customer_group_id}
      WHERE ${priceListCustomerGroup.price_list_id} = ${priceList.id} AND ${ilike(customerGroup.name, likePattern(q))})`,
  )!

export async function listPriceLists(
  db: Db,
  query: AdminGetPriceListPaginationParams,
  flags: PriceListFlags,
): Promise<ListAnswer<'price_lists', PriceList>> {
  const page = priceListsPaging.page(query)
  const relations = parseExpand(query.expand, RELATIONS, [])
  const statuses = toList(query.status)
  const types = toList(query.type)
  const groups = toList(query.customer_groups)
  const where = whereAll([
    ...softDeleteCondition(priceList.deleted_at, query.deleted_at),
    query.id !== undefined ? eq(priceList.id, query.id) : undefined,
    query.q ? matches(query.q) : undefined,
    query.name !== undefined ? sameText(priceList.name, query.name) : undefined,
    query.description !== undefined ? sameText(priceList.description, query.description) : undefined,
    statuses ? inArray(priceList.status, statuses as PriceListRow['status'][]) : undefined,
    types ? inArray(priceList.type, types as PriceListRow['type'][]) : undefined,
    groups && groups.length > 0 ? inGroups(groups) : undefined,
    ...dateConditions(priceList.created_at, query.created_at, 'created_at'),
    ...dateConditions(priceList.updated_at, query.updated_at, 'updated_at'),
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', priceList.id)
  const rows = await db
    .select()
    .from(priceList)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, priceList, where, { rows: rows.length, ...page })
  return listAnswer('price_lists', await views(db, rows, relations, flags), count, page)
}

async function liveRow(db: Db, id: string, lock = false): Promise<PriceListRow> {
  const query = db
    .select()
    .from(priceList)
    .where(and(eq(priceList.id, id), live))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFound(`Price list with id: ${id} was not found`)
  return row
}

/** Whether a live (not deleted) list has this id: one indexed read, for callers that only check. */
export async function priceListExists(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: priceList.id })
    .from(priceList)
    .where(and(eq(priceList.id, id), live))
    .limit(1)
  return rows.length > 0
}

export async function retrievePriceList(db: Db, id: string, flags: PriceListFlags): Promise<PriceList> {
  const [view] = await views(db, [await liveRow(db, id)], new Set(RELATIONS), flags)
  return view
}

/** Checks the groups exist (404 naming the entry) and makes them the list's groups. */
async function setGroups(tx: Db, priceListId: string, groups: readonly { id: string }[], replace: boolean) {
  const ids = [...new Set(groups.map((group) => group.id))]
  if (ids.length > 0) {
    const found = await tx
      .select({ id: customerGroup.id })
      .from(customerGroup)
      .where(and(inArray(customerGroup.id, ids), isNull(customerGroup.deleted_at)))
    const known = new Set(found.map((row) => row.id))
    const missing = groups.findIndex((group) => !known.has(group.id))
    if (missing >= 0) {
      throw new NotFound(`customer_groups.${missing}.id: Customer group ${groups[missing].id} was not found`)
    }
  }
  if (replace) await tx.delete(priceListCustomerGroup).where(eq(priceListCustomerGroup.price_list_id, priceListId))
  if (ids.length > 0) {
    await tx
      .insert(priceListCustomerGroup)
      .values(ids.map((customer_group_id) => ({ price_list_id: priceListId, customer_group_id })))
  }
}

/** `starts_at`/`ends_at` from a body: a date, null to clear (update), or absent to keep. */
function windowOf(
  body: { starts_at?: string | null; ends_at?: string | null },
  current?: PriceListRow,
): { starts_at?: Date | null; ends_at?: Date | null } {
  const parse = (value: string | null | undefined, field: string) =>
    value === undefined ? undefined : value === null ? null : toDate(value, field)
  const startsAt = parse(body.starts_at, 'starts_at')
  const endsAt = parse(body.ends_at, 'ends_at')
  const start = startsAt === undefined ? current?.starts_at : startsAt
  const end = endsAt === undefined ? current?.ends_at : endsAt
  if (start && end && end.getTime() <= start.getTime()) throw new InvalidData('ends_at must be after starts_at')
  return { starts_at: startsAt, ends_at: endsAt }
}

export async function createPriceList(db: Db, body: AdminPostPriceListsReq, flags: PriceListFlags): Promise<PriceList> {
  const id = generateId('pl')
  await inTransaction(db, async (tx) => {
    const window = windowOf(body)
    await tx.insert(priceList).values({
      id,
      name: body.name,
      description: body.description,
      type: body.type,
      status: body.status ?? 'draft',
      starts_at: window.starts_at ?? null,
      ends_at: window.ends_at ?? null,
      includes_tax: flags.tax_inclusive_pricing ? (body.includes_tax ?? false) : false,
    })
    if (body.customer_groups) await setGroups(tx, id, body.customer_groups, false)
    await upsertListPrices(tx, id, body.prices, { path: 'prices' })
  })
  return retrievePriceList(db, id, flags)
}

export async function updatePriceList(
  db: Db,
  id: string,
  body: AdminPostPriceListsPriceListReq,
  flags: PriceListFlags,
): Promise<PriceList> {
  await inTransaction(db, async (tx) => {
    const current = await liveRow(tx, id, true)
    const window = windowOf(body, current)
    const changes = {
      name: body.name,
      description: body.description,
      type: body.type,
      status: body.status,
      ...window,
      includes_tax: flags.tax_inclusive_pricing ? body.includes_tax : undefined,
      updated_at: new Date(),
    }
    await tx.update(priceList).set(changes).where(eq(priceList.id, id))
    if (body.customer_groups) await setGroups(tx, id, body.customer_groups, true)
    if (body.prices) await upsertListPrices(tx, id, body.prices, { path: 'prices' })
  })
  return retrievePriceList(db, id, flags)
}

/** Soft-deletes the list; its prices stop applying at once (the store reads skip deleted lists). */
export async function deletePriceList(db: Db, id: string): Promise<void> {
  await db
    .update(priceList)
    .set({ deleted_at: new Date() })
    .where(and(eq(priceList.id, id), live))
}

/** Runs a change of a list's prices under the list's row lock; 404 for an unknown list. */
export function withLiveList<T>(db: Db, id: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await liveRow(tx, id, true)
    const result = await work(tx)
    await tx.update(priceList).set({ updated_at: new Date() }).where(eq(priceList.id, id))
    return result
  })
}
