import { createHash, randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { timestamptz } from '../db/columns.js'
import { concurrently, lastBatch } from '../db/fast-path/concurrent.js'
import { prepared, preparedInsert } from '../db/fast-path/prepared.js'
import { generateId } from '../db/ids.js'
import { RELAXED_COMMIT } from '../db/fast-path/relaxed-commit.js'
import type { Db } from '../db/types.js'
import { BareStatus, Conflict, DuplicateError, InvalidData, UnexpectedState } from './errors.js'
import { rowsOf } from '../db/raw-rows.js'

/** Another request holds this Idempotency-Key right now (a 409 the client may retry with the same key). */
export class IdempotencyKeyBusy extends Conflict {
  constructor() {
    super('The idempotency key is in use by another request')
  }
}

/**
 * `Idempotency-Key` support (reference/conventions.md §7): a request names a key; the key row
 * records the request, the recovery point its handler has reached, and, once finished, the
 * response, which is replayed to any later request with the same key.
 */

export const idempotencyKey = pgTable('idempotency_key', {
  id: text('id').primaryKey(),
  idempotency_key: text('idempotency_key').notNull().unique(),
  created_at: timestamptz('created_at').notNull().defaultNow(),
  locked_at: timestamptz('locked_at'),
  request_method: text('request_method'),
  request_params: jsonb('request_params').$type<Record<string, unknown> | null>(),
  request_path: text('request_path'),
  response_code: integer('response_code'),
  /** The answer as it was sent, JSON text: serialized once, and replayed byte for byte. */
  response_body: text('response_body'),
  recovery_point: text('recovery_point').notNull().default('started'),
})

export type IdempotencyKeyRow = typeof idempotencyKey.$inferSelect

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const STARTED = 'started'
export const FINISHED = 'finished'

/** A lock younger than this belongs to a request still at work: another one gets a 409. */
const LOCK_TIMEOUT_MS = 1000
const MAX_KEY_LENGTH = 255
/** More stage runs than any handler has stages means a handler that never finishes. */
const MAX_STAGE_RUNS = 20

/** Statements not yet sent, in the order they are to run (see `concurrently`). */
type Writes = readonly (() => PromiseLike<unknown>)[]

/** What a stage ends with: the next recovery point, or the response that finishes the request. */
export type StageResult = ({ recovery_point: string } | { response_code: number; response_body: unknown }) & {
  /**
   * An atomic stage's last writes, left unsent: the runner sends them with the key's own write and
   * the COMMIT, in one round trip. Nothing the stage reads may depend on them.
   */
  lastWrites?: Writes
}

/**
 * What an atomic stage whose result depends on its last statements (writes, and the read of what
 * they leave) answers instead: the statements, not sent yet, and how to make the result of their
 * answers. Under a key of its own the request's last statements go out with the COMMIT, one round
 * trip fewer, and `answer` runs once it is back, on the root handle. Under a client's key they run
 * in the stage's transaction, which advances the key with the result, and `answer` runs there. So
 * `answer` should only make the result of what it is given: once the changes have committed, its
 * failure cannot take them back.
 */
export interface AnsweredLater {
  last: Writes
  answer(db: Db, answers: unknown[]): Promise<StageResult>
}

const answeredLater = (ran: StageResult | AnsweredLater): ran is AnsweredLater => 'last' in ran

/** The route's serializer for a status code: a finished stage's answer is stored as it is sent. */
type Serialize = (code: number, body: unknown) => string

/**
 * One step of an idempotent handler.
 * - `atomic`: runs inside a transaction that also advances the key, so its writes and the new
 *   recovery point commit together or not at all.
 * - `detached`: gets the root handle and opens its own transactions, so it may call outside
 *   services (payment providers) between them; the key advances afterwards. Such a stage must be
 *   safe to run again: a crash before the key advances repeats it.
 */
export type Stage =
  | {
      mode: 'atomic'
      /** May answer later (see `AnsweredLater`). */
      run(db: Db, key: IdempotencyKeyRow): Promise<StageResult | AnsweredLater>
      /**
       * The stage's answer to its own failure, once its transaction has rolled back: it runs on the
       * root handle like a detached stage (it may call outside services), and the key advances
       * afterwards. It throws again what it does not handle.
       */
      recover?(db: Db, key: IdempotencyKeyRow, error: unknown): Promise<StageResult>
    }
  | { mode: 'detached'; run(db: Db, key: IdempotencyKeyRow): Promise<StageResult> }

type AtomicStage = Extract<Stage, { mode: 'atomic' }>

/** Handlers by recovery point; `started` is where every request begins. */
export type Stages = Record<string, Stage>

export const atomicStage = (run: AtomicStage['run'], recover?: AtomicStage['recover']): Stage => ({
  mode: 'atomic',
  run,
  recover,
})
export const detachedStage = (run: (db: Db, key: IdempotencyKeyRow) => Promise<StageResult>): Stage => ({
  mode: 'detached',
  run,
})

/** The request a key was created for: a later request must match it to use the key. */
interface Fingerprint {
  request_method: string
  request_path: string
  request_params: { params: unknown; body_sha256: string }
}

/** JSON with object keys sorted, so equal bodies hash alike whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

function fingerprintOf(request: FastifyRequest): Fingerprint {
  return {
    request_method: request.method,
    request_path: request.url.split('?')[0],
    request_params: {
      params: request.params ?? {},
      body_sha256: createHash('sha256')
        .update(canonicalJson(request.body ?? null))
        .digest('hex'),
    },
  }
}

/** The request's key, or one made up for it (`own`) when it names none. */
function keyOf(request: FastifyRequest): { value: string; own: boolean } {
  const header = request.headers[IDEMPOTENCY_HEADER]
  if (header === undefined) return { value: randomUUID(), own: true }
  const value = (Array.isArray(header) ? header.join(',') : header).trim()
  if (value.length === 0 || value.length > MAX_KEY_LENGTH) {
    throw new InvalidData(`header Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters long`)
  }
  return { value, own: false }
}

/**
 * The key row, created on first use. Two requests creating one key at once both end up with the
 * same row. A key already used for another request (method, path, path params or body) is refused
 * with 422, as the IETF Idempotency-Key draft asks: replaying that other request's answer would
 * mislead the client, and running this one would break the key's promise.
 */
export async function findOrCreateIdempotencyKey(
  db: Db,
  value: string,
  fingerprint: Fingerprint,
): Promise<IdempotencyKeyRow> {
  await db
    .insert(idempotencyKey)
    .values({ id: generateId('ikey'), idempotency_key: value, ...fingerprint })
    .onConflictDoNothing()
  const [row] = await db.select().from(idempotencyKey).where(eq(idempotencyKey.idempotency_key, value)).limit(1)
  if (!row) throw new BareStatus(409, 'Failed to create idempotency key')
  const same =
    row.request_method === fingerprint.request_method &&
    row.request_path === fingerprint.request_path &&
    canonicalJson(row.request_params) === canonicalJson(fingerprint.request_params)
  if (!same) {
    throw new DuplicateError(`Idempotency-Key ${value} has already been used for a different request`)
  }
  return row
}

/**
 * A new key row, created already locked by this request, or undefined when the key exists: one
 * statement where finding, creating and locking would take three.
 */
async function createLockedKey(
  db: Db,
  value: string,
  fingerprint: Fingerprint,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .insert(idempotencyKey)
    .values({
      id: generateId('ikey'),
      idempotency_key: value,
      ...fingerprint,
      locked_at: sql`date_trunc('milliseconds', now())`,
    })
    .onConflictDoNothing()
    .returning()
  return row
}

/** A finished key as one row, `created_at` left to the database; built once (see `preparedInsert`). */
const FINISHED_KEY_COLUMNS = [
  'id',
  'idempotency_key',
  'locked_at',
  'request_method',
  'request_params',
  'request_path',
  'response_code',
  'response_body',
  'recovery_point',
] as const
const insertFinishedKey = preparedInsert('idempotency_finished', idempotencyKey, FINISHED_KEY_COLUMNS)

type FinishedKey = Omit<IdempotencyKeyRow, 'created_at'>

/** Keys one statement of `FinishedKeyWriter` writes at most. */
const MAX_KEYS_PER_WRITE = 100

/**
 * Writes the finished keys of requests that ran under keys of their own, once their work has
 * committed: finished at the same moment, they share one statement, its own transaction, whose
 * commit it relaxes (losing a key in a crash merely lets its request run again; and nobody can send
 * a key before its answer names it). A write waits for the one in flight, then takes every key
 * queued meanwhile, so a lone request waits for nothing and under load a round trip carries many.
 */
class FinishedKeyWriter {
  private readonly queue: { row: FinishedKey; done: (error?: unknown) => void }[] = []
  private writing = false

  constructor(private readonly db: Db) {}

  write(row: FinishedKey): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, done: (error) => (error === undefined ? resolve() : reject(error)) })
      if (!this.writing) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.writing = true
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_KEYS_PER_WRITE)
      try {
        await this.insert(batch.map((entry) => entry.row))
        for (const entry of batch) entry.done()
      } catch (error) {
        // One bad row must not fail the others: each is written on its own, and fails alone.
        if (batch.length === 1) batch[0].done(error)
        else await Promise.all(batch.map((entry) => this.insert([entry.row]).then(() => entry.done(), entry.done)))
      }
    }
    this.writing = false
  }

  private async insert(rows: FinishedKey[]): Promise<void> {
    await insertFinishedKeys(this.db, { rows: JSON.stringify(rows) })
  }
}

