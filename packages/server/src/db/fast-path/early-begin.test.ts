import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../connection.js'
import { findPgError } from '../pg-error.js'
import { socketWritesDuring } from '../../testing/socket-writes.js'

const url = process.env.TEST_DATABASE_URL

let database: Database
beforeAll(async () => {
  if (url) database = await openDatabase({ url, poolSize: 1 })
})
afterAll(async () => {
  await database?.close()
})

describe.skipIf(!url)('early BEGIN (PostgreSQL)', () => {
  it('sends BEGIN with the first statement of the transaction, in one write', async () => {
    const db = database.db
    const writes = await socketWritesDuring(db, () => db.transaction((tx) => tx.execute(sql`SELECT ${1}::int AS one`)))

    // BEGIN + SELECT, then COMMIT (it waited for the SELECT's answer).
    expect(writes).toBe(2)
  })

  it('runs the statements inside the transaction: a rollback undoes them', async () => {
    const db = database.db
    await db.execute(sql`CREATE TEMP TABLE early_begin_probe (n int)`)
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO early_begin_probe VALUES (${1})`)
      throw new Error('changed my mind')
    })
    await expect(failed).rejects.toThrow('changed my mind')
    await db.transaction((tx) => tx.execute(sql`INSERT INTO early_begin_probe VALUES (${2})`))

    const rows = await db.execute(sql`SELECT n FROM early_begin_probe WHERE n > ${0}`)
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ n: 2 }])
  })

  it('reports a BEGIN that failed through the statement after it', async () => {
    const db = database.db
    const failed = db.transaction((tx) => tx.execute(sql`SELECT ${1}::int`), {
      isolationLevel: 'no such level' as 'serializable',
    })

    await expect(failed).rejects.toSatisfy((error: unknown) => findPgError(error)?.code === '42601')
    const after = await db.transaction((tx) => tx.execute(sql`SELECT ${3}::int AS three`))
    expect((after as unknown as { rows: unknown[] }).rows).toEqual([{ three: 3 }])
  })
})
