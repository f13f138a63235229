import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminAuthRes,
  AdminBearerAuthRes,
  AdminListInvitesRes,
  AdminUserRes,
  AdminUsersListRes,
} from '../../../modules/users/contract.js'
import { Unknown, type RouteTable } from '../client.js'

export const usersRoutes = {
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
} as const satisfies RouteTable