/** Finished keys given as one JSON array of rows, so that the statement is built once (see `prepared`). */
const insertFinishedKeys = prepared('idempotency_finished_batch', (db) =>
  db.execute(sql`
    INSERT INTO ${idempotencyKey} (${sql.raw(FINISHED_KEY_COLUMNS.join(', '))})
    SELECT ${sql.raw(FINISHED_KEY_COLUMNS.join(', '))}
    FROM json_to_recordset(${sql.placeholder('rows')}::text::json) AS k(
      id text, idempotency_key text, locked_at timestamptz, request_method text, request_params jsonb,
      request_path text, response_code integer, response_body text, recovery_point text)
    RETURNING ${RELAXED_COMMIT}`),
)

const finishedKeyWriters = new WeakMap<Db, FinishedKeyWriter>()

/** Writes a finished key of a request's own, with those of the requests finishing beside it. */
export function writeFinishedKey(db: Db, row: FinishedKey): Promise<void> {
  let writer = finishedKeyWriters.get(db)
  if (!writer) finishedKeyWriters.set(db, (writer = new FinishedKeyWriter(db)))
  return writer.write(row)
}

/**
 * An atomic stage under a key of the request's own: the key as the stage advanced it (written in
 * the stage's transaction when finished), or the result of a stage that answered later (see
 * `AnsweredLater`) or recovered from its failure, for the caller to advance the key with.
 */
