import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import { InvalidData } from '../../core/errors.js'
import { useTestApp } from '../../testing/test-app.js'
import { BatchJobRunner } from './runner.js'
import { batchJob } from './schema.js'
import type { BatchJobStrategy, JobRun } from './strategy.js'

/**
 * How a failed run is recorded: the job ends `failed` with a message staff can read, whatever the
 * error held. Strategies of a test-only type, so that the failure is the one under test.
 */
const ctx = useTestApp({ mode: 'server' })

function strategyFailingWith(fail: (run: JobRun) => Promise<never>): BatchJobStrategy {
  return {
    type: 'failing',
    prepareContext: async (context) => context,
    preProcess: async () => ({}),
    process: fail,
  }
}

async function runConfirmedJob(strategy: BatchJobStrategy) {
  const [job] = await ctx.database.db
    .insert(batchJob)
    .values({ id: generateId('batch'), type: strategy.type, status: 'confirmed', confirmed_at: new Date() })
    .returning()
  const runner = new BatchJobRunner(ctx.database.db, {
    logger: ctx.app.log,
    files: ctx.app.providers.file,
    flags: ctx.app.config.featureFlags,
    strategies: new Map([[strategy.type, strategy]]),
  })
  await runner.drain()
  const [row] = await ctx.database.db.select().from(batchJob).where(eq(batchJob.id, job.id))
  return row
}

describe('a batch job whose run fails', () => {
  it('is failed with the kind of a database error, never its SQL or parameters', async () => {
    const failed = await runConfirmedJob(
      strategyFailingWith(async (run) => {
        await run.db.execute(sql`SELECT ${'secret\u0000value'}::text`)
        throw new Error('unreachable: the database refuses U+0000')
      }),
    )
    expect(failed.status).toBe('failed')
    expect(failed.failed_at).toBeInstanceOf(Date)
    expect(failed.result?.errors).toEqual([
      {
        message: 'A text value holds the NUL character (U+0000), which cannot be stored',
        code: 'batch_job_failed',
      },
    ])
  })

  it('is failed with the SQLSTATE of a database error the API has no answer for', async () => {
    const failed = await runConfirmedJob(
      strategyFailingWith(async (run) => {
        await run.db.execute(sql`SELECT ${'secret'}::text FROM no_such_table`)
        throw new Error('unreachable: the table does not exist')
      }),
    )
    expect(failed.status).toBe('failed')
    expect(failed.result?.errors).toEqual([
      { message: 'The database refused a statement (SQLSTATE 42P01)', code: 'batch_job_failed' },
    ])
  })

  it('is failed even when its message quotes a NUL character, which the result cannot store', async () => {
    const failed = await runConfirmedJob(
      strategyFailingWith(async () => {
        throw new InvalidData('Line 2: "a\u0000b" is not a handle')
      }),
    )
    expect(failed.status).toBe('failed')
    expect(failed.result?.errors).toEqual([{ message: 'Line 2: "ab" is not a handle', code: 'batch_job_failed' }])
  })
})
