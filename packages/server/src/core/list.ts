import { Type, type Static, type TArray, type TSchema } from '@sinclair/typebox'
import { and, asc, count, desc, gt, gte, ilike, isNull, lt, lte, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/types.js'
import { InvalidData } from './errors.js'
import { StringOrArray } from './schemas.js'

/**
 * List conventions of reference/conventions.md §3: `limit`, `offset`, `order`, `expand`, `fields`,
 * `q`, and date comparison filters such as `created_at[gte]=2024-01-01`.
 */

/** A date given as any string `Date` can parse, or a number of Unix seconds. */
const DateLike = Type.Union([Type.String({ minLength: 1 }), Type.Number()])

export const DateComparison = Type.Object(
  {
    lt: Type.Optional(DateLike),
    gt: Type.Optional(DateLike),
    lte: Type.Optional(DateLike),
    gte: Type.Optional(DateLike),
  },
  { additionalProperties: false },
)

/** `StringComparisonOperator`: range and case-insensitive text matches, e.g. `value[starts_with]=sum`. */
export const StringComparison = Type.Object(
  {
    lt: Type.Optional(Type.String()),
    gt: Type.Optional(Type.String()),
    lte: Type.Optional(Type.String()),
    gte: Type.Optional(Type.String()),
    contains: Type.Optional(Type.String()),
    starts_with: Type.Optional(Type.String()),
    ends_with: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)
export type StringComparisonValue = Static<typeof StringComparison>

/** A text filter: one value, a list (`id[]=a&id[]=b`, `id=a,b`) or comparisons (`value[contains]=a`). */
export const StringFilter = Type.Union([...StringOrArray.anyOf, StringComparison])
export type StringFilter = Static<typeof StringFilter>

export const FindParams = {
  expand: Type.Optional(Type.String()),
  fields: Type.Optional(Type.String()),
}

/** The page a list query asks for. */
export interface Page {
  limit: number
  offset: number
}

function pageParams(defaultLimit: number) {
  return {
    limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: defaultLimit })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  }
}

function paginationParams(defaultLimit: number) {
  return { ...pageParams(defaultLimit), order: Type.Optional(Type.String({ minLength: 1 })), ...FindParams }
}

/** A list's paging, declared once: its query parameters and the page a query asks for. */
export interface ListPaging {
  /** `limit` (defaulting to the list's own), `offset`, `order`, `expand` and `fields`. */
  readonly params: ReturnType<typeof paginationParams>
  /** `limit` and `offset` alone, for a list with a fixed order or its own `order` rules. */
  readonly pageParams: ReturnType<typeof pageParams>
  /** The page `query` asks for, with the list's default limit where it gives none. */
  page(query: { limit?: number; offset?: number }): Page
}

/**
 * Declares a list's default page size once, where its contract is: the query schema takes
 * `paging.params`, and the service and the route read the page through `paging.page(query)`.
 */
export function listPaging(defaultLimit: number): ListPaging {
  return {
    params: paginationParams(defaultLimit),
    pageParams: pageParams(defaultLimit),
    page: (query) => ({ limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 }),
  }
}

/** The wire envelope of a list: `{ <key>: [...], count, offset, limit }`. */
export type ListAnswer<K extends string, T> = Record<K, T[]> & { count: number } & Page

export function listAnswer<K extends string, T>(key: K, rows: T[], count: number, page: Page): ListAnswer<K, T> {
  return { [key]: rows, count, offset: page.offset, limit: page.limit } as ListAnswer<K, T>
}

/**
 * The `count` of a list answer: a page that is not full already tells it, so most lists never run
 * the count query; otherwise one count of `table`'s rows matching `where`, the page's conditions.
 */
export async function listTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: { rows: number } & Page,
): Promise<number> {
  const { rows, limit, offset } = page
  if (rows < limit && (rows > 0 || offset === 0)) return offset + rows
  const [{ value }] = await db.select({ value: count() }).from(table).where(where)
  return value
}

export function listResponse<K extends string, T extends TSchema>(key: K, item: T) {
  // Typed by its key, so `Static` gives `{ products: Product[], count, … }` to the client.
  const items = { [key]: Type.Array(item) } as Record<K, TArray<T>>
  return Type.Object({ ...items, count: Type.Integer(), offset: Type.Integer(), limit: Type.Integer() })
}

export function toDate(value: string | number, field: string): Date {
  const date =
    typeof value === 'number' || /^\d+(\.\d+)?$/.test(value) ? new Date(Number(value) * 1000) : new Date(value)
  if (Number.isNaN(date.getTime())) throw new InvalidData(`${field} must be a valid date`)
  // Years of four digits, which the database and ISO 8601 dates share (PostgreSQL has no year 0).
  const year = date.getUTCFullYear()
  if (year < 1 || year > 9999) throw new InvalidData(`${field} must be a date in the years 1 to 9999`)
  return date
}

export type DateComparisonValue = {
  lt?: string | number
  gt?: string | number
  lte?: string | number
  gte?: string | number
}

/** SQL conditions for one date comparison object (several keys combine with AND). */
export function dateConditions(column: AnyColumn, value: DateComparisonValue | undefined, field: string): SQL[] {
  if (!value) return []
  const conditions: SQL[] = []
  if (value.lt !== undefined) conditions.push(lt(column, toDate(value.lt, `${field}.lt`)))
  if (value.gt !== undefined) conditions.push(gt(column, toDate(value.gt, `${field}.gt`)))
  if (value.lte !== undefined) conditions.push(lte(column, toDate(value.lte, `${field}.lte`)))
  if (value.gte !== undefined) conditions.push(gte(column, toDate(value.gte, `${field}.gte`)))
  return conditions
}