async function runAtomicUnderOwnKey(
  db: Db,
  stage: AtomicStage,
  current: IdempotencyKeyRow,
  next: (result: StageResult) => IdempotencyKeyRow,
  insertFinished: (tx: Db, row: IdempotencyKeyRow) => PromiseLike<unknown>,
): Promise<{ key: IdempotencyKeyRow } | { result: StageResult }> {
  let later: { ran: AnsweredLater; answers: unknown[] }
  try {
    const outcome = await db.transaction(async (tx) => {
      const ran = await stage.run(tx, current)
      // Sent with the COMMIT; their answers are checked once that is back.
      if (answeredLater(ran)) return { later: ran, answers: (await lastBatch(tx, ran.last)).answers }
      const advanced = next(ran)
      const finished = advanced.recovery_point === FINISHED
      const writes = [...(ran.lastWrites ?? []), ...(finished ? [() => insertFinished(tx, advanced)] : [])]
      return {
        later: undefined,
        advanced,
        written: writes.length > 0 ? (await lastBatch(tx, writes)).answers : undefined,
      }
    })
    if (!outcome.later) {
      await outcome.written
      return { key: outcome.advanced }
    }
    later = { ran: outcome.later, answers: await outcome.answers }
  } catch (error) {
    if (!stage.recover) throw error
    return { result: await stage.recover(db, current, error) }
  }
  // Committed: the answer is made outside the transaction, and its failure is not the stage's.
  return { result: await later.ran.answer(db, later.answers) }
}

