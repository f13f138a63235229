import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/types.js'
import { outbox } from '../../../events/schema.js'

/** An admin request against the test app. */
export function adminRequest(app: FastifyInstance, headers: Record<string, string>) {
  return (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
}

/** The events recorded for one order, oldest first. */
export async function orderEvents(db: Db, orderId: string): Promise<{ name: string; data: Record<string, unknown> }[]> {
  const rows = await db
    .select({ name: outbox.event_name, data: outbox.data })
    .from(outbox)
    .where(sql`${outbox.data} ->> 'id' = ${orderId}`)
    .orderBy(outbox.created_at, outbox.id)
  return rows
}
