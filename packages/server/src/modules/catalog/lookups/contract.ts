import { Type, type Static } from '@sinclair/typebox'
import {
  DateComparison,
  FindParams,
  listPaging,
  listResponse,
  StringFilter,
  type ListPaging,
} from '../../../core/list.js'
import { MetadataInput, Nullable, StringOrArray } from '../../../core/schemas.js'
import { ProductCategory, ProductCollection, ProductTag, ProductType } from '../contract.js'

/** Collections, categories, tags and types: request and response schemas (admin and store). */

const Title = Type.String({ minLength: 1, maxLength: 500 })
const Handle = Type.String({ maxLength: 500 })
const Id = Type.String({ minLength: 1, maxLength: 100 })

export const collectionsPaging = listPaging(10)
export const categoriesPaging = listPaging(100)
/** The admin's tag list pages by 10; the store's tags and both types lists by 20. */
export const adminTagsPaging = listPaging(10)
export const tagsAndTypesPaging = listPaging(20)

export const AdminGetCollectionsParams = Type.Object(
  {
    ...collectionsPaging.params,
    q: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    handle: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetCollectionsParams = Static<typeof AdminGetCollectionsParams>

export const StoreGetCollectionsParams = Type.Object(
  {
    handle: Type.Optional(StringOrArray),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    ...collectionsPaging.pageParams,
  },
  { additionalProperties: false },
)
export type StoreGetCollectionsParams = Static<typeof StoreGetCollectionsParams>

export const AdminPostCollectionsReq = Type.Object(
  { title: Title, handle: Type.Optional(Handle), metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostCollectionsReq = Static<typeof AdminPostCollectionsReq>

export const AdminPostCollectionsCollectionReq = Type.Object(
  { title: Type.Optional(Title), handle: Type.Optional(Handle), metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostCollectionsCollectionReq = Static<typeof AdminPostCollectionsCollectionReq>

export const AdminCollectionProductsBatchReq = Type.Object(
  { product_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
)
export type AdminCollectionProductsBatchReq = Static<typeof AdminCollectionProductsBatchReq>

export const CollectionRes = Type.Object({ collection: ProductCollection })
export const CollectionsListRes = listResponse('collections', ProductCollection)
export const CollectionRemoveProductsRes = Type.Object({
  id: Type.String(),
  object: Type.String(),
  removed_products: Type.Array(Type.String()),
})

/** `parent_category_id=null` (the string) asks for root categories. */
const ParentFilter = Type.String({ minLength: 1 })

export const AdminGetProductCategoriesParams = Type.Object(
  {
    ...categoriesPaging.params,
    q: Type.Optional(Type.String()),
    handle: Type.Optional(Type.String()),
    is_internal: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    parent_category_id: Type.Optional(ParentFilter),
    include_descendants_tree: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminGetProductCategoriesParams = Static<typeof AdminGetProductCategoriesParams>

export const StoreGetProductCategoriesParams = Type.Object(
  {
    ...categoriesPaging.params,
    q: Type.Optional(Type.String()),
    handle: Type.Optional(Type.String()),
    parent_category_id: Type.Optional(ParentFilter),
    include_descendants_tree: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type StoreGetProductCategoriesParams = Static<typeof StoreGetProductCategoriesParams>

export const CategoryFindParams = Type.Object({ ...FindParams }, { additionalProperties: false })
export type CategoryFindParams = Static<typeof CategoryFindParams>

export const AdminPostProductCategoriesReq = Type.Object(
  {
    name: Title,
    description: Type.Optional(Type.String({ maxLength: 100_000 })),
    handle: Type.Optional(Handle),
    is_internal: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    parent_category_id: Type.Optional(Nullable(Id)),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostProductCategoriesReq = Static<typeof AdminPostProductCategoriesReq>

export const AdminPostProductCategoriesCategoryReq = Type.Object(
  {
    name: Type.Optional(Title),
    description: Type.Optional(Type.String({ maxLength: 100_000 })),
    handle: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    is_internal: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    parent_category_id: Type.Optional(Nullable(Id)),
    rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostProductCategoriesCategoryReq = Static<typeof AdminPostProductCategoriesCategoryReq>

export const AdminCategoryProductsBatchReq = Type.Object(
  {
    product_ids: Type.Array(Type.Object({ id: Id }, { additionalProperties: false }), { maxItems: 1000 }),
  },
  { additionalProperties: false },
)
export type AdminCategoryProductsBatchReq = Static<typeof AdminCategoryProductsBatchReq>

export const ProductCategoryRes = Type.Object({ product_category: ProductCategory })
export const ProductCategoriesListRes = listResponse('product_categories', ProductCategory)

function tagTypeParams(paging: ListPaging) {
  return Type.Object(
    {
      ...paging.params,
      id: Type.Optional(StringFilter),
      value: Type.Optional(StringFilter),
      q: Type.Optional(Type.String()),
      created_at: Type.Optional(DateComparison),
      updated_at: Type.Optional(DateComparison),
    },
    { additionalProperties: false },
  )
}

export const AdminGetProductTagsParams = tagTypeParams(adminTagsPaging)
export const StoreGetProductTagsParams = tagTypeParams(tagsAndTypesPaging)
export const GetProductTypesParams = tagTypeParams(tagsAndTypesPaging)

export type GetTagsOrTypesParams = Static<typeof GetProductTypesParams>

export const ProductTagsListRes = listResponse('product_tags', Type.Partial(ProductTag))
export const ProductTypesListRes = listResponse('product_types', Type.Partial(ProductType))
