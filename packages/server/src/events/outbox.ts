import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { encodeTime } from 'ulid'
import { generateId } from '../db/ids.js'
import { prepared } from '../db/fast-path/prepared.js'
import type { Db } from '../db/types.js'
import { outbox } from './schema.js'
import { rowsOf } from '../db/raw-rows.js'

/**
 * Records an event in the outbox, inside the caller's transaction: it is delivered after commit,
 * and never if the transaction rolls back.
 */
export async function emit(db: Db, eventName: string, data: Record<string, unknown>): Promise<void> {
  await emitStatement(db, { id: generateId('evt'), event_name: eventName, data })
}

/** Every write that tells the rest of the system sends this; built once (see `prepared`). */
const emitStatement = prepared('outbox_emit', (db) =>
  db.insert(outbox).values({
    id: sql.placeholder('id'),
    event_name: sql.placeholder('event_name'),
    data: sql.placeholder('data'),
  }),
)

/**
 * `emit` for a write whose effect is not known yet: the event is recorded only if `condition` holds
 * when the statement runs. Sent right behind that write (in one `concurrently` batch), it sees the
 * write, so the pair costs one round trip instead of a round trip to learn what the write did. The
 * condition's `sql.placeholder`s take their values from each call; the statement is built once
 * (see `prepared`) under `name`.
 */
export function preparedEmitWhen(name: string, condition: SQL) {
  // The data goes as text, cast in the statement: as a jsonb parameter, a driver would encode the
  // JSON text once more.
  const statement = prepared(name, (db) =>
    db.execute(sql`
      INSERT INTO ${outbox} (id, event_name, data)
      SELECT ${sql.placeholder('eventId')}, ${sql.placeholder('eventName')}, ${sql.placeholder('eventData')}::text::jsonb
      WHERE ${condition}`),
  )
  return (db: Db, eventName: string, data: Record<string, unknown>, params: Record<string, unknown>) =>
    statement(db, { ...params, eventId: generateId('evt'), eventName, eventData: JSON.stringify(data) })
}

/**
 * An outbox row taken by one dispatcher. `attempts` is the value the claim wrote; it identifies the
 * claim, so a dispatcher whose lease ran out cannot settle a row another one has claimed since.
 */
export interface ClaimedEvent {
  id: string
  event_name: string
  data: Record<string, unknown>
  attempts: number
}

