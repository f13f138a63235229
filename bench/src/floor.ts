/**
 * `npm run bench:floor`: how many of a scenario's iterations (requests, or whole checkouts) the
 * database alone could serve on this machine. The server runs one iteration while its statements
 * are recorded; pgbench, PostgreSQL's own load generator (written in C), then sends those statements
 * again from several connections, with new ids and the scenario's inputs in every iteration (see
 * `floor-script.ts`).
 * No HTTP and no Node take part, so the figure is a bound: `npm run bench` on the same machine
 * cannot go past it, whatever the server does, as long as it sends these statements.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import pg from 'pg'
import type { CapturedStatement } from './capture.js'
import { killAndExit, serversBy, stopProcesses } from './children.js'
import { positiveInt, redactUrl, requireDatabaseUrl, RESULTS_DIR } from './env.js'
import { readFixtures, vacuumAnalyze } from './fixtures.js'
import { floorScript, ID_PATTERN, INPUTS_TABLE, inputsOf } from './floor-script.js'
import { send } from './probe.js'
import { aligned, fileStamp, writeResult } from './report.js'
import { namedScenarios, readySteps, scenarios, type Context, type Step } from './scenarios.js'

const USAGE = `Usage: npm run bench:floor -- [--only a,b] [--clients N] [--duration S]

Records the statements one iteration of each scenario sends (one request, or a whole checkout; the
server runs on DATABASE_URL, as for npm run bench), then replays them with pgbench from N
connections and prints iterations per second: the most the database alone could serve here. Writes
bench/results/floor-<timestamp>.json, and the pgbench scripts in bench/results/floor-<timestamp>/.

  --only a,b        these scenarios (names as npm run bench prints them; default: every scenario
                    on the server)
  --clients N       pgbench connections (default 10)
  --duration S      seconds pgbench runs per scenario (default 10)

Needs pgbench on the PATH (Debian: the postgresql-client package).`

/** Iterations sent before the one recorded, so that what a server does once (warming caches) is left out. */
const WARM_ITERATIONS = 3
/** How long the record stays open after the answer: a finished idempotency key is written just after. */
const SETTLE_MS = 200
/** Rows of inputs: each pgbench connection takes its own share of them, in turn. */
const INPUT_ROWS = 20_000

interface Recorded {
  statements: CapturedStatement[]
  inputs: string[]
  rows: string[][]
  since: number
}

interface FloorResult {
  name: string
  request: string
  status: string
  statements?: number
  /** pgbench's iterations per second, with the prelude that makes each iteration's values. */
  per_second?: number
  /** The prelude alone, per second. */
  prelude_per_second?: number
  /** The iterations per second once the prelude's share is taken off. */
  floor_per_second?: number
  /** The pgbench script, kept beside the report. */
  script?: string
}

// ---------------------------------------------------------------------------------------------
// Recording one iteration

/** The request a step sends next: `setupRequest` (autocannon's hook) fills in its cart, its body. */
function nextRequest(step: Step, context: Context): autocannon.Request {
  const request = step.setupRequest ? step.setupRequest({ ...step } as autocannon.Request, context) : step
  if (!request) throw new Error('the step made no request')
  return request as autocannon.Request
}

/** One iteration of the scenario's steps, as a connection of the load sends it; answers the requests. */
async function iterate(baseUrl: string, steps: Step[], context: Context): Promise<autocannon.Request[]> {
  const sent: autocannon.Request[] = []
  for (const step of steps) {
    const request = nextRequest(step, context)
    const { status, body } = await send(baseUrl, request)
    if (status >= 300)
      throw new Error(`${request.method ?? 'GET'} ${request.path} answered ${status}: ${body.slice(0, 500)}`)
    step.onResponse?.(status, body, context)
    sent.push(request)
  }
  return sent
}

