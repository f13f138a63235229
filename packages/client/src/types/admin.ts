import type {
  adminOrders,
  analytics,
  batchJobs,
  inventory,
  customers,
  dashboard,
  draftOrders,
  lookups,
  notes,
  orders,
  notifications,
  orderTimeline,
  orderEdits,
  paymentCollections,
  products,
  promotions,
  priceLists,
  giftCards,
  regions,
  returnReasons,
  returns,
  salesChannels,
  shipping,
  store,
  swaps,
  tax,
  uploads,
  users,
  Static,
} from '@emporium/server/contracts'

/** Admin wire types of the routes the server serves, taken from its contracts (types only). */

export type AdminPostAuthReq = Static<typeof users.AdminPostAuthReq>
export type AdminAuthRes = Static<typeof users.AdminAuthRes>
export type AdminBearerAuthRes = Static<typeof users.AdminBearerAuthRes>
export type AdminGetUsersParams = Static<typeof users.AdminGetUsersParams>
export type AdminUsersListRes = Static<typeof users.AdminUsersListRes>
export type AdminUserRes = Static<typeof users.AdminUserRes>
export type AdminCreateUserRequest = Static<typeof users.AdminCreateUserRequest>
export type AdminUpdateUserRequest = Static<typeof users.AdminUpdateUserRequest>
export type AdminResetPasswordTokenRequest = Static<typeof users.AdminResetPasswordTokenRequest>
export type AdminResetPasswordRequest = Static<typeof users.AdminResetPasswordRequest>
export type AdminListInvitesRes = Static<typeof users.AdminListInvitesRes>
export type AdminPostInvitesReq = Static<typeof users.AdminPostInvitesReq>
export type AdminPostInvitesInviteAcceptReq = Static<typeof users.AdminPostInvitesInviteAcceptReq>
export type ReturnReason = Static<typeof returnReasons.ReturnReason>
export type AdminPostReturnReasonsReq = Static<typeof returnReasons.AdminPostReturnReasonsReq>
export type AdminPostReturnReasonsReasonReq = Static<typeof returnReasons.AdminPostReturnReasonsReasonReq>
export type AdminReturnReasonsListRes = Static<typeof returnReasons.ReturnReasonsListRes>
export type AdminReturnReasonsRes = Static<typeof returnReasons.ReturnReasonsRes>
export type Return = Static<typeof returns.Return>
export type AdminPostOrdersOrderReturnsReq = Static<typeof returns.AdminPostOrdersOrderReturnsReq>
export type AdminPostReturnsReturnReceiveReq = Static<typeof returns.AdminPostReturnsReturnReceiveReq>
export type AdminGetReturnsParams = Static<typeof returns.AdminGetReturnsParams>
export type AdminReturnsListRes = Static<typeof returns.AdminReturnsListRes>
export type AdminReturnsRes = Static<typeof returns.ReturnsRes>
export type Swap = Static<typeof swaps.Swap>
export type AdminPostOrdersOrderSwapsReq = Static<typeof swaps.AdminPostOrdersOrderSwapsReq>
export type AdminPostOrdersSwapFulfillmentsReq = Static<typeof swaps.AdminPostOrdersSwapFulfillmentsReq>
export type AdminPostOrdersSwapShipmentsReq = Static<typeof swaps.AdminPostOrdersSwapShipmentsReq>
export type AdminGetSwapsParams = Static<typeof swaps.AdminGetSwapsParams>
export type AdminSwapsListRes = Static<typeof swaps.AdminSwapsListRes>
export type AdminSwapsRes = Static<typeof swaps.SwapRes>
export type Discount = Static<typeof promotions.Discount>
export type DiscountCondition = Static<typeof promotions.DiscountCondition>
export type DiscountRule = Static<typeof promotions.DiscountRule>
export type AdminGetDiscountsParams = Static<typeof promotions.AdminGetDiscountsParams>
export type AdminPostDiscountsReq = Static<typeof promotions.AdminPostDiscountsReq>
export type AdminPostDiscountsDiscountReq = Static<typeof promotions.AdminPostDiscountsDiscountReq>
export type AdminPostDiscountsDynamicCodesReq = Static<typeof promotions.AdminPostDiscountsDynamicCodesReq>
export type AdminDiscountConditionInput = Static<typeof promotions.ConditionInput>
export type AdminPostDiscountConditionResourcesReq = Static<typeof promotions.AdminPostConditionResourcesReq>
export type AdminDiscountConditionBatchReq = Static<typeof promotions.AdminConditionBatchReq>
export type AdminDiscountFindParams = Static<typeof promotions.DiscountFindParams>
export type AdminDiscountsRes = Static<typeof promotions.AdminDiscountsRes>
export type AdminDiscountsListRes = Static<typeof promotions.AdminDiscountsListRes>
export type AdminDiscountConditionsRes = Static<typeof promotions.AdminDiscountConditionsRes>
export type AdminDiscountConditionsDeleteRes = Static<typeof promotions.AdminDiscountConditionsDeleteRes>
export type GiftCard = Static<typeof giftCards.GiftCard>
export type AdminGetGiftCardsParams = Static<typeof giftCards.AdminGetGiftCardsParams>
export type AdminPostGiftCardsReq = Static<typeof giftCards.AdminPostGiftCardsReq>
export type AdminPostGiftCardsGiftCardReq = Static<typeof giftCards.AdminPostGiftCardsGiftCardReq>
export type AdminGiftCardsRes = Static<typeof giftCards.AdminGiftCardsRes>
export type AdminGiftCardsListRes = Static<typeof giftCards.AdminGiftCardsListRes>
export type Note = Static<typeof notes.Note>
export type AdminGetNotesParams = Static<typeof notes.AdminGetNotesParams>
export type AdminNotesListRes = Static<typeof notes.AdminNotesListRes>
export type AdminNotesRes = Static<typeof notes.AdminNotesRes>
export type AdminPostNotesReq = Static<typeof notes.AdminPostNotesReq>
export type AdminPostNotesNoteReq = Static<typeof notes.AdminPostNotesNoteReq>
export type Notification = Static<typeof notifications.Notification>
export type AdminGetNotificationsParams = Static<typeof notifications.AdminGetNotificationsParams>
export type AdminNotificationsListRes = Static<typeof notifications.AdminNotificationsListRes>
export type AdminNotificationsRes = Static<typeof notifications.AdminNotificationsRes>
export type AdminPostNotificationsNotificationResendReq = Static<
  typeof notifications.AdminPostNotificationsNotificationResendReq
