import type { EmporiumClient } from '../../client.js'
import { detailQuery, idMutation, listQuery, type Arg } from '../factory.js'
import { paymentCollectionKeys, regionKeys, shippingOptionKeys } from './keys.js'

type Store = EmporiumClient['store']
type PaymentCollections = Store['paymentCollections']

/** @example const { regions } = useRegions() */
export const useRegions = listQuery(regionKeys, (c, q?: Arg<Store['regions']['list'], 0>) => c.store.regions.list(q))

/** @example const { region } = useRegion('reg_01…') */
export const useRegion = detailQuery(regionKeys, (c, id, q?: Arg<Store['regions']['retrieve'], 1>) =>
  c.store.regions.retrieve(id, q),
)

/** @example const { shipping_options } = useShippingOptions({ region_id }) */
export const useShippingOptions = listQuery(shippingOptionKeys, (c, q?: Arg<Store['shippingOptions']['list'], 0>) =>
  c.store.shippingOptions.list(q),
)

/** The options a cart can ship with. @example const { shipping_options } = useCartShippingOptions(cartId) */
export const useCartShippingOptions = detailQuery(shippingOptionKeys, (c, cartId) =>
  c.store.shippingOptions.listCartOptions(cartId),
)

/** @example const { payment_collection } = usePaymentCollection('paycol_01…') */
export const usePaymentCollection = detailQuery(
  paymentCollectionKeys,
  (c, id, q?: Arg<PaymentCollections['retrieve'], 1>) => c.store.paymentCollections.retrieve(id, q),
)

const collectionDetail = (id: string) => [paymentCollectionKeys.detail(id)]

/** @example useManagePaymentSession(id).mutate({ provider_id: 'manual' }) */
export const useManagePaymentSession = idMutation(
  (c, id, payload: Arg<PaymentCollections['managePaymentSession'], 1>) =>
    c.store.paymentCollections.managePaymentSession(id, payload),
  collectionDetail,
)

/** @example useManageMultiplePaymentSessions(id).mutate({ sessions: [{ provider_id: 'manual', amount }] }) */
export const useManageMultiplePaymentSessions = idMutation(
  (c, id, payload: Arg<PaymentCollections['managePaymentSessionsBatch'], 1>) =>
    c.store.paymentCollections.managePaymentSessionsBatch(id, payload),
  collectionDetail,
)

/** @example useAuthorizePaymentSessionsBatch(id).mutate({ session_ids }) */
export const useAuthorizePaymentSessionsBatch = idMutation(
  (c, id, payload: Arg<PaymentCollections['authorizePaymentSessionsBatch'], 1>) =>
    c.store.paymentCollections.authorizePaymentSessionsBatch(id, payload),
  collectionDetail,
)

/** @example useAuthorizePaymentSession(id).mutate('ps_01…') */
export const useAuthorizePaymentSession = idMutation(
  (c, id, sessionId: string) => c.store.paymentCollections.authorizePaymentSession(id, sessionId),
  collectionDetail,
)

/** @example usePaymentCollectionRefreshPaymentSession(id).mutate('ps_01…') */
export const usePaymentCollectionRefreshPaymentSession = idMutation(
  (c, id, sessionId: string) => c.store.paymentCollections.refreshPaymentSession(id, sessionId),
  collectionDetail,
)
