import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse } from '../../core/list.js'
import { DateTime, Metadata, MetadataInput, Nullable } from '../../core/schemas.js'
import { Currency, Provider } from '../store/contract.js'

export const Country = Type.Object({
  id: Type.Integer(),
  iso_2: Type.String(),
  iso_3: Type.String(),
  num_code: Type.Integer(),
  name: Type.String(),
  display_name: Type.String(),
  region_id: Nullable(Type.String()),
})
export type Country = Static<typeof Country>

/** Scalar fields `fields=` may select; also the default selection. */
export const REGION_FIELDS = [
  'id',
  'name',
  'automatic_taxes',
  'gift_cards_taxable',
  'tax_provider_id',
  'currency_code',
  'tax_rate',
  'tax_code',
  'includes_tax',
  'created_at',
  'updated_at',
  'deleted_at',
  'metadata',
] as const
export type RegionField = (typeof REGION_FIELDS)[number]

/** The `expand` allow-list, and the relations loaded when `expand` is absent. */
export const REGION_RELATIONS = ['countries', 'payment_providers', 'fulfillment_providers', 'currency'] as const

/** Every scalar is optional on the wire because `fields` may leave it out; relations are there when expanded. */
export const Region = Type.Object({
  id: Type.String(),
  name: Type.Optional(Type.String()),
  currency_code: Type.Optional(Type.String()),
  tax_rate: Type.Optional(Type.Number()),
  tax_code: Type.Optional(Nullable(Type.String())),
  gift_cards_taxable: Type.Optional(Type.Boolean()),
  automatic_taxes: Type.Optional(Type.Boolean()),
  tax_provider_id: Type.Optional(Nullable(Type.String())),
  includes_tax: Type.Optional(Type.Boolean()),
  metadata: Type.Optional(Metadata),
  created_at: Type.Optional(DateTime),
  updated_at: Type.Optional(DateTime),
  deleted_at: Type.Optional(Nullable(DateTime)),
  countries: Type.Optional(Type.Array(Country)),
  payment_providers: Type.Optional(Type.Array(Provider)),
  fulfillment_providers: Type.Optional(Type.Array(Provider)),
  currency: Type.Optional(Currency),
})
export type Region = Static<typeof Region>

const RegionName = Type.String({ minLength: 1, maxLength: 255 })
const CurrencyCode = Type.String({ minLength: 1, maxLength: 10 })
const TaxRate = Type.Number({ minimum: 0, maximum: 100 })
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 500 })

export const adminRegionsPaging = listPaging(50)

export const AdminGetRegionsParams = Type.Object(
  {
    ...adminRegionsPaging.params,
    q: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetRegionsParams = Static<typeof AdminGetRegionsParams>

export const storeRegionsPaging = listPaging(100)

export const StoreGetRegionsParams = Type.Object(
  {
    ...storeRegionsPaging.pageParams,

    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    ...FindParams,
  },
  { additionalProperties: false },
)

export const RegionFindParams = Type.Object(FindParams, { additionalProperties: false })
export type RegionFindParams = Static<typeof RegionFindParams>

export const AdminPostRegionsReq = Type.Object(
  {
    name: RegionName,
    currency_code: CurrencyCode,
    tax_code: Type.Optional(Type.String({ maxLength: 255 })),
    tax_rate: TaxRate,
    payment_providers: Ids,
    fulfillment_providers: Ids,
    countries: Ids,
    includes_tax: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostRegionsReq = Static<typeof AdminPostRegionsReq>

export const AdminPostRegionsRegionReq = Type.Object(
  {
    name: Type.Optional(RegionName),
    currency_code: Type.Optional(CurrencyCode),
    tax_code: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    tax_rate: Type.Optional(TaxRate),
    gift_cards_taxable: Type.Optional(Type.Boolean()),
    automatic_taxes: Type.Optional(Type.Boolean()),
    tax_provider_id: Type.Optional(Nullable(Type.String({ minLength: 1 }))),
    payment_providers: Type.Optional(Ids),
    fulfillment_providers: Type.Optional(Ids),
    countries: Type.Optional(Ids),
    includes_tax: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostRegionsRegionReq = Static<typeof AdminPostRegionsRegionReq>

export const AdminPostRegionsRegionCountriesReq = Type.Object(
  { country_code: Type.String({ minLength: 1, maxLength: 3 }) },
  { additionalProperties: false },
)
export const AdminPostRegionsRegionProvidersReq = Type.Object(
  { provider_id: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
)

export const RegionIdParams = Type.Object({ region_id: Type.String({ minLength: 1 }) })
export const RegionCountryParams = Type.Object({
  region_id: Type.String({ minLength: 1 }),
  country_code: Type.String({ minLength: 1 }),
})
export const RegionProviderParams = Type.Object({
  region_id: Type.String({ minLength: 1 }),
  provider_id: Type.String({ minLength: 1 }),
})

export const AdminRegionsRes = Type.Object({ region: Region })
export const AdminRegionsListRes = listResponse('regions', Region)
export const StoreRegionsRes = AdminRegionsRes
export const StoreRegionsListRes = AdminRegionsListRes

export const FulfillmentOption = Type.Record(Type.String(), Type.Unknown())
export type FulfillmentOption = Static<typeof FulfillmentOption>

export const AdminGetRegionsRegionFulfillmentOptionsRes = Type.Object({
  fulfillment_options: Type.Array(Type.Object({ provider_id: Type.String(), options: Type.Array(FulfillmentOption) })),
})
