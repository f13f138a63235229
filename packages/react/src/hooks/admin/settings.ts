import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import { detailQuery, fixedQuery, idMutation, listQuery, mutation, type Arg } from '../factory.js'
import {
  adminCurrencyKeys,
  adminPaymentCollectionKeys,
  adminPaymentKeys,
  adminProductKeys,
  adminPublishableApiKeysKeys,
  adminRegionKeys,
  adminSalesChannelsKeys,
  adminShippingOptionKeys,
  adminShippingProfileKeys,
  adminStockLocationsKeys,
  adminStoreKeys,
  adminTaxRateKeys,
} from './keys.js'

type Admin = EmporiumClient['admin']

const regions = crudHooks(adminRegionKeys, (c) => c.admin.regions)
const regionChange = (id: string) => [adminRegionKeys.lists(), adminRegionKeys.detail(id)]

/**
 * Admin regions.
 *
 * @example
 * const { regions } = useAdminRegions()
 * @since 0.1.0
 */
export const useAdminRegions = regions.useList
/** @example const { region } = useAdminRegion(id) */
export const useAdminRegion = regions.useRetrieve
/** @example useAdminCreateRegion().mutate({ name: 'EU', currency_code: 'eur', tax_rate: 0, payment_providers: ['manual'], fulfillment_providers: ['manual'], countries: ['fr'] }) */
export const useAdminCreateRegion = regions.useCreate
/** @example useAdminUpdateRegion(id).mutate({ name: 'Europe' }) */
export const useAdminUpdateRegion = regions.useUpdate
/** @example useAdminDeleteRegion(id).mutate() */
export const useAdminDeleteRegion = regions.useDelete

/** @example useAdminRegionAddCountry(id).mutate({ country_code: 'de' }) */
export const useAdminRegionAddCountry = idMutation(
  (c, id, payload: Arg<Admin['regions']['addCountry'], 1>) => c.admin.regions.addCountry(id, payload),
  regionChange,
)
/** @example useAdminRegionRemoveCountry(id).mutate('de') */
export const useAdminRegionRemoveCountry = idMutation(
  (c, id, countryCode: string) => c.admin.regions.deleteCountry(id, countryCode),
  regionChange,
)
/** @example useAdminRegionAddFulfillmentProvider(id).mutate({ provider_id: 'manual' }) */
export const useAdminRegionAddFulfillmentProvider = idMutation(
  (c, id, payload: Arg<Admin['regions']['addFulfillmentProvider'], 1>) =>
    c.admin.regions.addFulfillmentProvider(id, payload),
  regionChange,
)
/** @example useAdminRegionDeleteFulfillmentProvider(id).mutate('manual') */
export const useAdminRegionDeleteFulfillmentProvider = idMutation(
  (c, id, providerId: string) => c.admin.regions.deleteFulfillmentProvider(id, providerId),
  regionChange,
)
/** @example useAdminRegionAddPaymentProvider(id).mutate({ provider_id: 'manual' }) */
export const useAdminRegionAddPaymentProvider = idMutation(
  (c, id, payload: Arg<Admin['regions']['addPaymentProvider'], 1>) => c.admin.regions.addPaymentProvider(id, payload),
  regionChange,
)
/** @example useAdminRegionDeletePaymentProvider(id).mutate('manual') */
export const useAdminRegionDeletePaymentProvider = idMutation(
  (c, id, providerId: string) => c.admin.regions.deletePaymentProvider(id, providerId),
  regionChange,
)
/** @example const { fulfillment_options } = useAdminRegionFulfillmentOptions(id) */
export const useAdminRegionFulfillmentOptions = detailQuery(
  adminRegionKeys,
  (c, id) => c.admin.regions.retrieveFulfillmentOptions(id),
  'fulfillment_options',
)

/**
 * The store, with its currencies, feature flags and modules.
 *
 * @example
 * const { store } = useAdminStore()
 * @since 0.1.0
 */
export const useAdminStore = fixedQuery(adminStoreKeys.details(), (c) => c.admin.store.retrieve())
/** @example useAdminUpdateStore().mutate({ name: 'My shop' }) */
export const useAdminUpdateStore = mutation(
  (c, payload: Arg<Admin['store']['update'], 0>) => c.admin.store.update(payload),
  () => [adminStoreKeys.all],
)
/** @example useAdminAddStoreCurrency().mutate('eur') */
export const useAdminAddStoreCurrency = mutation(
  (c, code: string) => c.admin.store.addCurrency(code),
  () => [adminStoreKeys.all],
)
/** @example useAdminDeleteStoreCurrency().mutate('eur') */
export const useAdminDeleteStoreCurrency = mutation(
  (c, code: string) => c.admin.store.deleteCurrency(code),
  () => [adminStoreKeys.all],
)
/** @example const { payment_providers } = useAdminStorePaymentProviders() */
export const useAdminStorePaymentProviders = fixedQuery([...adminStoreKeys.all, 'payment_providers'], (c) =>
  c.admin.store.listPaymentProviders(),
)
/** @example const { tax_providers } = useAdminStoreTaxProviders() */
export const useAdminStoreTaxProviders = fixedQuery([...adminStoreKeys.all, 'tax_providers'], (c) =>
  c.admin.store.listTaxProviders(),
)

