import type { HttpClient } from '../../http/client.js'
import { StoreAuth } from './auth.js'
import { StoreCarts } from './carts.js'
import {
  StoreCollections,
  StoreProductCategories,
  StoreProducts,
  StoreProductTags,
  StoreProductTypes,
} from './catalog.js'
import { StoreCustomers } from './customers.js'
import { StoreGiftCards, StoreOrderEdits, StoreOrders, StoreReturnReasons, StoreReturns, StoreSwaps } from './orders.js'
import { StorePaymentCollections, StoreRegions, StoreShippingOptions } from './regions.js'

/** Every storefront call (SPEC §7 "Storefront"), grouped by resource. */
export class StoreApi {
  readonly auth: StoreAuth
  readonly carts: StoreCarts
  readonly customers: StoreCustomers
  readonly collections: StoreCollections
  readonly giftCards: StoreGiftCards
  readonly orderEdits: StoreOrderEdits
  readonly orders: StoreOrders
  readonly paymentCollections: StorePaymentCollections
  readonly productCategories: StoreProductCategories
  readonly productTags: StoreProductTags
  readonly productTypes: StoreProductTypes
  readonly products: StoreProducts
  readonly regions: StoreRegions
  readonly returnReasons: StoreReturnReasons
  readonly returns: StoreReturns
  readonly shippingOptions: StoreShippingOptions
  readonly swaps: StoreSwaps

  constructor(http: HttpClient) {
    this.auth = new StoreAuth(http)
    this.carts = new StoreCarts(http)
    this.customers = new StoreCustomers(http)
    this.collections = new StoreCollections(http)
    this.giftCards = new StoreGiftCards(http)
    this.orderEdits = new StoreOrderEdits(http)
    this.orders = new StoreOrders(http)
    this.paymentCollections = new StorePaymentCollections(http)
    this.productCategories = new StoreProductCategories(http)
    this.productTags = new StoreProductTags(http)
    this.productTypes = new StoreProductTypes(http)
    this.products = new StoreProducts(http)
    this.regions = new StoreRegions(http)
    this.returnReasons = new StoreReturnReasons(http)
    this.returns = new StoreReturns(http)
    this.shippingOptions = new StoreShippingOptions(http)
    this.swaps = new StoreSwaps(http)
  }
}
