import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type {
  AddressPayload,
  StoreCustomersListOrdersRes,
  StoreCustomersListPaymentMethodsRes,
  StoreCustomersRes,
  StoreGetCustomersCustomerOrdersParams,
  StorePostCustomersCustomerAddressesReq,
  StorePostCustomersCustomerPasswordTokenReq,
  StorePostCustomersCustomerReq,
  StorePostCustomersReq,
  StorePostCustomersResetPasswordReq,
} from '../../types/store.js'
import { Resource, seg } from '../resource.js'

export class StoreCustomerAddresses extends Resource {
  addAddress(
    payload: StorePostCustomersCustomerAddressesReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCustomersRes> {
    return this.postRequest('/store/customers/me/addresses', payload, undefined, headers)
  }

  updateAddress(id: string, payload: AddressPayload, headers?: RequestHeaders): ResponsePromise<StoreCustomersRes> {
    return this.postRequest(`/store/customers/me/addresses/${seg(id)}`, payload, undefined, headers)
  }

  deleteAddress(id: string, headers?: RequestHeaders): ResponsePromise<StoreCustomersRes> {
    return this.deleteRequest(`/store/customers/me/addresses/${seg(id)}`, undefined, undefined, headers)
  }
}

export class StoreCustomerPaymentMethods extends Resource {
  list(headers?: RequestHeaders): ResponsePromise<StoreCustomersListPaymentMethodsRes> {
    return this.getRequest('/store/customers/me/payment-methods', undefined, headers)
  }
}

export class StoreCustomers extends Resource {
  readonly addresses = new StoreCustomerAddresses(this.http)
  readonly paymentMethods = new StoreCustomerPaymentMethods(this.http)

  /** Registers a customer. */
  create(payload: StorePostCustomersReq, headers?: RequestHeaders): ResponsePromise<StoreCustomersRes> {
    return this.postRequest('/store/customers', payload, undefined, headers)
  }

  retrieve(headers?: RequestHeaders): ResponsePromise<StoreCustomersRes> {
    return this.getRequest('/store/customers/me', undefined, headers)
  }

  update(payload: StorePostCustomersCustomerReq, headers?: RequestHeaders): ResponsePromise<StoreCustomersRes> {
    return this.postRequest('/store/customers/me', payload, undefined, headers)
  }

  /** The customer's orders; the server pages by 10 from offset 0 unless told otherwise. */
  listOrders(
    query?: StoreGetCustomersCustomerOrdersParams,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCustomersListOrdersRes> {
    return this.getRequest('/store/customers/me/orders', query, headers)
  }

  resetPassword(
    payload: StorePostCustomersResetPasswordReq,
    headers?: RequestHeaders,
  ): ResponsePromise<StoreCustomersRes> {
    return this.postRequest('/store/customers/password-reset', payload, undefined, headers)
  }

  generatePasswordToken(
    payload: StorePostCustomersCustomerPasswordTokenReq,
    headers?: RequestHeaders,
  ): ResponsePromise<Record<string, never>> {
    return this.postRequest('/store/customers/password-token', payload, undefined, headers)
  }
}
