import { and, eq, isNull, like, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../../db/types.js'

/**
 * v1's default handle: the title in kebab case. Accents are folded to ASCII and anything else that
 * is not a letter or digit becomes a dash, so the handle is always URL-safe.
 */
export function toHandle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '')
}

/**
 * A handle derived from `title` that no live row of `table` uses yet: `shirt`, else `shirt-1`,
 * `shirt-2`… One query reads every taken candidate. A concurrent create can still take the same
 * handle first; the unique index then answers 422.
 */
export async function uniqueHandle(
  db: Db,
  table: PgTable,
  columns: { handle: PgColumn; deleted_at?: PgColumn },
  title: string,
  fallback: string,
): Promise<string> {
  const base = toHandle(title) || fallback
  const live: SQL | undefined = columns.deleted_at ? isNull(columns.deleted_at) : undefined
  const rows = (await db
    .select({ handle: columns.handle })
    .from(table)
    .where(and(or(eq(columns.handle, base), like(columns.handle, `${base}-%`)), live))) as { handle: string | null }[]
  const taken = new Set(rows.map((row) => row.handle))
  if (!taken.has(base)) return base
  for (let suffix = 1; ; suffix++) {
    const candidate = `${base}-${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
