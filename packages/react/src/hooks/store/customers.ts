import type { EmporiumClient } from '../../client.js'
import { fixedQuery, listQuery, mutation, type Arg } from '../factory.js'
import { customerKeys, orderKeys } from './keys.js'

type Store = EmporiumClient['store']
type Customers = Store['customers']

const me = () => [customerKeys.detail('me')]

/**
 * A customer's session: log in with a cookie.
 *
 * @example
 * useAuthenticate().mutate({ email, password })
 * @since 0.1.0
 */
export const useAuthenticate = mutation(
  (c, payload: Arg<Store['auth']['authenticate'], 0>) => c.store.auth.authenticate(payload),
  me,
)

/** Logs the customer's session out. @example useDeleteSession().mutate() */
export const useDeleteSession = mutation(
  (c, _: void) => c.store.auth.deleteSession(),
  () => [customerKeys.all],
)

/** The logged-in customer. @example const { customer } = useMeCustomer() */
export const useMeCustomer = fixedQuery(customerKeys.detail('me'), (c) => c.store.customers.retrieve())

/** Registers a customer. @example useCreateCustomer().mutate({ first_name, last_name, email, password }) */
export const useCreateCustomer = mutation(
  (c, payload: Arg<Customers['create'], 0>) => c.store.customers.create(payload),
  me,
)

/** Updates the logged-in customer; `id` is accepted and ignored, as in medusa-react. @example useUpdateMe().mutate({ id, first_name: 'Ada' }) */
export const useUpdateMe = mutation(
  (c, { id: _id, ...payload }: { id?: string } & Arg<Customers['update'], 0>) => c.store.customers.update(payload),
  me,
)

/** The logged-in customer's orders, 10 from offset 0 unless told otherwise. @example const { orders } = useCustomerOrders() */
export const useCustomerOrders = listQuery(
  orderKeys,
  (c, q: Arg<Customers['listOrders'], 0> = { limit: 10, offset: 0 }) => c.store.customers.listOrders(q),
)

/** @example useAddShippingAddress().mutate({ address }) */
export const useAddShippingAddress = mutation(
  (c, payload: Arg<Customers['addresses']['addAddress'], 0>) => c.store.customers.addresses.addAddress(payload),
  me,
)

/** @example useUpdateShippingAddress().mutate({ addressId, city: 'Lyon' }) */
export const useUpdateShippingAddress = mutation(
  (c, { addressId, ...payload }: { addressId: string } & Arg<Customers['addresses']['updateAddress'], 1>) =>
    c.store.customers.addresses.updateAddress(addressId, payload),
  me,
)

/** @example useDeleteShippingAddress().mutate({ addressId }) */
export const useDeleteShippingAddress = mutation(
  (c, { addressId }: { addressId: string }) => c.store.customers.addresses.deleteAddress(addressId),
  me,
)

/** @example const { payment_methods } = useCustomerPaymentMethods() */
export const useCustomerPaymentMethods = fixedQuery([...customerKeys.detail('me'), 'payment_methods'], (c) =>
  c.store.customers.paymentMethods.list(),
)

/** @example useResetCustomerPassword().mutate({ email, token, password }) */
export const useResetCustomerPassword = mutation(
  (c, payload: Arg<Customers['resetPassword'], 0>) => c.store.customers.resetPassword(payload),
  () => [],
)

/** @example useCustomerPasswordToken().mutate({ email }) */
export const useCustomerPasswordToken = mutation(
  (c, payload: Arg<Customers['generatePasswordToken'], 0>) => c.store.customers.generatePasswordToken(payload),
  () => [],
)
