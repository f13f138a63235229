import type { FastifyInstance } from 'fastify'
import { notify } from '../notifications/notify.js'
import { CUSTOMER_EVENTS } from './service.js'

/** Shopper e-mails: password resets go out through the notification provider. */
export function registerCustomerSubscribers(app: FastifyInstance): void {
  const storefrontUrl = app.config.publicUrl

  app.events.subscribe(CUSTOMER_EVENTS.passwordReset, async (data) => {
    const token = String(data.token)
    const email = String(data.email)
    await notify(app, {
      to: email,
      event_name: CUSTOMER_EVENTS.passwordReset,
      resource_type: 'customer',
      resource_id: String(data.id),
      customer_id: String(data.id),
      data: {
        token,
        email,
        name: data.first_name ?? null,
        first_name: data.first_name ?? null,
        last_name: data.last_name ?? null,
        link: `${storefrontUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
      },
    })
  })
}
