import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/types.js'
import { productTaxRate, productTypeTaxRate, shippingTaxRate, taxRate } from './schema.js'
import { rowsOf } from '../../db/raw-rows.js'

/**
 * The tax provider a region uses when its `tax_provider_id` is null (v1's `system` provider): tax
 * lines from the rates stored here, no outside call.
 */
export const SYSTEM_TAX_PROVIDER_ID = 'system'

export interface TaxLineRate {
  /** Percent, e.g. 20 = 20 %. */
  rate: number
  name: string
  code: string | null
}

export interface ItemTaxLine extends TaxLineRate {
  item_id: string
}

export interface ShippingMethodTaxLine extends TaxLineRate {
  shipping_method_id: string
}

export interface TaxLinesInput {
  region: { id: string; tax_rate: number }
  items: { id: string; product_id?: string | null; product_type_id?: string | null }[]
  shipping_methods: { id: string; shipping_option_id?: string | null }[]
}

export interface TaxLines {
  items: ItemTaxLine[]
  shipping_methods: ShippingMethodTaxLine[]
}

export type OverrideKind = 'product' | 'product_type' | 'shipping_option'

/** One override rate linked to one product, product type or shipping option. */
export interface OverrideRow {
  kind: OverrideKind
  target_id: string
  rate: number | null
  name: string
  code: string | null
}

const distinct = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))]

/** Ids of products, product types or shipping options: a list, or a subquery answering them. */
export type OverrideTargets = Partial<Record<OverrideKind, string[] | SQL>>

/**
 * The override rates of a region linked to the given products, product types or shipping options,
 * as `OverrideRow`s: one UNION ALL of the three joins, whatever the number of lines; undefined when
 * no target is given. `regionId` is an id, or a column of the statement this becomes part of.
 */
export function overrideRowsQuery(regionId: string | AnyPgColumn, targets: OverrideTargets): SQL | undefined {
  const links = [
    { kind: 'product', link: productTaxRate, target: productTaxRate.product_id },
    { kind: 'product_type', link: productTypeTaxRate, target: productTypeTaxRate.product_type_id },
    { kind: 'shipping_option', link: shippingTaxRate, target: shippingTaxRate.shipping_option_id },
  ] as const
  const parts = links.flatMap(({ kind, link, target }) => {
    const ids = targets[kind]
    if (ids === undefined || (Array.isArray(ids) && ids.length === 0)) return []
    return [
      sql`SELECT ${sql.raw(`'${kind}'`)} AS kind, ${target} AS target_id, ${taxRate.rate}, ${taxRate.name}, ${taxRate.code}
        FROM ${link} JOIN ${taxRate} ON ${taxRate.id} = ${link.rate_id}
        WHERE ${and(eq(taxRate.region_id, regionId), Array.isArray(ids) ? inArray(target, ids) : sql`${target} IN (${ids})`)}`,
    ]
  })
  return parts.length > 0 ? sql.join(parts, sql` UNION ALL `) : undefined
}

/** Every override rate of the region linked to one of the products, product types or shipping options. */
async function loadOverrides(db: Db, regionId: string, targets: OverrideTargets): Promise<TaxOverrides> {
  const query = overrideRowsQuery(regionId, targets)
  if (!query) return new Map()
  const result = await db.execute(query)
  return overridesFrom(rowsOf<OverrideRow>(result))
}

/** Override rows (read here or by a statement of the caller's) as rates by target. */
export function overridesFrom(rows: OverrideRow[]): TaxOverrides {
  const byTarget: TaxOverrides = new Map()
  // Stable order of several rates on one target: by name, then code.
  rows.sort((a, b) => a.name.localeCompare(b.name) || (a.code ?? '').localeCompare(b.code ?? ''))
  for (const row of rows) {
    const key = `${row.kind}:${row.target_id}`
    // A rate stored without a percentage taxes at 0 % (a tax line always carries a number).
    const line = { rate: row.rate ?? 0, name: row.name, code: row.code }
    const list = byTarget.get(key)
    if (list) list.push(line)
    else byTarget.set(key, [line])
  }
  return byTarget
}

/** The override rates of the region that apply to these lines (see `loadOverrides`). */
export type TaxOverrides = Map<string, TaxLineRate[]>

/** Every override rate of the region linked to a product, product type or shipping option of the lines. */
function loadTaxOverrides(
  db: Db,
  regionId: string,
  input: Pick<TaxLinesInput, 'items' | 'shipping_methods'>,
): Promise<TaxOverrides> {
  return loadOverrides(db, regionId, {
    product: distinct(input.items.map((item) => item.product_id)),
    product_type: distinct(input.items.map((item) => item.product_type_id)),
    shipping_option: distinct(input.shipping_methods.map((method) => method.shipping_option_id)),
  })
}

/**
 * Tax lines for a cart's items and shipping methods. A line's rates are the overrides linked to its
 * product, else those linked to its product type, else (items and shipping alike) the region's
 * default rate named "default" with code "default", as v1 answers. Several overrides on one target
 * all apply (one tax line each). Regions with `automatic_taxes=false` get lines too: the cart
 * decides when to ask.
 */
export async function computeTaxLines(db: Db, input: TaxLinesInput): Promise<TaxLines> {
  return taxLinesFrom(await loadTaxOverrides(db, input.region.id, input), input)
}

/** `computeTaxLines` with the overrides already read (they must be the region's, for these lines). */
export function taxLinesFrom(overrides: TaxOverrides, input: TaxLinesInput): TaxLines {
  const fallback: TaxLineRate[] = [{ rate: input.region.tax_rate, name: 'default', code: 'default' }]
  const ratesOf = (kind: OverrideKind, id: string | null | undefined) =>
    id ? overrides.get(`${kind}:${id}`) : undefined

  return {
    items: input.items.flatMap((item) => {
      const rates = ratesOf('product', item.product_id) ?? ratesOf('product_type', item.product_type_id) ?? fallback
      return rates.map((rate) => ({ ...rate, item_id: item.id }))
    }),
    shipping_methods: input.shipping_methods.flatMap((method) => {
      const rates = ratesOf('shipping_option', method.shipping_option_id) ?? fallback
      return rates.map((rate) => ({ ...rate, shipping_method_id: method.id }))
    }),
  }
}
