import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './connection.js'
import { ADVISORY_LOCKS } from './advisory-locks.js'

/** Committed SQL migrations, shared by PGlite and PostgreSQL, applied in file-name order. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url))

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
}

/**
 * Applies every migration not yet recorded in `emporium_migration`, all in one transaction so a
 * failing file leaves the schema as it was. An advisory lock keeps two processes starting at once
 * from racing each other.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir)
  return database.script(async (run) => {
    await run(`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.migrations})`)
    await run(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      CREATE TABLE IF NOT EXISTS emporium_migration (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`)
    const seen = new Set((await run('SELECT name FROM emporium_migration')).map((row) => row.name as string))
    const applied: string[] = []
    for (const name of files) {
      if (seen.has(name)) continue
      await run(readFileSync(`${dir}/${name}`, 'utf8'))
      await run(`INSERT INTO emporium_migration (name) VALUES ('${name.replace(/'/g, "''")}')`)
      applied.push(name)
    }
    return applied
  })
}