/** @example const { currencies } = useAdminCurrencies() */
export const useAdminCurrencies = listQuery(adminCurrencyKeys, (c, q?: Arg<Admin['currencies']['list'], 0>) =>
  c.admin.currencies.list(q),
)
/** @example useAdminUpdateCurrency('eur').mutate({ includes_tax: true }) */
export const useAdminUpdateCurrency = idMutation(
  (c, code, payload: Arg<Admin['currencies']['update'], 1>) => c.admin.currencies.update(code, payload),
  () => [adminCurrencyKeys.all, adminStoreKeys.all],
)

const shippingOptions = crudHooks(adminShippingOptionKeys, (c) => c.admin.shippingOptions)
/** @example const { shipping_options } = useAdminShippingOptions({ region_id }) */
export const useAdminShippingOptions = shippingOptions.useList
/** @example const { shipping_option } = useAdminShippingOption(id) */
export const useAdminShippingOption = shippingOptions.useRetrieve
/** @example useAdminCreateShippingOption().mutate({ name, region_id, provider_id: 'manual', data: {}, price_type: 'flat_rate', amount: 500 }) */
export const useAdminCreateShippingOption = shippingOptions.useCreate
/** @example useAdminUpdateShippingOption(id).mutate({ amount: 700 }) */
export const useAdminUpdateShippingOption = shippingOptions.useUpdate
/** @example useAdminDeleteShippingOption(id).mutate() */
export const useAdminDeleteShippingOption = shippingOptions.useDelete

const shippingProfiles = crudHooks(adminShippingProfileKeys, (c) => c.admin.shippingProfiles)
/** @example const { shipping_profiles } = useAdminShippingProfiles() */
export const useAdminShippingProfiles = shippingProfiles.useList
/** @example const { shipping_profile } = useAdminShippingProfile(id) */
export const useAdminShippingProfile = shippingProfiles.useRetrieve
/** @example useAdminCreateShippingProfile().mutate({ name: 'Bulky', type: 'custom' }) */
export const useAdminCreateShippingProfile = shippingProfiles.useCreate
/** @example useAdminUpdateShippingProfile(id).mutate({ name: 'Heavy' }) */
export const useAdminUpdateShippingProfile = shippingProfiles.useUpdate
/** @example useAdminDeleteShippingProfile(id).mutate() */
export const useAdminDeleteShippingProfile = shippingProfiles.useDelete

const taxRates = crudHooks(adminTaxRateKeys, (c) => c.admin.taxRates)
const taxRateChange = (id: string) => [adminTaxRateKeys.lists(), adminTaxRateKeys.detail(id)]
/** @example const { tax_rates } = useAdminTaxRates({ region_id }) */
export const useAdminTaxRates = taxRates.useList
/** @example const { tax_rate } = useAdminTaxRate(id) */
export const useAdminTaxRate = taxRates.useRetrieve
/** @example useAdminCreateTaxRate().mutate({ code: 'VAT', name: 'VAT', region_id, rate: 20 }) */
export const useAdminCreateTaxRate = taxRates.useCreate
/** @example useAdminUpdateTaxRate(id).mutate({ rate: 19 }) */
export const useAdminUpdateTaxRate = taxRates.useUpdate
/** @example useAdminDeleteTaxRate(id).mutate() */
export const useAdminDeleteTaxRate = taxRates.useDelete
/** @example useAdminCreateProductTaxRates(id).mutate({ products: [productId] }) */
export const useAdminCreateProductTaxRates = idMutation(
  (c, id, payload: Arg<Admin['taxRates']['addProducts'], 1>) => c.admin.taxRates.addProducts(id, payload),
  taxRateChange,
)
/** @example useAdminDeleteProductTaxRates(id).mutate({ products: [productId] }) */
export const useAdminDeleteProductTaxRates = idMutation(
  (c, id, payload: Arg<Admin['taxRates']['removeProducts'], 1>) => c.admin.taxRates.removeProducts(id, payload),
  taxRateChange,
)
/** @example useAdminCreateProductTypeTaxRates(id).mutate({ product_types: [typeId] }) */
export const useAdminCreateProductTypeTaxRates = idMutation(
  (c, id, payload: Arg<Admin['taxRates']['addProductTypes'], 1>) => c.admin.taxRates.addProductTypes(id, payload),
  taxRateChange,
)
/** @example useAdminDeleteProductTypeTaxRates(id).mutate({ product_types: [typeId] }) */
export const useAdminDeleteProductTypeTaxRates = idMutation(
  (c, id, payload: Arg<Admin['taxRates']['removeProductTypes'], 1>) => c.admin.taxRates.removeProductTypes(id, payload),
  taxRateChange,
)
/** @example useAdminCreateShippingTaxRates(id).mutate({ shipping_options: [optionId] }) */
export const useAdminCreateShippingTaxRates = idMutation(
  (c, id, payload: Arg<Admin['taxRates']['addShippingOptions'], 1>) => c.admin.taxRates.addShippingOptions(id, payload),
  taxRateChange,
)
/** @example useAdminDeleteShippingTaxRates(id).mutate({ shipping_options: [optionId] }) */
export const useAdminDeleteShippingTaxRates = idMutation(
  (c, id, payload: Arg<Admin['taxRates']['removeShippingOptions'], 1>) =>
    c.admin.taxRates.removeShippingOptions(id, payload),
  taxRateChange,
)

