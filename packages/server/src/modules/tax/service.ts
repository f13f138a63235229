import { and, eq, gt, gte, ilike, inArray, isNull, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../core/errors.js'
import {
  type DateComparisonValue,
  dateConditions,
  likePattern,
  listAnswer,
  type ListAnswer,
  listTotal,
  orderBy,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import { product, productType } from '../catalog/schema.js'
import { region } from '../regions/schema.js'
import { shippingOption } from '../shipping/schema.js'
import { taxRatesPaging, type AdminPostTaxRatesReq, type AdminPostTaxRatesTaxRateReq } from './contract.js'

import {
  decorateTaxRates,
  parseTaxRateSelection,
  selectedColumns,
  type TaxRateRow,
  type TaxRateSelectionQuery,
  type TaxRateView,
} from './loader.js'
import { productTaxRate, productTypeTaxRate, shippingTaxRate, taxRate } from './schema.js'

export type { TaxRateRow, TaxRateSelectionQuery, TaxRateView } from './loader.js'

export type NumericalComparisonValue = number | { lt?: number; gt?: number; lte?: number; gte?: number }

export interface ListTaxRatesQuery extends TaxRateSelectionQuery {
  region_id?: string | string[]
  name?: string
  code?: string
  rate?: NumericalComparisonValue
  q?: string
  created_at?: DateComparisonValue
  updated_at?: DateComparisonValue
  deleted_at?: DateComparisonValue
  order?: string
  offset?: number
  limit?: number
}

function rateConditions(value: NumericalComparisonValue | undefined): SQL[] {
  if (value === undefined) return []
  if (typeof value === 'number') return [eq(taxRate.rate, value)]
  const conditions: SQL[] = []
  if (value.lt !== undefined) conditions.push(lt(taxRate.rate, value.lt))
  if (value.gt !== undefined) conditions.push(gt(taxRate.rate, value.gt))
  if (value.lte !== undefined) conditions.push(lte(taxRate.rate, value.lte))
  if (value.gte !== undefined) conditions.push(gte(taxRate.rate, value.gte))
  return conditions
}

function listConditions(query: ListTaxRatesQuery): SQL | undefined {
  const regionIds = toList(query.region_id)
  return whereAll([
    regionIds && regionIds.length > 0 ? inArray(taxRate.region_id, regionIds) : undefined,
    query.name !== undefined ? eq(taxRate.name, query.name) : undefined,
    query.code !== undefined ? eq(taxRate.code, query.code) : undefined,
    ...rateConditions(query.rate),
    query.q ? ilike(taxRate.name, likePattern(query.q)) : undefined,
    ...dateConditions(taxRate.created_at, query.created_at, 'created_at'),
    ...dateConditions(taxRate.updated_at, query.updated_at, 'updated_at'),
    // Tax rates are deleted for good (v1 has no deleted_at on them), so no row matches a deleted_at filter.
    query.deleted_at ? sql`false` : undefined,
  ])
}

const SORTABLE = sortableColumns({
  created_at: taxRate.created_at,
  updated_at: taxRate.updated_at,
  name: taxRate.name,
  code: taxRate.code,
  rate: taxRate.rate,
})

export async function listTaxRates(db: Db, query: ListTaxRatesQuery): Promise<ListAnswer<'tax_rates', TaxRateView>> {
  const selection = parseTaxRateSelection(query)
  const where = listConditions(query)
  const order = orderBy(query.order, SORTABLE, '-created_at', taxRate.id)
  const page = taxRatesPaging.page(query)
  const rows = await db
    .select(selectedColumns(selection))
    .from(taxRate)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const total = await listTotal(db, taxRate, where, { rows: rows.length, ...page })
  return listAnswer('tax_rates', await decorateTaxRates(db, rows, selection), total, page)
}

export async function retrieveTaxRate(db: Db, id: string, query: TaxRateSelectionQuery = {}): Promise<TaxRateView> {
  const selection = parseTaxRateSelection(query)
  const [row] = await db.select(selectedColumns(selection)).from(taxRate).where(eq(taxRate.id, id))
  if (!row) throw NotFound.entity('TaxRate', id)
  const [view] = await decorateTaxRates(db, [row], selection)
  return view
}

/** Locks the rate for the rest of the transaction, so writes to one rate serialize. */
async function lockTaxRate(db: Db, id: string): Promise<TaxRateRow> {
  const [row] = await db.select().from(taxRate).where(eq(taxRate.id, id)).for('update')
  if (!row) throw NotFound.entity('TaxRate', id)
  return row
}

async function assertRegion(db: Db, id: string): Promise<void> {
  const [row] = await db
    .select({ id: region.id })
    .from(region)
    .where(and(eq(region.id, id), isNull(region.deleted_at)))
  if (!row) throw NotFound.entity('Region', id)
}

/** The three kinds of things a rate overrides, with their join table and the table they point at. */
const LINKS = {
  products: {
    entity: 'Product',
    target: { table: product, id: product.id, deleted_at: product.deleted_at },
    table: productTaxRate,
    key: productTaxRate.product_id,
    row: (rate_id: string, target: string) => ({ rate_id, product_id: target }),
  },
  product_types: {
    entity: 'ProductType',
    target: { table: productType, id: productType.id, deleted_at: productType.deleted_at },
    table: productTypeTaxRate,
    key: productTypeTaxRate.product_type_id,
    row: (rate_id: string, target: string) => ({ rate_id, product_type_id: target }),
  },
  shipping_options: {
    entity: 'ShippingOption',
    target: { table: shippingOption, id: shippingOption.id, deleted_at: shippingOption.deleted_at },
    table: shippingTaxRate,
    key: shippingTaxRate.shipping_option_id,
    row: (rate_id: string, target: string) => ({ rate_id, shipping_option_id: target }),
  },
}
export type TaxRateLinkKind = keyof typeof LINKS

/** The distinct ids, after checking each names a live row (unknown → 404, as v1's foreign keys answer). */
async function resolveTargets(db: Db, kind: TaxRateLinkKind, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return wanted
  const { target, entity } = LINKS[kind]
  const found = await db
    .select({ id: target.id })
    .from(target.table as typeof product)
    .where(and(inArray(target.id, wanted), isNull(target.deleted_at)))
  const known = new Set(found.map((row) => row.id))
  const missing = wanted.find((id) => !known.has(id))
  if (missing) throw NotFound.entity(entity, missing)
  return wanted
}

/** Links targets to a rate; with `replace`, unlinks the rate's other targets of that kind. */
async function linkTargets(db: Db, rateId: string, kind: TaxRateLinkKind, ids: string[], replace: boolean) {
  const wanted = await resolveTargets(db, kind, ids)
  const { table, key, row } = LINKS[kind]
  const link = table as typeof productTaxRate
  if (replace) {
    await db.delete(link).where(and(eq(link.rate_id, rateId), wanted.length > 0 ? notInArray(key, wanted) : undefined))
  }
  if (wanted.length === 0) return
  await db
    .insert(link)
    .values(wanted.map((id) => row(rateId, id)) as (typeof productTaxRate.$inferInsert)[])
    .onConflictDoNothing()
}

async function replaceLinks(db: Db, rateId: string, input: AdminPostTaxRatesTaxRateReq): Promise<void> {
  for (const kind of Object.keys(LINKS) as TaxRateLinkKind[]) {
    const ids = input[kind]
    if (ids) await linkTargets(db, rateId, kind, ids, true)
  }
}

export async function createTaxRate(
  db: Db,
  input: AdminPostTaxRatesReq,
  query: TaxRateSelectionQuery = {},
): Promise<TaxRateView> {
  parseTaxRateSelection(query)
  return db.transaction(async (tx) => {
    await assertRegion(tx, input.region_id)
    const id = generateId('txr')
    await tx.insert(taxRate).values({
      id,
      code: input.code,
      name: input.name,
      region_id: input.region_id,
      rate: input.rate ?? null,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    await replaceLinks(tx, id, input)
    return retrieveTaxRate(tx, id, query)
  })
}

/** Association arrays replace the existing links (v1). */
export async function updateTaxRate(
  db: Db,
  id: string,
  input: AdminPostTaxRatesTaxRateReq,
  query: TaxRateSelectionQuery = {},
): Promise<TaxRateView> {
  parseTaxRateSelection(query)
  return db.transaction(async (tx) => {
    await lockTaxRate(tx, id)
    if (input.region_id !== undefined) await assertRegion(tx, input.region_id)
    await tx
      .update(taxRate)
      .set({
        code: input.code,
        name: input.name,
        region_id: input.region_id,
        rate: input.rate,
        metadata: mergedMetadata(taxRate.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(taxRate.id, id))
    await replaceLinks(tx, id, input)
    return retrieveTaxRate(tx, id, query)
  })
}

/** Deleting an unknown rate succeeds, as in v1; its links go with it. */
export async function deleteTaxRate(db: Db, id: string): Promise<void> {
  await db.delete(taxRate).where(eq(taxRate.id, id))
}

/** `POST /admin/tax-rates/:id/<kind>/batch`: links more targets; ones already linked stay. */
export async function addTaxRateLinks(
  db: Db,
  id: string,
  kind: TaxRateLinkKind,
  ids: string[],
  query: TaxRateSelectionQuery = {},
): Promise<TaxRateView> {
  parseTaxRateSelection(query)
  return db.transaction(async (tx) => {
    await lockTaxRate(tx, id)
    await linkTargets(tx, id, kind, ids, false)
    return retrieveTaxRate(tx, id, query)
  })
}

/** `DELETE /admin/tax-rates/:id/<kind>/batch`: unlinks the targets; ids not linked are ignored. */
export async function removeTaxRateLinks(
  db: Db,
  id: string,
  kind: TaxRateLinkKind,
  ids: string[],
  query: TaxRateSelectionQuery = {},
): Promise<TaxRateView> {
  parseTaxRateSelection(query)
  return db.transaction(async (tx) => {
    await lockTaxRate(tx, id)
    const { table, key } = LINKS[kind]
    const link = table as typeof productTaxRate
    if (ids.length > 0) await tx.delete(link).where(and(eq(link.rate_id, id), inArray(key, ids)))
    return retrieveTaxRate(tx, id, query)
  })
}
