import type { FastifyInstance } from 'fastify'
import { notify } from '../notifications/notify.js'

/** Staff e-mails: invites and password resets go out through the notification provider. */
export function registerUserSubscribers(app: FastifyInstance): void {
  const adminUrl = `${app.config.publicUrl}/app`

  app.events.subscribe('invite.created', async (data) => {
    const token = String(data.token)
    await notify(app, {
      to: String(data.user_email),
      event_name: 'invite.created',
      resource_type: 'invite',
      resource_id: String(data.id),
      data: { token, link: `${adminUrl}/invite?token=${encodeURIComponent(token)}` },
    })
  })

  app.events.subscribe('user.password_reset', async (data) => {
    const token = String(data.token)
    await notify(app, {
      to: String(data.email),
      event_name: 'user.password_reset',
      resource_type: 'user',
      resource_id: String(data.id),
      data: {
        token,
        link: `${adminUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(String(data.email))}`,
      },
    })
  })
}