>
export type OrderTimelineEntry = Static<typeof orderTimeline.TimelineEntry>
export type AdminOrderTimelineRes = Static<typeof orderTimeline.AdminOrderTimelineRes>
export type Dashboard = Static<typeof dashboard.Dashboard>
export type AdminDashboardRes = Static<typeof dashboard.AdminDashboardRes>
export type AdminGetDashboardParams = Static<typeof dashboard.AdminGetDashboardParams>
export type AdminGetCustomersParams = Static<typeof customers.AdminGetCustomersParams>
export type AdminCustomersListRes = Static<typeof customers.AdminCustomersListRes>
export type AdminCustomersRes = Static<typeof customers.AdminCustomersRes>
export type AdminPostCustomersReq = Static<typeof customers.AdminPostCustomersReq>
export type AdminPostCustomersCustomerReq = Static<typeof customers.AdminPostCustomersCustomerReq>
export type AdminGetCustomerGroupsParams = Static<typeof customers.AdminGetCustomerGroupsParams>
export type AdminCustomerGroupsListRes = Static<typeof customers.AdminCustomerGroupsListRes>
export type AdminCustomerGroupsRes = Static<typeof customers.AdminCustomerGroupsRes>
export type AdminPostCustomerGroupsReq = Static<typeof customers.AdminPostCustomerGroupsReq>
export type AdminPostCustomerGroupsGroupReq = Static<typeof customers.AdminPostCustomerGroupsGroupReq>
export type AdminCustomerGroupsBatchReq = Static<typeof customers.AdminCustomerGroupsBatchReq>
export type AdminPostProductsReq = Static<typeof products.AdminPostProductsReq>
export type AdminPostProductsProductReq = Static<typeof products.AdminPostProductsProductReq>
export type AdminPostProductsProductMetadataReq = Static<typeof products.AdminPostProductsProductMetadataReq>
export type AdminPostProductsProductOptionsReq = Static<typeof products.AdminPostProductsProductOptionsReq>
export type AdminGetProductsParams = Static<typeof products.AdminGetProductsParams>
export type AdminGetProductParams = Static<typeof products.AdminGetProductParams>
export type AdminPostProductsProductVariantsReq = Static<typeof products.AdminPostProductsProductVariantsReq>
export type AdminPostProductsProductVariantsVariantReq = Static<
  typeof products.AdminPostProductsProductVariantsVariantReq
