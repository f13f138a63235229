import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type * as T from '../../types/admin.js'
import { CrudResource } from '../crud.js'
import { Resource, seg, type DeleteRes } from '../resource.js'

export class AdminAuth extends Resource {
  getSession(headers?: RequestHeaders): ResponsePromise<T.AdminAuthRes> {
    return this.getRequest('/admin/auth', undefined, headers)
  }

  /** Logs a user in with a session cookie. */
  createSession(payload: T.AdminPostAuthReq, headers?: RequestHeaders): ResponsePromise<T.AdminAuthRes> {
    return this.postRequest('/admin/auth', payload, undefined, headers)
  }

  deleteSession(headers?: RequestHeaders): ResponsePromise<Record<string, never>> {
    return this.deleteRequest('/admin/auth', undefined, undefined, headers)
  }

  /** Gets a bearer token; later admin calls of this client send it. */
  async getToken(payload: T.AdminPostAuthReq, headers?: RequestHeaders): ResponsePromise<T.AdminBearerAuthRes> {
    const result = await this.postRequest<T.AdminBearerAuthRes>('/admin/auth/token', payload, undefined, headers)
    this.http.tokens.set('admin', result.access_token)
    return result
  }
}

export class AdminUsers extends CrudResource<{
  create: T.AdminCreateUserRequest
  update: T.AdminUpdateUserRequest
  listQuery: T.AdminGetUsersParams
  retrieveQuery: Record<string, never>
  one: T.AdminUserRes
  list: T.AdminUsersListRes
}> {
  protected readonly path = '/admin/users'

  sendResetPasswordToken(
    payload: T.AdminResetPasswordTokenRequest,
    headers?: RequestHeaders,
  ): ResponsePromise<Record<string, never>> {
    return this.postRequest('/admin/users/password-token', payload, undefined, headers)
  }

  resetPassword(payload: T.AdminResetPasswordRequest, headers?: RequestHeaders): ResponsePromise<T.AdminUserRes> {
    return this.postRequest('/admin/users/reset-password', payload, undefined, headers)
  }
}

export class AdminInvites extends Resource {
  create(payload: T.AdminPostInvitesReq, headers?: RequestHeaders): ResponsePromise<Record<string, never>> {
    return this.postRequest('/admin/invites', payload, undefined, headers)
  }

  list(headers?: RequestHeaders): ResponsePromise<T.AdminListInvitesRes> {
    return this.getRequest('/admin/invites', undefined, headers)
  }

  delete(id: string, headers?: RequestHeaders): ResponsePromise<DeleteRes> {
    return this.deleteRequest(`/admin/invites/${seg(id)}`, undefined, undefined, headers)
  }

  /** Creates the invited user; needs no login. */
  accept(payload: T.AdminPostInvitesInviteAcceptReq, headers?: RequestHeaders): ResponsePromise<Record<string, never>> {
    return this.postRequest('/admin/invites/accept', payload, undefined, headers)
  }

  resend(id: string, headers?: RequestHeaders): ResponsePromise<Record<string, never>> {
    return this.postRequest(`/admin/invites/${seg(id)}/resend`, undefined, undefined, headers)
  }
}

export class AdminCustomers extends Resource {
  create(payload: T.AdminPostCustomersReq, headers?: RequestHeaders): ResponsePromise<T.AdminCustomersRes> {
    return this.postRequest('/admin/customers', payload, undefined, headers)
  }

  update(
    id: string,
    payload: T.AdminPostCustomersCustomerReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCustomersRes> {
    return this.postRequest(`/admin/customers/${seg(id)}`, payload, undefined, headers)
  }

  retrieve(
    id: string,
    query?: { expand?: string; fields?: string },
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCustomersRes> {
    return this.getRequest(`/admin/customers/${seg(id)}`, query, headers)
  }

  list(query?: T.AdminGetCustomersParams, headers?: RequestHeaders): ResponsePromise<T.AdminCustomersListRes> {
    return this.getRequest('/admin/customers', query, headers)
  }
}

export class AdminCustomerGroups extends CrudResource<{
  create: T.AdminPostCustomerGroupsReq
  update: T.AdminPostCustomerGroupsGroupReq
  listQuery: T.AdminGetCustomerGroupsParams
  retrieveQuery: { expand?: string; fields?: string }
  one: T.AdminCustomerGroupsRes
  list: T.AdminCustomerGroupsListRes
}> {
  protected readonly path = '/admin/customer-groups'

  addCustomers(
    id: string,
    payload: T.AdminCustomerGroupsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCustomerGroupsRes> {
    return this.postRequest(`${this.itemPath(id)}/customers/batch`, payload, undefined, headers)
  }

  removeCustomers(
    id: string,
    payload: T.AdminCustomerGroupsBatchReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCustomerGroupsRes> {
    return this.deleteRequest(`${this.itemPath(id)}/customers/batch`, payload, undefined, headers)
  }

  listCustomers(
    id: string,
    query?: T.AdminGetCustomersParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminCustomersListRes> {
    return this.getRequest(`${this.itemPath(id)}/customers`, query, headers)
  }
}
