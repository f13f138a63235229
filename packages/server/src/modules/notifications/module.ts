import type { FastifyInstance } from 'fastify'
import { adminNotificationRoutes } from './admin.routes.js'
import { emailTemplatesOf } from './notify.js'

/** Sent messages (invites, password resets, order mails): listed and resent by staff. */
export async function notificationsModule(app: FastifyInstance): Promise<void> {
  // Read the templates now, so a bad EMPORIUM_EMAIL_TEMPLATES_DIR or locale stops the start.
  emailTemplatesOf(app)
  await app.register(adminNotificationRoutes)
}
