import type {
  carts,
  catalog,
  customers,
  giftCards,
  lookups,
  orders,
  orderEdits,
  paymentCollections,
  products,
  regions,
  returnReasons,
  returns,
  search,
  shipping,
  swaps,
  Static,
} from '@emporium/server/contracts'

/** Storefront wire types, taken from the server's contracts (types only). */

export type StoreReturnReasonsListRes = Static<typeof returnReasons.ReturnReasonsListRes>
export type StoreReturnReasonsRes = Static<typeof returnReasons.ReturnReasonsRes>
export type StorePostReturnsReq = Static<typeof returns.StorePostReturnsReq>
export type StoreReturnsRes = Static<typeof returns.ReturnsRes>
export type StorePostSwapsReq = Static<typeof swaps.StorePostSwapsReq>
export type StoreSwapsRes = Static<typeof swaps.SwapRes>

export type Cart = Static<typeof carts.Cart>
export type LineItem = Static<typeof carts.LineItem>
export type StoreCartsRes = Static<typeof carts.StoreCartsRes>
export type CartFindParams = carts.CartFindParams
export type StorePostCartReq = carts.StorePostCartReq
export type StorePostCartsCartReq = carts.StorePostCartsCartReq
export type StorePostCartsCartLineItemsReq = carts.StorePostCartsCartLineItemsReq
export type StorePostCartsCartLineItemsItemReq = carts.StorePostCartsCartLineItemsItemReq
export type StorePostCartsCartShippingMethodReq = carts.StorePostCartsCartShippingMethodReq
export type StorePostCartsCartPaymentSessionReq = carts.StorePostCartsCartPaymentSessionReq
export type StorePostCartsCartPaymentSessionUpdateReq = carts.StorePostCartsCartPaymentSessionUpdateReq
/** `{ type: 'order', data }` once placed, `{ type: 'cart', data, payment_status }` while payment needs more. */
export type StoreCompleteCartRes = Static<typeof orders.StorePostCartsCartCompleteRes>

export type Product = Static<typeof catalog.Product>
export type ProductVariant = Static<typeof catalog.ProductVariant>
export type StoreGetProductsParams = products.StoreGetProductsParams
export type StoreGetProductsProductParams = products.StoreGetProductsProductParams
export type StoreProductsListRes = Static<typeof products.ProductsListRes>
export type StoreProductsRes = Static<typeof products.ProductRes>
export type StoreGetVariantsParams = products.StoreGetVariantsParams
export type StoreGetVariantsVariantParams = products.StoreGetVariantsVariantParams
export type StoreVariantsListRes = Static<typeof products.StoreVariantsListRes>
export type StoreVariantsRes = Static<typeof products.VariantRes>
export type StorePostSearchReq = search.StorePostSearchReq
export type StorePostSearchRes = search.StorePostSearchRes

export type StoreGetCollectionsParams = lookups.StoreGetCollectionsParams
export type StoreCollectionsListRes = Static<typeof lookups.CollectionsListRes>
export type StoreCollectionsRes = Static<typeof lookups.CollectionRes>
export type StoreGetProductCategoriesParams = lookups.StoreGetProductCategoriesParams
export type CategoryFindParams = lookups.CategoryFindParams
export type StoreProductCategoriesListRes = Static<typeof lookups.ProductCategoriesListRes>
export type StoreProductCategoriesRes = Static<typeof lookups.ProductCategoryRes>
export type StoreGetProductTagsParams = Static<typeof lookups.StoreGetProductTagsParams>
export type StoreProductTagsListRes = Static<typeof lookups.ProductTagsListRes>
export type StoreGetProductTypesParams = Static<typeof lookups.GetProductTypesParams>
export type StoreProductTypesListRes = Static<typeof lookups.ProductTypesListRes>

export type StorePostAuthReq = customers.StorePostAuthReq
export type StoreAuthRes = Static<typeof customers.StoreAuthRes>
export type StoreBearerAuthRes = Static<typeof customers.StoreBearerAuthRes>
export type StoreGetAuthEmailRes = Static<typeof customers.StoreGetAuthEmailRes>
export type Customer = customers.Customer
export type StoreCustomersRes = Static<typeof customers.StoreCustomersRes>
export type StorePostCustomersReq = customers.StorePostCustomersReq
export type StorePostCustomersCustomerReq = customers.StorePostCustomersCustomerReq
export type StorePostCustomersCustomerAddressesReq = customers.StorePostCustomersCustomerAddressesReq
export type AddressPayload = customers.AddressPayload
export type StorePostCustomersCustomerPasswordTokenReq = Static<
  typeof customers.StorePostCustomersCustomerPasswordTokenReq
>
export type StorePostCustomersResetPasswordReq = customers.StorePostCustomersResetPasswordReq
export type StoreCustomersListPaymentMethodsRes = Static<typeof customers.StoreCustomersListPaymentMethodsRes>

export type Order = orders.Order
export type StoreOrdersRes = Static<typeof orders.StoreOrdersRes>
export type StoreGetOrdersParams = orders.StoreGetOrdersParams
export type StoreOrderFindParams = orders.StoreOrderFindParams
export type StoreGetCustomersCustomerOrdersParams = orders.StoreGetCustomersCustomerOrdersParams
export type StoreCustomersListOrdersRes = Static<typeof orders.StoreCustomersListOrdersRes>
export type StorePostCustomersCustomerOrderClaimReq = orders.StorePostCustomersCustomerOrderClaimReq
export type StorePostCustomersCustomerAcceptClaimReq = orders.StorePostCustomersCustomerAcceptClaimReq

export type StorePaymentCollectionsRes = Static<typeof paymentCollections.PaymentCollectionRes>
export type StorePaymentCollectionSessionRes = Static<typeof paymentCollections.PaymentSessionRes>
export type GetPaymentCollectionParams = paymentCollections.GetPaymentCollectionParams
export type StorePostPaymentCollectionsSessionReq = Static<
  typeof paymentCollections.StorePostPaymentCollectionsSessionReq
>
export type StorePostPaymentCollectionsBatchSessionsReq = Static<
  typeof paymentCollections.StorePostPaymentCollectionsBatchSessionsReq
>
export type StorePostPaymentCollectionsBatchSessionsAuthorizeReq = Static<
  typeof paymentCollections.StorePostPaymentCollectionsBatchSessionsAuthorizeReq
>

export type Region = regions.Region
export type StoreGetRegionsParams = Static<typeof regions.StoreGetRegionsParams>
export type RegionFindParams = regions.RegionFindParams
export type StoreRegionsListRes = Static<typeof regions.StoreRegionsListRes>
export type StoreRegionsRes = Static<typeof regions.StoreRegionsRes>

export type StoreGetShippingOptionsParams = shipping.StoreGetShippingOptionsParams
export type StoreShippingOptionsListRes = Static<typeof shipping.StoreShippingOptionsListRes>

export type StoreOrderEditsRes = Static<typeof orderEdits.OrderEditRes>
export type StorePostOrderEditsOrderEditDecline = Static<typeof orderEdits.StorePostOrderEditsOrderEditDecline>
export type StoreGiftCardsRes = Static<typeof giftCards.StoreGiftCardsRes>
