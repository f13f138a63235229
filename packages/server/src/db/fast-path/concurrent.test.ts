import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { findPgError } from '../pg-error.js'
import { useTestApp } from '../../testing/test-app.js'
import { socketWritesDuring } from '../../testing/socket-writes.js'
import { concurrently, lastBatch } from './concurrent.js'
import { openDatabase } from '../connection.js'

/**
 * `concurrently` inside a transaction: pipelined on PostgreSQL, one after another on PGlite. Both
 * must answer in task order, report the statement that failed rather than the ones refused behind
 * it, and leave no task running once they throw.
 */

const ctx = useTestApp()
const db = () => ctx.app.db

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

beforeAll(async () => {
  await db().execute(sql`CREATE TABLE concurrent_probe (n int NOT NULL)`)
})

describe('concurrently in a transaction', () => {
  it('answers in task order, and later statements see the batch’s earlier writes', async () => {
    const [inserted, first, counted] = await db().transaction((tx) =>
      concurrently(tx, [
        () => tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (1), (2) RETURNING n`),
        () => tx.execute(sql`SELECT 'first' AS label`),
        () => tx.execute(sql`SELECT count(*)::int AS count FROM concurrent_probe`),
      ]),
    )
    expect(rowsOf(inserted).map((row) => row.n)).toEqual([1, 2])
    expect(rowsOf(first)).toEqual([{ label: 'first' }])
    expect(rowsOf(counted)).toEqual([{ count: 2 }])
    await db().execute(sql`DELETE FROM concurrent_probe`)
  })

  it('sends a statement a task answers before anything later tasks send', async () => {
    const [, seen] = await db().transaction((tx) =>
      concurrently(tx, [
        // A builder, which on its own would go out only when awaited…
        () => tx.execute(sql`SELECT set_config('emporium.probe', 'first', true)`),
        // …and a statement sent at once by the next task: it must still run second.
        async () => tx.execute(sql`SELECT current_setting('emporium.probe', true) AS probe`).execute(),
      ]),
    )
    expect(rowsOf(seen)).toEqual([{ probe: 'first' }])
  })

  it('throws the failure itself, after every started task settled, and the batch rolls back', async () => {
    let started = 0
    let settled = 0
    let caught: unknown
    try {
      await db().transaction(async (tx) => {
        const counting = (run: () => Promise<unknown>) => async (): Promise<unknown> => {
          started++
          try {
            return await run()
          } finally {
            settled++
          }
        }
        await concurrently(tx, [
          // Waits for an answer before its second statement, which the failure behind it refuses:
          // that refusal comes first in task order but is not the error to report, and the task
          // must not outlive the transaction.
          counting(async () => {
            await tx.execute(sql`SELECT 1`)
            return tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (8)`)
          }),
          counting(() => tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (7)`)),
          counting(() => tx.execute(sql`SELECT 1 / (SELECT count(*) FROM concurrent_probe WHERE n < 0) AS boom`)),
        ])
      })
    } catch (error) {
      caught = error
    }
    expect(findPgError(caught)?.code).toBe('22012') // division_by_zero, not in_failed_sql_transaction
    expect(settled).toBe(started)
    const [{ count }] = rowsOf(await db().execute(sql`SELECT count(*)::int AS count FROM concurrent_probe`))
    expect(count).toBe(0)
  })

  it('runs side by side outside a transaction, answering in task order', async () => {
    const [a, b] = await concurrently(db(), [
      () => db().execute(sql`SELECT 'a' AS label`),
      () => db().execute(sql`SELECT 'b' AS label`),
    ])
    expect([rowsOf(a)[0].label, rowsOf(b)[0].label]).toEqual(['a', 'b'])
  })
})

describe('lastBatch', () => {
  const count = async () =>
    rowsOf(await db().execute(sql`SELECT count(*)::int AS count FROM concurrent_probe WHERE n >= 100`))[0].count

  it('commits the statements with the transaction, and answers them in task order', async () => {
    const outcome = await db().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (100)`)
      return lastBatch(tx, [
        () => tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (101) RETURNING n`),
        () => tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (102), (103) RETURNING n`),
      ])
    })
    const [first, second] = await outcome.answers

    expect(rowsOf(first).map((row) => row.n)).toEqual([101])
    expect(rowsOf(second).map((row) => row.n)).toEqual([102, 103])
    expect(await count()).toBe(4)
    await db().execute(sql`DELETE FROM concurrent_probe`)
  })

  it('reports its failure, and the transaction has rolled back', async () => {
    const attempt = async () => {
      const outcome = await db().transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (102)`)
        return lastBatch(tx, [
          () => tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (NULL)`),
          () => tx.execute(sql`INSERT INTO concurrent_probe (n) VALUES (104)`),
        ])
      })
      await outcome.answers
    }

    await expect(attempt()).rejects.toSatisfy((error: unknown) => findPgError(error)?.code === '23502')
    expect(await count()).toBe(0)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('goes out with the COMMIT, in one write', async () => {
    const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 1 })
    try {
      const writes = await socketWritesDuring(database.db, async () => {
        const outcome = await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT ${1}::int`)
          return lastBatch(tx, [() => tx.execute(sql`SELECT ${2}::int`), () => tx.execute(sql`SELECT ${3}::int`)])
        })
        await outcome.answers
      })
      // BEGIN with the first SELECT, then the last two with the COMMIT.
      expect(writes).toBe(2)
    } finally {
      await database.close()
    }
  })
})
