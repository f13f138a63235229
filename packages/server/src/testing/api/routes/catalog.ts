import { DeleteResponse } from '../../../core/schemas.js'
import {
  CollectionRemoveProductsRes,
  CollectionRes,
  CollectionsListRes,
  ProductCategoriesListRes,
  ProductCategoryRes,
  ProductTagsListRes,
  ProductTypesListRes,
} from '../../../modules/catalog/lookups/contract.js'
import {
  AdminOptionDeleteRes,
  AdminProductTypesRes,
  AdminTagUsageRes,
  AdminVariantDeleteRes,
  ProductRes,
  ProductsListRes,
  StoreVariantsListRes,
  VariantRes,
  VariantsListRes,
} from '../../../modules/catalog/products/contract.js'
import { StorePostSearchRes } from '../../../modules/catalog/search/contract.js'

/** The schemas by name, so that declarations stay small. */
export type CatalogRoutes = {
  'GET /admin/collections': typeof CollectionsListRes
  'POST /admin/collections': typeof CollectionRes
  'DELETE /admin/collections/:id': typeof DeleteResponse
  'GET /admin/collections/:id': typeof CollectionRes
  'POST /admin/collections/:id': typeof CollectionRes
  'DELETE /admin/collections/:id/products/batch': typeof CollectionRemoveProductsRes
  'POST /admin/collections/:id/products/batch': typeof CollectionRes
  'GET /admin/product-categories': typeof ProductCategoriesListRes
  'POST /admin/product-categories': typeof ProductCategoryRes
  'DELETE /admin/product-categories/:id': typeof DeleteResponse
  'GET /admin/product-categories/:id': typeof ProductCategoryRes
  'POST /admin/product-categories/:id': typeof ProductCategoryRes
  'DELETE /admin/product-categories/:id/products/batch': typeof ProductCategoryRes
  'POST /admin/product-categories/:id/products/batch': typeof ProductCategoryRes
  'GET /admin/product-tags': typeof ProductTagsListRes
  'GET /admin/product-types': typeof ProductTypesListRes
  'GET /admin/products': typeof ProductsListRes
  'POST /admin/products': typeof ProductRes
  'DELETE /admin/products/:id': typeof DeleteResponse
  'GET /admin/products/:id': typeof ProductRes
  'POST /admin/products/:id': typeof ProductRes
  'POST /admin/products/:id/metadata': typeof ProductRes
  'POST /admin/products/:id/options': typeof ProductRes
  'DELETE /admin/products/:id/options/:option_id': typeof AdminOptionDeleteRes
  'POST /admin/products/:id/options/:option_id': typeof ProductRes
  'GET /admin/products/:id/variants': typeof VariantsListRes
  'POST /admin/products/:id/variants': typeof ProductRes
  'DELETE /admin/products/:id/variants/:variant_id': typeof AdminVariantDeleteRes
  'POST /admin/products/:id/variants/:variant_id': typeof ProductRes
  'GET /admin/products/tag-usage': typeof AdminTagUsageRes
  'GET /admin/products/types': typeof AdminProductTypesRes
  'GET /admin/variants': typeof VariantsListRes
  'GET /admin/variants/:id': typeof VariantRes
  'GET /store/collections': typeof CollectionsListRes
  'GET /store/collections/:id': typeof CollectionRes
  'GET /store/product-categories': typeof ProductCategoriesListRes
  'GET /store/product-categories/:id': typeof ProductCategoryRes
  'GET /store/product-tags': typeof ProductTagsListRes
  'GET /store/product-types': typeof ProductTypesListRes
  'GET /store/products': typeof ProductsListRes
  'GET /store/products/:id': typeof ProductRes
  'POST /store/products/search': typeof StorePostSearchRes
  'GET /store/variants': typeof StoreVariantsListRes
  'GET /store/variants/:id': typeof VariantRes
}

export const catalogRoutes: CatalogRoutes = {
  'GET /admin/collections': CollectionsListRes,
  'POST /admin/collections': CollectionRes,
  'DELETE /admin/collections/:id': DeleteResponse,
  'GET /admin/collections/:id': CollectionRes,
  'POST /admin/collections/:id': CollectionRes,
  'DELETE /admin/collections/:id/products/batch': CollectionRemoveProductsRes,
  'POST /admin/collections/:id/products/batch': CollectionRes,
  'GET /admin/product-categories': ProductCategoriesListRes,
  'POST /admin/product-categories': ProductCategoryRes,
  'DELETE /admin/product-categories/:id': DeleteResponse,
  'GET /admin/product-categories/:id': ProductCategoryRes,
  'POST /admin/product-categories/:id': ProductCategoryRes,
  'DELETE /admin/product-categories/:id/products/batch': ProductCategoryRes,
  'POST /admin/product-categories/:id/products/batch': ProductCategoryRes,
  'GET /admin/product-tags': ProductTagsListRes,
  'GET /admin/product-types': ProductTypesListRes,
  'GET /admin/products': ProductsListRes,
  'POST /admin/products': ProductRes,
  'DELETE /admin/products/:id': DeleteResponse,
  'GET /admin/products/:id': ProductRes,
  'POST /admin/products/:id': ProductRes,
  'POST /admin/products/:id/metadata': ProductRes,
  'POST /admin/products/:id/options': ProductRes,
  'DELETE /admin/products/:id/options/:option_id': AdminOptionDeleteRes,
  'POST /admin/products/:id/options/:option_id': ProductRes,
  'GET /admin/products/:id/variants': VariantsListRes,
  'POST /admin/products/:id/variants': ProductRes,
  'DELETE /admin/products/:id/variants/:variant_id': AdminVariantDeleteRes,
  'POST /admin/products/:id/variants/:variant_id': ProductRes,
  'GET /admin/products/tag-usage': AdminTagUsageRes,
  'GET /admin/products/types': AdminProductTypesRes,
  'GET /admin/variants': VariantsListRes,
  'GET /admin/variants/:id': VariantRes,
  'GET /store/collections': CollectionsListRes,
  'GET /store/collections/:id': CollectionRes,
  'GET /store/product-categories': ProductCategoriesListRes,
  'GET /store/product-categories/:id': ProductCategoryRes,
  'GET /store/product-tags': ProductTagsListRes,
  'GET /store/product-types': ProductTypesListRes,
  'GET /store/products': ProductsListRes,
  'GET /store/products/:id': ProductRes,
  'POST /store/products/search': StorePostSearchRes,
  'GET /store/variants': StoreVariantsListRes,
  'GET /store/variants/:id': VariantRes,
}
