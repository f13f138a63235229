import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/connection.js'
import { migrate } from '../db/migrate.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string
  }
}

/**
 * Migrates one PGlite database and keeps its files as an image: each test file starts its own
 * PGlite from that image instead of running every migration again.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-test-'))
  const image = join(dir, 'migrated.tar.gz')
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({})
    await migrate(database)
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client
    const dump = await client.dumpDataDir('gzip')
    writeFileSync(image, Buffer.from(await dump.arrayBuffer()))
    await database.close()
  }
  project.provide('pgliteImage', image)
  return () => rmSync(dir, { recursive: true, force: true })
}
