import { getTableColumns, is, SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './types.js'
import { groupBy } from './group-rows.js'

/**
 * Writes of many rows in one statement per chunk, for bulk paths such as the CSV import. Cells go
 * as one array parameter per column (`unnest`), which builds and sends several times faster than
 * a multi-row VALUES list with one parameter per cell.
 */

/** Rows per statement: bounds the size of one statement's parameters. */
const ROWS_PER_STATEMENT = 2000

type Row = Record<string, unknown>

const arrayType = (column: PgColumn) => (column.getSQLType() === 'jsonb' ? 'text' : column.getSQLType())
const cellOf = (column: PgColumn, value: unknown) => {
  if (value === undefined || value === null) return null
  return column.getSQLType() === 'jsonb' ? JSON.stringify(value) : value
}
/** The selected cell `c<index>`, cast back to jsonb where the array carried it as text. */
const cellRef = (column: PgColumn, index: number) =>
  column.getSQLType() === 'jsonb' ? `c${index}::jsonb` : `c${index}`

function unnestOf(columns: readonly PgColumn[], cells: readonly unknown[][]): SQL {
  const arrays = sql.join(
    columns.map((column, index) => sql`${sql.param(cells[index])}::${sql.raw(arrayType(column))}[]`),
    sql`, `,
  )
  const aliases = sql.raw(columns.map((_, index) => `c${index}`).join(', '))
  return sql`unnest(${arrays}) AS cells(${aliases})`
}

async function inChunks<T>(rows: readonly T[], write: (chunk: readonly T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await write(rows.slice(start, start + ROWS_PER_STATEMENT))
  }
}

/**
 * Inserts rows with one `INSERT … SELECT FROM unnest(…)` per chunk. Cells are written as Drizzle's
 * insert writes them: a column no row sets is left to its database default, and an unset cell in a
 * column others set takes the column's declared default.
 */
export async function insertAll(db: Db, table: PgTable, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => row[key] !== undefined))
  const cellsOf = ([key, column]: (typeof columns)[number], chunk: readonly Row[]) =>
    chunk.map((row) => {
      const value = row[key] === undefined ? column.default : row[key]
      if (is(value, SQL)) throw new Error(`insertAll: ${column.name} needs a value in every row or in none`)
      return cellOf(column, value)
    })
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  )
  const selected = sql.raw(columns.map(([, column], index) => cellRef(column, index)).join(', '))
  await inChunks(rows, (chunk) =>
    db.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${selected} FROM ${unnestOf(
        columns.map(([, column]) => column),
        columns.map((entry) => cellsOf(entry, chunk)),
      )}`,
    ),
  )
}

/**
 * Updates rows by their `id` with one `UPDATE … FROM unnest(…)` per chunk of rows that set the same
 * columns. As with Drizzle's update, a cell left `undefined` keeps its column as it is, `null`
 * clears it, and a column with an update default (`updated_at`) is stamped when the row leaves it
 * out. A row may appear once: one statement cannot update a row twice.
 */
export async function updateAll(db: Db, table: PgTable, rows: readonly ({ id: string } & Row)[]): Promise<void> {
  const columns = getTableColumns(table)
  const ids = new Set(rows.map((row) => row.id))
  if (ids.size !== rows.length) throw new Error('updateAll: a row appears twice')
  const bySignature = groupBy(rows, (row) =>
    Object.keys(row)
      .filter((key) => key !== 'id' && row[key] !== undefined)
      .sort()
      .join(','),
  )
  for (const [signature, group] of bySignature) {
    const keys = signature === '' ? [] : signature.split(',')
    const stamped = Object.entries(columns).filter(([key, column]) => column.onUpdateFn && !keys.includes(key))
    if (keys.length === 0 && stamped.length === 0) continue
    const set = sql.join(
      [
        ...keys.map(
          (key, index) => sql`${sql.identifier(columns[key].name)} = ${sql.raw(cellRef(columns[key], index + 1))}`,
        ),
        ...stamped.map(([, column]) => sql`${sql.identifier(column.name)} = now()`),
      ],
      sql`, `,
    )
    const id = columns.id
    await inChunks(group, (chunk) =>
      db.execute(
        sql`UPDATE ${table} SET ${set} FROM ${unnestOf(
          [id, ...keys.map((key) => columns[key])],
          [chunk.map((row) => row.id), ...keys.map((key) => chunk.map((row) => cellOf(columns[key], row[key])))],
        )} WHERE ${table}.${sql.identifier(id.name)} = cells.c0`,
      ),
    )
  }
}