const salesChannels = crudHooks(adminSalesChannelsKeys, (c) => c.admin.salesChannels)
const salesChannelAndProducts = (id: string) => [
  adminSalesChannelsKeys.lists(),
  adminSalesChannelsKeys.detail(id),
  adminProductKeys.all,
]
const salesChannelAndLocations = (id: string) => [
  adminSalesChannelsKeys.lists(),
  adminSalesChannelsKeys.detail(id),
  adminStockLocationsKeys.all,
]
/** @example const { sales_channels } = useAdminSalesChannels() */
export const useAdminSalesChannels = salesChannels.useList
/** @example const { sales_channel } = useAdminSalesChannel(id) */
export const useAdminSalesChannel = salesChannels.useRetrieve
/** @example useAdminCreateSalesChannel().mutate({ name: 'App' }) */
export const useAdminCreateSalesChannel = salesChannels.useCreate
/** @example useAdminUpdateSalesChannel(id).mutate({ is_disabled: true }) */
export const useAdminUpdateSalesChannel = salesChannels.useUpdate
/** @example useAdminDeleteSalesChannel(id).mutate() */
export const useAdminDeleteSalesChannel = salesChannels.useDelete
/** @example useAdminAddProductsToSalesChannel(id).mutate({ product_ids: [{ id }] }) */
export const useAdminAddProductsToSalesChannel = idMutation(
  (c, id, payload: Arg<Admin['salesChannels']['addProducts'], 1>) => c.admin.salesChannels.addProducts(id, payload),
  salesChannelAndProducts,
)
/** @example useAdminDeleteProductsFromSalesChannel(id).mutate({ product_ids: [{ id }] }) */
export const useAdminDeleteProductsFromSalesChannel = idMutation(
  (c, id, payload: Arg<Admin['salesChannels']['removeProducts'], 1>) =>
    c.admin.salesChannels.removeProducts(id, payload),
  salesChannelAndProducts,
)
/** @example useAdminAddLocationToSalesChannel().mutate({ sales_channel_id, location_id }) */
export const useAdminAddLocationToSalesChannel = mutation(
  (c, { sales_channel_id, location_id }: { sales_channel_id: string; location_id: string }) =>
    c.admin.salesChannels.addLocation(sales_channel_id, { location_id }),
  ({ sales_channel_id }) => salesChannelAndLocations(sales_channel_id),
)
/** @example useAdminRemoveLocationFromSalesChannel().mutate({ sales_channel_id, location_id }) */
export const useAdminRemoveLocationFromSalesChannel = mutation(
  (c, { sales_channel_id, location_id }: { sales_channel_id: string; location_id: string }) =>
    c.admin.salesChannels.removeLocation(sales_channel_id, { location_id }),
  ({ sales_channel_id }) => salesChannelAndLocations(sales_channel_id),
)

