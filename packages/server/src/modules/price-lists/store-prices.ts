import { and, asc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm'
import { prepared } from '../../db/fast-path/prepared.js'
import { rowReader } from '../../db/json-rows.js'
import type { Db } from '../../db/types.js'
import type { PriceRow, PriceScope } from '../catalog/loader.js'
import type { PriceListSeam, ListedPrice } from '../catalog/seams.js'
import { moneyAmount, productVariant } from '../catalog/schema.js'
import { customerGroupCustomer } from '../customers/schema.js'
import { priceList, priceListCustomerGroup, type PriceListType } from './schema.js'

/**
 * Whether a price applies to a shopper now: a default price, or a price of a list that is active,
 * not deleted, started, not ended, and for everyone or for one of the groups of `customer`
 * (a placeholder, null for a guest). v1's price selection rules, in SQL, so that the catalogue and
 * the cart read the applicable prices in the statement that reads the default ones.
 */
export function applicableList(customer: SQL): SQL {
  return sql`(${moneyAmount.price_list_id} IS NULL OR (${priceList.deleted_at} IS NULL
    AND ${priceList.status} = 'active'
    AND (${priceList.starts_at} IS NULL OR ${priceList.starts_at} <= now())
    AND (${priceList.ends_at} IS NULL OR ${priceList.ends_at} > now())
    AND (NOT EXISTS (SELECT 1 FROM ${priceListCustomerGroup} g WHERE g.price_list_id = ${priceList.id})
      OR EXISTS (SELECT 1 FROM ${priceListCustomerGroup} g JOIN ${customerGroupCustomer} m
        ON m.customer_group_id = g.customer_group_id
        WHERE g.price_list_id = ${priceList.id} AND m.customer_id = ${customer}))))`
}

const inScope = sql`(${sql.placeholder('any')}::boolean OR ${moneyAmount.region_id} = ${sql.placeholder('region_id')}
  OR (${moneyAmount.region_id} IS NULL AND ${moneyAmount.currency_code} = ${sql.placeholder('currency_code')}))`

const selection = {
  ...getTableColumns(moneyAmount),
  list_type: priceList.type,
  list_includes_tax: priceList.includes_tax,
}

const ids = sql.placeholder('ids')
const customer = sql`${sql.placeholder('customer_id')}::text`

const ofProducts = prepared('price_lists_store_prices_of_products', (db) =>
  db
    .select(selection)
    .from(moneyAmount)
    .innerJoin(productVariant, eq(productVariant.id, moneyAmount.variant_id))
    .leftJoin(priceList, eq(priceList.id, moneyAmount.price_list_id))
    .where(
      and(
        sql`${productVariant.product_id} = ANY(${ids})`,
        isNull(productVariant.deleted_at),
        isNull(moneyAmount.deleted_at),
        inScope,
        applicableList(customer),
      ),
    )
    .orderBy(asc(moneyAmount.created_at), asc(moneyAmount.id)),
)

const ofVariants = prepared('price_lists_store_prices_of_variants', (db) =>
  db
    .select(selection)
    .from(moneyAmount)
    .leftJoin(priceList, eq(priceList.id, moneyAmount.price_list_id))
    .where(
      and(
        sql`${moneyAmount.variant_id} = ANY(${ids})`,
        isNull(moneyAmount.deleted_at),
        inScope,
        applicableList(customer),
      ),
    )
    .orderBy(asc(moneyAmount.created_at), asc(moneyAmount.id)),
)

type Row = Awaited<ReturnType<typeof ofVariants>>[number]

/** A row as the catalogue's price, its list (already known to apply) attached for the chooser. */
function listed({ list_type, list_includes_tax, ...price }: Row): ListedPrice {
  if (price.price_list_id === null || list_type === null) return price
  return { ...price, price_list: { type: list_type, includes_tax: list_includes_tax ?? false } }
}

const params = (rowIds: readonly string[], scope: PriceScope) => ({
  ids: rowIds,
  any: scope.any,
  region_id: scope.region_id,
  currency_code: scope.currency_code,
  customer_id: scope.customer_id ?? null,
})

/** The catalogue's seam: the storefront's prices of a page, with the lists that apply, in one statement. */
export const storePriceListPrices: PriceListSeam = {
  async pricesOfProducts(db: Db, productIds: readonly string[], scope: PriceScope): Promise<PriceRow[]> {
    return (await ofProducts(db, params(productIds, scope))).map(listed)
  },
  async pricesOfVariants(db: Db, variantIds: readonly string[], scope: PriceScope): Promise<PriceRow[]> {
    return (await ofVariants(db, params(variantIds, scope))).map(listed)
  },
}

/**
 * A variant's applicable prices (default ones, and those of the lists that apply to `customer`
 * now) as a JSON array, each with its list's `price_list: {type, includes_tax}`: for statements
 * that read variants with their prices in one go (the cart's line reads). `variantId` is the
 * outer query's variant id column.
 */
export function applicablePricesJson(variantId: SQL, customer: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(to_jsonb(${moneyAmount}) || jsonb_build_object('price_list',
      CASE WHEN ${priceList.id} IS NULL THEN NULL
      ELSE jsonb_build_object('type', ${priceList.type}, 'includes_tax', ${priceList.includes_tax}) END)
      ORDER BY ${moneyAmount.created_at}, ${moneyAmount.id}), '[]'::json)
    FROM ${moneyAmount} LEFT JOIN ${priceList} ON ${priceList.id} = ${moneyAmount.price_list_id}
    WHERE ${moneyAmount.variant_id} = ${variantId} AND ${moneyAmount.deleted_at} IS NULL
      AND ${applicableList(customer)})`
}

const priceOf = rowReader(moneyAmount)

/** A price of `applicablePricesJson`, read back with its list. */
export function readApplicablePrice(json: Record<string, unknown>): ListedPrice {
  const price: ListedPrice = priceOf(json)
  const list = json.price_list as { type: PriceListType; includes_tax: boolean } | null | undefined
  return list ? { ...price, price_list: list } : price
}
