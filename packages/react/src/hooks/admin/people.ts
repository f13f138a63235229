import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import { detailQuery, fixedQuery, idMutation, listQuery, mutation, type Arg } from '../factory.js'
import { adminAuthKeys, adminCustomerGroupKeys, adminCustomerKeys, adminInviteKeys, adminUserKeys } from './keys.js'

type Admin = EmporiumClient['admin']

/**
 * The logged-in admin user (cookie session or bearer token).
 *
 * @example
 * const { user, isLoading } = useAdminGetSession()
 * @since 0.1.0
 */
export const useAdminGetSession = fixedQuery(adminAuthKeys.details(), (c) => c.admin.auth.getSession())

/** Logs in with a cookie session. @example useAdminLogin().mutate({ email, password }) */
export const useAdminLogin = mutation(
  (c, payload: Arg<Admin['auth']['createSession'], 0>) => c.admin.auth.createSession(payload),
  () => [adminAuthKeys.all],
)

/**
 * Gets a bearer token; the provider's client sends it on later admin calls.
 *
 * @example
 * await useAdminGetToken().mutateAsync({ email, password })
 * @since 0.1.0
 */
export const useAdminGetToken = mutation(
  (c, payload: Arg<Admin['auth']['getToken'], 0>) => c.admin.auth.getToken(payload),
  () => [adminAuthKeys.all],
)

/** Logs the session out. @example useAdminDeleteSession().mutate() */
export const useAdminDeleteSession = mutation(
  (c, _: void) => c.admin.auth.deleteSession(),
  () => [adminAuthKeys.all],
)

const users = crudHooks(adminUserKeys, (c) => c.admin.users)
/** @example const { users } = useAdminUsers() */
export const useAdminUsers = users.useList
/** @example const { user } = useAdminUser(id) */
export const useAdminUser = users.useRetrieve
/** @example useAdminCreateUser().mutate({ email, password, role: 'member' }) */
export const useAdminCreateUser = users.useCreate
/** @example useAdminUpdateUser(id).mutate({ first_name: 'Ada' }) */
export const useAdminUpdateUser = users.useUpdate
/** @example useAdminDeleteUser(id).mutate() */
export const useAdminDeleteUser = users.useDelete

/** @example useAdminSendResetPasswordToken().mutate({ email }) */
export const useAdminSendResetPasswordToken = mutation(
  (c, payload: Arg<Admin['users']['sendResetPasswordToken'], 0>) => c.admin.users.sendResetPasswordToken(payload),
  () => [],
)

/** @example useAdminResetPassword().mutate({ token, password }) */
export const useAdminResetPassword = mutation(
  (c, payload: Arg<Admin['users']['resetPassword'], 0>) => c.admin.users.resetPassword(payload),
  () => [adminUserKeys.all],
)

/** @example const { invites } = useAdminInvites() */
export const useAdminInvites = fixedQuery(adminInviteKeys.lists(), (c) => c.admin.invites.list())

/** @example useAdminCreateInvite().mutate({ user: 'new@shop.com', role: 'member' }) */
export const useAdminCreateInvite = mutation(
  (c, payload: Arg<Admin['invites']['create'], 0>) => c.admin.invites.create(payload),
  () => [adminInviteKeys.lists()],
)

/** @example useAdminAcceptInvite().mutate({ token, user: { first_name, last_name, password } }) */
export const useAdminAcceptInvite = mutation(
  (c, payload: Arg<Admin['invites']['accept'], 0>) => c.admin.invites.accept(payload),
  () => [adminInviteKeys.lists(), adminUserKeys.lists()],
)

/** @example useAdminResendInvite(id).mutate() */
export const useAdminResendInvite = idMutation(
  (c, id) => c.admin.invites.resend(id),
  () => [adminInviteKeys.lists()],
)

/** @example useAdminDeleteInvite(id).mutate() */
export const useAdminDeleteInvite = idMutation(
  (c, id) => c.admin.invites.delete(id),
  () => [adminInviteKeys.lists()],
)

/** @example const { customers } = useAdminCustomers({ q: 'ada' }) */
export const useAdminCustomers = listQuery(adminCustomerKeys, (c, q?: Arg<Admin['customers']['list'], 0>) =>
  c.admin.customers.list(q),
)

/** @example const { customer } = useAdminCustomer(id) */
export const useAdminCustomer = detailQuery(adminCustomerKeys, (c, id, q?: Arg<Admin['customers']['retrieve'], 1>) =>
  c.admin.customers.retrieve(id, q),
)

/** @example useAdminCreateCustomer().mutate({ email, first_name, last_name, password }) */
export const useAdminCreateCustomer = mutation(
  (c, payload: Arg<Admin['customers']['create'], 0>) => c.admin.customers.create(payload),
  () => [adminCustomerKeys.lists()],
)

/** @example useAdminUpdateCustomer(id).mutate({ first_name: 'Ada' }) */
export const useAdminUpdateCustomer = idMutation(
  (c, id, payload: Arg<Admin['customers']['update'], 1>) => c.admin.customers.update(id, payload),
  (id) => [adminCustomerKeys.lists(), adminCustomerKeys.detail(id), adminCustomerGroupKeys.all],
)

const customerGroups = crudHooks(adminCustomerGroupKeys, (c) => c.admin.customerGroups)
/** @example const { customer_groups } = useAdminCustomerGroups() */
export const useAdminCustomerGroups = customerGroups.useList
/** @example const { customer_group } = useAdminCustomerGroup(id) */
export const useAdminCustomerGroup = customerGroups.useRetrieve
/** @example useAdminCreateCustomerGroup().mutate({ name: 'VIP' }) */
export const useAdminCreateCustomerGroup = customerGroups.useCreate
/** @example useAdminUpdateCustomerGroup(id).mutate({ name: 'VIP+' }) */
export const useAdminUpdateCustomerGroup = customerGroups.useUpdate
/** @example useAdminDeleteCustomerGroup(id).mutate() */
export const useAdminDeleteCustomerGroup = customerGroups.useDelete

const groupAndCustomers = (id: string) => [
  adminCustomerGroupKeys.lists(),
  adminCustomerGroupKeys.detail(id),
  adminCustomerKeys.all,
]

/** @example const { customers } = useAdminCustomerGroupCustomers(groupId) */
export const useAdminCustomerGroupCustomers = detailQuery(
  adminCustomerGroupKeys,
  (c, id, q?: Arg<Admin['customerGroups']['listCustomers'], 1>) => c.admin.customerGroups.listCustomers(id, q),
  'customers',
)

/** @example useAdminAddCustomersToCustomerGroup(groupId).mutate({ customer_ids: [{ id }] }) */
export const useAdminAddCustomersToCustomerGroup = idMutation(
  (c, id, payload: Arg<Admin['customerGroups']['addCustomers'], 1>) => c.admin.customerGroups.addCustomers(id, payload),
  groupAndCustomers,
)

/** @example useAdminRemoveCustomersFromCustomerGroup(groupId).mutate({ customer_ids: [{ id }] }) */
export const useAdminRemoveCustomersFromCustomerGroup = idMutation(
  (c, id, payload: Arg<Admin['customerGroups']['removeCustomers'], 1>) =>
    c.admin.customerGroups.removeCustomers(id, payload),
  groupAndCustomers,
)
