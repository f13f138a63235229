import { AdminNotificationsListRes, AdminNotificationsRes } from '../../../modules/notifications/contract.js'
import type { RouteTable } from '../client.js'

export const notificationsRoutes = {
  'GET /admin/notifications': AdminNotificationsListRes,
  'POST /admin/notifications/:id/resend': AdminNotificationsRes,
} as const satisfies RouteTable
