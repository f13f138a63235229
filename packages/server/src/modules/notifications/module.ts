import type { FastifyInstance } from 'fastify'
import { adminNotificationRoutes } from './admin.routes.js'

/** Sent messages (invites, password resets, order mails): listed and resent by staff. */
export async function notificationsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminNotificationRoutes)
}
