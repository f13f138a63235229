import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse } from '../../core/list.js'
import { DateTime, Nullable, SoftDeletableFields, StringOrArray } from '../../core/schemas.js'
import { MoneyAmount } from '../catalog/contract.js'
import { AdminGetProductsParams } from '../catalog/products/contract.js'
import { CustomerGroup } from '../customers/contract.js'
import { PRICE_LIST_STATUSES, PRICE_LIST_TYPES } from './schema.js'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const oneOrMany = <T extends TSchema>(item: T) => Type.Union([item, Type.Array(item, { maxItems: 10 })])
const Id = Type.String({ minLength: 1, maxLength: 100 })
const Quantity = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })))

export const PriceList = Type.Object({
  ...SoftDeletableFields,
  name: Type.String(),
  description: Type.String(),
  type: literals(PRICE_LIST_TYPES),
  status: literals(PRICE_LIST_STATUSES),
  starts_at: Nullable(DateTime),
  ends_at: Nullable(DateTime),
  includes_tax: Type.Optional(Type.Boolean()),
  prices: Type.Optional(Type.Array(MoneyAmount)),
  customer_groups: Type.Optional(Type.Array(CustomerGroup)),
})
export type PriceList = Static<typeof PriceList>

/** A price of a list: one variant's amount in a region or a currency, within optional quantity bounds. */
export const PriceListPriceInput = Type.Object(
  {
    id: Type.Optional(Id),
    variant_id: Id,
    amount: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    region_id: Type.Optional(Id),
    currency_code: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    min_quantity: Quantity,
    max_quantity: Quantity,
  },
  { additionalProperties: false },
)
export type PriceListPriceInput = Static<typeof PriceListPriceInput>

const Prices = Type.Array(PriceListPriceInput, { maxItems: 10_000 })
const GroupRefs = Type.Array(Type.Object({ id: Id }, { additionalProperties: false }), { maxItems: 1000 })
const DateInput = Type.String({ minLength: 1, maxLength: 64 })

export const AdminPostPriceListsReq = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    description: Type.String(),
    type: literals(PRICE_LIST_TYPES),
    prices: Prices,
    status: Type.Optional(literals(PRICE_LIST_STATUSES)),
    starts_at: Type.Optional(DateInput),
    ends_at: Type.Optional(DateInput),
    customer_groups: Type.Optional(GroupRefs),
    includes_tax: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostPriceListsReq = Static<typeof AdminPostPriceListsReq>

export const AdminPostPriceListsPriceListReq = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1 })),
    description: Type.Optional(Type.String()),
    type: Type.Optional(literals(PRICE_LIST_TYPES)),
    prices: Type.Optional(Prices),
    status: Type.Optional(literals(PRICE_LIST_STATUSES)),
    starts_at: Type.Optional(Nullable(DateInput)),
    ends_at: Type.Optional(Nullable(DateInput)),
    customer_groups: Type.Optional(GroupRefs),
    includes_tax: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostPriceListsPriceListReq = Static<typeof AdminPostPriceListsPriceListReq>

export const AdminPostPriceListPricesPricesReq = Type.Object(
  { prices: Prices, override: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type AdminPostPriceListPricesPricesReq = Static<typeof AdminPostPriceListPricesPricesReq>

export const AdminDeletePriceListPricesPricesReq = Type.Object(
  { price_ids: Type.Array(Id, { minItems: 1, maxItems: 10_000 }) },
  { additionalProperties: false },
)
export type AdminDeletePriceListPricesPricesReq = Static<typeof AdminDeletePriceListPricesPricesReq>

export const AdminDeletePriceListsPriceListProductsPricesBatchReq = Type.Object(
  { product_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
)
export type AdminDeletePriceListsPriceListProductsPricesBatchReq = Static<
  typeof AdminDeletePriceListsPriceListProductsPricesBatchReq
>

export const priceListsPaging = listPaging(10)

export const AdminGetPriceListPaginationParams = Type.Object(
  {
    q: Type.Optional(Type.String()),
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    status: Type.Optional(oneOrMany(literals(PRICE_LIST_STATUSES))),
    type: Type.Optional(oneOrMany(literals(PRICE_LIST_TYPES))),
    customer_groups: Type.Optional(StringOrArray),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
    ...priceListsPaging.params,
  },
  { additionalProperties: false },
)
export type AdminGetPriceListPaginationParams = Static<typeof AdminGetPriceListPaginationParams>

/** The catalogue's admin product filters, narrowed to the list's products by the route. */
const { price_list_id: _priceListId, ...productFilters } = AdminGetProductsParams.properties
export const AdminGetPriceListsPriceListProductsParams = Type.Object(productFilters, { additionalProperties: false })
export type AdminGetPriceListsPriceListProductsParams = Static<typeof AdminGetPriceListsPriceListProductsParams>

export const PriceListFindParams = Type.Object(FindParams, { additionalProperties: false })

export const AdminPriceListRes = Type.Object({ price_list: PriceList })
export type AdminPriceListRes = Static<typeof AdminPriceListRes>
export const AdminPriceListsListRes = listResponse('price_lists', PriceList)
export type AdminPriceListsListRes = Static<typeof AdminPriceListsListRes>

/** `{ids, object: "money-amount", deleted: true}`: the prices a delete removed. */
export const AdminPriceListDeleteBatchRes = Type.Object({
  ids: Type.Array(Type.String()),
  object: Type.String(),
  deleted: Type.Boolean(),
})
export type AdminPriceListDeleteBatchRes = Static<typeof AdminPriceListDeleteBatchRes>

export const PriceListIdParams = Type.Object({ id: Id })
export const PriceListProductParams = Type.Object({ id: Id, product_id: Id })
export const PriceListVariantParams = Type.Object({ id: Id, variant_id: Id })
