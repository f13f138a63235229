import { AdminNotificationsListRes, AdminNotificationsRes } from '../../../modules/notifications/contract.js'

/** The schemas by name, so that declarations stay small. */
export type NotificationsRoutes = {
  'GET /admin/notifications': typeof AdminNotificationsListRes
  'POST /admin/notifications/:id/resend': typeof AdminNotificationsRes
}

export const notificationsRoutes: NotificationsRoutes = {
  'GET /admin/notifications': AdminNotificationsListRes,
  'POST /admin/notifications/:id/resend': AdminNotificationsRes,
}
