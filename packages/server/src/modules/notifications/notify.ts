import type { FastifyInstance } from 'fastify'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import type { NotificationMessage } from '../../providers/notification.js'
import { notification } from './schema.js'
import { EmailTemplates } from './templates.js'

/** One set of templates per app, made from its config when first needed. */
const templatesByApp = new WeakMap<FastifyInstance, EmailTemplates>()

export function emailTemplatesOf(app: FastifyInstance): EmailTemplates {
  let templates = templatesByApp.get(app)
  if (!templates) {
    templates = new EmailTemplates({ dir: app.config.emailTemplatesDir, defaultLocale: app.config.emailLocale })
    templatesByApp.set(app, templates)
  }
  return templates
}

/** A message to send; `locale` (or `data.locale`) picks the language, else the store's default. */
export type Notice = Omit<NotificationMessage, 'content'> & { locale?: string | null }

/**
 * Renders the event's e-mail (when it has a template) and hands it to the notification provider;
 * an event without one goes as it is. The locale goes into `data`, so a resend is written in the
 * same language. Called by outbox
 * subscribers and resends, never inside a request's transaction.
 */
export async function notify(app: FastifyInstance, notice: Notice): Promise<void> {
  const { locale: wanted, ...message } = notice
  const templates = emailTemplatesOf(app)
  if (!templates.has(message.event_name)) {
    await app.providers.notification.send(app.db, message)
    return
  }
  const locale = templates.resolveLocale(wanted ?? message.data.locale)
  const data = { ...message.data, locale }
  const content = await templates.render(message.event_name, data, locale)
  await app.providers.notification.send(app.db, { ...message, data, content })
}

/**
 * Whether an original notification of `event` about `resourceId` was sent already, optionally
 * only one whose `data[key]` is `value` (one e-mail per refund of an order). Subscribers ask
 * before sending, as an event may be delivered twice.
 */
export async function alreadyNotified(
  db: Db,
  event: string,
  resourceType: string,
  resourceId: string,
  dataKey?: { key: string; value: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: notification.id })
    .from(notification)
    .where(
      and(
        eq(notification.resource_type, resourceType),
        eq(notification.resource_id, resourceId),
        eq(notification.event_name, event),
        isNull(notification.parent_id),
        dataKey ? sql`${notification.data}->>${dataKey.key} = ${dataKey.value}` : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}
