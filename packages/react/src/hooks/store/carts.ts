import type { EmporiumClient } from '../../client.js'
import { detailQuery, idMutation, mutation, type Arg } from '../factory.js'
import { cartKeys, shippingOptionKeys } from './keys.js'

type Carts = EmporiumClient['store']['carts']

// Every cart write answers with the whole cart: its detail is stale, and so are the shipping
// options offered to it, which depend on its items and address.
const cartDetail = (cartId: string) => [cartKeys.detail(cartId), shippingOptionKeys.detail(cartId)]

/**
 * A cart by id.
 *
 * @example
 * const { cart } = useGetCart(cartId)
 * @since 0.1.0
 */
export const useGetCart = detailQuery(cartKeys, (c, id, q?: Arg<Carts['retrieve'], 1>) => c.store.carts.retrieve(id, q))

/** @example const createCart = useCreateCart(); createCart.mutate({ region_id }) */
export const useCreateCart = mutation(
  (c, payload: Arg<Carts['create'], 0> | void) => c.store.carts.create(payload ?? {}),
  () => [cartKeys.lists()],
)

/** @example useUpdateCart(cartId).mutate({ email: 'shopper@example.com' }) */
export const useUpdateCart = idMutation(
  (c, id, payload: Arg<Carts['update'], 1>) => c.store.carts.update(id, payload),
  cartDetail,
)

/**
 * Places the order; `data` is the order, or the cart when it cannot be completed yet. Give the
 * same `idempotencyKey` to every attempt of one checkout (a double click, a retry after a network
 * error): the server then completes the cart once and answers each attempt with that one result.
 *
 * @example
 * const [key] = useState(() => crypto.randomUUID())
 * useCompleteCart(cartId).mutate({ idempotencyKey: key })
 * @since 0.1.0
 */
export const useCompleteCart = idMutation(
  (c, id, options: { idempotencyKey?: string } | void) =>
    c.store.carts.complete(id, options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined),
  cartDetail,
)

/** @example useCreatePaymentSession(cartId).mutate() */
export const useCreatePaymentSession = idMutation((c, id) => c.store.carts.createPaymentSessions(id), cartDetail)

/** @example useSetPaymentSession(cartId).mutate({ provider_id: 'manual' }) */
export const useSetPaymentSession = idMutation(
  (c, id, payload: Arg<Carts['setPaymentSession'], 1>) => c.store.carts.setPaymentSession(id, payload),
  cartDetail,
)

/** @example useUpdatePaymentSession(cartId).mutate({ provider_id: 'manual', data: {} }) */
export const useUpdatePaymentSession = idMutation(
  (c, id, { provider_id, data }: { provider_id: string; data: Arg<Carts['updatePaymentSession'], 2>['data'] }) =>
    c.store.carts.updatePaymentSession(id, provider_id, { data }),
  cartDetail,
)

/** @example useRefreshPaymentSession(cartId).mutate({ provider_id: 'manual' }) */
export const useRefreshPaymentSession = idMutation(
  (c, id, { provider_id }: { provider_id: string }) => c.store.carts.refreshPaymentSession(id, provider_id),
  cartDetail,
)

/** @example useDeletePaymentSession(cartId).mutate({ provider_id: 'manual' }) */
export const useDeletePaymentSession = idMutation(
  (c, id, { provider_id }: { provider_id: string }) => c.store.carts.deletePaymentSession(id, provider_id),
  cartDetail,
)

/** @example useAddShippingMethodToCart(cartId).mutate({ option_id }) */
export const useAddShippingMethodToCart = idMutation(
  (c, id, payload: Arg<Carts['addShippingMethod'], 1>) => c.store.carts.addShippingMethod(id, payload),
  cartDetail,
)

/** @example useRemoveDiscount(cartId).mutate({ code: 'SUMMER' }) */
export const useRemoveDiscount = idMutation(
  (c, id, { code }: { code: string }) => c.store.carts.deleteDiscount(id, code),
  cartDetail,
)

/**
 * Creates a cart, then its payment sessions, and answers with that cart.
 *
 * @example
 * const { cart } = await useStartCheckout().mutateAsync({ region_id })
 * @since 0.1.0
 */
export const useStartCheckout = mutation(
  async (c, payload: Arg<Carts['create'], 0> | void) => {
    const { cart } = await c.store.carts.create(payload ?? {})
    return c.store.carts.createPaymentSessions(cart.id)
  },
  () => [cartKeys.lists()],
)

/** @example useCreateLineItem(cartId).mutate({ variant_id, quantity: 1 }) */
export const useCreateLineItem = idMutation(
  (c, id, payload: Arg<Carts['lineItems']['create'], 1>) => c.store.carts.lineItems.create(id, payload),
  cartDetail,
)

/** @example useUpdateLineItem(cartId).mutate({ lineId, quantity: 2 }) */
export const useUpdateLineItem = idMutation(
  (c, id, { lineId, ...payload }: { lineId: string } & Arg<Carts['lineItems']['update'], 2>) =>
    c.store.carts.lineItems.update(id, lineId, payload),
  cartDetail,
)

/** @example useDeleteLineItem(cartId).mutate({ lineId }) */
export const useDeleteLineItem = idMutation(
  (c, id, { lineId }: { lineId: string }) => c.store.carts.lineItems.delete(id, lineId),
  cartDetail,
)