/** Excludes soft-deleted rows unless the query filters on `deleted_at` (v1 behaviour). */
export function softDeleteCondition(column: AnyColumn, deletedAt: DateComparisonValue | undefined): SQL[] {
  return deletedAt ? dateConditions(column, deletedAt, 'deleted_at') : [isNull(column)]
}

export function whereAll(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined)
  return present.length > 0 ? and(...present) : undefined
}

declare const declared: unique symbol

/** The columns a list may be ordered by, by their `order` names; made by `sortableColumns`. */
export type SortableColumns = Readonly<Record<string, AnyColumn>> & { readonly [declared]: true }

/** A declared sort: its column, and the column every page of its list is filtered on by equality, if any. */
export interface DeclaredSort {
  column: AnyColumn
  within?: AnyColumn
}

const declaredSorts: DeclaredSort[] = []

/**
 * Declares the columns a list may be ordered by, once, where its module loads. Each must lead an
 * index of its table, so that a page in any order is read off an index rather than sorted out of
 * the whole table; a list always filtered on one column by equality (`within`: a user's own jobs)
 * may instead have an index on that column, then the sort. `sort-indexes.test.ts` checks them all.
 */
export function sortableColumns(columns: Record<string, AnyColumn>, within?: AnyColumn): SortableColumns {
  for (const column of Object.values(columns)) declaredSorts.push({ column, within })
  return columns as SortableColumns
}

/** Every sort declared by the modules loaded so far. */
export function declaredSortColumns(): readonly DeclaredSort[] {
  return declaredSorts
}

/**
 * `order=-created_at` → ORDER BY created_at DESC, id DESC. Only the declared (indexed) columns are
 * accepted; anything else is `400 Order field <f> is not valid`. The id tie-breaker keeps pages stable.
 */
export function orderBy(
  order: string | undefined,
  sortable: SortableColumns,
  fallback: string,
  idColumn?: AnyColumn,
): SQL[] {
  const raw = order ?? fallback
  const descending = raw.startsWith('-')
  const field = descending ? raw.slice(1) : raw
  // Own names only: `constructor` is on every object's prototype, and is no column.
  const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined
  if (!column) throw new InvalidData(`Order field ${field} is not valid`)
  const direction = descending ? desc : asc
  return idColumn && column !== idColumn ? [direction(column), direction(idColumn)] : [direction(column)]
}

/**
 * Parses `expand` against an allow-list. Absent → the route's defaults; `""` → no relations.
 * Dot paths (`variants.prices`) also select their parents.
 */
export function parseExpand(
  expand: string | undefined,
  allowed: readonly string[],
  defaults: readonly string[],
): Set<string> {
  if (expand === undefined) return new Set(defaults)
  const requested = expand
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const invalid = requested.filter((path) => !allowed.includes(path))
  if (invalid.length > 0) throw new InvalidData(`Requested fields [${invalid.join(', ')}] are not valid`)
  const result = new Set<string>()
  for (const path of requested) {
    const parts = path.split('.')
    for (let i = 1; i <= parts.length; i++) result.add(parts.slice(0, i).join('.'))
  }
  return result
}

/**
 * Parses `fields`: plain names replace the defaults, `+name`/`-name` adjust them. `id` is always
 * kept. Unknown fields → 400.
 */
export function parseFields(fields: string | undefined, allowed: readonly string[]): Set<string> | undefined {
  if (fields === undefined || fields.trim() === '') return undefined
  const parts = fields
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const names = parts.map((part) => part.replace(/^[+-]/, ''))
  const invalid = names.filter((name) => !allowed.includes(name))
  if (invalid.length > 0) throw new InvalidData(`Requested fields [${invalid.join(', ')}] are not valid`)
  const prefixed = parts.every((part) => part.startsWith('+') || part.startsWith('-'))
  const selected = new Set(prefixed ? allowed : [])
  for (const part of parts) {
    if (part.startsWith('-')) selected.delete(part.slice(1))
    else selected.add(part.replace(/^\+/, ''))
  }
  selected.add('id')
  return selected
}

/** An object as `fields=` leaves it: any field may be gone but `id`. */
export type Picked<T> = Partial<T> & Pick<T, Extract<'id', keyof T>>

/** Keeps the selected scalar fields and the expanded relations of an object; `id` always. */
export function pickFields<T extends Record<string, unknown>>(
  row: T,
  fields: Set<string> | undefined,
  relations: Set<string>,
): Picked<T> {
  if (!fields) return row
  const picked: Record<string, unknown> = { id: row.id }
  for (const [key, value] of Object.entries(row)) {
    if (fields.has(key) || relations.has(key)) picked[key] = value
  }
  return picked as Picked<T>
}

/** Escapes LIKE wildcards so user text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`)
}

/** `%q%`, for case-insensitive substring search. */
export function likePattern(q: string): string {
  return `%${escapeLike(q)}%`
}

/** SQL conditions for one string comparison object (several keys combine with AND). */
export function stringComparisonConditions(column: AnyColumn, comparison: StringComparisonValue): SQL[] {
  const conditions: SQL[] = []
  if (comparison.lt !== undefined) conditions.push(lt(column, comparison.lt))
  if (comparison.gt !== undefined) conditions.push(gt(column, comparison.gt))
  if (comparison.lte !== undefined) conditions.push(lte(column, comparison.lte))
  if (comparison.gte !== undefined) conditions.push(gte(column, comparison.gte))
  if (comparison.contains !== undefined) conditions.push(ilike(column, likePattern(comparison.contains)))
  if (comparison.starts_with !== undefined) conditions.push(ilike(column, `${escapeLike(comparison.starts_with)}%`))
  if (comparison.ends_with !== undefined) conditions.push(ilike(column, `%${escapeLike(comparison.ends_with)}`))
  return conditions
}