const leaseEnd = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::int * interval '1 millisecond'`

const heldBy = (events: ClaimedEvent[]) =>
  or(...events.map((event) => and(eq(outbox.id, event.id), eq(outbox.attempts, event.attempts))))

/**
 * Claims up to `limit` due rows for `leaseMs`: the lease is the row's `available_at`, pushed into the
 * future, so the claim commits at once and no transaction stays open while subscribers run. Rows
 * another dispatcher is claiming right now are skipped, not waited for. The CTE is materialized so
 * the locking subquery runs exactly once (an `IN (…)` subquery may be rescanned by the planner).
 * Times come from the database clock, which every process shares.
 */
export async function claimDueEvents(db: Db, limit: number, leaseMs: number): Promise<ClaimedEvent[]> {
  const result = await db.execute(sql`
    WITH due AS MATERIALIZED (
      SELECT id FROM outbox
      WHERE delivered_at IS NULL AND available_at <= now()
      ORDER BY available_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox SET available_at = ${leaseEnd(leaseMs)}, attempts = outbox.attempts + 1
    FROM due WHERE outbox.id = due.id
    RETURNING outbox.id, outbox.event_name, outbox.data, outbox.attempts`)
  const rows = rowsOf<ClaimedEvent>(result)
  // ULIDs sort by creation time: deliver in the order the events were written.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Pushes the lease of events still being worked on further out (a heartbeat). */
export async function extendClaims(db: Db, events: ClaimedEvent[], leaseMs: number): Promise<void> {
  if (events.length === 0) return
  await db
    .update(outbox)
    .set({ available_at: leaseEnd(leaseMs) })
    .where(and(isNull(outbox.delivered_at), heldBy(events)))
}

/** Hands claimed rows back undelivered (shutdown, queue unreachable); the claim does not count as an attempt. */
export async function releaseClaims(db: Db, events: ClaimedEvent[], delayMs = 0): Promise<void> {
  if (events.length === 0) return
  await db
    .update(outbox)
    .set({ available_at: leaseEnd(delayMs), attempts: sql`${outbox.attempts} - 1` })
    .where(and(isNull(outbox.delivered_at), heldBy(events)))
}

/**
 * Marks claimed rows done: delivered in-process, or handed to the queue. One statement for a whole
 * batch, its claims passed as two array parameters (a bare array would be spread into a list), so
 * its text is the same whatever the batch's size.
 */
export async function markDelivered(db: Db, events: ClaimedEvent[], options: { clearError: boolean }): Promise<void> {
  if (events.length === 0) return
  await db.execute(sql`
    UPDATE ${outbox} SET delivered_at = now()${options.clearError ? sql`, last_error = NULL` : sql``}
    FROM unnest(${sql.param(events.map((event) => event.id))}::text[],
      ${sql.param(events.map((event) => event.attempts))}::int[]) AS claim(id, attempts)
    WHERE outbox.id = claim.id AND outbox.attempts = claim.attempts AND outbox.delivered_at IS NULL`)
}

/**
 * Records a failed delivery: the row comes due again after `retryInMs`, or, when `park` is set, is
 * closed (`delivered_at` set) with its `last_error` kept for staff to see.
 */
export async function markFailed(
  db: Db,
  event: ClaimedEvent,
  error: string,
  next: { retryInMs: number; park: boolean },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      last_error: error,
      available_at: leaseEnd(next.retryInMs),
      ...(next.park ? { delivered_at: sql`now()` } : {}),
    })
    .where(and(isNull(outbox.delivered_at), heldBy([event])))
}

/** Records (or, with `null`, clears) the last subscriber error of an event delivered through a queue. */
export async function recordError(db: Db, eventIds: string[], error: string | null): Promise<void> {
  if (eventIds.length === 0) return
  await db.update(outbox).set({ last_error: error }).where(inArray(outbox.id, eventIds))
}

/**
 * Deletes up to `limit` events delivered more than `retentionMs` ago; parked events (delivered with a
 * `last_error`) and undelivered ones stay. Returns how many went. Event ids are ULIDs, so the scan
 * walks the primary key from the oldest id up to the cutoff instead of needing an index of its own;
 * rows another process is deleting right now are skipped, not waited for.
 */
export async function deleteDeliveredEvents(db: Db, retentionMs: number, limit: number): Promise<number> {
  const oldestKept = `evt_${encodeTime(Math.max(0, Date.now() - retentionMs), 10)}`
  const result = await db.execute(sql`
    DELETE FROM outbox WHERE id IN (
      SELECT id FROM outbox
      WHERE id < ${oldestKept}
        AND delivered_at < now() - ${retentionMs / 1000}::float8 * interval '1 second'
        AND last_error IS NULL
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`)
  return rowsOf(result).length
}

/** A short, storable description of whatever a subscriber threw. */
export function describeError(error: unknown): string {
  let message: string
  if (error instanceof Error) message = error.message || error.name
  else if (typeof error === 'string') message = error
  else {
    try {
      message = JSON.stringify(error) ?? String(error)
    } catch {
      message = Object.prototype.toString.call(error)
    }
  }
  // U+0000 is left out: the database cannot store it.
  return message.replaceAll('\u0000', '').slice(0, 1000)
}

/** Events not delivered yet (the pending index's rows), for metrics. */
export async function countPendingEvents(db: Db): Promise<number> {
  return db.$count(outbox, isNull(outbox.delivered_at))
}
