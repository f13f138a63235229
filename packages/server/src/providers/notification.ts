import type { Db } from '../db/types.js'

/** An e-mail rendered from its templates (modules/notifications/templates.ts), in one language. */
export interface RenderedEmail {
  locale: string
  subject: string
  html: string
  text: string
}

export interface NotificationMessage {
  to: string
  event_name: string
  resource_type: string
  resource_id: string
  customer_id?: string | null
  /** What the message says, kept with the notification: a resend renders it again from here. */
  data: Record<string, unknown>
  /** Set when the message is a resend of an earlier notification. */
  parent_id?: string | null
  /** The e-mail to deliver; absent for an event that has no template. */
  content?: RenderedEmail
}

/** Sends e-mails and other messages. A real deployment plugs in its mail service here. */
export interface NotificationProvider {
  readonly id: string
  send(db: Db, message: NotificationMessage): Promise<void>
}
