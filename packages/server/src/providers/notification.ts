import type { Db } from '../db/types.js'

export interface NotificationMessage {
  to: string
  event_name: string
  resource_type: string
  resource_id: string
  customer_id?: string | null
  data: Record<string, unknown>
  /** Set when the message is a resend of an earlier notification. */
  parent_id?: string | null
}

/** Sends e-mails and other messages. A real deployment plugs in its mail service here. */
export interface NotificationProvider {
  readonly id: string
  send(db: Db, message: NotificationMessage): Promise<void>
}
