import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse } from '../../../core/list.js'
import { MetadataInput, Nullable, StringOrArray } from '../../../core/schemas.js'
import { Product, ProductStatus, ProductType, ProductVariant } from '../contract.js'

/** Request and response schemas of the product, variant and option routes (admin and store). */

// Text that backs a btree index stays well under PostgreSQL's index row limit.
const Title = Type.String({ minLength: 1, maxLength: 500 })
const Code = Type.String({ maxLength: 255 })
const Text = Type.String({ maxLength: 100_000 })
const Url = Type.String({ minLength: 1, maxLength: 2048 })
const Handle = Type.String({ maxLength: 500 })
const Id = Type.String({ minLength: 1, maxLength: 100 })
const IdRef = Type.Object({ id: Id }, { additionalProperties: false })

const OptionalNullable = <T extends Parameters<typeof Nullable>[0]>(schema: T) => Type.Optional(Nullable(schema))

const Dimensions = {
  weight: OptionalNullable(Type.Number({ minimum: 0 })),
  length: OptionalNullable(Type.Number({ minimum: 0 })),
  height: OptionalNullable(Type.Number({ minimum: 0 })),
  width: OptionalNullable(Type.Number({ minimum: 0 })),
}

const Customs = {
  hs_code: OptionalNullable(Code),
  origin_country: OptionalNullable(Code),
  mid_code: OptionalNullable(Code),
  material: OptionalNullable(Code),
}

/** `ProductVariantPricesCreateReq`; `id` names an existing price on update. */
export const PriceInput = Type.Object(
  {
    id: Type.Optional(Id),
    amount: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    region_id: Type.Optional(Id),
    currency_code: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    min_quantity: OptionalNullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    max_quantity: OptionalNullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
)
export type PriceInput = Static<typeof PriceInput>

const VariantScalars = {
  sku: OptionalNullable(Code),
  ean: OptionalNullable(Code),
  upc: OptionalNullable(Code),
  barcode: OptionalNullable(Code),
  ...Customs,
  inventory_quantity: Type.Optional(Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 })),
  allow_backorder: Type.Optional(Type.Boolean()),
  manage_inventory: Type.Optional(Type.Boolean()),
  ...Dimensions,
  metadata: Type.Optional(MetadataInput),
}

const OptionValueInput = Type.Object(
  { value: Type.String({ maxLength: 500 }), option_id: Id },
  { additionalProperties: false },
)
export type OptionValueInput = Static<typeof OptionValueInput>

/** A variant inside `POST /admin/products`: option values are positional to the product's `options`. */
const ProductCreateVariant = Type.Object(
  {
    title: Title,
    prices: Type.Array(PriceInput, { maxItems: 1000 }),
    ...VariantScalars,
    options: Type.Optional(
      Type.Array(Type.Object({ value: Type.String({ maxLength: 500 }) }, { additionalProperties: false }), {
        maxItems: 100,
      }),
    ),
  },
  { additionalProperties: false },
)

/** A variant inside `POST /admin/products/:id`: with `id` it is updated, without it created. */
const ProductUpdateVariant = Type.Object(
  {
    id: Type.Optional(Id),
    title: Type.Optional(Title),
    prices: Type.Optional(Type.Array(PriceInput, { maxItems: 1000 })),
    ...VariantScalars,
    options: Type.Optional(Type.Array(OptionValueInput, { maxItems: 100 })),
  },
  { additionalProperties: false },
)
export type ProductUpdateVariant = Static<typeof ProductUpdateVariant>

/** `POST /admin/products/:id/variants`. */
export const AdminPostProductsProductVariantsReq = Type.Object(
  {
    title: Title,
    prices: Type.Array(PriceInput, { maxItems: 1000 }),
    ...VariantScalars,
    options: Type.Optional(Type.Array(OptionValueInput, { maxItems: 100 })),
  },
  { additionalProperties: false },
)
export type AdminPostProductsProductVariantsReq = Static<typeof AdminPostProductsProductVariantsReq>

