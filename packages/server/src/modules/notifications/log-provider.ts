import type { FastifyBaseLogger } from 'fastify'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import type { NotificationMessage, NotificationProvider } from '../../providers/notification.js'
import { notification } from './schema.js'

/**
 * The default provider: writes each message to the log (with the e-mail's subject) and to the
 * `notification` table, where staff (and tests) can read what would have been sent; the rendered
 * e-mail itself goes nowhere. Secrets in `data` (tokens) are kept in the
 * table, which only admins can read, and left out of the log.
 */
export class LogNotificationProvider implements NotificationProvider {
  readonly id = 'log'

  constructor(private readonly logger: FastifyBaseLogger) {}

  async send(db: Db, message: NotificationMessage): Promise<void> {
    await db.insert(notification).values({
      id: generateId('noti'),
      event_name: message.event_name,
      resource_type: message.resource_type,
      resource_id: message.resource_id,
      customer_id: message.customer_id ?? null,
      to: message.to,
      data: message.data,
      parent_id: message.parent_id ?? null,
      provider_id: this.id,
    })
    this.logger.info(
      { to: message.to, event: message.event_name, resource: message.resource_id, subject: message.content?.subject },
      'notification sent',
    )
  }
}
