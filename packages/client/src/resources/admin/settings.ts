import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type * as T from '../../types/admin.js'
import { CrudResource } from '../crud.js'
import { Resource, seg, type DeleteRes } from '../resource.js'

export class AdminRegions extends CrudResource<{
  create: T.AdminPostRegionsReq
  update: T.AdminPostRegionsRegionReq
  listQuery: T.AdminGetRegionsParams
  retrieveQuery: T.AdminRegionFindParams
  one: T.AdminRegionsRes
  list: T.AdminRegionsListRes
}> {
  protected readonly path = '/admin/regions'

  addCountry(
    id: string,
    payload: T.AdminPostRegionsRegionCountriesReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminRegionsRes> {
    return this.postRequest(`${this.itemPath(id)}/countries`, payload, undefined, headers)
  }

  deleteCountry(id: string, countryCode: string, headers?: RequestHeaders): ResponsePromise<T.AdminRegionsRes> {
    return this.deleteRequest(`${this.itemPath(id)}/countries/${seg(countryCode)}`, undefined, undefined, headers)
  }

  addFulfillmentProvider(
    id: string,
    payload: T.AdminPostRegionsRegionProvidersReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminRegionsRes> {
    return this.postRequest(`${this.itemPath(id)}/fulfillment-providers`, payload, undefined, headers)
  }

  deleteFulfillmentProvider(
    id: string,
    providerId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminRegionsRes> {
    return this.deleteRequest(
      `${this.itemPath(id)}/fulfillment-providers/${seg(providerId)}`,
      undefined,
      undefined,
      headers,
    )
  }

  retrieveFulfillmentOptions(
    id: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminGetRegionsRegionFulfillmentOptionsRes> {
    return this.getRequest(`${this.itemPath(id)}/fulfillment-options`, undefined, headers)
  }

  addPaymentProvider(
    id: string,
    payload: T.AdminPostRegionsRegionProvidersReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminRegionsRes> {
    return this.postRequest(`${this.itemPath(id)}/payment-providers`, payload, undefined, headers)
  }

  deletePaymentProvider(id: string, providerId: string, headers?: RequestHeaders): ResponsePromise<T.AdminRegionsRes> {
    return this.deleteRequest(
      `${this.itemPath(id)}/payment-providers/${seg(providerId)}`,
      undefined,
      undefined,
      headers,
    )
  }
}

export class AdminShippingOptions extends CrudResource<{
  create: T.AdminPostShippingOptionsReq
  update: T.AdminPostShippingOptionsOptionReq
  listQuery: T.AdminGetShippingOptionsParams
  retrieveQuery: Record<string, never>
  one: T.AdminShippingOptionsRes
  list: T.AdminShippingOptionsListRes
}> {
  protected readonly path = '/admin/shipping-options'
}

export class AdminShippingProfiles extends CrudResource<{
  create: T.AdminPostShippingProfilesReq
  update: T.AdminPostShippingProfilesProfileReq
  listQuery: Record<string, never>
  retrieveQuery: Record<string, never>
  one: T.AdminShippingProfilesRes
  list: T.AdminShippingProfilesListRes
}> {
  protected readonly path = '/admin/shipping-profiles'
}

export class AdminStore extends Resource {
  retrieve(headers?: RequestHeaders): ResponsePromise<T.AdminExtendedStoresRes> {
    return this.getRequest('/admin/store', undefined, headers)
  }

  update(payload: T.AdminPostStoreReq, headers?: RequestHeaders): ResponsePromise<T.AdminStoresRes> {
    return this.postRequest('/admin/store', payload, undefined, headers)
  }

  addCurrency(code: string, headers?: RequestHeaders): ResponsePromise<T.AdminStoresRes> {
    return this.postRequest(`/admin/store/currencies/${seg(code)}`, undefined, undefined, headers)
  }

  deleteCurrency(code: string, headers?: RequestHeaders): ResponsePromise<T.AdminStoresRes> {
    return this.deleteRequest(`/admin/store/currencies/${seg(code)}`, undefined, undefined, headers)
  }

  listPaymentProviders(headers?: RequestHeaders): ResponsePromise<T.AdminPaymentProvidersList> {
    return this.getRequest('/admin/store/payment-providers', undefined, headers)
  }

  listTaxProviders(headers?: RequestHeaders): ResponsePromise<T.AdminTaxProvidersList> {
    return this.getRequest('/admin/store/tax-providers', undefined, headers)
  }
}

export class AdminCurrencies extends Resource {
  list(query?: T.AdminGetCurrenciesParams, headers?: RequestHeaders): ResponsePromise<T.AdminCurrenciesListRes> {
    return this.getRequest('/admin/currencies', query, headers)
  }

  update(
    code: string,
    payload: T.AdminPostCurrenciesCurrencyReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCurrenciesRes> {
    return this.postRequest(`/admin/currencies/${seg(code)}`, payload, undefined, headers)
  }
}

export class AdminTaxRates extends CrudResource<{
  create: T.AdminPostTaxRatesReq
  update: T.AdminPostTaxRatesTaxRateReq
  listQuery: T.AdminGetTaxRatesParams
  retrieveQuery: T.AdminGetTaxRatesTaxRateParams
  one: T.AdminTaxRatesRes
  list: T.AdminTaxRatesListRes
}> {
  protected readonly path = '/admin/tax-rates'

  addProducts(
    id: string,
    payload: T.AdminTaxRatesProductsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminTaxRatesRes> {
    return this.postRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }

  removeProducts(
    id: string,
    payload: T.AdminTaxRatesProductsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminTaxRatesRes> {
    return this.deleteRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }

  addProductTypes(
    id: string,
    payload: T.AdminTaxRatesProductTypesReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminTaxRatesRes> {
    return this.postRequest(`${this.itemPath(id)}/product-types/batch`, payload, undefined, headers)
  }

  removeProductTypes(
    id: string,
    payload: T.AdminTaxRatesProductTypesReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminTaxRatesRes> {
    return this.deleteRequest(`${this.itemPath(id)}/product-types/batch`, payload, undefined, headers)
  }

  addShippingOptions(
    id: string,
    payload: T.AdminTaxRatesShippingOptionsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminTaxRatesRes> {
    return this.postRequest(`${this.itemPath(id)}/shipping-options/batch`, payload, undefined, headers)
  }

  removeShippingOptions(
    id: string,
    payload: T.AdminTaxRatesShippingOptionsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminTaxRatesRes> {
    return this.deleteRequest(`${this.itemPath(id)}/shipping-options/batch`, payload, undefined, headers)
  }
}

export class AdminSalesChannels extends CrudResource<{
  create: T.AdminPostSalesChannelsReq
  update: T.AdminPostSalesChannelsSalesChannelReq
  listQuery: T.AdminGetSalesChannelsParams
  retrieveQuery: Record<string, never>
  one: T.AdminSalesChannelsRes
  list: T.AdminSalesChannelsListRes
}> {
  protected readonly path = '/admin/sales-channels'

  addProducts(
    id: string,
    payload: T.AdminSalesChannelProductsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminSalesChannelsRes> {
    return this.postRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }

  removeProducts(
    id: string,
    payload: T.AdminSalesChannelProductsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminSalesChannelsRes> {
    return this.deleteRequest(`${this.itemPath(id)}/products/batch`, payload, undefined, headers)
  }

  addLocation(
    id: string,
    payload: T.AdminSalesChannelStockLocationReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminSalesChannelsRes> {
    return this.postRequest(`${this.itemPath(id)}/stock-locations`, payload, undefined, headers)
  }

  removeLocation(
    id: string,
    payload: T.AdminSalesChannelStockLocationReq,
    headers?: RequestHeaders,
  ): ResponsePromise<DeleteRes> {
    return this.deleteRequest(`${this.itemPath(id)}/stock-locations`, payload, undefined, headers)
  }
}

export class AdminPublishableApiKeys extends CrudResource<{
  create: T.AdminPostPublishableApiKeysReq
  update: T.AdminPostPublishableApiKeysPublishableApiKeyReq
  listQuery: T.AdminGetPublishableApiKeysParams
  retrieveQuery: Record<string, never>
  one: T.AdminPublishableApiKeysRes
  list: T.AdminPublishableApiKeysListRes
}> {
  protected readonly path = '/admin/publishable-api-keys'

  revoke(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminPublishableApiKeysRes> {
    return this.postRequest(`${this.itemPath(id)}/revoke`, undefined, undefined, headers)
  }

  addSalesChannelsBatch(
    id: string,
    payload: T.AdminPublishableApiKeySalesChannelsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPublishableApiKeysRes> {
    return this.postRequest(`${this.itemPath(id)}/sales-channels/batch`, payload, undefined, headers)
  }

  deleteSalesChannelsBatch(
    id: string,
    payload: T.AdminPublishableApiKeySalesChannelsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPublishableApiKeysRes> {
    return this.deleteRequest(`${this.itemPath(id)}/sales-channels/batch`, payload, undefined, headers)
  }

  listSalesChannels(
    id: string,
    query?: T.AdminGetPublishableApiKeySalesChannelsParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPublishableApiKeysListSalesChannelsRes> {
    return this.getRequest(`${this.itemPath(id)}/sales-channels`, query, headers)
  }
}

export class AdminUploads extends Resource {
  /** Uploads files as multipart, each under the field `files`. */
  create(files: Blob | Blob[], headers?: RequestHeaders): ResponsePromise<T.AdminUploadsRes> {
    return this.http.upload('/admin/uploads', files, headers)
  }

  createProtected(files: Blob | Blob[], headers?: RequestHeaders): ResponsePromise<T.AdminUploadsRes> {
    return this.http.upload('/admin/uploads/protected', files, headers)
  }

  delete(payload: T.AdminDeleteUploadsReq, headers?: RequestHeaders): ResponsePromise<T.AdminDeleteUploadsRes> {
    return this.deleteRequest('/admin/uploads', payload, undefined, headers)
  }

  getPresignedDownloadUrl(
    payload: T.AdminPostUploadsDownloadUrlReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminDownloadUrlRes> {
    return this.postRequest('/admin/uploads/download-url', payload, undefined, headers)
  }
}

export class AdminPaymentCollections extends Resource {
  retrieve(
    id: string,
    query?: T.AdminGetPaymentCollectionParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPaymentCollectionsRes> {
    return this.getRequest(`/admin/payment-collections/${seg(id)}`, query, headers)
  }

  update(
    id: string,
    payload: T.AdminUpdatePaymentCollectionsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminPaymentCollectionsRes> {
    return this.postRequest(`/admin/payment-collections/${seg(id)}`, payload, undefined, headers)
  }

  delete(id: string, headers?: RequestHeaders): ResponsePromise<DeleteRes> {
    return this.deleteRequest(`/admin/payment-collections/${seg(id)}`, undefined, undefined, headers)
  }

  markAsAuthorized(id: string, headers?: RequestHeaders): ResponsePromise<T.AdminPaymentCollectionsRes> {
    return this.postRequest(`/admin/payment-collections/${seg(id)}/authorize`, undefined, undefined, headers)
  }
}