/** `POST /admin/products/:id/variants/:variant_id`. */
export const AdminPostProductsProductVariantsVariantReq = Type.Object(
  {
    title: Type.Optional(Title),
    prices: Type.Optional(Type.Array(PriceInput, { maxItems: 1000 })),
    ...VariantScalars,
    options: Type.Optional(Type.Array(OptionValueInput, { maxItems: 100 })),
  },
  { additionalProperties: false },
)
export type AdminPostProductsProductVariantsVariantReq = Static<typeof AdminPostProductsProductVariantsVariantReq>

const TypeInput = Type.Object(
  { id: Type.Optional(Id), value: Type.String({ minLength: 1, maxLength: 500 }) },
  {
    additionalProperties: false,
  },
)
const TagInput = Type.Object(
  { id: Type.Optional(Id), value: Type.String({ minLength: 1, maxLength: 500 }) },
  {
    additionalProperties: false,
  },
)

const ProductScalars = {
  subtitle: OptionalNullable(Text),
  description: OptionalNullable(Text),
  discountable: Type.Optional(Type.Boolean()),
  images: Type.Optional(Type.Array(Url, { maxItems: 100 })),
  thumbnail: OptionalNullable(Url),
  handle: Type.Optional(Handle),
  status: Type.Optional(ProductStatus),
  type: OptionalNullable(TypeInput),
  collection_id: OptionalNullable(Id),
  tags: Type.Optional(Type.Array(TagInput, { maxItems: 100 })),
  categories: Type.Optional(Type.Array(IdRef, { maxItems: 100 })),
  sales_channels: OptionalNullable(Type.Array(IdRef, { maxItems: 100 })),
  ...Dimensions,
  ...Customs,
  external_id: OptionalNullable(Code),
  metadata: Type.Optional(MetadataInput),
}

export const AdminPostProductsReq = Type.Object(
  {
    title: Title,
    is_giftcard: Type.Optional(Type.Boolean()),
    ...ProductScalars,
    options: Type.Optional(
      Type.Array(Type.Object({ title: Title }, { additionalProperties: false }), { maxItems: 100 }),
    ),
    variants: Type.Optional(Type.Array(ProductCreateVariant, { maxItems: 1000 })),
  },
  { additionalProperties: false },
)
export type AdminPostProductsReq = Static<typeof AdminPostProductsReq>

export const AdminPostProductsProductReq = Type.Object(
  {
    title: Type.Optional(Title),
    ...ProductScalars,
    variants: Type.Optional(Type.Array(ProductUpdateVariant, { maxItems: 1000 })),
  },
  { additionalProperties: false },
)
export type AdminPostProductsProductReq = Static<typeof AdminPostProductsProductReq>

export const AdminPostProductsProductMetadataReq = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 255 }), value: Type.String() },
  { additionalProperties: false },
)
export type AdminPostProductsProductMetadataReq = Static<typeof AdminPostProductsProductMetadataReq>

export const AdminPostProductsProductOptionsReq = Type.Object({ title: Title }, { additionalProperties: false })
export type AdminPostProductsProductOptionsReq = Static<typeof AdminPostProductsProductOptionsReq>

const StatusList = Type.Union([ProductStatus, Type.Array(ProductStatus, { maxItems: 4 })])

/** Filters shared by the admin and store product lists. */
const ProductFilters = {
  q: Type.Optional(Type.String()),
  id: Type.Optional(StringOrArray),
  collection_id: Type.Optional(StringOrArray),
  type_id: Type.Optional(StringOrArray),
  tags: Type.Optional(StringOrArray),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  handle: Type.Optional(Type.String()),
  is_giftcard: Type.Optional(Type.Boolean()),
  sales_channel_id: Type.Optional(StringOrArray),
  category_id: Type.Optional(StringOrArray),
  include_category_children: Type.Optional(Type.Boolean()),
  created_at: Type.Optional(DateComparison),
  updated_at: Type.Optional(DateComparison),
}

export const adminProductsPaging = listPaging(50)
export const storeProductsPaging = listPaging(100)
export const productVariantsPaging = listPaging(100)
export const adminVariantsPaging = listPaging(20)
export const storeVariantsPaging = listPaging(100)