/**
 * Runs a request under a key made up for it. Nobody can know that key before the answer names it,
 * so nobody can resume or race the request: its stages run without the key row, which is written
 * once, finished, so that the answer is replayed if the client sends the key again. An atomic stage
 * that finishes writes it in its own transaction, with the stage's last writes and the COMMIT;
 * otherwise (a stage answered later, or a detached one) it is written once the last stage is over,
 * with the keys of other requests finishing then (see `FinishedKeyWriter`).
 */
async function runUnderOwnKey(
  db: Db,
  value: string,
  fingerprint: Fingerprint,
  stages: Stages,
  serialize: Serialize,
): Promise<IdempotencyKeyRow> {
  let key: IdempotencyKeyRow = {
    id: generateId('ikey'),
    idempotency_key: value,
    created_at: new Date(),
    locked_at: null,
    ...fingerprint,
    response_code: null,
    response_body: null,
    recovery_point: STARTED,
  }
  // The database stamps `created_at` when the finished key is written.
  const rowOf = ({ created_at: _createdAt, ...row }: IdempotencyKeyRow) => row
  for (let runs = 0; ; runs++) {
    const stage = stages[key.recovery_point]
    if (!stage || runs >= MAX_STAGE_RUNS) throw new UnexpectedState('Unknown recovery point')
    const current = key
    const next = (result: StageResult): IdempotencyKeyRow =>
      'recovery_point' in result
        ? { ...current, recovery_point: result.recovery_point }
        : {
            ...current,
            recovery_point: FINISHED,
            response_code: result.response_code,
            response_body: serialize(result.response_code, result.response_body),
          }
    let result: StageResult
    if (stage.mode === 'atomic') {
      const settled = await runAtomicUnderOwnKey(db, stage, current, next, (tx, row) =>
        insertFinishedKey(tx, rowOf(row)),
      )
      if ('key' in settled) {
        if (settled.key.recovery_point === FINISHED) return settled.key
        key = settled.key
        continue
      }
      result = settled.result
    } else {
      result = await stage.run(db, current)
    }
    key = next(result)
    if (key.recovery_point === FINISHED) {
      await writeFinishedKey(db, rowOf(key))
      return key
    }
  }
}

/**
 * Takes the key for this request, or 409 when another request took it within the last second.
 * The lock's timestamp, truncated to what a JS Date holds, identifies this holder on release.
 */
async function lockKey(db: Db, value: string): Promise<IdempotencyKeyRow> {
  const [row] = await db
    .update(idempotencyKey)
    .set({ locked_at: sql`date_trunc('milliseconds', now())` })
    .where(
      and(
        eq(idempotencyKey.idempotency_key, value),
        or(
          isNull(idempotencyKey.locked_at),
          lt(idempotencyKey.locked_at, sql`now() - ${LOCK_TIMEOUT_MS}::int * interval '1 millisecond'`),
        ),
      ),
    )
    .returning()
  if (!row) throw new IdempotencyKeyBusy()
  return row
}

async function unlockKey(db: Db, value: string, lockedAt: Date | null): Promise<void> {
  if (!lockedAt) return
  await db
    .update(idempotencyKey)
    .set({ locked_at: null })
    .where(and(eq(idempotencyKey.idempotency_key, value), eq(idempotencyKey.locked_at, lockedAt)))
}

async function readForUpdate(tx: Db, value: string): Promise<IdempotencyKeyRow> {
  const [row] = await tx.select().from(idempotencyKey).where(eq(idempotencyKey.idempotency_key, value)).for('update')
  return row
}

async function advance(
  tx: Db,
  key: IdempotencyKeyRow,
  result: StageResult,
  serialize: Serialize,
): Promise<IdempotencyKeyRow> {
  // A finished key is replayed without its lock, so finishing releases it too.
  const changes =
    'recovery_point' in result
      ? { recovery_point: result.recovery_point }
      : {
          recovery_point: FINISHED,
          response_code: result.response_code,
          response_body: serialize(result.response_code, result.response_body),
          locked_at: null,
        }
  const [row] = await tx
    .update(idempotencyKey)
    .set(changes)
    .where(eq(idempotencyKey.idempotency_key, key.idempotency_key))
    .returning()
  return row
}

/**
 * Runs the stage for the key's recovery point and returns the key as it stands afterwards. The
 * key row is read `FOR UPDATE` and its recovery point checked before advancing: when a request that
 * took over an expired lock already moved it on, this request's stage result is dropped and the
 * loop continues from where the other one got. An atomic stage's last writes go out with the key's.
 */
