import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/connection.js'
import { migrate } from '../db/migrate.js'

export interface TestDatabase extends Database {
  /** PostgreSQL: the schema this test file owns; PGlite: undefined. */
  schema?: string
  /** Opens another connection to the same data (a second server process), PostgreSQL only. */
  reopen(): Promise<Database>
}

/**
 * A fresh, migrated database for one test file: a PGlite started from the migrated image, or, with
 * `TEST_DATABASE_URL`, a new PostgreSQL schema that is dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const image = new Blob([readFileSync(inject('pgliteImage'))])
    const database = await openDatabase({ loadDataDir: image })
    return {
      ...database,
      reopen: () => Promise.reject(new Error('PGlite lives in one process; use TEST_DATABASE_URL')),
    }
  }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const database = await openDatabase({ url, searchPath: schema, poolSize: 20 })
  await migrate(database)
  return {
    ...database,
    schema,
    reopen: () => openDatabase({ url, searchPath: schema, poolSize: 20 }),
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`)
      await cleanup.end()
    },
  }
}
