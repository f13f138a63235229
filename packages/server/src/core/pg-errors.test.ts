import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { InvalidData } from './errors.js'
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

  it('names the field a CHECK refused, never the constraint, the statement or the values', async () => {
    await ctx.app.db.execute(
      sql`CREATE TABLE gauge (level integer CHECK (level >= 0), CONSTRAINT sealed CHECK (level < 1000))`,
    )
    const below = fromPgError(await refusalOf(sql`INSERT INTO gauge (level) VALUES (${-1})`))
    expect(below).toBeInstanceOf(InvalidData)
    expect(below?.message).toBe('level is out of range')
    const above = fromPgError(await refusalOf(sql`INSERT INTO gauge (level) VALUES (${5000})`))
    expect(above?.message).toBe('A value is out of range')
  })

  it('says a referenced record is missing without naming the foreign key', async () => {
    await ctx.app.db.execute(sql`CREATE TABLE parent (id text PRIMARY KEY)`)
    await ctx.app.db.execute(sql`CREATE TABLE child (parent_id text REFERENCES parent (id))`)
    const missing = fromPgError(await refusalOf(sql`INSERT INTO child (parent_id) VALUES (${'nope'})`))
    expect(missing?.message).toBe('A referenced record does not exist')
    expect(missing?.message).not.toMatch(/fkey|child|parent/)
  })

  it('leaves an error that is not the database’s to the caller', () => {
    expect(fromPgError(new Error('boom'))).toBeUndefined()
  })
})