>
export type AdminGetVariantsParams = Static<typeof products.AdminGetVariantsParams>
export type AdminGetProductVariantsParams = Static<typeof products.AdminGetProductVariantsParams>
export type AdminTagUsageRes = Static<typeof products.AdminTagUsageRes>
export type AdminProductTypesRes = Static<typeof products.AdminProductTypesRes>
export type AdminVariantDeleteRes = Static<typeof products.AdminVariantDeleteRes>
export type AdminOptionDeleteRes = Static<typeof products.AdminOptionDeleteRes>
export type AdminProductsRes = Static<typeof products.ProductRes>
export type AdminProductsListRes = Static<typeof products.ProductsListRes>
export type AdminVariantsRes = Static<typeof products.VariantRes>
export type AdminVariantsListRes = Static<typeof products.VariantsListRes>
export type AdminGetCollectionsParams = Static<typeof lookups.AdminGetCollectionsParams>
export type AdminPostCollectionsReq = Static<typeof lookups.AdminPostCollectionsReq>
export type AdminPostCollectionsCollectionReq = Static<typeof lookups.AdminPostCollectionsCollectionReq>
export type AdminCollectionProductsBatchReq = Static<typeof lookups.AdminCollectionProductsBatchReq>
export type AdminCollectionsRes = Static<typeof lookups.CollectionRes>
export type AdminCollectionsListRes = Static<typeof lookups.CollectionsListRes>
export type AdminDeleteProductsFromCollectionRes = Static<typeof lookups.CollectionRemoveProductsRes>
export type AdminGetProductCategoriesParams = Static<typeof lookups.AdminGetProductCategoriesParams>
export type AdminPostProductCategoriesReq = Static<typeof lookups.AdminPostProductCategoriesReq>
export type AdminPostProductCategoriesCategoryReq = Static<typeof lookups.AdminPostProductCategoriesCategoryReq>
export type AdminCategoryProductsBatchReq = Static<typeof lookups.AdminCategoryProductsBatchReq>
export type AdminProductCategoriesRes = Static<typeof lookups.ProductCategoryRes>
export type AdminProductCategoriesListRes = Static<typeof lookups.ProductCategoriesListRes>
export type AdminCategoryFindParams = Static<typeof lookups.CategoryFindParams>
export type AdminGetProductTagsParams = Static<typeof lookups.AdminGetProductTagsParams>
export type AdminGetProductTypesParams = Static<typeof lookups.GetProductTypesParams>
export type AdminProductTagsListRes = Static<typeof lookups.ProductTagsListRes>
export type AdminProductTypesListRes = Static<typeof lookups.ProductTypesListRes>
export type AdminGetRegionsParams = Static<typeof regions.AdminGetRegionsParams>
export type AdminPostRegionsReq = Static<typeof regions.AdminPostRegionsReq>
export type AdminPostRegionsRegionReq = Static<typeof regions.AdminPostRegionsRegionReq>
export type AdminPostRegionsRegionCountriesReq = Static<typeof regions.AdminPostRegionsRegionCountriesReq>
export type AdminPostRegionsRegionProvidersReq = Static<typeof regions.AdminPostRegionsRegionProvidersReq>
export type AdminRegionsRes = Static<typeof regions.AdminRegionsRes>
export type AdminRegionsListRes = Static<typeof regions.AdminRegionsListRes>
export type AdminGetRegionsRegionFulfillmentOptionsRes = Static<
  typeof regions.AdminGetRegionsRegionFulfillmentOptionsRes
