import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminCustomerGroupsListRes,
  AdminCustomerGroupsRes,
  AdminCustomersListRes,
  AdminCustomersRes,
  StoreAuthRes,
  StoreBearerAuthRes,
  StoreCustomersListPaymentMethodsRes,
  StoreCustomersRes,
  StoreGetAuthEmailRes,
} from '../../../modules/customers/contract.js'
import { Unknown } from '../client.js'

/** The schemas by name, so that declarations stay small. */
export type CustomersRoutes = {
  'GET /admin/customer-groups': typeof AdminCustomerGroupsListRes
  'POST /admin/customer-groups': typeof AdminCustomerGroupsRes
  'DELETE /admin/customer-groups/:id': typeof DeleteResponse
  'GET /admin/customer-groups/:id': typeof AdminCustomerGroupsRes
  'POST /admin/customer-groups/:id': typeof AdminCustomerGroupsRes
  'GET /admin/customer-groups/:id/customers': typeof AdminCustomersListRes
  'DELETE /admin/customer-groups/:id/customers/batch': typeof AdminCustomerGroupsRes
  'POST /admin/customer-groups/:id/customers/batch': typeof AdminCustomerGroupsRes
  'GET /admin/customers': typeof AdminCustomersListRes
  'POST /admin/customers': typeof AdminCustomersRes
  'GET /admin/customers/:id': typeof AdminCustomersRes
  'POST /admin/customers/:id': typeof AdminCustomersRes
  'DELETE /store/auth': typeof Unknown
  'GET /store/auth': typeof StoreAuthRes
  'POST /store/auth': typeof StoreAuthRes
  'GET /store/auth/:email': typeof StoreGetAuthEmailRes
  'POST /store/auth/token': typeof StoreBearerAuthRes
  'POST /store/customers': typeof StoreCustomersRes
  'GET /store/customers/me': typeof StoreCustomersRes
  'POST /store/customers/me': typeof StoreCustomersRes
  'POST /store/customers/me/addresses': typeof StoreCustomersRes
  'DELETE /store/customers/me/addresses/:address_id': typeof StoreCustomersRes
  'POST /store/customers/me/addresses/:address_id': typeof StoreCustomersRes
  'GET /store/customers/me/payment-methods': typeof StoreCustomersListPaymentMethodsRes
  'POST /store/customers/password-reset': typeof StoreCustomersRes
  'POST /store/customers/password-token': typeof Unknown
}

export const customersRoutes: CustomersRoutes = {
  'GET /admin/customer-groups': AdminCustomerGroupsListRes,
  'POST /admin/customer-groups': AdminCustomerGroupsRes,
  'DELETE /admin/customer-groups/:id': DeleteResponse,
  'GET /admin/customer-groups/:id': AdminCustomerGroupsRes,
  'POST /admin/customer-groups/:id': AdminCustomerGroupsRes,
  'GET /admin/customer-groups/:id/customers': AdminCustomersListRes,
  'DELETE /admin/customer-groups/:id/customers/batch': AdminCustomerGroupsRes,
  'POST /admin/customer-groups/:id/customers/batch': AdminCustomerGroupsRes,
  'GET /admin/customers': AdminCustomersListRes,
  'POST /admin/customers': AdminCustomersRes,
  'GET /admin/customers/:id': AdminCustomersRes,
  'POST /admin/customers/:id': AdminCustomersRes,
  'DELETE /store/auth': Unknown,
  'GET /store/auth': StoreAuthRes,
  'POST /store/auth': StoreAuthRes,
  'GET /store/auth/:email': StoreGetAuthEmailRes,
  'POST /store/auth/token': StoreBearerAuthRes,
  'POST /store/customers': StoreCustomersRes,
  'GET /store/customers/me': StoreCustomersRes,
  'POST /store/customers/me': StoreCustomersRes,
  'POST /store/customers/me/addresses': StoreCustomersRes,
  'DELETE /store/customers/me/addresses/:address_id': StoreCustomersRes,
  'POST /store/customers/me/addresses/:address_id': StoreCustomersRes,
  'GET /store/customers/me/payment-methods': StoreCustomersListPaymentMethodsRes,
  'POST /store/customers/password-reset': StoreCustomersRes,
  'POST /store/customers/password-token': Unknown,
}
