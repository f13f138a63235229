import { count, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { NotFound } from '../../core/errors.js'
import { likePattern, listAnswer, orderBy, sortableColumns, whereAll, type ListAnswer } from '../../core/list.js'
import { currenciesPaging, type AdminGetCurrenciesParams, type AdminPostCurrenciesCurrencyReq } from './contract.js'
import { currency } from './schema.js'
import type { CurrencyRow } from './service.js'

const SORTABLE = sortableColumns({ code: currency.code, name: currency.name })

export async function listCurrencies(
  db: Db,
  query: AdminGetCurrenciesParams,
): Promise<ListAnswer<'currencies', CurrencyRow>> {
  const page = currenciesPaging.page(query)
  const where = whereAll([
    query.code ? eq(currency.code, query.code.toLowerCase()) : undefined,
    query.includes_tax === undefined ? undefined : eq(currency.includes_tax, query.includes_tax),
    query.q ? or(ilike(currency.code, likePattern(query.q)), ilike(currency.name, likePattern(query.q))) : undefined,
  ])
  // Currencies have no timestamps, so the usual `-created_at` default gives way to the code.
  const order = orderBy(query.order, SORTABLE, 'code', currency.code)
  const [currencies, [total]] = await Promise.all([
    db
      .select()
      .from(currency)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(currency).where(where),
  ])
  return listAnswer('currencies', currencies, total.value, page)
}

export async function retrieveCurrency(db: Db, code: string): Promise<CurrencyRow> {
  const [row] = await db.select().from(currency).where(eq(currency.code, code.toLowerCase())).limit(1)
  if (!row) throw NotFound.entity('Currency', code, 'code')
  return row
}

export async function updateCurrency(
  db: Db,
  code: string,
  input: AdminPostCurrenciesCurrencyReq,
): Promise<CurrencyRow> {
  return db.transaction(async (tx) => {
    const current = await retrieveCurrency(tx, code)
    if (input.includes_tax === undefined) return current
    const [updated] = await tx
      .update(currency)
      .set({ includes_tax: input.includes_tax })
      .where(eq(currency.code, current.code))
      .returning()
    await emit(tx, 'currency.updated', { code: updated.code })
    return updated
  })
}
