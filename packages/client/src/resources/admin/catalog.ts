import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type * as T from '../../types/admin.js'
import { CrudResource } from '../crud.js'
import { Resource, seg } from '../resource.js'

export class AdminProducts extends CrudResource<{
  create: T.AdminPostProductsReq
  update: T.AdminPostProductsProductReq
  listQuery: T.AdminGetProductsParams
  retrieveQuery: T.AdminGetProductParams
  one: T.AdminProductsRes
  list: T.AdminProductsListRes
}> {
  protected readonly path = '/admin/products'

  /** Product types in use. */
  listTypes(headers?: RequestHeaders): ResponsePromise<T.AdminProductTypesRes> {
    return this.getRequest('/admin/products/types', undefined, headers)
  }

  /** Tags with the number of products using each. */
  listTags(headers?: RequestHeaders): ResponsePromise<T.AdminTagUsageRes> {
    return this.getRequest('/admin/products/tag-usage', undefined, headers)
  }

  setMetadata(
    id: string,
    payload: T.AdminPostProductsProductMetadataReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductsRes> {
    return this.postRequest(`${this.itemPath(id)}/metadata`, payload, undefined, headers)
  }

  listVariants(
    id: string,
    query?: T.AdminGetProductVariantsParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminVariantsListRes> {
    return this.getRequest(`${this.itemPath(id)}/variants`, query, headers)
  }

  createVariant(
    id: string,
    payload: T.AdminPostProductsProductVariantsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductsRes> {
    return this.postRequest(`${this.itemPath(id)}/variants`, payload, undefined, headers)
  }

  updateVariant(
    id: string,
    variantId: string,
    payload: T.AdminPostProductsProductVariantsVariantReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductsRes> {
    return this.postRequest(`${this.itemPath(id)}/variants/${seg(variantId)}`, payload, undefined, headers)
  }

  deleteVariant(id: string, variantId: string, headers?: RequestHeaders): ResponsePromise<T.AdminVariantDeleteRes> {
    return this.deleteRequest(`${this.itemPath(id)}/variants/${seg(variantId)}`, undefined, undefined, headers)
  }

  addOption(
    id: string,
    payload: T.AdminPostProductsProductOptionsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductsRes> {
    return this.postRequest(`${this.itemPath(id)}/options`, payload, undefined, headers)
  }

  updateOption(
    id: string,
    optionId: string,
    payload: T.AdminPostProductsProductOptionsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductsRes> {
    return this.postRequest(`${this.itemPath(id)}/options/${seg(optionId)}`, payload, undefined, headers)
  }

  deleteOption(id: string, optionId: string, headers?: RequestHeaders): ResponsePromise<T.AdminOptionDeleteRes> {
    return this.deleteRequest(`${this.itemPath(id)}/options/${seg(optionId)}`, undefined, undefined, headers)
  }
}

export class AdminVariants extends Resource {
  list(query?: T.AdminGetVariantsParams, headers?: RequestHeaders): ResponsePromise<T.AdminVariantsListRes> {
    return this.getRequest('/admin/variants', query, headers)
  }

  retrieve(
    id: string,
    query?: { expand?: string; fields?: string },
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminVariantsRes> {
    return this.getRequest(`/admin/variants/${seg(id)}`, query, headers)
  }

  getInventory(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminVariantInventoryRes> {
    return this.getRequest(`/admin/variants/${seg(id)}/inventory`, undefined, headers)
  }
}

export class AdminCollections extends CrudResource<{
  create: T.AdminPostCollectionsReq
  update: T.AdminPostCollectionsCollectionReq
  listQuery: T.AdminGetCollectionsParams
  retrieveQuery: Record<string, never>
  one: T.AdminCollectionsRes
  list: T.AdminCollectionsListRes
}> {
  protected readonly path = '/admin/collections'

  addProducts(
    id: string,
    payload: T.AdminCollectionProductsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCollectionsRes> {
    return this.postRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }

  removeProducts(
    id: string,
    payload: T.AdminCollectionProductsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDeleteProductsFromCollectionRes> {
    return this.deleteRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }
}

export class AdminProductCategories extends CrudResource<{
  create: T.AdminPostProductCategoriesReq
  update: T.AdminPostProductCategoriesCategoryReq
  listQuery: T.AdminGetProductCategoriesParams
  retrieveQuery: T.AdminCategoryFindParams
  one: T.AdminProductCategoriesRes
  list: T.AdminProductCategoriesListRes
}> {
  protected readonly path = '/admin/product-categories'

  addProducts(
    id: string,
    payload: T.AdminCategoryProductsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductCategoriesRes> {
    return this.postRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }

  removeProducts(
    id: string,
    payload: T.AdminCategoryProductsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminProductCategoriesRes> {
    return this.deleteRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }
}

export class AdminProductTags extends Resource {
  list(query?: T.AdminGetProductTagsParams, headers?: RequestHeaders): ResponsePromise<T.AdminProductTagsListRes> {
    return this.getRequest('/admin/product-tags', query, headers)
  }
}

export class AdminProductTypes extends Resource {
  list(query?: T.AdminGetProductTypesParams, headers?: RequestHeaders): ResponsePromise<T.AdminProductTypesListRes> {
    return this.getRequest('/admin/product-types', query, headers)
  }
}
