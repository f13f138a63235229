import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADVISORY_LOCKS } from './db/advisory-locks.js'
import { migrationFiles } from './db/migrate.js'
import { exitOf, startCli, waitFor, type CliProcess } from './testing/cli-process.js'

/**
 * Processes starting and stopping together on PostgreSQL, as the real CLI: two `emporium migrate`
 * at once apply each migration once, and a stopping server finishes its in-flight requests within
 * `EMPORIUM_SHUTDOWN_TIMEOUT_MS` or exits 1 when one does not end.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!testDatabaseUrl)('several processes on one PostgreSQL database', () => {
  const databaseName = `emporium_shutdown_${randomBytes(4).toString('hex')}`
  let admin: pg.Client
  let db: pg.Client
  let databaseUrl = ''
  let dataDir: string
  const started: CliProcess[] = []
  const run = (env: Record<string, string>, args?: string[]) => {
    const cli = startCli({ DATABASE_URL: databaseUrl, EMPORIUM_DATA_DIR: dataDir, ...env }, args)
    started.push(cli)
    return cli
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${databaseName}`)
    const url = new URL(testDatabaseUrl!)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    dataDir = mkdtempSync(join(tmpdir(), 'emporium-shutdown-'))
  })

  afterAll(async () => {
    for (const cli of started) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
    await db?.end()
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('applies each migration once when two processes migrate at the same moment', async () => {
    // Held by the test, the lock makes both processes wait at the same point, so they truly overlap.
    await db.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations])
    const first = run({}, ['migrate'])
    const second = run({}, ['migrate'])
    const waiting = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1`,
          [ADVISORY_LOCKS.migrations],
        )
      ).rows[0].n as number
    const deadline = Date.now() + 60_000
    while ((await waiting()) < 2) {
      if (Date.now() > deadline) throw new Error(`both never waited:\n${first.output()}\n${second.output()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await db.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations])

    expect(await Promise.all([exitOf(first), exitOf(second)])).toEqual([0, 0])
    const outputs = [first.output(), second.output()]
    expect(outputs.filter((output) => output.includes('Applied: '))).toHaveLength(1)
    expect(outputs.filter((output) => output.includes('Database is up to date.'))).toHaveLength(1)
    const { rows } = await db.query('SELECT name, count(*)::int AS n FROM emporium_migration GROUP BY name')
    expect(rows).toHaveLength(migrationFiles().length)
    expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true)
  }, 120_000)

  it('finishes an in-flight request on SIGTERM, and exits 1 once the bound passes on one that never ends', async () => {
    const cli = run({ EMPORIUM_SHUTDOWN_TIMEOUT_MS: '3000' }, ['start', '--no-seed', '--no-migrate'])
    const [, baseUrl] = await waitFor(cli.output, /Emporium is running on (http:\/\/\S+)/, 120_000)

    // A table lock holds the storefront's region list: the request is in flight until it is released.
    await db.query('BEGIN')
    await db.query('LOCK TABLE region IN ACCESS EXCLUSIVE MODE')
    const held = fetch(`${baseUrl}/store/regions`).then((res) => res.status)
    await waitFor(cli.output, /"url":"\/store\/regions"/, 10_000)
    const exited = exitOf(cli)
    cli.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(cli.child.exitCode).toBeNull() // still finishing the request
    await db.query('COMMIT')
    expect(await held).toBe(200)
    expect(await exited).toBe(0)

    const stuck = run({ EMPORIUM_SHUTDOWN_TIMEOUT_MS: '1500' }, ['start', '--no-seed', '--no-migrate'])
    const [, stuckUrl] = await waitFor(stuck.output, /Emporium is running on (http:\/\/\S+)/, 120_000)
    await db.query('BEGIN')
    await db.query('LOCK TABLE region IN ACCESS EXCLUSIVE MODE')
    try {
      const never = fetch(`${stuckUrl}/store/regions`).catch(() => 'dropped')
      await waitFor(stuck.output, /"url":"\/store\/regions"/, 10_000)
      const signalled = Date.now()
      stuck.child.kill('SIGTERM')
      expect(await exitOf(stuck)).toBe(1)
      const took = Date.now() - signalled
      expect(took).toBeGreaterThanOrEqual(1400)
      expect(took).toBeLessThan(10_000)
      expect(stuck.output()).toContain('shutdown took longer than EMPORIUM_SHUTDOWN_TIMEOUT_MS')
      expect(await never).toBe('dropped')
    } finally {
      await db.query('COMMIT')
    }
  }, 300_000)
})