>
export type AdminRegionFindParams = Static<typeof regions.RegionFindParams>
export type AdminGetShippingOptionsParams = Static<typeof shipping.AdminGetShippingOptionsParams>
export type AdminPostShippingOptionsReq = Static<typeof shipping.AdminPostShippingOptionsReq>
export type AdminPostShippingOptionsOptionReq = Static<typeof shipping.AdminPostShippingOptionsOptionReq>
export type AdminShippingOptionsListRes = Static<typeof shipping.AdminShippingOptionsListRes>
export type AdminShippingOptionsRes = Static<typeof shipping.AdminShippingOptionRes>
export type AdminPostShippingProfilesReq = Static<typeof shipping.AdminPostShippingProfilesReq>
export type AdminPostShippingProfilesProfileReq = Static<typeof shipping.AdminPostShippingProfilesProfileReq>
export type AdminShippingProfilesListRes = Static<typeof shipping.AdminShippingProfilesListRes>
export type AdminShippingProfilesRes = Static<typeof shipping.AdminShippingProfileRes>
export type AdminStoresRes = Static<typeof store.AdminStoresRes>
export type AdminExtendedStoresRes = Static<typeof store.AdminExtendedStoresRes>
export type AdminPostStoreReq = Static<typeof store.AdminPostStoreReq>
export type AdminPaymentProvidersList = Static<typeof store.AdminPaymentProvidersList>
export type AdminTaxProvidersList = Static<typeof store.AdminTaxProvidersList>
export type AdminGetCurrenciesParams = Static<typeof store.AdminGetCurrenciesParams>
export type AdminCurrenciesListRes = Static<typeof store.AdminCurrenciesListRes>
export type AdminPostCurrenciesCurrencyReq = Static<typeof store.AdminPostCurrenciesCurrencyReq>
export type AdminCurrenciesRes = Static<typeof store.AdminCurrenciesRes>
export type AdminGetTaxRatesParams = Static<typeof tax.AdminGetTaxRatesParams>
export type AdminGetTaxRatesTaxRateParams = Static<typeof tax.AdminGetTaxRatesTaxRateParams>
export type AdminPostTaxRatesReq = Static<typeof tax.AdminPostTaxRatesReq>
export type AdminPostTaxRatesTaxRateReq = Static<typeof tax.AdminPostTaxRatesTaxRateReq>
export type AdminTaxRatesProductsReq = Static<typeof tax.AdminTaxRatesProductsReq>
export type AdminTaxRatesProductTypesReq = Static<typeof tax.AdminTaxRatesProductTypesReq>
export type AdminTaxRatesShippingOptionsReq = Static<typeof tax.AdminTaxRatesShippingOptionsReq>
export type AdminTaxRatesRes = Static<typeof tax.AdminTaxRatesRes>
export type AdminTaxRatesListRes = Static<typeof tax.AdminTaxRatesListRes>
export type AdminGetSalesChannelsParams = Static<typeof salesChannels.AdminGetSalesChannelsParams>
export type AdminSalesChannelsListRes = Static<typeof salesChannels.AdminSalesChannelsListRes>
export type AdminSalesChannelsRes = Static<typeof salesChannels.AdminSalesChannelsRes>
export type AdminSalesChannelProductsBatchReq = Static<typeof salesChannels.AdminSalesChannelProductsBatchReq>
export type AdminPostSalesChannelsReq = Static<typeof salesChannels.AdminPostSalesChannelsReq>
export type AdminPostSalesChannelsSalesChannelReq = Static<typeof salesChannels.AdminPostSalesChannelsSalesChannelReq>
export type AdminGetPublishableApiKeysParams = Static<typeof salesChannels.GetPublishableApiKeysParams>
export type AdminPublishableApiKeysListRes = Static<typeof salesChannels.AdminPublishableApiKeysListRes>
export type AdminPublishableApiKeysRes = Static<typeof salesChannels.AdminPublishableApiKeysRes>
export type AdminPostPublishableApiKeysReq = Static<typeof salesChannels.AdminPostPublishableApiKeysReq>
export type AdminPostPublishableApiKeysPublishableApiKeyReq = Static<
  typeof salesChannels.AdminPostPublishableApiKeysPublishableApiKeyReq
>
export type AdminGetPublishableApiKeySalesChannelsParams = Static<
  typeof salesChannels.GetPublishableApiKeySalesChannelsParams
>
export type AdminPublishableApiKeysListSalesChannelsRes = Static<
  typeof salesChannels.AdminPublishableApiKeysListSalesChannelsRes
>
export type AdminPublishableApiKeySalesChannelsBatchReq = Static<
  typeof salesChannels.AdminPublishableApiKeySalesChannelsBatchReq
