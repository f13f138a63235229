import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../core/list.js'
import { DateTime, Metadata, MetadataInput, Nullable, SoftDeletableFields, StringOrArray } from '../../core/schemas.js'
import { ProductBase, ProductType } from '../catalog/contract.js'

/** Scalar columns `fields` may select. */
export const TAX_RATE_COLUMNS = [
  'id',
  'rate',
  'code',
  'name',
  'region_id',
  'metadata',
  'created_at',
  'updated_at',
] as const
export type TaxRateColumn = (typeof TAX_RATE_COLUMNS)[number]

/** Computed counts `fields` may select. */
export const TAX_RATE_COUNTS = ['product_count', 'product_type_count', 'shipping_option_count'] as const
export type TaxRateCount = (typeof TAX_RATE_COUNTS)[number]

/** v1 answers these when `fields` is absent (metadata only on request). */
export const TAX_RATE_DEFAULT_FIELDS: readonly TaxRateColumn[] = [
  'id',
  'rate',
  'code',
  'name',
  'region_id',
  'created_at',
  'updated_at',
]

/** The `expand` allow-list; nothing is expanded by default. */
export const TAX_RATE_RELATIONS = ['products', 'product_types', 'shipping_options'] as const
export type TaxRateRelation = (typeof TAX_RATE_RELATIONS)[number]

/** A shipping option as linked to a tax rate: its own columns, no relations. */
export const TaxRateShippingOption = Type.Object({
  ...SoftDeletableFields,
  name: Type.String(),
  region_id: Type.String(),
  profile_id: Type.String(),
  provider_id: Type.String(),
  price_type: Type.String(),
  amount: Nullable(Type.Number()),
  is_return: Type.Boolean(),
  admin_only: Type.Boolean(),
  data: Type.Record(Type.String(), Type.Unknown()),
  metadata: Metadata,
  includes_tax: Type.Optional(Type.Boolean()),
})

/** Every field is optional on the wire: `fields` prunes the object and relations come with `expand`. */
export const TaxRate = Type.Object({
  id: Type.String(),
  rate: Type.Optional(Nullable(Type.Number())),
  code: Type.Optional(Nullable(Type.String())),
  name: Type.Optional(Type.String()),
  region_id: Type.Optional(Type.String()),
  metadata: Type.Optional(Metadata),
  created_at: Type.Optional(DateTime),
  updated_at: Type.Optional(DateTime),
  product_count: Type.Optional(Type.Integer()),
  product_type_count: Type.Optional(Type.Integer()),
  shipping_option_count: Type.Optional(Type.Integer()),
  products: Type.Optional(Type.Array(ProductBase)),
  product_types: Type.Optional(Type.Array(ProductType)),
  shipping_options: Type.Optional(Type.Array(TaxRateShippingOption)),
})
export type TaxRate = Static<typeof TaxRate>

const NumericalComparison = Type.Union([
  Type.Number(),
  Type.Object(
    {
      lt: Type.Optional(Type.Number()),
      gt: Type.Optional(Type.Number()),
      lte: Type.Optional(Type.Number()),
      gte: Type.Optional(Type.Number()),
    },
    { additionalProperties: false },
  ),
])

/** v1 validates these as arrays (`expand[]=products`); a plain or comma-separated string works too. */
const TaxRateSelection = {
  expand: Type.Optional(StringOrArray),
  fields: Type.Optional(StringOrArray),
}

export const taxRatesPaging = listPaging(50)

export const AdminGetTaxRatesParams = Type.Object(
  {
    region_id: Type.Optional(StringOrArray),
    name: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
    rate: Type.Optional(NumericalComparison),
    q: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
    order: Type.Optional(Type.String({ minLength: 1 })),
    ...taxRatesPaging.pageParams,
    ...TaxRateSelection,
  },
  { additionalProperties: false },
)
export type AdminGetTaxRatesParams = Static<typeof AdminGetTaxRatesParams>

export const AdminGetTaxRatesTaxRateParams = Type.Object(TaxRateSelection, { additionalProperties: false })
export type AdminGetTaxRatesTaxRateParams = Static<typeof AdminGetTaxRatesTaxRateParams>

const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 1000 })
const Text = Type.String({ minLength: 1, maxLength: 255 })
const Rate = Nullable(Type.Number({ minimum: 0, maximum: 100 }))

export const AdminPostTaxRatesReq = Type.Object(
  {
    code: Text,
    name: Text,
    region_id: Text,
    rate: Type.Optional(Rate),
    products: Type.Optional(Ids),
    product_types: Type.Optional(Ids),
    shipping_options: Type.Optional(Ids),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostTaxRatesReq = Static<typeof AdminPostTaxRatesReq>

export const AdminPostTaxRatesTaxRateReq = Type.Partial(AdminPostTaxRatesReq, { additionalProperties: false })
export type AdminPostTaxRatesTaxRateReq = Static<typeof AdminPostTaxRatesTaxRateReq>

export const AdminTaxRatesProductsReq = Type.Object({ products: Ids }, { additionalProperties: false })
export const AdminTaxRatesProductTypesReq = Type.Object({ product_types: Ids }, { additionalProperties: false })
export const AdminTaxRatesShippingOptionsReq = Type.Object({ shipping_options: Ids }, { additionalProperties: false })

export const TaxRateIdParams = Type.Object({ id: Type.String({ minLength: 1 }) })

export const AdminTaxRatesRes = Type.Object({ tax_rate: TaxRate })
export const AdminTaxRatesListRes = listResponse('tax_rates', TaxRate)
