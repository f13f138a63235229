import * as drizzle from 'drizzle-orm'
import { sql, type Query, type SelectedFieldsOrdered } from 'drizzle-orm'
import type { PgColumn, PgPreparedQuery, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../types.js'

/**
 * Named, prepared statements that run on any handle, the root database or an open transaction.
 *
 * Drizzle's own `prepare()` binds a statement to the handle it was built on; the hot statements of
 * carts mostly run inside a transaction holding the cart's lock, whose handle is new each time. So
 * the query builder runs once per statement (its SQL text, parameters and row mapping are kept
 * here), and every call hands the kept query to the handle's session under a fixed name:
 * node-postgres then parses and plans each statement once per connection, and no request pays for
 * building SQL.
 */

type Fields = SelectedFieldsOrdered<PgColumn>

/** Drizzle's own flattening of a selection, as its select builders prepare with; not in its typings. */
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields: (fields: unknown) => Fields })
  .orderSelectedFields

/** How a relational query (`db.query.table.findMany`) turns its rows into nested objects. */
type RowsMapper = (rows: unknown[][]) => unknown

interface Kept {
  query: Query
  fields: Fields | undefined
  joinsNotNullableMap: Record<string, boolean> | undefined
  mapRows: RowsMapper | undefined
}

/**
 * What a builder carries that its own `prepare()` uses (drizzle's `_prepare` of select, insert,
 * update and delete): a select's fields, or the fields a write returns, already ordered.
 */
interface BuilderInternals {
  config: {
    fields?: Record<string, unknown>
    returning?: Fields
    table?: PgTable
    /** An update's columns. */
    set?: Record<string, unknown>
    /** An insert's rows. */
    values?: Record<string, unknown>[] | unknown
  }
  joinsNotNullableMap?: Record<string, boolean>
}

/**
 * Drizzle fills a column the statement leaves out with a value computed in JS when it builds the
 * statement (`$defaultFn` on insert, `$onUpdate` on insert and update): kept, that value would be
 * the same forever. Such a column must be given (a placeholder for `updated_at`, say).
 */
function assertNothingFrozen(name: string, { table, set, values }: BuilderInternals['config']): void {
  const written = set ? Object.keys(set) : Array.isArray(values) ? Object.keys(values[0] ?? {}) : undefined
  if (!table || !written) return
  for (const [key, column] of Object.entries(drizzle.getTableColumns(table) as Record<string, PgColumn>)) {
    if (written.includes(key)) continue
    const frozen = set ? column.onUpdateFn : column.defaultFn || (!column.hasDefault && column.onUpdateFn)
    if (frozen) throw new Error(`prepared ${name}: column ${key} has a value computed in JS; give it`)
  }
}

/**
 * A placeholder whose value goes to the driver as it is given. Set on a column directly, a
 * placeholder goes through the column's encoder, which refuses a null timestamp and turns a null
 * document into JSON `null`.
 */
export function unencoded(name: string): drizzle.SQL {
  return sql`${sql.placeholder(name)}`
}

/**
 * The row mapper of a relational query, from the prepared query drizzle makes of it (building it
 * sends nothing); undefined for any other builder.
 */
function relationalMapper(builder: unknown, name: string): RowsMapper | undefined {
  const kind = (builder as { constructor: Record<symbol, unknown> }).constructor[drizzle.entityKind]
  if (kind !== 'PgRelationalQuery') return undefined
  const { customResultMapper } = (builder as { _prepare(name: string): { customResultMapper: RowsMapper } })._prepare(
    name,
  )
  return customResultMapper
}

/**
 * A statement written once with `sql.placeholder(…)` parameters (a select, a relational query, an
 * insert, update or delete with or without `returning`, or `db.execute(sql)`): `build` receives a
 * handle to build the query on (only its dialect is used), and the result runs it on any handle
 * with the values of the placeholders, answering as drizzle does for that query. The statement is sent before the call
 * returns, so a list of them for `concurrently` goes out in its order.
 */
export function prepared<Q extends PromiseLike<unknown> & ({ toSQL(): Query } | { getQuery(): Query })>(
  name: string,
  build: (db: Db) => Q,
): (db: Db, params: Record<string, unknown>) => Promise<Awaited<Q>> {
  let kept: Kept | undefined
  return (db, params) => {
    if (!kept) {
      const builder = build(db)
      // `db.execute(sql)` answers a raw statement: no configuration, and its rows as they come.
      const { config = {}, joinsNotNullableMap } = builder as unknown as Partial<BuilderInternals>
      assertNothingFrozen(name, config)
      kept = {
        query: 'toSQL' in builder ? builder.toSQL() : builder.getQuery(),
        fields: config.fields ? orderSelectedFields(config.fields) : config.returning,
        joinsNotNullableMap,
        mapRows: relationalMapper(builder, name),
      }
    }
    return run(db, name, kept, params) as Promise<Awaited<Q>>
  }
}

/** Hands a kept statement to the handle's session under its name, with its placeholders' values. */
function run(db: Db, name: string, kept: Kept, params: Record<string, unknown>): Promise<unknown> {
  const statement = db._.session.prepareQuery(kept.query, kept.fields, name, true, kept.mapRows) as PgPreparedQuery<{
    execute: unknown
    all: unknown
    values: unknown
  }> & { joinsNotNullableMap?: Record<string, boolean> }
  statement.joinsNotNullableMap = kept.joinsNotNullableMap
  return statement.execute(params)
}