>
export type AdminUploadsRes = Static<typeof uploads.AdminUploadsRes>
export type AdminDeleteUploadsReq = Static<typeof uploads.AdminDeleteUploadsReq>
export type AdminDeleteUploadsRes = Static<typeof uploads.AdminDeleteUploadsRes>
export type AdminPostUploadsDownloadUrlReq = Static<typeof uploads.AdminPostUploadsDownloadUrlReq>
export type AdminDownloadUrlRes = Static<typeof uploads.AdminDownloadUrlRes>
export type AdminPaymentCollectionsRes = Static<typeof paymentCollections.PaymentCollectionRes>
export type AdminUpdatePaymentCollectionsReq = Static<typeof paymentCollections.AdminUpdatePaymentCollectionsReq>
export type AdminGetPaymentCollectionParams = Static<typeof paymentCollections.GetPaymentCollectionParams>
export type AdminAnalyticsConfigRes = Static<typeof analytics.AdminAnalyticsConfigRes>
export type AdminDeleteAnalyticsConfigRes = Static<typeof analytics.AdminDeleteAnalyticsConfigRes>
export type AdminPostAnalyticsConfigReq = Static<typeof analytics.AdminPostAnalyticsConfigReq>
export type AdminPostAnalyticsConfigUpdateReq = Static<typeof analytics.AdminPostAnalyticsConfigUpdateReq>
export type AdminBatchJobRes = Static<typeof batchJobs.AdminBatchJobRes>
export type AdminBatchJobListRes = Static<typeof batchJobs.AdminBatchJobListRes>
export type AdminGetBatchParams = Static<typeof batchJobs.AdminGetBatchParams>
export type AdminPostBatchesReq = Static<typeof batchJobs.AdminPostBatchesReq>
export type AdminStockLocationsRes = Static<typeof inventory.AdminStockLocationsRes>
export type AdminStockLocationsListRes = Static<typeof inventory.AdminStockLocationsListRes>
export type AdminGetStockLocationsParams = Static<typeof inventory.AdminGetStockLocationsParams>
export type AdminPostStockLocationsReq = Static<typeof inventory.AdminPostStockLocationsReq>
export type AdminPostStockLocationsLocationReq = Static<typeof inventory.AdminPostStockLocationsLocationReq>
export type AdminSalesChannelStockLocationReq = Static<typeof inventory.AdminSalesChannelStockLocationReq>
export type AdminExpandParams = Static<typeof inventory.ExpandParams>
export type AdminInventoryItemsRes = Static<typeof inventory.AdminInventoryItemsRes>
export type AdminInventoryItemsListRes = Static<typeof inventory.AdminInventoryItemsListRes>
export type AdminGetInventoryItemsParams = Static<typeof inventory.AdminGetInventoryItemsParams>
export type AdminPostInventoryItemsReq = Static<typeof inventory.AdminPostInventoryItemsReq>
export type AdminPostInventoryItemsItemReq = Static<typeof inventory.AdminPostInventoryItemsItemReq>
export type AdminLocationLevelsRes = Static<typeof inventory.AdminLocationLevelsRes>
export type AdminGetLocationLevelsParams = Static<typeof inventory.AdminGetLocationLevelsParams>
export type AdminPostLocationLevelsReq = Static<typeof inventory.AdminPostLocationLevelsReq>
export type AdminPostLocationLevelsLevelReq = Static<typeof inventory.AdminPostLocationLevelsLevelReq>
export type AdminReservationsRes = Static<typeof inventory.AdminReservationsRes>
export type AdminReservationsListRes = Static<typeof inventory.AdminReservationsListRes>
export type AdminGetReservationsParams = Static<typeof inventory.AdminGetReservationsParams>
export type AdminPostReservationsReq = Static<typeof inventory.AdminPostReservationsReq>
export type AdminPostReservationsReservationReq = Static<typeof inventory.AdminPostReservationsReservationReq>
export type AdminVariantInventoryRes = Static<typeof inventory.AdminVariantInventoryRes>

export type AdminOrder = Static<typeof adminOrders.AdminOrder>
export type AdminGetOrdersParams = Static<typeof adminOrders.AdminGetOrdersParams>
export type AdminOrderFindParams = Static<typeof adminOrders.AdminOrderFindParams>
export type AdminOrdersRes = Static<typeof adminOrders.AdminOrdersRes>
export type AdminOrdersListRes = Static<typeof adminOrders.AdminOrdersListRes>
export type AdminPostOrdersOrderReq = Static<typeof adminOrders.AdminPostOrdersOrderReq>
export type AdminPostOrdersOrderRefundsReq = Static<typeof adminOrders.AdminPostOrdersOrderRefundsReq>
export type AdminPostOrdersOrderFulfillmentsReq = Static<typeof adminOrders.AdminPostOrdersOrderFulfillmentsReq>
export type AdminPostOrdersOrderShipmentReq = Static<typeof adminOrders.AdminPostOrdersOrderShipmentReq>
export type AdminPostOrdersOrderShippingMethodsReq = Static<typeof adminOrders.AdminPostOrdersOrderShippingMethodsReq>
export type AdminGetOrdersOrderReservationsParams = Static<typeof adminOrders.AdminGetOrdersOrderReservationsParams>
export type AdminOrderReservationsListRes = Static<typeof adminOrders.AdminOrderReservationsListRes>
export type AdminOrderLineItemReservationRes = Static<typeof adminOrders.AdminReservationsRes>
export type AdminPaymentRes = Static<typeof adminOrders.AdminPaymentRes>
export type AdminPostPaymentRefundsReq = Static<typeof adminOrders.AdminPostPaymentRefundsReq>
export type AdminRefundRes = Static<typeof adminOrders.AdminRefundRes>
export type AdminFulfillment = Static<typeof orders.Fulfillment>
export type AdminRefund = Static<typeof adminOrders.Refund>

