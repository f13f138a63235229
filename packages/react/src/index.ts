export { EmporiumProvider, MedusaProvider, useEmporium, useMedusa } from './provider.js'
export type { EmporiumContextValue, EmporiumProviderProps } from './provider.js'
export { EmporiumClient } from './client.js'
export type { ClientConfig } from './client.js'
export { createQueryClient } from './query-client.js'
export { queryKeysFactory } from './query-keys.js'
export type { QueryKeys } from './query-keys.js'

export {
  useEmporiumMutation,
  useEmporiumQuery,
  listQuery,
  detailQuery,
  fixedQuery,
  mutation,
  idMutation,
} from './hooks/factory.js'
export type {
  Answer,
  Arg,
  DetailQueryHook,
  FixedQueryHook,
  IdMutationHook,
  MutationHook,
  MutationOptions,
  QueryHookResult,
  QueryOptions,
} from './hooks/factory.js'
export { POLLING_LADDER_MS, useLadderPolledQuery } from './hooks/polling.js'
export type { LadderPolledQueryResult } from './hooks/polling.js'

export * from './hooks/store/keys.js'
export * from './hooks/store/catalog.js'
export * from './hooks/store/carts.js'
export * from './hooks/store/customers.js'
export * from './hooks/store/orders.js'
export * from './hooks/store/regions.js'

export { crudHooks } from './hooks/crud.js'
export type { CrudHooks, CrudResourceLike } from './hooks/crud.js'
export * from './hooks/admin/keys.js'
export * from './hooks/admin/products.js'
export * from './hooks/admin/people.js'
export * from './hooks/admin/settings.js'
export * from './hooks/admin/catalog.js'
export * from './hooks/admin/inventory.js'
export * from './hooks/admin/orders.js'
export * from './hooks/admin/marketing.js'
export * from './hooks/admin/operations.js'

export { CartProvider, useCart } from './cart/cart-provider.js'
export type { Cart, CartContextValue, CartProviderProps } from './cart/cart-provider.js'
export { SESSION_CART_STORAGE_KEY, SessionCartProvider, useSessionCart } from './session-cart/session-cart-provider.js'
export type { SessionCartContextValue, SessionCartProviderProps } from './session-cart/session-cart-provider.js'
export type {
  SessionCartItem,
  SessionCartItemInput,
  SessionCartRegion,
  SessionCartState,
  SessionCartVariant,
} from './session-cart/session-cart-state.js'

export {
  computeAmount,
  computeVariantPrice,
  formatAmount,
  formatVariantPrice,
  getVariantPrice,
} from './helpers/prices.js'
export type { LocaleOptions, MoneyAmountInfo, ProductVariantInfo, RegionInfo } from './helpers/prices.js'
export { SECONDS_THRESHOLD, toDate } from './helpers/dates.js'
export { isUuid, parseUuid } from './helpers/uuid.js'
