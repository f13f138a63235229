import { generateId } from '../db/ids.js'
import type { Db } from '../db/types.js'
import { outbox } from './schema.js'

/**
 * Records an event in the outbox, inside the caller's transaction: it is delivered after commit,
 * and never if the transaction rolls back.
 */
export async function emit(db: Db, eventName: string, data: Record<string, unknown>): Promise<void> {
  await db.insert(outbox).values({ id: generateId('evt'), event_name: eventName, data })
}
