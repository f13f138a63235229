import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../../db/types.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  orderBy,
  type Page,
  parseExpand,
  parseFields,
  pickFields,
  sortableColumns,
  type SortableColumns,
  stringComparisonConditions,
  whereAll,
} from '../../../core/list.js'
import type { StringFilter } from '../../../core/list.js'
import type { GetTagsOrTypesParams } from './contract.js'
import { product, productTag, productTags, productType } from '../schema.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'

/** Product tags and types: the two look-up lists and the admin helpers built on them. */

const FIELDS = ['id', 'value', 'created_at', 'updated_at', 'metadata']

type LookupTable = typeof productTag | typeof productType

const sortsOf = (table: LookupTable) =>
  sortableColumns({ id: table.id, value: table.value, created_at: table.created_at, updated_at: table.updated_at })
const TAG_SORTS = sortsOf(productTag)
const TYPE_SORTS = sortsOf(productType)

/** `value=a`, `value[]=a&value[]=b`, `value[contains]=a`… (StringComparisonOperator; text matches ignore case). */
function stringConditions(column: PgColumn, filter: StringFilter | undefined): SQL[] {
  if (filter === undefined) return []
  if (typeof filter === 'string') return [eq(column, filter)]
  if (Array.isArray(filter)) return [inArray(column, filter)]
  return stringComparisonConditions(column, filter)
}

type LookupRow = typeof productTag.$inferSelect

async function listLookup(
  db: Db,
  table: LookupTable,
  sorts: SortableColumns,
  query: GetTagsOrTypesParams,
  page: Page,
): Promise<{ rows: Partial<LookupRow>[]; count: number }> {
  parseExpand(query.expand, [], [])
  const fields = parseFields(query.fields, FIELDS)
  const where = whereAll([
    isNull(table.deleted_at),
    ...stringConditions(table.id, query.id),
    ...stringConditions(table.value, query.value),
    ...dateConditions(table.created_at, query.created_at, 'created_at'),
    ...dateConditions(table.updated_at, query.updated_at, 'updated_at'),
    query.q ? ilike(table.value, likePattern(query.q)) : undefined,
  ])
  const order = orderBy(query.order, sorts, '-created_at', table.id)
  const [rows, [total]] = await concurrently(db, [
    () =>
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ value: count() }).from(table).where(where),
  ])
  fields?.add('created_at')
  return { rows: rows.map((row) => pickFields(row, fields, new Set())), count: total.value }
}

export async function listProductTags(db: Db, query: GetTagsOrTypesParams, page: Page) {
  const { rows, count } = await listLookup(db, productTag, TAG_SORTS, query, page)
  return listAnswer('product_tags', rows, count, page)
}

export async function listProductTypes(db: Db, query: GetTagsOrTypesParams, page: Page) {
  const { rows, count } = await listLookup(db, productType, TYPE_SORTS, query, page)
  return listAnswer('product_types', rows, count, page)
}

/** `GET /admin/products/types` (deprecated in v1): every live type. */
export async function listAllProductTypes(db: Db) {
  return db.select().from(productType).where(isNull(productType.deleted_at)).orderBy(productType.value)
}

/** `GET /admin/products/tag-usage`: the ten most used tags with their live product counts. */
export async function listTagUsage(db: Db): Promise<{ id: string; value: string; usage_count: number }[]> {
  const usage = count(product.id)
  return db
    .select({ id: productTag.id, value: productTag.value, usage_count: sql<number>`${usage}::int` })
    .from(productTag)
    .leftJoin(productTags, eq(productTags.product_tag_id, productTag.id))
    .leftJoin(product, and(eq(product.id, productTags.product_id), isNull(product.deleted_at)))
    .where(isNull(productTag.deleted_at))
    .groupBy(productTag.id, productTag.value)
    .orderBy(desc(usage), productTag.value)
    .limit(10)
}
