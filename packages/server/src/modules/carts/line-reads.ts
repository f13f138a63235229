import { sql } from 'drizzle-orm'
import { rowReader } from '../../db/json-rows.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import { product, productSalesChannel, productVariant } from '../catalog/schema.js'
import { region } from '../regions/schema.js'
import { shippingOption } from '../shipping/schema.js'
import type { CartEnv } from './lock.js'
import {
  cartColumn,
  currencyIncludesTax,
  lineProductJson,
  productOf,
  withProfile,
  type LineItemRow,
  type LineProduct,
  type PricingRegion,
} from './loader.js'
import { lineItem, shippingMethod } from './schema.js'
import { stockCheck, type CartVariant } from './variants.js'
import { applicablePricesJson, readApplicablePrice } from '../price-lists/store-prices.js'
import { rowsOf } from '../../db/raw-rows.js'

/** What `planLines` checks and merges against, read before it writes (see `readForLines`). */
export interface LineReads {
  /** Undefined for an unknown cart, whose 404 the caller answers first. */
  region: PricingRegion | undefined
  variants: Map<string, CartVariant>
  /** The products of the variants sold in the cart's sales channel (none when it has none). */
  inChannel: Set<string>
  assertInStock: (variant: CartVariant['variant'], quantity: number) => void
  /** The cart's lines of the variants added. */
  lines: CartLine[]
  /** Whether any line of the cart says it is shipped. */
  linesShipped: boolean
  /** The shipping profiles the cart's shipping methods cover. */
  shipped: Set<string>
}

/** What `planLines` merges into of a line already on the cart. */
export type CartLine = Pick<LineItemRow, 'id' | 'variant_id' | 'quantity' | 'should_merge' | 'metadata'>

type JsonRow = Record<string, unknown>

interface LineReadsRow {
  region: { region: JsonRow; currency_includes_tax: boolean } | null
  variants: { variant: JsonRow; product: JsonRow; prices: JsonRow[] }[]
  in_channel: string[]
  lines: CartLine[]
  lines_shipped: boolean
  shipped: string[]
}

const cartId = sql.placeholder('cartId')
const ids = sql.placeholder('ids')

/**
 * Everything `planLines` checks, by the cart's id and the variants' ids, in one statement: each
 * part costs as much again in protocol and executor start-up as it does to run, so five reads cost
 * far more sent apart. The parts are the ones each had on its own:
 * - the cart's region for pricing (skipped when `withRegion` is false: the caller knows it);
 * - the live variants of live products, with their products and the prices that apply to the
 *   cart's customer (default ones, and those of the price lists open to them now);
 * - the products among them that are sold in the cart's sales channel;
 * - the cart's lines of these variants, and whether any line of the cart says it is shipped, in
 *   one pass over the cart's lines, found by cart alone: a cart holds a few lines, where a
 *   variant's lines (orders keep theirs) grow with every sale, and given both conditions the
 *   planner may walk the variant's;
 * - the shipping profiles of the cart's shipping methods.
 */
const lineReadsStatement = prepared('cart_line_reads', (db) =>
  db.execute(sql`SELECT
    (SELECT json_build_object('region', to_json(${region}), 'currency_includes_tax', ${currencyIncludesTax})
      FROM ${region}
      WHERE ${sql.placeholder('withRegion')}::boolean
        AND ${region.id} = ${cartColumn('region_id', cartId)} AND ${region.deleted_at} IS NULL) AS region,
    (SELECT coalesce(json_agg(json_build_object(
        'variant', to_json(pv),
        'product', ${lineProductJson},
        'prices', ${applicablePricesJson(sql`pv.id`, cartColumn('customer_id', cartId))})), '[]'::json)
      FROM ${productVariant} pv JOIN ${product} ON ${product.id} = pv.product_id
      WHERE pv.id = ANY(${ids}) AND pv.deleted_at IS NULL AND ${product.deleted_at} IS NULL) AS variants,
    (SELECT coalesce(json_agg(psc.product_id), '[]'::json)
      FROM ${productSalesChannel} psc JOIN ${productVariant} pv ON pv.product_id = psc.product_id
      WHERE pv.id = ANY(${ids}) AND psc.sales_channel_id = ${cartColumn('sales_channel_id', cartId)}) AS in_channel,
    coalesce(cart_lines.lines, '[]'::json) AS lines,
    coalesce(cart_lines.shipped, false) AS lines_shipped,
    (SELECT coalesce(json_agg(o.profile_id), '[]'::json)
      FROM ${shippingMethod} m JOIN ${shippingOption} o ON o.id = m.shipping_option_id
      WHERE m.cart_id = ${cartId}) AS shipped
  FROM (SELECT json_agg(json_build_object('id', li.id, 'variant_id', li.variant_id, 'quantity', li.quantity,
      'should_merge', li.should_merge, 'metadata', li.metadata)) FILTER (WHERE li.variant_id = ANY(${ids})) AS lines,
      bool_or(li.has_shipping) AS shipped
    FROM ${lineItem} li WHERE li.cart_id = ${cartId}) cart_lines`),
)

const regionOf = rowReader(region)
const variantOf = rowReader(productVariant)

/**
 * Sends every read `planLines` needs to put these variants on the cart, by the cart's id alone
 * (the region too, unless known): they need no answer first, so they can go out behind the cart's
 * lock (`mutateCart`'s `alongside`) or behind the insert of a new cart. One statement, and a second
 * for the inventory module's stock when it is on.
 */
export async function readForLines(
  tx: Db,
  env: CartEnv,
  cart: string,
  variantIds: string[],
  knownRegion?: PricingRegion,
): Promise<LineReads> {
  const wanted = [...new Set(variantIds)]
  const [result, assertInStock] = await concurrently(tx, [
    () => lineReadsStatement(tx, { cartId: cart, ids: wanted, withRegion: !knownRegion }),
    () => stockCheck(tx, env.flags, cartColumn('sales_channel_id', cart), wanted),
  ])
  const [read] = rowsOf<LineReadsRow>(result)
  const variants = new Map<string, CartVariant>()
  for (const entry of read.variants) {
    const variant = variantOf(entry.variant)
    variants.set(variant.id, {
      variant,
      // A product outside any profile, in a store without a default one, reads it anew.
      product: await withProfile<LineProduct>(tx, productOf(entry.product)),
      prices: entry.prices.map(readApplicablePrice),
    })
  }
  return {
    region:
      knownRegion ??
      (read.region
        ? { ...regionOf(read.region.region), currency_includes_tax: read.region.currency_includes_tax }
        : undefined),
    variants,
    inChannel: env.flags.sales_channels ? new Set(read.in_channel) : new Set<string>(),
    assertInStock,
    lines: read.lines,
    linesShipped: read.lines_shipped,
    shipped: new Set(read.shipped),
  }
}
