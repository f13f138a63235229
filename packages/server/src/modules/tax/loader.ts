import { and, asc, count, eq, getTableColumns, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { InvalidData } from '../../core/errors.js'
import { toList } from '../../core/schemas.js'
import { product, productType } from '../catalog/schema.js'
import { shippingOption } from '../shipping/schema.js'
import {
  TAX_RATE_COLUMNS,
  TAX_RATE_COUNTS,
  TAX_RATE_DEFAULT_FIELDS,
  TAX_RATE_RELATIONS,
  type TaxRateColumn,
  type TaxRateCount,
  type TaxRateRelation,
} from './contract.js'
import { productTaxRate, productTypeTaxRate, shippingTaxRate, taxRate } from './schema.js'

export type TaxRateRow = typeof taxRate.$inferSelect
type ProductRow = typeof product.$inferSelect
type ProductTypeRow = typeof productType.$inferSelect
type ShippingOptionRow = typeof shippingOption.$inferSelect

/** A tax rate as answered: the selected columns, the selected counts, the expanded relations. */
export type TaxRateView = Partial<TaxRateRow> & {
  id: string
  product_count?: number
  product_type_count?: number
  shipping_option_count?: number
  products?: ProductRow[]
  product_types?: ProductTypeRow[]
  shipping_options?: ShippingOptionRow[]
}

/** `expand` and `fields` as sent: arrays (`fields[]=name`) or comma-separated strings. */
export interface TaxRateSelectionQuery {
  expand?: string | string[]
  fields?: string | string[]
}

export interface TaxRateSelection {
  columns: TaxRateColumn[]
  counts: TaxRateCount[]
  relations: TaxRateRelation[]
}

const SELECTABLE: readonly string[] = [...TAX_RATE_COLUMNS, ...TAX_RATE_COUNTS]

function invalid(names: string[]): InvalidData {
  return new InvalidData(`Requested fields [${names.join(', ')}] are not valid`)
}

/**
 * v1 answers the default fields unless `fields` names others (plain names replace the defaults,
 * `+name`/`-name` adjust them); `id` is always there. Relations come only with `expand`.
 */
export function parseTaxRateSelection(query: TaxRateSelectionQuery): TaxRateSelection {
  const expand = (toList(query.expand) ?? []).map((name) => name.trim()).filter(Boolean)
  const badRelations = expand.filter((name) => !(TAX_RATE_RELATIONS as readonly string[]).includes(name))
  if (badRelations.length > 0) throw invalid(badRelations)

  const fields = (toList(query.fields) ?? []).map((name) => name.trim()).filter(Boolean)
  const badFields = fields.filter((name) => !SELECTABLE.includes(name.replace(/^[+-]/, '')))
  if (badFields.length > 0) throw invalid(badFields)
  const adjusting = fields.every((name) => name.startsWith('+') || name.startsWith('-'))
  const selected = new Set<string>(adjusting ? TAX_RATE_DEFAULT_FIELDS : [])
  for (const name of fields) {
    if (name.startsWith('-')) selected.delete(name.slice(1))
    else selected.add(name.replace(/^\+/, ''))
  }
  selected.add('id')

  return {
    columns: TAX_RATE_COLUMNS.filter((name) => selected.has(name)),
    counts: TAX_RATE_COUNTS.filter((name) => selected.has(name)),
    relations: TAX_RATE_RELATIONS.filter((name) => expand.includes(name)),
  }
}

/** The drizzle selection of the chosen columns. */
export function selectedColumns(selection: TaxRateSelection) {
  // Typed as every column so drizzle infers the row; the rows are partial when `fields` is given.
  const all = getTableColumns(taxRate)
  return Object.fromEntries(selection.columns.map((name) => [name, all[name]])) as typeof all
}

/** Groups `{ rate_id, value }` rows by rate id. */
function groupBy<T>(rows: { rate_id: string; value: T }[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>()
  for (const row of rows) {
    const list = grouped.get(row.rate_id)
    if (list) list.push(row.value)
    else grouped.set(row.rate_id, [row.value])
  }
  return grouped
}

async function loadRelation(db: Db, relation: TaxRateRelation, ids: string[]): Promise<Map<string, unknown[]>> {
  switch (relation) {
    case 'products':
      return groupBy(
        await db
          .select({ rate_id: productTaxRate.rate_id, value: product })
          .from(productTaxRate)
          .innerJoin(product, eq(product.id, productTaxRate.product_id))
          .where(and(inArray(productTaxRate.rate_id, ids), isNull(product.deleted_at)))
          .orderBy(asc(product.created_at), asc(product.id)),
      )
    case 'product_types':
      return groupBy(
        await db
          .select({ rate_id: productTypeTaxRate.rate_id, value: productType })
          .from(productTypeTaxRate)
          .innerJoin(productType, eq(productType.id, productTypeTaxRate.product_type_id))
          .where(and(inArray(productTypeTaxRate.rate_id, ids), isNull(productType.deleted_at)))
          .orderBy(asc(productType.value), asc(productType.id)),
      )
    case 'shipping_options':
      return groupBy(
        await db
          .select({ rate_id: shippingTaxRate.rate_id, value: shippingOption })
          .from(shippingTaxRate)
          .innerJoin(shippingOption, eq(shippingOption.id, shippingTaxRate.shipping_option_id))
          .where(and(inArray(shippingTaxRate.rate_id, ids), isNull(shippingOption.deleted_at)))
          .orderBy(asc(shippingOption.created_at), asc(shippingOption.id)),
      )
  }
}

/** Counts live links only, as `expand` shows them. */
async function loadCount(db: Db, name: TaxRateCount, ids: string[]): Promise<Map<string, number>> {
  let rows: { rate_id: string; value: number }[]
  switch (name) {
    case 'product_count':
      rows = await db
        .select({ rate_id: productTaxRate.rate_id, value: count() })
        .from(productTaxRate)
        .innerJoin(product, eq(product.id, productTaxRate.product_id))
        .where(and(inArray(productTaxRate.rate_id, ids), isNull(product.deleted_at)))
        .groupBy(productTaxRate.rate_id)
      break
    case 'product_type_count':
      rows = await db
        .select({ rate_id: productTypeTaxRate.rate_id, value: count() })
        .from(productTypeTaxRate)
        .innerJoin(productType, eq(productType.id, productTypeTaxRate.product_type_id))
        .where(and(inArray(productTypeTaxRate.rate_id, ids), isNull(productType.deleted_at)))
        .groupBy(productTypeTaxRate.rate_id)
      break
    case 'shipping_option_count':
      rows = await db
        .select({ rate_id: shippingTaxRate.rate_id, value: count() })
        .from(shippingTaxRate)
        .innerJoin(shippingOption, eq(shippingOption.id, shippingTaxRate.shipping_option_id))
        .where(and(inArray(shippingTaxRate.rate_id, ids), isNull(shippingOption.deleted_at)))
        .groupBy(shippingTaxRate.rate_id)
      break
  }
  return new Map(rows.map((row) => [row.rate_id, row.value]))
}

/**
 * Adds the selected counts and expanded relations to loaded rows: one query per count or
 * relation for the whole page, never one per rate.
 */
export async function decorateTaxRates(
  db: Db,
  rows: Partial<TaxRateRow>[],
  selection: TaxRateSelection,
): Promise<TaxRateView[]> {
  const views = rows as TaxRateView[]
  const ids = views.map((view) => view.id)
  if (ids.length === 0) return views
  const [counts, relations] = await Promise.all([
    Promise.all(selection.counts.map(async (name) => [name, await loadCount(db, name, ids)] as const)),
    Promise.all(selection.relations.map(async (name) => [name, await loadRelation(db, name, ids)] as const)),
  ])
  for (const view of views) {
    for (const [name, byRate] of counts) view[name] = byRate.get(view.id) ?? 0
    for (const [name, byRate] of relations) {
      ;(view as Record<string, unknown>)[name] = byRate.get(view.id) ?? []
    }
  }
  return views
}