async function runStage(
  db: Db,
  key: IdempotencyKeyRow,
  stage: Stage,
  serialize: Serialize,
): Promise<IdempotencyKeyRow> {
  let result: StageResult
  if (stage.mode === 'atomic') {
    try {
      return await db.transaction(async (tx) => {
        const current = await readForUpdate(tx, key.idempotency_key)
        if (current.recovery_point !== key.recovery_point) return current
        const run = await stage.run(tx, current)
        const ran = answeredLater(run) ? await run.answer(tx, await concurrently(tx, run.last)) : run
        const written = await concurrently(tx, [...(ran.lastWrites ?? []), () => advance(tx, current, ran, serialize)])
        return written.at(-1) as IdempotencyKeyRow
      })
    } catch (error) {
      if (!stage.recover) throw error
      result = await stage.recover(db, key, error)
    }
  } else {
    result = await stage.run(db, key)
  }
  return db.transaction(async (tx) => {
    const current = await readForUpdate(tx, key.idempotency_key)
    if (current.recovery_point !== key.recovery_point) return current
    return advance(tx, current, result, serialize)
  })
}

/**
 * Runs a request under the key its client sent: finds or creates the key row, replays a finished
 * key's response, otherwise locks the key and runs the stages from its recovery point until one
 * finishes. A failing stage leaves the key at its last recovery point, so a retry resumes there.
 */
async function runUnderClientKey(
  db: Db,
  value: string,
  fingerprint: Fingerprint,
  stages: Stages,
  serialize: Serialize,
): Promise<IdempotencyKeyRow> {
  const created = await createLockedKey(db, value, fingerprint)
  let key = created ?? (await findOrCreateIdempotencyKey(db, value, fingerprint))
  if (key.recovery_point === FINISHED) return key
  if (!created) key = await lockKey(db, value)
  const lockedAt = key.locked_at
  try {
    for (let runs = 0; key.recovery_point !== FINISHED; runs++) {
      const stage = stages[key.recovery_point]
      if (!stage || runs >= MAX_STAGE_RUNS) throw new UnexpectedState('Unknown recovery point')
      key = await runStage(db, key, stage, serialize)
    }
    return key
  } finally {
    // Finishing released the lock already.
    if (key.recovery_point !== FINISHED) await unlockKey(db, value, lockedAt)
  }
}

/**
 * Deletes up to `limit` keys created and last locked more than `retentionMs` ago, finished or
 * not; answers how many went. A request that sends such a key again runs as new. Keys being
 * worked on right now are skipped, not waited for.
 */
export async function deleteExpiredIdempotencyKeys(db: Db, retentionMs: number, limit: number): Promise<number> {
  const cutoff = sql`now() - ${retentionMs / 1000}::float8 * interval '1 second'`
  const result = await db.execute(sql`
    DELETE FROM idempotency_key WHERE id IN (
      SELECT id FROM idempotency_key
      WHERE created_at < ${cutoff} AND (locked_at IS NULL OR locked_at < ${cutoff})
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`)
  return rowsOf(result).length
}

/**
 * Handles a request idempotently (conventions §7) under the key its client sent, or one made up
 * for it, running `stages` until one finishes with a response, and sends that response. The
 * answer is serialized once, by the route's serializer, and the same text is stored with the key
 * and sent. Every answer carries the `Idempotency-Key` header.
 */
export async function runIdempotent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  stages: Stages,
): Promise<FastifyReply> {
  const { value, own } = keyOf(request)
  reply.header('Idempotency-Key', value)
  reply.header('Access-Control-Expose-Headers', 'Idempotency-Key')

  // A route's serializer (fast-json-stringify from its response schema) answers JSON text.
  const serialize: Serialize = (code, body) => reply.status(code).serialize(body) as string
  const fingerprint = fingerprintOf(request)
  const key = own
    ? await runUnderOwnKey(db, value, fingerprint, stages, serialize)
    : await runUnderClientKey(db, value, fingerprint, stages, serialize)
  // Already JSON: Fastify sends a string with a JSON content type as it is.
  return reply
    .status(key.response_code ?? 200)
    .type('application/json; charset=utf-8')
    .send(key.response_body)
}
