import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './connection.js'
import { onOneConnection } from './transactions.js'
import type { Db } from './types.js'

const url = process.env.TEST_DATABASE_URL

let database: Database
beforeAll(async () => {
  if (url) database = await openDatabase({ url, poolSize: 2 })
})
afterAll(async () => {
  await database?.close()
})

async function settings(db: Db): Promise<{ plans: string; readOnly: string; backend: number }> {
  const result = await db.execute(sql`SELECT current_setting('plan_cache_mode') AS plans,
    current_setting('transaction_read_only') AS "readOnly", pg_backend_pid() AS backend`)
  return (result as unknown as { rows: { plans: string; readOnly: string; backend: number }[] }).rows[0]
}

describe.skipIf(!url)('onOneConnection (PostgreSQL)', () => {
  it('runs its reads on one connection, read-only, on generic plans, and leaves the pool as it was', async () => {
    const db = database.db
    const [first, second] = await onOneConnection(db, (reader) => Promise.all([settings(reader), settings(reader)]))

    expect(first).toMatchObject({ plans: 'force_generic_plan', readOnly: 'on' })
    expect(second.backend).toBe(first.backend)
    const after = await Promise.all([settings(db), settings(db)])
    expect(after.map((row) => row.plans)).toEqual(['auto', 'auto'])
  })
})
