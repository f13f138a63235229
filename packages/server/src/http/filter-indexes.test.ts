import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../config.js'
import { asCustomer } from '../testing/factories/customers.js'
import { makeRegion } from '../testing/factories/regions.js'
import { asAdmin } from '../testing/factories/users.js'
import { useTestApp } from '../testing/test-app.js'

/**
 * Every list filter has an index to serve it. Each list route of the OpenAPI document is asked
 * once per query parameter it takes, with a value of the parameter's type, and once with none.
 * Every statement a request builds is explained; the row filters its plan checks on each table
 * that the plain request's plan does not are the filter's own conditions the plan does not serve
 * from an index. A test database is empty, so which index its plans pick says little; instead,
 * each column such a condition reads must lead an index of its table (a trigram index for a text
 * search). Tables small by nature, and lists narrowed to one owner's rows, are left out with their reasons.
 */

// Every flag on, so every list and every filter is there to ask.
const ALL_FLAGS: FeatureFlags = {
  sales_channels: true,
  publishable_api_keys: true,
  order_editing: true,
  analytics: true,
  product_categories: true,
  tax_inclusive_pricing: true,
  inventoryService: true,
}
// Only the requests send statements: no events are delivered and no batch jobs run in this process.
const ctx = useTestApp({ featureFlags: ALL_FLAGS, mode: 'server' })

/** Tables whose filters need no index, and why. */
const LEFT_OUT: Record<string, string> = {
  user: "the shop's staff accounts: a few, however many customers and orders it has",
  product_category: "the shop's category tree: tens of rows, hundreds at most",
}

/** Lists always narrowed to one owner by an indexed column, within which any filter reads few rows. */
const OWN_ROWS_ONLY: Record<string, string> = {
  '/admin/batch-jobs': "a user's own jobs (created_by leads the table's indexes)",
  '/store/customers/me/orders': "a customer's own orders (customer_id is indexed)",
}

/** Parameters that shape the answer, not the rows chosen. */
const NOT_FILTERS = new Set(['limit', 'offset', 'order', 'expand', 'fields'])

interface Schema {
  type?: string
  enum?: unknown[]
  anyOf?: Schema[]
  properties?: Record<string, Schema>
  items?: Schema
}

interface Parameter {
  name: string
  in: string
  schema: Schema
}

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>
}

/**
 * Query strings to try for one parameter: one per comparison for an object, else one value. A
 * region must exist to be filtered on; other ids need not (the plan is the same).
 */
function valuesFor(name: string, schema: Schema, regionId: string): string[] {
  const key = encodeURIComponent(name)
  if (name === 'region_id') return [`${key}=${regionId}`]
  if (schema.anyOf) {
    const single = schema.anyOf.find((member) => member.type !== 'array') ?? schema.anyOf[0]
    return valuesFor(name, single, regionId)
  }
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).map(([operator, member]) => {
      const dateLike = member.anyOf?.some((option) => option.type === 'number')
      const value = dateLike
        ? '2024-01-01T00:00:00Z'
        : member.type === 'number' || member.type === 'integer'
          ? '1'
          : 'x'
      return `${key}[${operator}]=${value}`
    })
  }
  if (schema.type === 'array') return [`${key}[]=${encodeURIComponent(String(schema.items?.enum?.[0] ?? 'x'))}`]
  if (schema.enum) return [`${key}=${encodeURIComponent(String(schema.enum[0]))}`]
  if (schema.type === 'boolean') return [`${key}=true`]
  if (schema.type === 'integer' || schema.type === 'number') return [`${key}=1`]
  return [`${key}=x`]
}

interface Statement {
  sql: string
  params: unknown[]
}

