import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type {
  CategoryFindParams,
  StoreCollectionsListRes,
  StoreCollectionsRes,
  StoreGetCollectionsParams,
  StoreGetProductCategoriesParams,
  StoreGetProductsParams,
  StoreGetProductsProductParams,
  StoreGetProductTagsParams,
  StoreGetProductTypesParams,
  StoreGetVariantsParams,
  StoreGetVariantsVariantParams,
  StorePostSearchReq,
  StorePostSearchRes,
  StoreProductCategoriesListRes,
  StoreProductCategoriesRes,
  StoreProductsListRes,
  StoreProductsRes,
  StoreProductTagsListRes,
  StoreProductTypesListRes,
  StoreVariantsListRes,
  StoreVariantsRes,
} from '../../types/store.js'
import { Resource, seg } from '../resource.js'

export class StoreVariants extends Resource {
  list(query?: StoreGetVariantsParams, headers?: RequestHeaders): ResponsePromise<StoreVariantsListRes> {
    return this.getRequest('/store/variants', query, headers)
  }

  retrieve(
    id: string,
    query?: StoreGetVariantsVariantParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreVariantsRes> {
    return this.getRequest(`/store/variants/${seg(id)}`, query, headers)
  }
}

export class StoreProducts extends Resource {
  readonly variants = new StoreVariants(this.http)

  list(query?: StoreGetProductsParams, headers?: RequestHeaders): ResponsePromise<StoreProductsListRes> {
    return this.getRequest('/store/products', query, headers)
  }

  retrieve(
    id: string,
    query?: StoreGetProductsProductParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreProductsRes> {
    return this.getRequest(`/store/products/${seg(id)}`, query, headers)
  }

  search(payload: StorePostSearchReq, headers?: RequestHeaders): ResponsePromise<StorePostSearchRes> {
    return this.postRequest('/store/products/search', payload, undefined, headers)
  }
}

export class StoreCollections extends Resource {
  list(query?: StoreGetCollectionsParams, headers?: RequestHeaders): ResponsePromise<StoreCollectionsListRes> {
    return this.getRequest('/store/collections', query, headers)
  }

  retrieve(id: string, headers?: RequestHeaders): ResponsePromise<StoreCollectionsRes> {
    return this.getRequest(`/store/collections/${seg(id)}`, undefined, headers)
  }
}

export class StoreProductCategories extends Resource {
  list(
    query?: StoreGetProductCategoriesParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreProductCategoriesListRes> {
    return this.getRequest('/store/product-categories', query, headers)
  }

  retrieve(
    id: string,
    query?: CategoryFindParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreProductCategoriesRes> {
    return this.getRequest(`/store/product-categories/${seg(id)}`, query, headers)
  }
}

export class StoreProductTags extends Resource {
  list(query?: StoreGetProductTagsParams, headers?: RequestHeaders): ResponsePromise<StoreProductTagsListRes> {
    return this.getRequest('/store/product-tags', query, headers)
  }
}

export class StoreProductTypes extends Resource {
  list(query?: StoreGetProductTypesParams, headers?: RequestHeaders): ResponsePromise<StoreProductTypesListRes> {
    return this.getRequest('/store/product-types', query, headers)
  }
}