const publishableKeys = crudHooks(adminPublishableApiKeysKeys, (c) => c.admin.publishableApiKeys)
const publishableKeyChange = (id: string) => [
  adminPublishableApiKeysKeys.lists(),
  adminPublishableApiKeysKeys.detail(id),
]
/** @example const { publishable_api_keys } = useAdminPublishableApiKeys() */
export const useAdminPublishableApiKeys = publishableKeys.useList
/** @example const { publishable_api_key } = useAdminPublishableApiKey(id) */
export const useAdminPublishableApiKey = publishableKeys.useRetrieve
/** @example useAdminCreatePublishableApiKey().mutate({ title: 'Web shop' }) */
export const useAdminCreatePublishableApiKey = publishableKeys.useCreate
/** @example useAdminUpdatePublishableApiKey(id).mutate({ title: 'App' }) */
export const useAdminUpdatePublishableApiKey = publishableKeys.useUpdate
/** @example useAdminDeletePublishableApiKey(id).mutate() */
export const useAdminDeletePublishableApiKey = publishableKeys.useDelete
/** @example useAdminRevokePublishableApiKey(id).mutate() */
export const useAdminRevokePublishableApiKey = idMutation(
  (c, id) => c.admin.publishableApiKeys.revoke(id),
  publishableKeyChange,
)
/** @example useAdminAddPublishableKeySalesChannelsBatch(id).mutate({ sales_channel_ids: [{ id }] }) */
export const useAdminAddPublishableKeySalesChannelsBatch = idMutation(
  (c, id, payload: Arg<Admin['publishableApiKeys']['addSalesChannelsBatch'], 1>) =>
    c.admin.publishableApiKeys.addSalesChannelsBatch(id, payload),
  publishableKeyChange,
)
/** @example useAdminRemovePublishableKeySalesChannelsBatch(id).mutate({ sales_channel_ids: [{ id }] }) */
export const useAdminRemovePublishableKeySalesChannelsBatch = idMutation(
  (c, id, payload: Arg<Admin['publishableApiKeys']['deleteSalesChannelsBatch'], 1>) =>
    c.admin.publishableApiKeys.deleteSalesChannelsBatch(id, payload),
  publishableKeyChange,
)
/** @example const { sales_channels } = useAdminPublishableApiKeySalesChannels(id) */
export const useAdminPublishableApiKeySalesChannels = detailQuery(
  adminPublishableApiKeysKeys,
  (c, id, q?: Arg<Admin['publishableApiKeys']['listSalesChannels'], 1>) =>
    c.admin.publishableApiKeys.listSalesChannels(id, q),
  'sales_channels',
)

/** Uploads public files (multipart field `files`). @example useAdminUploadFile().mutate(file) */
export const useAdminUploadFile = mutation(
  (c, files: Blob | Blob[]) => c.admin.uploads.create(files),
  () => [],
)
/** @example useAdminUploadProtectedFile().mutate(file) */
export const useAdminUploadProtectedFile = mutation(
  (c, files: Blob | Blob[]) => c.admin.uploads.createProtected(files),
  () => [],
)
/** @example useAdminDeleteFile().mutate({ file_key }) */
export const useAdminDeleteFile = mutation(
  (c, payload: Arg<Admin['uploads']['delete'], 0>) => c.admin.uploads.delete(payload),
  () => [],
)
/** @example useAdminCreatePresignedDownloadUrl().mutate({ file_key }) */
export const useAdminCreatePresignedDownloadUrl = mutation(
  (c, payload: Arg<Admin['uploads']['getPresignedDownloadUrl'], 0>) => c.admin.uploads.getPresignedDownloadUrl(payload),
  () => [],
)

const paymentCollectionChange = (id: string) => [
  adminPaymentCollectionKeys.lists(),
  adminPaymentCollectionKeys.detail(id),
]
/** @example const { payment_collection } = useAdminPaymentCollection(id) */
export const useAdminPaymentCollection = detailQuery(
  adminPaymentCollectionKeys,
  (c, id, q?: Arg<Admin['paymentCollections']['retrieve'], 1>) => c.admin.paymentCollections.retrieve(id, q),
)
/** @example useAdminUpdatePaymentCollection(id).mutate({ description: 'Deposit' }) */
export const useAdminUpdatePaymentCollection = idMutation(
  (c, id, payload: Arg<Admin['paymentCollections']['update'], 1>) => c.admin.paymentCollections.update(id, payload),
  paymentCollectionChange,
)
/** @example useAdminDeletePaymentCollection(id).mutate() */
export const useAdminDeletePaymentCollection = idMutation(
  (c, id) => c.admin.paymentCollections.delete(id),
  paymentCollectionChange,
)
/** @example useAdminMarkPaymentCollectionAsAuthorized(id).mutate() */
export const useAdminMarkPaymentCollectionAsAuthorized = idMutation(
  (c, id) => c.admin.paymentCollections.markAsAuthorized(id),
  paymentCollectionChange,
)

const paymentChange = (id: string) => [adminPaymentKeys.lists(), adminPaymentKeys.detail(id)]
/** @example const { payment } = useAdminPayment(id) */
export const useAdminPayment = detailQuery(adminPaymentKeys, (c, id) => c.admin.payments.retrieve(id))
/** @example useAdminPaymentsCapturePayment(id).mutate() */
export const useAdminPaymentsCapturePayment = idMutation((c, id) => c.admin.payments.capturePayment(id), paymentChange)
/** @example useAdminPaymentsRefundPayment(id).mutate({ amount: 500, reason: 'discount' }) */
export const useAdminPaymentsRefundPayment = idMutation(
  (c, id, payload: Arg<Admin['payments']['refundPayment'], 1>) => c.admin.payments.refundPayment(id, payload),
  paymentChange,
)
