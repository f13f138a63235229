import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { concurrently } from './concurrent.js'
import { openDatabase, type Database, type DatabaseOptions } from '../connection.js'
import { findPgError } from '../pg-error.js'
import type { Db } from '../types.js'

const url = process.env.TEST_DATABASE_URL

const opened: Database[] = []
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(opened.splice(0).map((database) => database.close()))
})

/** One connection, so every statement lands where `pg_prepared_statements` can see it. */
async function oneConnection(options: Partial<DatabaseOptions> = {}): Promise<Db> {
  const database = await openDatabase({ url, poolSize: 1, ...options })
  opened.push(database)
  return database.db
}

async function prepared(db: Db): Promise<string[]> {
  const result = await db.execute(sql`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time, name`)
  return (result as unknown as { rows: { statement: string }[] }).rows.map((row) => row.statement)
}

describe.skipIf(!url)('named statements (PostgreSQL)', () => {
  it("keeps an idle connection, with its prepared statements, past node-postgres's default 10 s", async () => {
    // The pool's idle timer runs on the faked clock, moved by hand; sockets stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const db = await oneConnection()
    const backend = async () =>
      (
        (await db.execute(sql`SELECT pg_backend_pid() AS pid, ${1}::int AS one`)) as unknown as {
          rows: { pid: number }[]
        }
      ).rows[0].pid

    const before = await backend()
    await vi.advanceTimersByTimeAsync(10_500)

    expect(await backend()).toBe(before)
    expect(await prepared(db)).toContain('SELECT pg_backend_pid() AS pid, $1::int AS one')
  })

  it('prepares each distinct parameterised text once per connection and reuses it', async () => {
    const db = await oneConnection()

    for (const n of [1, 2, 3]) {
      const result = await db.execute(sql`SELECT ${n}::int AS n`)
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ n }])
    }
    await db.execute(sql`SELECT ${'a'}::text || ${'b'}::text AS joined`)
    await db.execute(sql`SELECT 1 AS constant`)

    expect(await prepared(db)).toEqual(['SELECT $1::int AS n', 'SELECT $1::text || $2::text AS joined'])
  })

  it('leaves statements unnamed when turned off, past the limit of texts, or for long texts', async () => {
    const off = await oneConnection({ preparedStatements: false })
    await off.execute(sql`SELECT ${1}::int AS n`)
    expect(await prepared(off)).toEqual([])

    const limited = await oneConnection({ preparedStatements: { maxNamed: 2, maxTextLength: 40 } })
    await limited.execute(sql`SELECT ${1}::int AS one`)
    await limited.execute(sql`SELECT ${1}::int AS a_column_name_long_enough_to_pass_the_limit`)
    await limited.execute(sql`SELECT ${2}::int AS two`)
    await limited.execute(sql`SELECT ${3}::int AS three`)
    await limited.execute(sql`SELECT ${4}::int AS one`)
    // The long text, the texts past the second, and the pg_prepared_statements read below go unnamed.
    expect(await prepared(limited)).toEqual(['SELECT $1::int AS one', 'SELECT $1::int AS two'])
  })

  it('keeps working across rollbacks, pipelined repeats and a statement refused in a failed transaction', async () => {
    const db = await oneConnection()
    const failed = db.transaction(async (tx) => {
      await concurrently(tx, [
        () => tx.execute(sql`SELECT 1 / ${0}::int AS broken`),
        () => tx.execute(sql`SELECT ${1}::int AS later`),
        () => tx.execute(sql`SELECT ${2}::int AS later`),
      ])
    })
    await expect(failed).rejects.toSatisfy((error: unknown) => findPgError(error)?.code === '22012')

    // The refused statement's text was never prepared; it is parsed again now.
    const answers = await db.transaction((tx) =>
      concurrently(tx, [
        () => tx.execute(sql`SELECT ${3}::int AS later`),
        () => tx.execute(sql`SELECT ${4}::int AS later`),
      ]),
    )
    expect(answers.map((answer) => (answer as unknown as { rows: unknown[] }).rows)).toEqual([
      [{ later: 3 }],
      [{ later: 4 }],
    ])
    await expect(db.transaction(() => Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back')
    const after = await db.execute(sql`SELECT ${5}::int AS later`)
    expect((after as unknown as { rows: unknown[] }).rows).toEqual([{ later: 5 }])
    expect(await prepared(db)).toContain('SELECT $1::int AS later')
  })
})
