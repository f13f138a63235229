import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../core/schemas.js'
import {
  AdminGetNotificationsParams,
  AdminNotificationsListRes,
  AdminNotificationsRes,
  AdminPostNotificationsNotificationResendReq,
} from './contract.js'
import { notify } from './notify.js'
import { listNotifications, resendNotification } from './service.js'

export const adminNotificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Notifications']

  app.get(
    '/admin/notifications',
    { schema: { tags, querystring: AdminGetNotificationsParams, response: { 200: AdminNotificationsListRes } } },
    async (request) => {
      return listNotifications(app.db, request.query)
    },
  )

  app.post(
    '/admin/notifications/:id/resend',
    {
      // The body is optional: a resend to the original recipient is POSTed without one.
      preValidation: async (request) => {
        request.body ??= {}
      },
      schema: {
        tags,
        params: IdParams,
        body: AdminPostNotificationsNotificationResendReq,
        response: { 200: AdminNotificationsRes },
      },
    },
    async (request) => ({
      notification: await resendNotification(app.db, (notice) => notify(app, notice), request.params.id, request.body),
    }),
  )
}
