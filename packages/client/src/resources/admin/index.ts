import type { HttpClient } from '../../http/client.js'
import {
  AdminCollections,
  AdminProductCategories,
  AdminProducts,
  AdminProductTags,
  AdminProductTypes,
  AdminVariants,
} from './catalog.js'
import {
  AdminDiscounts,
  AdminDraftOrders,
  AdminGiftCards,
  AdminNotes,
  AdminNotifications,
  AdminOrderEdits,
  AdminOrders,
  AdminPriceLists,
  AdminReturnReasons,
  AdminReturns,
  AdminSwaps,
} from './commerce.js'
import { AdminInventoryItems, AdminReservations, AdminStockLocations } from './inventory.js'
import { AdminAnalyticsConfigs, AdminBatchJobs, AdminCustom, AdminDashboard, AdminPayments } from './other.js'
import { AdminAuth, AdminCustomerGroups, AdminCustomers, AdminInvites, AdminUsers } from './people.js'
import {
  AdminCurrencies,
  AdminPaymentCollections,
  AdminPublishableApiKeys,
  AdminRegions,
  AdminSalesChannels,
  AdminShippingOptions,
  AdminShippingProfiles,
  AdminStore,
  AdminTaxRates,
  AdminUploads,
} from './settings.js'

/** Every admin call (SPEC §7 "Admin"), grouped by resource as in medusa-js. */
export class AdminApi {
  readonly analyticsConfigs: AdminAnalyticsConfigs
  readonly auth: AdminAuth
  readonly batchJobs: AdminBatchJobs
  readonly collections: AdminCollections
  readonly currencies: AdminCurrencies
  readonly dashboard: AdminDashboard
  readonly custom: AdminCustom
  readonly customerGroups: AdminCustomerGroups
  readonly customers: AdminCustomers
  readonly discounts: AdminDiscounts
  readonly draftOrders: AdminDraftOrders
  readonly giftCards: AdminGiftCards
  readonly inventoryItems: AdminInventoryItems
  readonly invites: AdminInvites
  readonly notes: AdminNotes
  readonly notifications: AdminNotifications
  readonly orderEdits: AdminOrderEdits
  readonly orders: AdminOrders
  readonly paymentCollections: AdminPaymentCollections
  readonly payments: AdminPayments
  readonly priceLists: AdminPriceLists
  readonly productCategories: AdminProductCategories
  readonly productTags: AdminProductTags
  readonly productTypes: AdminProductTypes
  readonly products: AdminProducts
  readonly publishableApiKeys: AdminPublishableApiKeys
  readonly regions: AdminRegions
  readonly reservations: AdminReservations
  readonly returnReasons: AdminReturnReasons
  readonly returns: AdminReturns
  readonly salesChannels: AdminSalesChannels
  readonly shippingOptions: AdminShippingOptions
  readonly shippingProfiles: AdminShippingProfiles
  readonly stockLocations: AdminStockLocations
  readonly store: AdminStore
  readonly swaps: AdminSwaps
  readonly taxRates: AdminTaxRates
  readonly uploads: AdminUploads
  readonly users: AdminUsers
  readonly variants: AdminVariants

  constructor(http: HttpClient) {
    this.analyticsConfigs = new AdminAnalyticsConfigs(http)
    this.auth = new AdminAuth(http)
    this.batchJobs = new AdminBatchJobs(http)
    this.collections = new AdminCollections(http)
    this.currencies = new AdminCurrencies(http)
    this.dashboard = new AdminDashboard(http)
    this.custom = new AdminCustom(http)
    this.customerGroups = new AdminCustomerGroups(http)
    this.customers = new AdminCustomers(http)
    this.discounts = new AdminDiscounts(http)
    this.draftOrders = new AdminDraftOrders(http)
    this.giftCards = new AdminGiftCards(http)
    this.inventoryItems = new AdminInventoryItems(http)
    this.invites = new AdminInvites(http)
    this.notes = new AdminNotes(http)
    this.notifications = new AdminNotifications(http)
    this.orderEdits = new AdminOrderEdits(http)
    this.orders = new AdminOrders(http)
    this.paymentCollections = new AdminPaymentCollections(http)
    this.payments = new AdminPayments(http)
    this.priceLists = new AdminPriceLists(http)
    this.productCategories = new AdminProductCategories(http)
    this.productTags = new AdminProductTags(http)
    this.productTypes = new AdminProductTypes(http)
    this.products = new AdminProducts(http)
    this.publishableApiKeys = new AdminPublishableApiKeys(http)
    this.regions = new AdminRegions(http)
    this.reservations = new AdminReservations(http)
    this.returnReasons = new AdminReturnReasons(http)
    this.returns = new AdminReturns(http)
    this.salesChannels = new AdminSalesChannels(http)
    this.shippingOptions = new AdminShippingOptions(http)
    this.shippingProfiles = new AdminShippingProfiles(http)
    this.stockLocations = new AdminStockLocations(http)
    this.store = new AdminStore(http)
    this.swaps = new AdminSwaps(http)
    this.taxRates = new AdminTaxRates(http)
    this.uploads = new AdminUploads(http)
    this.users = new AdminUsers(http)
    this.variants = new AdminVariants(http)
  }
}
