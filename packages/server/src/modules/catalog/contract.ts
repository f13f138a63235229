import { Type, type Static, type TProperties } from '@sinclair/typebox'
import { BaseFields, Metadata, Nullable, SoftDeletableFields } from '../../core/schemas.js'
import { SalesChannel } from '../sales-channels/contract.js'

/**
 * Catalogue entities on the wire (reference/entities.md). Scalar fields but `id` are optional in
 * the response schemas because `fields=` may prune them; relations are present only when loaded.
 */

const optionalAll = <T extends TProperties>(properties: T) => Type.Partial(Type.Object(properties)).properties
/** `parseFields` keeps `id` in every answer, so it stays required where the rest is optional. */
const KeptId = { id: Type.String() }

const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected'] as const

/** A product's status, as a string enum on the wire. */
export const ProductStatus = Type.Unsafe<(typeof PRODUCT_STATUSES)[number]>({
  type: 'string',
  enum: [...PRODUCT_STATUSES],
})

const NullableString = Nullable(Type.String())
const NullableNumber = Nullable(Type.Number())

const Dimensions = {
  weight: NullableNumber,
  length: NullableNumber,
  height: NullableNumber,
  width: NullableNumber,
}

const Customs = {
  hs_code: NullableString,
  origin_country: NullableString,
  mid_code: NullableString,
  material: NullableString,
}

export const MoneyAmount = Type.Object({
  ...SoftDeletableFields,
  currency_code: Type.String(),
  amount: Type.Integer(),
  min_quantity: Nullable(Type.Integer()),
  max_quantity: Nullable(Type.Integer()),
  price_list_id: NullableString,
  region_id: NullableString,
  variant_id: Type.String(),
})
export type MoneyAmount = Static<typeof MoneyAmount>

export const ProductOptionValue = Type.Object({
  ...SoftDeletableFields,
  value: Type.String(),
  option_id: Type.String(),
  variant_id: Type.String(),
  metadata: Metadata,
})

export const ProductOption = Type.Object({
  ...SoftDeletableFields,
  title: Type.String(),
  product_id: Type.String(),
  metadata: Metadata,
  values: Type.Optional(Type.Array(ProductOptionValue)),
})

export const Image = Type.Object({ ...SoftDeletableFields, url: Type.String(), metadata: Metadata })

export const ProductTag = Type.Object({ ...SoftDeletableFields, value: Type.String(), metadata: Metadata })
export const ProductType = Type.Object({ ...SoftDeletableFields, value: Type.String(), metadata: Metadata })

export const ProductCollectionFields = {
  ...SoftDeletableFields,
  title: Type.String(),
  handle: NullableString,
  metadata: Metadata,
}
export const ProductCollectionBase = Type.Object(ProductCollectionFields)

export const ProductCategoryFields = {
  ...BaseFields,
  name: Type.String(),
  description: Type.String(),
  handle: Type.String(),
  is_active: Type.Boolean(),
  is_internal: Type.Boolean(),
  rank: Type.Integer(),
  parent_category_id: NullableString,
  metadata: Metadata,
}
export const ProductCategoryBase = Type.Object({ ...optionalAll(ProductCategoryFields), ...KeptId })

export const ProductFields = {
  ...SoftDeletableFields,
  title: Type.String(),
  subtitle: NullableString,
  status: ProductStatus,
  external_id: NullableString,
  description: NullableString,
  handle: NullableString,
  is_giftcard: Type.Boolean(),
  discountable: Type.Boolean(),
  thumbnail: NullableString,
  collection_id: NullableString,
  type_id: NullableString,
  ...Dimensions,
  ...Customs,
  metadata: Metadata,
}
export const PRODUCT_FIELDS = Object.keys(ProductFields)
export const ProductBase = Type.Object({ ...optionalAll(ProductFields), ...KeptId })

export const VariantFields = {
  ...SoftDeletableFields,
  title: Type.String(),
  product_id: Type.String(),
  sku: NullableString,
  barcode: NullableString,
  ean: NullableString,
  upc: NullableString,
  variant_rank: Nullable(Type.Integer()),
  inventory_quantity: Type.Integer(),
  allow_backorder: Type.Boolean(),
  manage_inventory: Type.Boolean(),
  ...Customs,
  ...Dimensions,
  metadata: Metadata,
}
export const VARIANT_FIELDS = Object.keys(VariantFields)

export const TaxRate = Type.Object({ rate: Type.Number(), name: Type.String(), code: NullableString })

/** The pricing decoration of a variant priced for a region or currency (entities.md §2). */
const PricedVariantFields = {
  original_price: Nullable(Type.Integer()),
  calculated_price: Nullable(Type.Integer()),
  calculated_price_type: Nullable(Type.String()),
  original_price_includes_tax: Nullable(Type.Boolean()),
  calculated_price_includes_tax: Nullable(Type.Boolean()),
  original_price_incl_tax: Nullable(Type.Integer()),
  calculated_price_incl_tax: Nullable(Type.Integer()),
  original_tax: Nullable(Type.Integer()),
  calculated_tax: Nullable(Type.Integer()),
  tax_rates: Nullable(Type.Array(TaxRate)),
  purchasable: Type.Boolean(),
}

export const ProductVariant = Type.Object({
  ...optionalAll(VariantFields),
  ...KeptId,
  ...optionalAll(PricedVariantFields),
  prices: Type.Optional(Type.Array(MoneyAmount)),
  options: Type.Optional(Type.Array(ProductOptionValue)),
  product: Type.Optional(ProductBase),
})

export const Product = Type.Object({
  ...optionalAll(ProductFields),
  ...KeptId,
  variants: Type.Optional(Type.Array(ProductVariant)),
  options: Type.Optional(Type.Array(ProductOption)),
  images: Type.Optional(Type.Array(Image)),
  tags: Type.Optional(Type.Array(ProductTag)),
  type: Type.Optional(Nullable(ProductType)),
  collection: Type.Optional(Nullable(ProductCollectionBase)),
  sales_channels: Type.Optional(Type.Array(SalesChannel)),
  categories: Type.Optional(Type.Array(ProductCategoryBase)),
})

export const ProductCollection = Type.Object({
  ...optionalAll(ProductCollectionFields),
  ...KeptId,
  products: Type.Optional(Type.Array(ProductBase)),
})

/** A category with its parent and, with `include_descendants_tree`, children at any depth. */
export const ProductCategory = Type.Recursive((This) =>
  Type.Object({
    ...optionalAll(ProductCategoryFields),
    ...KeptId,
    ...KeptId,
    parent_category: Type.Optional(Nullable(ProductCategoryBase)),
    category_children: Type.Optional(Type.Array(This)),
    products: Type.Optional(Type.Array(ProductBase)),
  }),
)
