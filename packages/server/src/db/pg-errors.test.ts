import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { InvalidData } from '../http/errors.js'
import { useTestApp } from '../testing/test-app.js'
import { fromPgError } from './pg-errors.js'

/** Database refusals the API answers with a 4xx, checked on errors the database really raised. */
const ctx = useTestApp()

async function refusalOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  return ctx.app.db.execute(statement).then(
    () => expect.fail('the database accepted the statement'),
    (error: unknown) => error,
  )
}

describe('fromPgError', () => {
  it('answers U+0000 in text or JSON as invalid data, without the statement or its parameters', async () => {
    for (const statement of [sql`SELECT ${'a\u0000b'}::text`, sql`SELECT ${'{"a":"\\u0000"}'}::jsonb`]) {
      const typed = fromPgError(await refusalOf(statement))
      expect(typed).toBeInstanceOf(InvalidData)
      expect(typed?.message).toBe('A text value holds the NUL character (U+0000), which cannot be stored')
    }
  })

  it('leaves an error that is not the database’s to the caller', () => {
    expect(fromPgError(new Error('boom'))).toBeUndefined()
  })
})