let recording: Statement[] | undefined
const original = PgDialect.prototype.sqlToQuery
beforeAll(() => {
  PgDialect.prototype.sqlToQuery = function (this: PgDialect, ...args: Parameters<typeof original>) {
    const query = original.apply(this, args)
    recording?.push({ sql: query.sql, params: query.params })
    return query
  }
})
afterAll(() => {
  PgDialect.prototype.sqlToQuery = original
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  Filter?: string
  Plans?: PlanNode[]
}

/**
 * The conditions a plan checks row by row on each table it reads, as `table: condition`: the ones
 * it does not serve from an index (those are the scans' index conditions).
 */
function rowFilters(node: PlanNode): string[] {
  const own = node['Relation Name'] && node.Filter ? [`${node['Relation Name']}: ${node.Filter}`] : []
  return [...own, ...(node.Plans ?? []).flatMap(rowFilters)]
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>

/** The database's own client (a pool or PGlite), to explain statements with their parameters. */
const query: Query = (text, values) =>
  (ctx.app.db as unknown as { $client: { query: Query } }).$client.query(text, values)

async function explain({ sql, params }: Statement): Promise<PlanNode> {
  const { rows } = await query(`EXPLAIN (FORMAT JSON) ${sql}`, params)
  const plan = (rows[0] as Record<string, unknown>)['QUERY PLAN']
  return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode
}

interface Schemas {
  /** Column names by table. */
  columns: Map<string, Set<string>>
  /** `table.column` of the first key of every index, and of every trigram (gin or gist) one. */
  leading: Set<string>
  searchable: Set<string>
}

async function schemas(): Promise<Schemas> {
  const [{ rows: columns }, { rows: indexes }] = await Promise.all([
    query(`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
           WHERE table_schema = current_schema()`),
    query(`SELECT t.relname AS "table", a.attname AS "column", am.amname AS "method"
           FROM pg_index i
           JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_class ix ON ix.oid = i.indexrelid
           JOIN pg_am am ON am.oid = ix.relam
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
           WHERE t.relnamespace = current_schema()::regnamespace`),
  ])
  const result: Schemas = { columns: new Map(), leading: new Set(), searchable: new Set() }
  for (const row of columns as { table: string; column: string }[]) {
    result.columns.set(row.table, (result.columns.get(row.table) ?? new Set()).add(row.column))
  }
  for (const row of indexes as { table: string; column: string; method: string }[]) {
    result.leading.add(`${row.table}.${row.column}`)
    if (row.method === 'gin' || row.method === 'gist') result.searchable.add(`${row.table}.${row.column}`)
  }
  return result
}

/**
 * A condition without its quoted literals, and without the soft-delete check every list makes
 * (`deleted_at IS NULL`), which the tables' partial indexes hold in their predicates.
 */
const withoutLiterals = (condition: string) =>
  condition.replace(/'(?:[^']|'')*'/g, "''").replace(/\bdeleted_at IS NULL\b/g, '')

/** The columns of `table` a condition reads (its quoted literals left out). */
function columnsIn(condition: string, table: string, known: Schemas): Set<string> {
  const names = withoutLiterals(condition).match(/[a-z_][a-z0-9_]*/g) ?? []
  return new Set(names.filter((name) => known.columns.get(table)?.has(name)))
}

/** The columns a condition matches text patterns on (`title ~~* '%x%'`: ILIKE). */
function searchedIn(condition: string): Set<string> {
  return new Set([...withoutLiterals(condition).matchAll(/([a-z_][a-z0-9_]*)\)* ~~\*? /g)].map((match) => match[1]))
}

/**
 * The columns a request's row filter reads that no index could serve: filters the plain request
 * has too are the list's own, and so are the columns they read.
 */
function unservedColumns(filter: string, baseline: Set<string>, known: Schemas): string[] {
  const table = filter.slice(0, filter.indexOf(':'))
  if (baseline.has(filter) || table in LEFT_OUT) return []
  const condition = filter.slice(table.length + 2)
  const listOwn = new Set(
    [...baseline]
      .filter((other) => other.startsWith(`${table}: `))
      .flatMap((other) => [...columnsIn(other, table, known)]),
  )
  const searched = searchedIn(condition)
  return [...columnsIn(condition, table, known)].flatMap((column) => {
    if (listOwn.has(column)) return []
    const search = searched.has(column)
    const served = (search ? known.searchable : known.leading).has(`${table}.${column}`)
    return served ? [] : [`${table}.${column}${search ? ' (text search)' : ''}`]
  })
}

describe('list filters', () => {
  it('each have an index to serve them', { timeout: 300_000 }, async () => {
    const [admin, shopper, region] = await Promise.all([
      asAdmin(ctx.app.db),
      asCustomer(ctx.app.db),
      makeRegion(ctx.app.db),
    ])
    const headersFor = (url: string) =>
      url.startsWith('/admin') ? admin.headers : url.startsWith('/store/customers/me') ? shopper.headers : {}
    // A guest finds an order by its display id and e-mail together.
    const required = (path: string): Record<string, string> =>
      path === '/store/orders' ? { display_id: '1', email: 'guest@example.com' } : {}
    const known = await schemas()
    let asked = 0
    let answered = 0
    let explained = 0

    /** Every row filter of every statement the request sends; `undefined` when it is refused. */
    async function filtersOf(url: string): Promise<Set<string> | undefined> {
      const statements: Statement[] = (recording = [])
      const res = await ctx.app.inject({ method: 'GET', url, headers: headersFor(url) })
      recording = undefined
      asked++
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500)
      if (res.statusCode !== 200) return undefined
      answered++
      const filters = new Set<string>()
      for (const statement of statements) {
        if (!/^\s*(select|with)\b/i.test(statement.sql)) continue
        explained++
        for (const filter of rowFilters(await explain(statement))) filters.add(filter)
      }
      return filters
    }

    const unserved: Record<string, string[]> = {}
    const doc = ctx.app.swagger() as unknown as OpenApi
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path.includes('{') || !operations.get || path in OWN_ROWS_ONLY) continue
      const baseline = await filtersOf(`${path}?${new URLSearchParams(required(path))}`)
      if (!baseline) continue
      for (const parameter of operations.get.parameters ?? []) {
        if (parameter.in !== 'query' || NOT_FILTERS.has(parameter.name)) continue
        for (const query of valuesFor(parameter.name, parameter.schema, region.id)) {
          const params = new URLSearchParams({ ...required(path), ...Object.fromEntries(new URLSearchParams(query)) })
          const url = `${path}?${params}`
          const filters = (await filtersOf(url)) ?? new Set<string>()
          const problems = new Set([...filters].flatMap((filter) => unservedColumns(filter, baseline, known)))
          if (problems.size > 0) unserved[decodeURIComponent(url)] = [...problems]
        }
      }
    }
    // Nearly every request must be answered and explained, or the check would prove little.
    expect(explained).toBeGreaterThan(asked)
    expect(asked).toBeGreaterThan(300)
    expect(answered).toBeGreaterThan(asked * 0.9)
    expect(unserved).toEqual({})
  })
})
