import type { ClientConfig } from './config.js'
import { HttpClient } from './http/client.js'
import { AdminApi } from './resources/admin/index.js'
import { StoreApi } from './resources/store/index.js'

/**
 * The client: `client.store.*` for the storefront and `client.admin.*` for the admin. The
 * storefront resources are also at the top level (`client.carts`, `client.products`…), as in
 * medusa-js, so code written for it keeps working.
 */
export class Emporium {
  readonly http: HttpClient
  readonly store: StoreApi
  readonly admin: AdminApi

  readonly auth: StoreApi['auth']
  readonly carts: StoreApi['carts']
  readonly customers: StoreApi['customers']
  readonly collections: StoreApi['collections']
  readonly giftCards: StoreApi['giftCards']
  readonly orderEdits: StoreApi['orderEdits']
  readonly orders: StoreApi['orders']
  readonly paymentCollections: StoreApi['paymentCollections']
  readonly productCategories: StoreApi['productCategories']
  readonly productTags: StoreApi['productTags']
  readonly productTypes: StoreApi['productTypes']
  readonly products: StoreApi['products']
  readonly regions: StoreApi['regions']
  readonly returnReasons: StoreApi['returnReasons']
  readonly returns: StoreApi['returns']
  readonly shippingOptions: StoreApi['shippingOptions']
  readonly swaps: StoreApi['swaps']

  constructor(config: ClientConfig = {}) {
    this.http = new HttpClient(config)
    this.store = new StoreApi(this.http)
    this.admin = new AdminApi(this.http)
    this.auth = this.store.auth
    this.carts = this.store.carts
    this.customers = this.store.customers
    this.collections = this.store.collections
    this.giftCards = this.store.giftCards
    this.orderEdits = this.store.orderEdits
    this.orders = this.store.orders
    this.paymentCollections = this.store.paymentCollections
    this.productCategories = this.store.productCategories
    this.productTags = this.store.productTags
    this.productTypes = this.store.productTypes
    this.products = this.store.products
    this.regions = this.store.regions
    this.returnReasons = this.store.returnReasons
    this.returns = this.store.returns
    this.shippingOptions = this.store.shippingOptions
    this.swaps = this.store.swaps
  }
}

export default Emporium
