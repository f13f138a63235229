import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { generateId } from '../db/ids.js'
import { buildTestApp, useTestApp } from '../testing/test-app.js'
import { deleteExpiredIdempotencyKeys } from '../core/idempotency.js'

/**
 * Idempotency keys are deleted once past their retention, by a sweep that runs on its own where
 * background work runs; their answers are stored lz4-compressed where the server has lz4.
 */

const ctx = useTestApp()
const db = () => ctx.app.db
const HOUR_MS = 60 * 60 * 1000

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A finished key created `createdHoursAgo` hours ago, last locked `lockedHoursAgo` hours ago (if given). */
async function insertKey(value: string, createdHoursAgo: number, lockedHoursAgo?: number): Promise<void> {
  const lockedAt = lockedHoursAgo === undefined ? sql`NULL` : sql`now() - ${lockedHoursAgo}::float8 * interval '1 hour'`
  await db().execute(sql`
    INSERT INTO idempotency_key (id, idempotency_key, created_at, locked_at, response_code, response_body, recovery_point)
    VALUES (${generateId('ikey')}, ${value}, now() - ${createdHoursAgo}::float8 * interval '1 hour', ${lockedAt},
            200, '{"cart": {}}', 'finished')`)
}

async function keysLeft(prefix: string): Promise<string[]> {
  const result = await db().execute(
    sql`SELECT idempotency_key FROM idempotency_key WHERE idempotency_key LIKE ${`${prefix}%`} ORDER BY idempotency_key`,
  )
  return rowsOf<{ idempotency_key: string }>(result).map((row) => row.idempotency_key)
}

describe('deleteExpiredIdempotencyKeys', () => {
  it('deletes keys created and last locked before the retention, and keeps the rest', async () => {
    await insertKey('expire-a-old', 30)
    await insertKey('expire-a-old-locked-long-ago', 30, 26)
    await insertKey('expire-a-old-locked-lately', 30, 0.5)
    await insertKey('expire-a-young', 2)

    expect(await deleteExpiredIdempotencyKeys(db(), 24 * HOUR_MS, 1000)).toBe(2)
    expect(await keysLeft('expire-a-')).toEqual(['expire-a-old-locked-lately', 'expire-a-young'])
  })

  it('deletes at most the number asked for, oldest first', async () => {
    for (let i = 0; i < 5; i++) await insertKey(`expire-b-${i}`, 48 - i)

    expect(await deleteExpiredIdempotencyKeys(db(), 24 * HOUR_MS, 3)).toBe(3)
    expect(await keysLeft('expire-b-')).toEqual(['expire-b-3', 'expire-b-4'])
    expect(await deleteExpiredIdempotencyKeys(db(), 24 * HOUR_MS, 3)).toBe(2)
    expect(await keysLeft('expire-b-')).toEqual([])
  })
})

describe('the sweep', () => {
  let other: FastifyInstance | undefined
  afterEach(async () => {
    await other?.close()
    other = undefined
  })

  const waitUntil = async (done: () => Promise<boolean>, ms: number) => {
    for (const start = Date.now(); Date.now() - start < ms;) {
      if (await done()) return true
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return done()
  }

  it('runs by itself once the app is ready', async () => {
    await insertKey('sweep-c-old', 3)
    await insertKey('sweep-c-young', 0.5)
    other = await buildTestApp(ctx.database, { idempotencyKeyRetentionHours: 1 })

    expect(await waitUntil(async () => (await keysLeft('sweep-c-')).length === 1, 10_000)).toBe(true)
    expect(await keysLeft('sweep-c-')).toEqual(['sweep-c-young'])
  })

  it('never runs with a retention of 0, nor in a process that only serves requests', async () => {
    await insertKey('sweep-d-old', 48)
    other = await buildTestApp(ctx.database, { idempotencyKeyRetentionHours: 0 })
    const server = await buildTestApp(ctx.database, { idempotencyKeyRetentionHours: 1, mode: 'server' })
    try {
      // The first sweep would run a second after start.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      expect(await keysLeft('sweep-d-')).toEqual(['sweep-d-old'])
    } finally {
      await server.close()
    }
  })
})

describe('stored answers', () => {
  it('are compressed with lz4 on PostgreSQL, and with the default where lz4 is missing (PGlite)', async () => {
    const result = await db().execute(sql`
      SELECT attcompression AS method FROM pg_attribute
      WHERE attrelid = 'idempotency_key'::regclass AND attname = 'response_body'`)
    const [{ method }] = rowsOf<{ method: string }>(result)
    expect(method).toBe(ctx.database.kind === 'postgres' ? 'l' : '')
  })
})
