import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminAuthRes,
  AdminBearerAuthRes,
  AdminListInvitesRes,
  AdminUserRes,
  AdminUsersListRes,
} from '../../../modules/users/contract.js'
import { Unknown } from '../client.js'

/** The schemas by name, so that declarations stay small. */
export type UsersRoutes = {
  'DELETE /admin/auth': typeof Unknown
  'GET /admin/auth': typeof AdminAuthRes
  'POST /admin/auth': typeof AdminAuthRes
  'POST /admin/auth/token': typeof AdminBearerAuthRes
  'GET /admin/invites': typeof AdminListInvitesRes
  'POST /admin/invites': typeof Unknown
  'DELETE /admin/invites/:id': typeof DeleteResponse
  'POST /admin/invites/:id/resend': typeof Unknown
  'POST /admin/invites/accept': typeof Unknown
  'GET /admin/users': typeof AdminUsersListRes
  'POST /admin/users': typeof AdminUserRes
  'DELETE /admin/users/:id': typeof DeleteResponse
  'GET /admin/users/:id': typeof AdminUserRes
  'POST /admin/users/:id': typeof AdminUserRes
  'POST /admin/users/password-token': typeof Unknown
  'POST /admin/users/reset-password': typeof AdminUserRes
}

export const usersRoutes: UsersRoutes = {
  'DELETE /admin/auth': Unknown,
  'GET /admin/auth': AdminAuthRes,
  'POST /admin/auth': AdminAuthRes,
  'POST /admin/auth/token': AdminBearerAuthRes,
  'GET /admin/invites': AdminListInvitesRes,
  'POST /admin/invites': Unknown,
  'DELETE /admin/invites/:id': DeleteResponse,
  'POST /admin/invites/:id/resend': Unknown,
  'POST /admin/invites/accept': Unknown,
  'GET /admin/users': AdminUsersListRes,
  'POST /admin/users': AdminUserRes,
  'DELETE /admin/users/:id': DeleteResponse,
  'GET /admin/users/:id': AdminUserRes,
  'POST /admin/users/:id': AdminUserRes,
  'POST /admin/users/password-token': Unknown,
  'POST /admin/users/reset-password': AdminUserRes,
}
