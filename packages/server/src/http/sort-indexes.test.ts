import { getTableName, sql, type AnyColumn, type Column } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app.js'
import { declaredSortColumns } from '../core/list.js'

/**
 * Every column a list may be ordered by leads an index of its table, so a page in any order is
 * read off an index, whatever the table's size. The columns are the ones the modules declare with
 * `sortableColumns`; building the app loads every module, and the migrated schema holds the indexes.
 */

const ctx = useTestApp()

/**
 * The leading keys of every index in the schema (partial indexes included), as `table.column` for
 * the first key and `table.first,second` for the first two; a key that is an expression has no name.
 */
async function indexPrefixes(): Promise<Set<string>> {
  const result = (await ctx.app.db.execute(sql`
    SELECT t.relname AS "table", first.attname AS "first", second.attname AS "second"
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_attribute first ON first.attrelid = t.oid AND first.attnum = i.indkey[0]
    LEFT JOIN pg_attribute second ON second.attrelid = t.oid AND second.attnum = i.indkey[1]
    WHERE n.nspname = current_schema()
  `)) as unknown as { rows: { table: string; first: string; second: string | null }[] }
  return new Set(
    result.rows.flatMap((row) => [
      `${row.table}.${row.first}`,
      ...(row.second ? [`${row.table}.${row.first},${row.second}`] : []),
    ]),
  )
}

const tableOf = (column: AnyColumn) => getTableName((column as Column).table)
const nameOf = (column: AnyColumn) => (column as Column).name

describe('sortable columns', () => {
  it('are declared by every list module', () => {
    const tables = new Set(declaredSortColumns().map(({ column }) => tableOf(column)))
    for (const table of ['product', 'customer', 'region', 'shipping_option', 'inventory_item', 'batch_job']) {
      expect(tables, table).toContain(table)
    }
  })

  it('each lead an index of their table', async () => {
    const indexed = await indexPrefixes()
    expect(indexed).toContain('product.created_at')
    expect(indexed).toContain('batch_job.created_by,created_at')
    const unindexed = declaredSortColumns()
      .map(({ column, within }) => {
        const table = tableOf(column)
        const served =
          indexed.has(`${table}.${nameOf(column)}`) ||
          (within !== undefined && indexed.has(`${table}.${nameOf(within)},${nameOf(column)}`))
        return served ? undefined : `${table}.${nameOf(column)}`
      })
      .filter((name) => name !== undefined)
    expect(unindexed).toEqual([])
  })
})
