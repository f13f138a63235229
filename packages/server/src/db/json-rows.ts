import { getTableColumns, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm'

/**
 * Turns a row that PostgreSQL answered as JSON (`to_json(t)`, `json_agg(t)`) back into the row
 * drizzle would have read from the table: keys by the table's property names, and each value
 * through its column's own mapping (timestamps become Dates, numerics strings). JSON columns
 * arrive parsed already and are kept as they are.
 */
export function rowReader<T extends Table>(table: T): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    map: column.columnType === 'PgJsonb' || column.columnType === 'PgJson' ? undefined : column,
  }))
  return (json) => {
    const row: Record<string, unknown> = {}
    for (const { key, name, map } of columns) {
      const value = json[name]
      row[key] = value === null || value === undefined ? null : map ? map.mapFromDriverValue(value) : value
    }
    return row as T['$inferSelect']
  }
}

/**
 * A selection (`{ key: column or expression }`) as one JSON object with the same keys, for a
 * statement that reads it of another table's row; its table must be in scope unaliased.
 */
export function jsonObjectOf(selection: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(selection).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`)
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`
}