export const AdminGetProductsParams = Type.Object(
  {
    ...adminProductsPaging.params,
    ...ProductFilters,
    status: Type.Optional(StatusList),
    price_list_id: Type.Optional(StringOrArray),
    deleted_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetProductsParams = Static<typeof AdminGetProductsParams>

/** PriceSelection: the context `calculated_price` is computed for. `cart_id` is accepted until carts exist. */
const PriceSelectionParams = {
  cart_id: Type.Optional(Type.String()),
  region_id: Type.Optional(Type.String({ minLength: 1 })),
  currency_code: Type.Optional(Type.String({ minLength: 1 })),
}

export const StoreGetProductsParams = Type.Object(
  { ...storeProductsPaging.params, ...ProductFilters, ...PriceSelectionParams },
  { additionalProperties: false },
)
export type StoreGetProductsParams = Static<typeof StoreGetProductsParams>

export const StoreGetProductsProductParams = Type.Object(
  { sales_channel_id: Type.Optional(Type.String()), ...FindParams, ...PriceSelectionParams },
  { additionalProperties: false },
)
export type StoreGetProductsProductParams = Static<typeof StoreGetProductsProductParams>

export const AdminGetProductParams = Type.Object({ ...FindParams }, { additionalProperties: false })
export type AdminGetProductParams = Static<typeof AdminGetProductParams>

export const NumericalComparison = Type.Union([
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

export const AdminGetVariantsParams = Type.Object(
  {
    ...adminVariantsPaging.params,
    q: Type.Optional(Type.String()),
    id: Type.Optional(StringOrArray),
    title: Type.Optional(StringOrArray),
    inventory_quantity: Type.Optional(NumericalComparison),
    manage_inventory: Type.Optional(Type.Boolean()),
    allow_backorder: Type.Optional(Type.Boolean()),
    customer_id: Type.Optional(Type.String()),
    ...PriceSelectionParams,
  },
  { additionalProperties: false },
)
export type AdminGetVariantsParams = Static<typeof AdminGetVariantsParams>

export const StoreGetVariantsParams = Type.Object(
  {
    ...storeVariantsPaging.params,
    ids: Type.Optional(Type.String()),
    id: Type.Optional(StringOrArray),
    title: Type.Optional(StringOrArray),
    inventory_quantity: Type.Optional(NumericalComparison),
    sales_channel_id: Type.Optional(Type.String()),
    ...PriceSelectionParams,
  },
  { additionalProperties: false },
)
export type StoreGetVariantsParams = Static<typeof StoreGetVariantsParams>

export const StoreGetVariantsVariantParams = Type.Object(
  { sales_channel_id: Type.Optional(Type.String()), ...FindParams, ...PriceSelectionParams },
  { additionalProperties: false },
)
export type StoreGetVariantsVariantParams = Static<typeof StoreGetVariantsVariantParams>

export const AdminGetProductVariantsParams = Type.Object(
  {
    id: Type.Optional(StringOrArray),
    ...productVariantsPaging.pageParams,
    ...FindParams,
  },
  { additionalProperties: false },
)
export type AdminGetProductVariantsParams = Static<typeof AdminGetProductVariantsParams>

export const ProductVariantParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  variant_id: Type.String({ minLength: 1 }),
})
export const ProductOptionParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  option_id: Type.String({ minLength: 1 }),
})

export const ProductRes = Type.Object({ product: Product })
export const ProductsListRes = listResponse('products', Product)
export const VariantRes = Type.Object({ variant: ProductVariant })
export const VariantsListRes = listResponse('variants', ProductVariant)
export const StoreVariantsListRes = Type.Object({ variants: Type.Array(ProductVariant) })
export const AdminProductTypesRes = Type.Object({ types: Type.Array(ProductType) })
export const AdminTagUsageRes = Type.Object({
  tags: Type.Array(Type.Object({ id: Type.String(), value: Type.String(), usage_count: Type.Integer() })),
})
export const AdminVariantDeleteRes = Type.Object({
  variant_id: Type.String(),
  object: Type.String(),
  deleted: Type.Boolean(),
  product: Product,
})
export const AdminOptionDeleteRes = Type.Object({
  option_id: Type.String(),
  object: Type.String(),
  deleted: Type.Boolean(),
  product: Product,
})
