import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { whereAll, type Picked } from '../../../core/list.js'
import { toList } from '../../../core/schemas.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import { loadProductRelations, type LoadedProduct, type PageRow } from '../loader.js'
import {
  inDefaultSalesChannel,
  inSalesChannels,
  productFilterConditions,
  publishedProduct,
} from '../products/filters.js'
import { assertChannelsInScope, stockChannelOf, type CatalogFlags, type StoreScope } from '../products/products.js'
import { resolvePricingContext, storePriceScope } from '../pricing/pricing.js'
import { product, productCollection, productType } from '../schema.js'
import { searchPaging, type StorePostSearchReq } from './contract.js'

/**
 * Storefront product search over PostgreSQL full-text search and pg_trgm, the same on PGlite and
 * PostgreSQL (migrations/0011_product_search.sql holds the documents, their triggers and the
 * reasons for the 'simple' configuration).
 *
 * Hits come in two tiers: products whose document matches every word of the query (the last one
 * as a prefix), by `ts_rank_cd`, so a title match outranks a description match; then products
 * whose title holds a word like each word of the query (typos), by trigram word similarity. One
 * statement ranks and pages them; the catalogue loader then brings the page's relations, as for
 * a listing.
 */

/** The storefront list's default relations (store-api.md "Products"), so hits render like list items. */
const HIT_RELATIONS: ReadonlySet<string> = new Set([
  'variants',
  'variants.prices',
  'variants.options',
  'options',
  'options.values',
  'images',
  'tags',
  'type',
  'collection',
])

/** Meilisearch reads at most ten words of a query; so do we. */
const MAX_WORDS = 10
const MAX_WORD_LENGTH = 100
/**
 * Meilisearch's smallest word size for one typo: a query whose words are all shorter gets no typo
 * tier, since trigram likeness between short words is mostly noise ("shoe" and "Shirt").
 */
const MIN_TYPO_LENGTH = 5

const WORD = /[\p{L}\p{M}\p{N}]+/gu

/**
 * The words of a query, lower-cased: runs of letters, marks and digits. Everything else (quotes,
 * `&`, `:`, `!`, parentheses…) separates words, as the text search parser does for documents.
 */
function searchWords(q: string): string[] {
  const words = q.normalize('NFC').toLowerCase().match(WORD) ?? []
  return words.slice(0, MAX_WORDS).map((word) => Array.from(word).slice(0, MAX_WORD_LENGTH).join(''))
}

/**
 * `to_tsquery` text: every word required, the last one as a prefix because the shopper may still
 * be typing it. Words hold only letters, marks and digits, so input can never add tsquery syntax.
 */
function prefixQuery(words: readonly string[]): string {
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ')
}

/**
 * The storefront's visibility, as for `GET /store/products`: the requested channels (inside the
 * publishable key's scope), else the key's channels, else the store's default channel.
 */
function channelCondition(requested: string[] | undefined, scope: StoreScope, flags: CatalogFlags): SQL | undefined {
  if (!flags.sales_channels) return undefined
  const keyChannels = scope.publishableKey?.salesChannelIds ?? []
  if (requested) {
    assertChannelsInScope(requested, keyChannels)
    return inSalesChannels(requested)
  }
  if (keyChannels.length > 0) return inSalesChannels(keyChannels)
  return inDefaultSalesChannel()
}

interface RankedPage {
  rows: PageRow[]
  total: number
}

/**
 * The candidates, one row per product: `exact` when the document matches, with its `ts_rank_cd`
 * as `score`; otherwise the title's trigram likeness to the query. Both branches are answered
 * from an index (the documents' GIN index, the titles' trigram index).
 */
function matchesOf(words: readonly string[]): SQL {
  const query = sql`to_tsquery('simple', ${prefixQuery(words)})`
  const fullText = sql`SELECT product_id, true AS exact, ts_rank_cd(document, ${query}) AS score
    FROM product_search WHERE document @@ ${query}`
  const typoTolerant = words.some((word) => [...word].length >= MIN_TYPO_LENGTH)
  const typos = sql`SELECT product_id, false, similarity FROM product_title_typo_matches(ARRAY[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[])`
  return sql`(SELECT product_id, bool_or(exact) AS exact, coalesce(max(score) FILTER (WHERE exact), max(score)) AS score
    FROM (${fullText}${typoTolerant ? sql` UNION ALL ${typos}` : sql``}) AS found
    GROUP BY product_id) AS matches`
}

/**
 * One page of visible matches, best first, with the number of all visible matches, in one
 * statement. Visibility and filters are checked on the candidates only.
 */
async function rankedPage(
  db: Db,
  words: readonly string[],
  visible: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<RankedPage> {
  const found = await db
    .select({
      product,
      collection: productCollection,
      type: productType,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(product)
    .innerJoin(matchesOf(words), sql`matches.product_id = ${product.id}`)
    .leftJoin(
      productCollection,
      and(eq(productCollection.id, product.collection_id), isNull(productCollection.deleted_at)),
    )
    .leftJoin(productType, eq(productType.id, product.type_id))
    .where(visible)
    .orderBy(desc(sql`matches.exact`), desc(sql`matches.score`), desc(product.created_at), desc(product.id))
    .limit(page.limit)
    .offset(page.offset)
  if (found.length > 0) {
    const rows = found.map((row) => ({ ...row.product, collection: row.collection, type: row.type }))
    return { rows, total: found[0].total }
  }
  // An empty page has no row to carry the total; only a page past the end (or `limit: 0`) asks again.
  if (page.offset === 0 && page.limit > 0) return { rows: [], total: 0 }
  const [{ value }] = await db
    .select({ value: count() })
    .from(product)
    .innerJoin(matchesOf(words), sql`matches.product_id = ${product.id}`)
    .where(visible)
  return { rows: [], total: value }
}

/**
 * `POST /store/products/search`: published products in the request's sales-channel scope that
 * match `q`, narrowed by `filter`, priced for `region_id`/`currency_code` like a listing.
 */
export async function searchStoreProducts(
  db: Db,
  input: StorePostSearchReq,
  scope: StoreScope,
  flags: CatalogFlags,
): Promise<{ hits: Picked<LoadedProduct>[]; total: number }> {
  const filter = input.filter ?? {}
  const visible = whereAll([
    publishedProduct,
    ...productFilterConditions(filter, { categoriesEnabled: flags.product_categories, publicCategoriesOnly: true }),
    channelCondition(toList(filter.sales_channel_id), scope, flags),
  ])
  const words = searchWords(input.q)
  if (words.length === 0) return { hits: [], total: 0 }
  const [context, page] = await concurrently(db, [
    () => resolvePricingContext(db, input, flags.tax_inclusive_pricing),
    () => rankedPage(db, words, visible, searchPaging.page(input)),
  ])
  const hits = await loadProductRelations(db, page.rows, HIT_RELATIONS, {
    availability: true,
    publicCategoriesOnly: true,
    pricing: context,
    priceScope: storePriceScope(context, scope, flags.priceLists),
    stockChannel: stockChannelOf(toList(filter.sales_channel_id), scope, flags),
    inventory: flags.inventory,
  })
  return { hits, total: page.total }
}
