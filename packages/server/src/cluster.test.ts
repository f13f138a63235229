import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitOf, startCli, waitFor, type CliProcess } from './testing/cli-process.js'

/**
 * `emporium start` with several server processes (`EMPORIUM_PROCESSES`), run as the real CLI on a
 * database of its own: the processes share the port, one that dies is replaced, Ctrl+C (SIGINT
 * to each process at once) stops them all without starting any again, and processes that cannot
 * listen end the command with their reason.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL

/** A GET on a connection of its own, so the processes take turns (each connection goes to one). */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
      .on('error', reject)
      .end()
  })
}

/** The process ids that logged an answer to `url` (pino writes each line with its `pid`). */
function pidsAnswering(output: string, path: string): Set<number> {
  const pids = new Set<number>()
  for (const line of output.split('\n')) {
    if (!line.includes('"incoming request"') || !line.includes(`"url":"${path}"`)) continue
    pids.add((JSON.parse(line) as { pid: number }).pid)
  }
  return pids
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('emporium start with EMPORIUM_PROCESSES on the embedded database', () => {
  it('refuses, naming the setting: PGlite lives in one process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emporium-processes-'))
    try {
      const refused = startCli({ DATABASE_URL: '', EMPORIUM_DATA_DIR: dataDir, EMPORIUM_PROCESSES: '2' })
      const code = await exitOf(refused)
      expect(code).toBe(1)
      expect(refused.output()).toMatch(/EMPORIUM_PROCESSES above 1 needs PostgreSQL \(DATABASE_URL\)/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!testDatabaseUrl)('emporium start with EMPORIUM_PROCESSES=2 on PostgreSQL', () => {
  const databaseName = `emporium_processes_${randomBytes(4).toString('hex')}`
  let admin: pg.Client
  let dataDir: string
  let cli: CliProcess
  let baseUrl = ''
  let databaseUrl = ''

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${databaseName}`)
    const url = new URL(testDatabaseUrl!)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    dataDir = mkdtempSync(join(tmpdir(), 'emporium-processes-'))
    cli = startCli({ DATABASE_URL: databaseUrl, EMPORIUM_DATA_DIR: dataDir, EMPORIUM_PROCESSES: '2' })
    const [, running] = await waitFor(
      cli.output,
      /Emporium is running on (http:\/\/\S+) \(2 server processes\)/,
      120_000,
    )
    baseUrl = running
  }, 150_000)

  afterAll(async () => {
    if (cli?.child.exitCode === null) cli.child.kill('SIGKILL')
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers from both processes, replaces one that dies, and stops them all on Ctrl+C', async () => {
    const listening = () =>
      [...cli.output().matchAll(/"pid":(\d+),[^\n]*"msg":"Server listening at/g)].map(([, pid]) => Number(pid))
    const [first, second] = listening()
    expect(new Set([first, second]).size).toBe(2)

    for (let i = 0; i < 6; i++) expect(await getOnNewConnection(`${baseUrl}/health`)).toBe(200)
    expect(pidsAnswering(cli.output(), '/health')).toEqual(new Set([first, second]))

    // A process that dies is replaced; the other keeps serving meanwhile.
    process.kill(first, 'SIGKILL')
    await waitFor(
      cli.output,
      new RegExp(`Server process ${first} stopped \\(signal SIGKILL\\); starting another`),
      10_000,
    )
    await waitFor(() => String(listening().length), /^3$/, 60_000)
    const replacement = listening()[2]
    for (let i = 0; i < 6; i++) expect(await getOnNewConnection(`${baseUrl}/store/regions`)).toBe(200)
    expect(pidsAnswering(cli.output(), '/store/regions')).toEqual(new Set([second, replacement]))

    // Ctrl+C in a terminal signals every process at once: none is started again, all stop cleanly.
    const exited = exitOf(cli)
    const restartsBefore = cli.output().split('starting another').length
    for (const pid of [second, replacement, cli.child.pid!]) process.kill(pid, 'SIGINT')
    expect(await exited).toBe(0)
    expect(cli.output().split('starting another').length).toBe(restartsBefore)
    expect([second, replacement].filter(isAlive)).toEqual([])
  }, 120_000)

  it('exits 1 with the reason when the processes cannot listen, starting none again', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const failing = startCli({
        DATABASE_URL: databaseUrl,
        EMPORIUM_DATA_DIR: dataDir,
        EMPORIUM_PROCESSES: '2',
        PORT: String(port),
      })
      const code = await exitOf(failing)
      expect(code).toBe(1)
      expect(failing.output()).toMatch(/EADDRINUSE/)
      expect(failing.output()).toMatch(/stopped \(code 1\) before listening; stopping the others/)
      expect(failing.output()).not.toContain('starting another')
    } finally {
      taken.close()
    }
  }, 120_000)
})