/**
 * A one-row insert of `columns`, built once like `prepared`. Its values are encoded here, each by
 * its column, rather than by drizzle's placeholder encoders, which refuse a null timestamp and turn
 * a null jsonb into JSON `null`: a null value stays SQL NULL. Columns left out take their database
 * defaults; one whose value is computed in JS must be listed (see `assertNothingFrozen`).
 */
export function preparedInsert<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
  options: {
    /**
     * Expressions the statement answers, evaluated as it runs (`{ relaxed: RELAXED_COMMIT }` relaxes
     * the commit of the transaction it runs in; run on its own, the statement is that transaction).
     */
    returning?: Record<string, drizzle.SQL>
    /** Writes nothing, without an error, when the row would break a unique constraint. */
    onConflictDoNothing?: boolean
  } = {},
): (db: Db, row: Pick<T['$inferInsert'], K>) => Promise<unknown> {
  return insertStatement(name, table, columns, {
    returning: options.returning ?? false,
    onConflictDoNothing: options.onConflictDoNothing ?? false,
  })
}

/** `preparedInsert` answering the row written, as `insert(…).returning()` does. */
export function preparedInsertReturning<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
): (db: Db, row: Pick<T['$inferInsert'], K>) => Promise<T['$inferSelect'][]> {
  return insertStatement(name, table, columns, { returning: true, onConflictDoNothing: false }) as (
    db: Db,
    row: Pick<T['$inferInsert'], K>,
  ) => Promise<T['$inferSelect'][]>
}

/** `returning`: nothing, the row written, or the given expressions. */
function insertStatement<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
  {
    returning,
    onConflictDoNothing,
  }: { returning: boolean | Record<string, drizzle.SQL>; onConflictDoNothing: boolean },
): (db: Db, row: Pick<T['$inferInsert'], K>) => Promise<unknown> {
  const byName = drizzle.getTableColumns(table) as Record<string, PgColumn>
  const encoders = columns.map((column) => [column, byName[column]] as const)
  // Checked here, when the module loads, not only on the first run (see `assertNothingFrozen`).
  assertNothingFrozen(name, { table, values: [Object.fromEntries(columns.map((column) => [column, true]))] })
  const insert = prepared(name, (db) => {
    // The values are encoded below, by column; drizzle's typings want the row's types.
    const values = db
      .insert(table)
      .values(Object.fromEntries(columns.map((column) => [column, unencoded(column)])) as never)
    const builder = onConflictDoNothing ? values.onConflictDoNothing() : values
    if (returning === false) return builder
    return returning === true ? builder.returning() : builder.returning(returning)
  })
  return (db, row) => {
    const values: Record<string, unknown> = {}
    for (const [column, encoder] of encoders) {
      const value = (row as Record<string, unknown>)[column]
      values[column] = value === null || value === undefined ? null : encoder.mapToDriverValue(value)
    }
    return insert(db, values)
  }
}

/** A column's value as `preparedInsertRows` sends it: text, or null. */
function asText(name: string, column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null
  const encoded = column.mapToDriverValue(value)
  if (typeof encoded === 'string') return encoded
  if (typeof encoded === 'number' || typeof encoded === 'boolean' || typeof encoded === 'bigint') return String(encoded)
  if (encoded instanceof Date) return encoded.toISOString()
  throw new Error(`prepared ${name}: column ${column.name} does not encode to text`)
}

/**
 * An insert of any number of rows of `columns` in one statement built once: each column's values
 * travel as one text array, unnested and cast to the column's type, so one row and fifty share the
 * statement. Values are encoded by their columns as in `preparedInsert` (null stays SQL NULL);
 * columns left out take their database defaults. Answers the rows written, as
 * `insert(…).returning()` does; with `onConflictDoNothing`, the rows a conflict refused are left out.
 */
export function preparedInsertRows<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  name: string,
  table: T,
  columns: readonly K[],
  options: { onConflictDoNothing?: boolean } = {},
): (db: Db, rows: readonly Pick<T['$inferInsert'], K>[]) => Promise<T['$inferSelect'][]> {
  const byName = drizzle.getTableColumns(table) as Record<string, PgColumn>
  assertNothingFrozen(name, { table, values: [Object.fromEntries(columns.map((column) => [column, true]))] })
  const fields = orderSelectedFields(byName)
  const list = (parts: drizzle.SQLChunk[]) => sql.join(parts, sql`, `)
  const statement = sql`insert into ${table} (${list(columns.map((key) => sql.identifier(byName[key].name)))})
    select ${list(columns.map((key, i) => sql.raw(`u.c${i}::${byName[key].getSQLType()}`)))}
    from unnest(${list(columns.map((key) => sql`${sql.placeholder(key)}::text[]`))}) as u(${sql.raw(columns.map((_, i) => `c${i}`).join(', '))})
    ${options.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    returning ${list(fields.map(({ field }) => sql.identifier((field as PgColumn).name)))}`
  let kept: Kept | undefined
  return async (db, rows) => {
    if (rows.length === 0) return []
    // `execute` only builds the query here; `run` sends it.
    kept ??= { query: db.execute(statement).getQuery(), fields, joinsNotNullableMap: undefined, mapRows: undefined }
    const params = Object.fromEntries(
      columns.map((key) => [key, rows.map((row) => asText(name, byName[key], (row as Record<string, unknown>)[key]))]),
    )
    return (await run(db, name, kept, params)) as T['$inferSelect'][]
  }
}
