import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emit } from '../events/outbox.js'
import { outbox } from '../events/schema.js'
import { useTestApp } from '../testing/test-app.js'
import { registerErrorHandler } from '../http/error-handler.js'
import {
  atomicStage,
  detachedStage,
  idempotencyKey,
  runIdempotent,
  writeFinishedKey,
  type Stages,
} from './idempotency.js'

/**
 * The runner's handling of an atomic stage's last writes and of its recovery, on a route of its
 * own over the test database: each test names the stages its request runs.
 */
const ctx = useTestApp()
const db = () => ctx.app.db
let app: FastifyInstance
const stagesOf = new Map<string, () => Stages>()

beforeAll(async () => {
  app = Fastify({ logger: false })
  registerErrorHandler(app)
  app.post<{ Params: { run: string } }>('/runs/:run', (request, reply) =>
    runIdempotent(db(), request, reply, stagesOf.get(request.params.run)!()),
  )
  await app.ready()
})

afterAll(async () => {
  await app.close()
})

/** A run's stages, under a name of its own; the events it records carry that name. */
function run(stages: (name: string) => Stages): string {
  const name = randomUUID()
  stagesOf.set(name, () => stages(name))
  return name
}

const post = (name: string, key?: string) =>
  app.inject({ method: 'POST', url: `/runs/${name}`, headers: key ? { 'idempotency-key': key } : {} })

async function eventsOf(name: string, eventName: string): Promise<number> {
  const rows = await db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.event_name, eventName), sql`${outbox.data}->>'run' = ${name}`))
  return rows.length
}

async function keyRow(value: string) {
  const [row] = await db().select().from(idempotencyKey).where(eq(idempotencyKey.idempotency_key, value))
  return row
}

/** The same request under a key made up by the server, and under a client's. */
const keys = [
  ['a key made up by the server', () => undefined],
  ["a client's key", () => `client-${randomUUID()}`],
] as const

describe.each(keys)('an atomic stage, under %s', (_label, clientKey) => {
  it('has its last writes committed with the key, before the next stage runs', async () => {
    const name = run((name) => ({
      started: atomicStage(async (tx) => ({
        recovery_point: 'written',
        lastWrites: [() => emit(tx, 'test.last_write', { run: name })],
      })),
      written: detachedStage(async () => ({
        response_code: 200,
        response_body: { seen: await eventsOf(name, 'test.last_write') },
      })),
    }))

    const res = await post(name, clientKey())

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ seen: 1 })
    const key = await keyRow(String(res.headers['idempotency-key']))
    expect(key).toMatchObject({ recovery_point: 'finished', response_code: 200, response_body: res.body })
  })

  it('rolls back with its writes when a last write fails, and leaves the key where it was', async () => {
    const name = run((name) => ({
      started: atomicStage(async (tx) => {
        await emit(tx, 'test.written_first', { run: name })
        return {
          response_code: 200,
          response_body: { ok: true },
          // Refused by the database: the outbox's id is its primary key.
          lastWrites: [
            () => emit(tx, 'test.last_write', { run: name }),
            () =>
              tx.execute(sql`INSERT INTO outbox (id, event_name, data) SELECT id, event_name, data FROM outbox
              WHERE event_name = 'test.last_write' AND data->>'run' = ${name}`),
          ],
        }
      }),
    }))
    const value = clientKey()

    const res = await post(name, value)

    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(await eventsOf(name, 'test.written_first')).toBe(0)
    expect(await eventsOf(name, 'test.last_write')).toBe(0)
    if (value) expect(await keyRow(value)).toMatchObject({ recovery_point: 'started', response_body: null })
    else expect(await keyRow(String(res.headers['idempotency-key']))).toBeUndefined()
  })

  it('answers what its recovery makes of its failure, after its transaction rolled back', async () => {
    class OutOfLuck extends Error {}
    let runs = 0
    const name = run((name) => ({
      started: atomicStage(
        async (tx) => {
          runs++
          await emit(tx, 'test.rolled_back', { run: name })
          throw new OutOfLuck('no luck')
        },
        async (root, _key, error) => {
          if (!(error instanceof OutOfLuck)) throw error
          await emit(root, 'test.recovered', { run: name })
          return { response_code: 409, response_body: { recovered: error.message } }
        },
      ),
    }))

    const res = await post(name, clientKey())

    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ recovered: 'no luck' })
    expect(await eventsOf(name, 'test.rolled_back')).toBe(0)
    expect(await eventsOf(name, 'test.recovered')).toBe(1)
    const value = String(res.headers['idempotency-key'])
    expect(await keyRow(value)).toMatchObject({ recovery_point: 'finished', response_code: 409 })
    // The finished key answers again without running the stage.
    const replay = await post(name, value)
    expect(replay.statusCode).toBe(409)
    expect(replay.body).toBe(res.body)
    expect(runs).toBe(1)
  })

  it('fails as it failed when it has no recovery', async () => {
    const name = run(() => ({
      started: atomicStage(async () => {
        throw new Error('unexpected')
      }),
    }))

    const res = await post(name, clientKey())

    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ type: 'unknown_error' })
  })
})

