import { Type, type Static, type TOptional, type TProperties } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../core/list.js'

import { DateTime, Metadata, MetadataInput, Nullable, SoftDeletableFields, StringOrArray } from '../../core/schemas.js'
import { Region } from '../regions/contract.js'

export const ShippingProfileType = Type.Union([
  Type.Literal('default'),
  Type.Literal('gift_card'),
  Type.Literal('custom'),
])
export const ShippingOptionPriceType = Type.Union([Type.Literal('flat_rate'), Type.Literal('calculated')])
export const RequirementType = Type.Union([Type.Literal('min_subtotal'), Type.Literal('max_subtotal')])

/** Money in minor units, within the integer columns that store it. */
const Money = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })
/** One schema rather than a union, so a bad value is reported as `amount must be >= 0`. */
const NullableMoney = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 2_147_483_647 })
const Name = Type.String({ minLength: 1, maxLength: 255 })
const Id = Type.String({ minLength: 1, maxLength: 100 })
const Data = Type.Record(Type.String(), Type.Unknown())

export const ShippingOptionRequirement = Type.Object({
  id: Type.String(),
  shipping_option_id: Type.String(),
  type: RequirementType,
  amount: Type.Integer(),
  deleted_at: Nullable(DateTime),
})

const ShippingProfileFields = {
  ...SoftDeletableFields,
  name: Type.String(),
  type: ShippingProfileType,
  metadata: Metadata,
}

const ShippingOptionFields = {
  ...SoftDeletableFields,
  name: Type.String(),
  region_id: Type.String(),
  profile_id: Type.String(),
  provider_id: Type.String(),
  price_type: ShippingOptionPriceType,
  amount: Nullable(Type.Integer()),
  is_return: Type.Boolean(),
  admin_only: Type.Boolean(),
  data: Data,
  includes_tax: Type.Boolean(),
  metadata: Metadata,
}

const optional = <T extends TProperties>(properties: T) =>
  Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof T]: TOptional<T[K]>
  }

/** Scalar fields `fields=` may select; also the default selection. */
export const SHIPPING_OPTION_FIELDS = Object.keys(ShippingOptionFields) as (keyof typeof ShippingOptionFields)[]

/** The `expand` allow-list of the admin list, and the relations the admin loads when it is absent. */
export const SHIPPING_OPTION_RELATIONS = ['region', 'profile', 'requirements'] as const
export type ShippingOptionRelation = (typeof SHIPPING_OPTION_RELATIONS)[number]

/** A rate applied to a shipping price: percent, as on regions and tax rates. */
export const ShippingTaxRate = Type.Object({ rate: Type.Number(), name: Type.String(), code: Nullable(Type.String()) })

/**
 * A priced option: the columns (each optional because `fields` may leave it out), the expanded
 * relations, and `price_incl_tax`, `tax_rates`, `tax_amount`.
 */
export const ShippingOption = Type.Object({
  ...optional(ShippingOptionFields),
  id: Type.String(),
  region: Type.Optional(Region),
  profile: Type.Optional(Type.Object(ShippingProfileFields)),
  requirements: Type.Optional(Type.Array(ShippingOptionRequirement)),
  price_incl_tax: Type.Optional(Type.Integer()),
  tax_rates: Type.Optional(Type.Array(ShippingTaxRate)),
  tax_amount: Type.Optional(Type.Integer()),
})

export const ShippingProfile = Type.Object({
  ...ShippingProfileFields,
  shipping_options: Type.Optional(Type.Array(Type.Object(ShippingOptionFields))),
})

export const shippingOptionsPaging = listPaging(50)

export const AdminGetShippingOptionsParams = Type.Object(
  {
    ...shippingOptionsPaging.params,

    id: Type.Optional(StringOrArray),
    name: Type.Optional(Type.String()),
    region_id: Type.Optional(StringOrArray),
    is_return: Type.Optional(Type.Boolean()),
    admin_only: Type.Optional(Type.Boolean()),
    q: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetShippingOptionsParams = Static<typeof AdminGetShippingOptionsParams>

export const RequirementInput = Type.Object({ type: RequirementType, amount: Money }, { additionalProperties: false })

export const AdminPostShippingOptionsReq = Type.Object(
  {
    name: Name,
    region_id: Id,
    provider_id: Id,
    profile_id: Type.Optional(Id),
    data: Data,
    price_type: ShippingOptionPriceType,
    amount: Type.Optional(NullableMoney),
    requirements: Type.Optional(Type.Array(RequirementInput, { maxItems: 10 })),
    is_return: Type.Optional(Type.Boolean()),
    admin_only: Type.Optional(Type.Boolean()),
    includes_tax: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostShippingOptionsReq = Static<typeof AdminPostShippingOptionsReq>

export const AdminPostShippingOptionsOptionReq = Type.Object(
  {
    requirements: Type.Array(
      Type.Object({ id: Type.Optional(Id), type: RequirementType, amount: Money }, { additionalProperties: false }),
      { maxItems: 10 },
    ),
    name: Type.Optional(Name),
    amount: Type.Optional(NullableMoney),
    price_type: Type.Optional(ShippingOptionPriceType),
    admin_only: Type.Optional(Type.Boolean()),
    includes_tax: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostShippingOptionsOptionReq = Static<typeof AdminPostShippingOptionsOptionReq>

export const ShippingOptionIdParams = Type.Object({ option_id: Type.String({ minLength: 1 }) })

export const AdminShippingOptionsListRes = listResponse('shipping_options', ShippingOption)
export const AdminShippingOptionRes = Type.Object({ shipping_option: ShippingOption })

export const StoreGetShippingOptionsParams = Type.Object(
  {
    region_id: Type.Optional(Type.String()),
    /** Comma-separated product ids: the options of those products' shipping profiles. */
    product_ids: Type.Optional(Type.String({ maxLength: 20_000 })),
    is_return: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type StoreGetShippingOptionsParams = Static<typeof StoreGetShippingOptionsParams>

export const StoreShippingOptionsListRes = Type.Object({ shipping_options: Type.Array(ShippingOption) })

export const AdminPostShippingProfilesReq = Type.Object(
  { name: Name, type: ShippingProfileType, metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostShippingProfilesReq = Static<typeof AdminPostShippingProfilesReq>

export const AdminPostShippingProfilesProfileReq = Type.Object(
  {
    name: Type.Optional(Name),
    type: Type.Optional(ShippingProfileType),
    metadata: Type.Optional(MetadataInput),
    /** Products moved into this profile. */
    products: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
    /** Shipping options moved into this profile. */
    shipping_options: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  },
  { additionalProperties: false },
)
export type AdminPostShippingProfilesProfileReq = Static<typeof AdminPostShippingProfilesProfileReq>

export const ShippingProfileIdParams = Type.Object({ profile_id: Type.String({ minLength: 1 }) })

export const AdminShippingProfilesListRes = Type.Object({ shipping_profiles: Type.Array(ShippingProfile) })
export const AdminShippingProfileRes = Type.Object({ shipping_profile: ShippingProfile })
