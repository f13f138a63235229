import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/**
 * `column IN (subquery)` for a subquery that yields a few ids (a cart's lines, an order's methods),
 * written so that PostgreSQL looks each id up in the column's index. As a plain `IN`, the planner
 * may instead hash-join the whole table, when its statistics say carts hold many lines: a cost that
 * grows with every order ever placed. As `= ANY(ARRAY(subquery))` the ids are collected first and
 * probed one by one.
 */
export function inIdsOf(column: SQLWrapper, subquery: SQLWrapper): SQL {
  return sql`${column} = ANY(ARRAY(${subquery}))`
}

/**
 * `column = ANY($name::text[])`: the ids come as one array parameter, so one statement serves any
 * number of them and can be built once (see `prepared`).
 */
export function inIdsParam(column: SQLWrapper, name: string): SQL {
  return sql`${column} = ANY(${sql.placeholder(name)}::text[])`
}
