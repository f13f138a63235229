import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging } from '../../../core/list.js'
import { StringOrArray } from '../../../core/schemas.js'
import { Product } from '../contract.js'

/** `POST /store/products/search` on the wire (reference/store-api.md "Products"). */

/**
 * `filter`: v1 handed it to the search plugin in that engine's own syntax. Here the engine is the
 * database, and the filter takes the storefront product list's filters, so a storefront can narrow
 * a search to a collection, a category or a channel the way it narrows a listing.
 */
export const StoreSearchFilter = Type.Object(
  {
    id: Type.Optional(StringOrArray),
    collection_id: Type.Optional(StringOrArray),
    type_id: Type.Optional(StringOrArray),
    tags: Type.Optional(StringOrArray),
    category_id: Type.Optional(StringOrArray),
    include_category_children: Type.Optional(Type.Boolean()),
    is_giftcard: Type.Optional(Type.Boolean()),
    handle: Type.Optional(Type.String()),
    sales_channel_id: Type.Optional(StringOrArray),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type StoreSearchFilter = Static<typeof StoreSearchFilter>

/**
 * `StorePostSearchReq`. The one request schema that keeps undeclared keys (reference/conventions.md
 * §1): v1 passed them on to the search plugin as engine options, and clients still send them.
 * Here they are accepted and ignored, except the price selection keys, which price the hits as
 * `GET /store/products` would.
 */
export const searchPaging = listPaging(20)

export const StorePostSearchReq = Type.Object(
  {
    q: Type.String({ maxLength: 1000 }),
    ...searchPaging.pageParams,

    filter: Type.Optional(StoreSearchFilter),
    region_id: Type.Optional(Type.String({ minLength: 1 })),
    currency_code: Type.Optional(Type.String({ minLength: 1 })),
    cart_id: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
)
export type StorePostSearchReq = Static<typeof StorePostSearchReq>

/**
 * `StorePostSearchRes`: `hits` plus the paging keys of a search engine's raw answer (Meilisearch's
 * names, the engine v1 storefronts most often used). Hits are storefront products, shaped and
 * priced like the items of `GET /store/products`, best match first.
 */
export const StorePostSearchRes = Type.Object({
  hits: Type.Array(Product),
  query: Type.String(),
  offset: Type.Integer(),
  limit: Type.Integer(),
  estimatedTotalHits: Type.Integer(),
})
export type StorePostSearchRes = Static<typeof StorePostSearchRes>