export type DraftOrder = Static<typeof draftOrders.DraftOrder>
export type AdminGetDraftOrdersParams = Static<typeof draftOrders.AdminGetDraftOrdersParams>
export type AdminDraftOrdersRes = Static<typeof draftOrders.AdminDraftOrdersRes>
export type AdminDraftOrdersListRes = Static<typeof draftOrders.AdminDraftOrdersListRes>
export type AdminDraftOrderPayRes = Static<typeof draftOrders.AdminDraftOrderPayRes>
export type AdminPostDraftOrdersReq = Static<typeof draftOrders.AdminPostDraftOrdersReq>
export type AdminPostDraftOrdersDraftOrderReq = Static<typeof draftOrders.AdminPostDraftOrdersDraftOrderReq>
export type AdminPostDraftOrdersDraftOrderLineItemsReq = Static<
  typeof draftOrders.AdminPostDraftOrdersDraftOrderLineItemsReq
>
export type AdminPostDraftOrdersDraftOrderLineItemsItemReq = Static<
  typeof draftOrders.AdminPostDraftOrdersDraftOrderLineItemsItemReq
>
export type OrderEdit = Static<typeof orderEdits.OrderEdit>
export type AdminOrderEditsRes = Static<typeof orderEdits.OrderEditRes>
export type AdminOrderEditsListRes = Static<typeof orderEdits.AdminOrderEditsListRes>
export type AdminGetOrderEditsParams = Static<typeof orderEdits.AdminGetOrderEditsParams>
export type AdminGetOrderEditsOrderEditParams = Static<typeof orderEdits.OrderEditFindParams>
export type AdminPostOrderEditsReq = Static<typeof orderEdits.AdminPostOrderEditsReq>
export type AdminPostOrderEditsEditReq = Static<typeof orderEdits.AdminPostOrderEditsEditReq>
export type AdminPostOrderEditsEditLineItemsReq = Static<typeof orderEdits.AdminPostOrderEditsEditLineItemsReq>
export type AdminPostOrderEditsEditLineItemsLineItemReq = Static<
  typeof orderEdits.AdminPostOrderEditsEditLineItemsLineItemReq
>
export type AdminPostOrderEditsRequestConfirmationReq = Static<
  typeof orderEdits.AdminPostOrderEditsRequestConfirmationReq
>
export type AdminOrderEditDeleteRes = Static<typeof orderEdits.OrderEditDeleteRes>
export type AdminOrderEditItemChangeDeleteRes = Static<typeof orderEdits.OrderItemChangeDeleteRes>

export type PriceList = Static<typeof priceLists.PriceList>
export type AdminPriceListPriceInput = Static<typeof priceLists.PriceListPriceInput>
export type AdminGetPriceListPaginationParams = Static<typeof priceLists.AdminGetPriceListPaginationParams>
export type AdminPostPriceListsPriceListReq = Static<typeof priceLists.AdminPostPriceListsReq>
export type AdminPostPriceListsPriceListPriceListReq = Static<typeof priceLists.AdminPostPriceListsPriceListReq>
export type AdminPostPriceListPricesPricesReq = Static<typeof priceLists.AdminPostPriceListPricesPricesReq>
export type AdminDeletePriceListPricesPricesReq = Static<typeof priceLists.AdminDeletePriceListPricesPricesReq>
export type AdminDeletePriceListsPriceListProductsPricesBatchReq = Static<
  typeof priceLists.AdminDeletePriceListsPriceListProductsPricesBatchReq
>
export type AdminGetPriceListsPriceListProductsParams = Static<
  typeof priceLists.AdminGetPriceListsPriceListProductsParams
>
export type AdminPriceListRes = Static<typeof priceLists.AdminPriceListRes>
export type AdminPriceListsListRes = Static<typeof priceLists.AdminPriceListsListRes>
export type AdminPriceListDeleteBatchRes = Static<typeof priceLists.AdminPriceListDeleteBatchRes>