describe.each(keys)('an atomic stage answered later, under %s', (_label, clientKey) => {
  it('answers from its last statements, which commit with the stage', async () => {
    const name = run((name) => ({
      started: atomicStage(async (tx) => {
        await emit(tx, 'test.first', { run: name })
        return {
          last: [
            () => emit(tx, 'test.last', { run: name }),
            () =>
              tx
                .select({ id: outbox.id })
                .from(outbox)
                .where(sql`${outbox.data}->>'run' = ${name}`),
          ],
          answer: async (_db, answers) => ({
            response_code: 201,
            response_body: { seen: (answers[1] as unknown[]).length },
          }),
        }
      }),
    }))

    const res = await post(name, clientKey())

    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ seen: 2 })
    expect(await eventsOf(name, 'test.last')).toBe(1)
    const key = String(res.headers['idempotency-key'])
    expect(await keyRow(key)).toMatchObject({ recovery_point: 'finished', response_code: 201 })
    const replay = await post(name, key)
    expect(replay.body).toBe(res.body)
    expect(await eventsOf(name, 'test.first')).toBe(1)
  })

  it('rolls back with its last statements when one fails, and recovers from that', async () => {
    const name = run((name) => ({
      started: atomicStage(
        async (tx) => {
          await emit(tx, 'test.first', { run: name })
          return {
            last: [() => emit(tx, 'test.last', { run: name }), () => tx.execute(sql`SELECT 1 / 0`)],
            answer: async () => ({ response_code: 200, response_body: { answered: true } }),
          }
        },
        async () => ({
          response_code: 409,
          response_body: { written: (await eventsOf(name, 'test.first')) + (await eventsOf(name, 'test.last')) },
        }),
      ),
    }))

    const res = await post(name, clientKey())

    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ written: 0 })
  })
})

describe('the finished keys of requests under keys of their own', () => {
  const finished = (value: string) => ({
    id: `ikey_${randomUUID()}`,
    idempotency_key: value,
    locked_at: null,
    request_method: 'POST',
    request_path: '/runs/batch',
    request_params: { params: {}, body_sha256: 'none' },
    response_code: 200,
    response_body: JSON.stringify({ value }),
    recovery_point: 'finished',
  })

  it('are written together when they finish together', async () => {
    const values = Array.from({ length: 10 }, () => `own-${randomUUID()}`)
    // The first goes out at once; the nine finishing while it is written share the next statement.
    await Promise.all(values.map((value) => writeFinishedKey(db(), finished(value))))
    const rows = await Promise.all(values.map(keyRow))
    expect(rows.map((row) => JSON.parse(row.response_body!).value)).toEqual(values)
    // Each statement is a transaction of its own, whose id its rows carry (`xmin`). Their times
    // cannot tell: two statements can start in the same tick of the embedded database's clock.
    const [{ statements }] = await db()
      .select({ statements: sql<number>`count(DISTINCT ${idempotencyKey}.xmin::text)::int` })
      .from(idempotencyKey)
      .where(inArray(idempotencyKey.idempotency_key, values))
    expect(statements).toBe(2)
  })

  it('fail alone: a key refused by the database does not fail the others written with it', async () => {
    const taken = `own-${randomUUID()}`
    await writeFinishedKey(db(), finished(taken))
    const values = [`own-${randomUUID()}`, taken, `own-${randomUUID()}`]
    const first = writeFinishedKey(db(), finished(`own-${randomUUID()}`))
    const results = await Promise.allSettled(values.map((value) => writeFinishedKey(db(), finished(value))))
    await first
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await keyRow(values[0])).toBeDefined()
    expect(await keyRow(values[2])).toBeDefined()
  })
})