/** Sends `message` to the server and waits for the answer that has `key`. */
function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not answer ${message}`)), 10_000)
    const listen = (reply: unknown) => {
      if (typeof reply !== 'object' || reply === null || !(key in reply)) return
      clearTimeout(timer)
      child.off('message', listen)
      resolve((reply as Record<string, T>)[key])
    }
    child.on('message', listen)
    child.send(message)
  })
}

/** The strings of a body, depth first. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value !== 'object' || value === null) return []
  return Object.values(value).flatMap(stringsOf)
}

/** What the requests name: the ids in their paths, and every string of their bodies, in order. */
const namedIn = (requests: autocannon.Request[]) =>
  requests.flatMap((request) => [
    ...[...(request.path ?? '').matchAll(ID_PATTERN)].map(([id]) => id),
    ...(request.body === undefined ? [] : stringsOf(JSON.parse(String(request.body)))),
  ])

async function record(baseUrl: string, server: ChildProcess, steps: Step[]): Promise<Recorded> {
  for (let warm = 0; warm < WARM_ITERATIONS; warm++) await iterate(baseUrl, steps, {})
  const context: Context = {}
  const since = Date.now()
  await ask(server, 'capture:start', 'capturing')
  const sent = namedIn(await iterate(baseUrl, steps, context))
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const statements = await ask<CapturedStatement[]>(server, 'capture:stop', 'captured')
  // The next iterations the load would send, on the recorded one's context (its cart): what they
  // name differently, and the ids that were there before, are the inputs, one row per iteration.
  const next = () => namedIn(steps.map((step) => nextRequest(step, { ...context })))
  return { statements, ...inputsOf(sent, Array.from({ length: INPUT_ROWS }, next), since), since }
}

// ---------------------------------------------------------------------------------------------
// Replaying it

async function fillInputs(url: string, rows: string[][], width: number): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const columns = Array.from({ length: width }, (_, index) => `i${index + 1}`)
    await client.query(`DROP TABLE IF EXISTS ${INPUTS_TABLE}`)
    await client.query(
      `CREATE TABLE ${INPUTS_TABLE} (n integer PRIMARY KEY${columns.map((column) => `, ${column} text`).join('')})`,
    )
    if (rows.length === 0) return
    await client.query(
      `INSERT INTO ${INPUTS_TABLE} SELECT * FROM unnest($1::int[]${columns.map((_, index) => `, $${index + 2}::text[]`).join('')})`,
      [rows.map((_, index) => index + 1), ...columns.map((_, index) => rows.map((row) => row[index]))],
    )
  } finally {
    await client.end()
  }
}

async function dropInputs(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`DROP TABLE IF EXISTS ${INPUTS_TABLE}`).finally(() => client.end())
}

/** Runs pgbench on `script`; answers its transactions per second. */
function pgbench(url: string, script: string, options: { clients: number; seconds: number; inputs: number }) {
  const args = [
    '--no-vacuum',
    '--protocol=prepared',
    `--client=${options.clients}`,
    `--jobs=${Math.min(options.clients, cpus().length)}`,
    `--time=${options.seconds}`,
    `--define=inputs=${Math.max(options.inputs, 1)}`,
    // Each connection walks its own share of the inputs' rows (see `floorScript`).
    `--define=share=${Math.max(Math.floor(options.inputs / options.clients), 1)}`,
    '--define=turn=0',
    `--file=${script}`,
    url,
  ]
  return new Promise<number>((resolve, reject) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => {
      const tps = /^tps = ([\d.]+)/m.exec(output)
      const failed = /^number of failed transactions: (\d+)/m.exec(output)
      if (code !== 0 || !tps) return reject(new Error(`pgbench exited with ${code}:\n${output.trim().slice(-1500)}`))
      if (failed && Number(failed[1]) > 0) return reject(new Error(`pgbench: ${failed[1]} iterations failed`))
      resolve(Number(tps[1]))
    })
  })
}

// ---------------------------------------------------------------------------------------------

function formatFloors(results: FloorResult[]): string {
  const figure = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(0))
  return aligned(
    ['scenario', 'statements', 'with prelude/s', 'prelude alone/s', 'floor/s'],
    results.map((result) =>
      result.per_second === undefined
        ? [result.name, result.status]
        : [
            result.name,
            String(result.statements),
            figure(result.per_second),
            figure(result.prelude_per_second),
            figure(result.floor_per_second),
          ],
    ),
  )
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      clients: { type: 'string' },
      duration: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const clients = positiveInt('clients', values.clients, 10)
  const seconds = positiveInt('duration', values.duration, 10)
  const url = requireDatabaseUrl('bench:floor')
  if (spawnSync('pgbench', ['--version']).error) {
    process.stderr.write('error: pgbench is not on the PATH (Debian: apt-get install postgresql-client)\n')
    process.exit(1)
  }
  const only = namedScenarios(values.only)
  process.once('SIGINT', () => killAndExit('interrupted'))

  const startedAt = new Date()
  console.log(`Database: PostgreSQL (${redactUrl(url)})`)
  const fixtures = await readFixtures(url)
  const selected = scenarios.filter(
    (scenario) => scenario.target === 'server' && (!only || only.includes(scenario.name)),
  )
  console.log(`pgbench: ${clients} connections, ${seconds} s per scenario\n`)

  // No background work (the outbox, batch jobs) in the record: only the iteration's own statements.
  const serverFor = serversBy({ BENCH_CAPTURE_SQL: '1', EMPORIUM_MODE: 'server' })

  // The scripts stay beside the report, to read or to run again by hand.
  const name = `floor-${fileStamp(startedAt)}`
  const workDir = join(RESULTS_DIR, name)
  mkdirSync(workDir, { recursive: true })
  const results: FloorResult[] = []
  try {
    for (const scenario of selected) {
      const server = await serverFor(scenario.serverEnv)
      const { steps, skipped } = await readySteps(scenario, { url: server.url, databaseUrl: url, seconds }, fixtures)
      const base = { name: scenario.name, request: steps ? `${steps[0].method ?? 'GET'} ${steps[0].path}` : '–' }
      const skip = (status: string) => {
        results.push({ ...base, status })
        console.log(`  ${scenario.name}: ${status}`)
      }
      if (!steps) {
        skip(`skipped: ${skipped}`)
        continue
      }
      process.stdout.write(`  ${scenario.name}: ${base.request} … `)
      try {
        const recorded = await record(server.url, server.child, steps)
        if (recorded.statements.length === 0) {
          console.log('no statement (answered from the server’s cache)')
          results.push({ ...base, status: 'no statement', statements: 0 })
          continue
        }
        const { script, prelude, statements } = floorScript(recorded.statements, recorded.inputs, recorded.since)
        const slug = scenario.name.replace(/\W+/g, '-')
        const scriptFile = join(workDir, `${slug}.sql`)
        const preludeFile = join(workDir, `${slug}-prelude.sql`)
        writeFileSync(scriptFile, script)
        if (prelude) writeFileSync(preludeFile, prelude)
        await fillInputs(url, recorded.rows, recorded.inputs.length)
        await vacuumAnalyze(url)
        const options = { clients, seconds, inputs: recorded.rows.length }
        const perSecond = await pgbench(url, scriptFile, options)
        const preludePerSecond = prelude ? await pgbench(url, preludeFile, options) : undefined
        // Each iteration's time is the prelude's and the statements': the floor is the latter's rate.
        const floor =
          preludePerSecond && preludePerSecond > perSecond ? 1 / (1 / perSecond - 1 / preludePerSecond) : perSecond
        results.push({
          ...base,
          status: 'ok',
          statements,
          per_second: perSecond,
          prelude_per_second: preludePerSecond,
          floor_per_second: floor,
          script: scriptFile,
        })
        const unit = steps.length > 1 ? 'iterations' : 'req'
        console.log(`${floor.toFixed(0)} ${unit}/s (${statements} statement${statements === 1 ? '' : 's'})`)
      } catch (error) {
        const status = `failed: ${(error as Error).message}`
        results.push({ ...base, status })
        console.log(status)
      }
    }
  } finally {
    await stopProcesses()
    await dropInputs(url).catch(() => undefined)
  }

  console.log(`\n${formatFloors(results)}\n`)
  const reportPath = writeResult(name, {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? 'unknown', load_average_at_start: loadavg() },
    database: redactUrl(url),
    settings: { clients, duration_s: seconds },
    scenarios: results,
  })
  console.log(`Report: ${reportPath}`)
}

main().catch(async (error: unknown) => {
  process.stderr.write(`error: ${(error as Error).stack ?? String(error)}\n`)
  await stopProcesses()
  process.exit(1)
})
