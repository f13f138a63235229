import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { killAndExit, pidsOf, serversBy, startProcess, stopProcesses } from './children.js'
import { cpuPerRequest, sampleCpu, type CpuSample } from './cpu.js'
import { positiveInt, redactUrl, requireDatabaseUrl, RUN_OPTIONS } from './env.js'
import { readFixtures, vacuumAnalyze } from './fixtures.js'
import { failure, probe } from './probe.js'
import {
  formatTable,
  percentiles,
  summarise,
  withRatios,
  writeReport,
  type Failure,
  type Report,
  type ScenarioResult,
} from './report.js'
import { namedScenarios, readySteps, scenarios, type Context, type Fixtures, type Step } from './scenarios.js'

const USAGE = `Usage: npm run bench -- [--duration S] [--warmup S] [--connections N] [--only a,b]

Starts the server (DATABASE_URL, PostgreSQL, seeded with npm run bench:seed) and a bare http
"ceiling" server on loopback ports, loads each scenario with autocannon and prints req/s, p50/p99
latency, the ratio to the ceiling, and the CPU milliseconds a request costs the server process and
the database (read from /proc: steadier than req/s on a busy machine). Writes
bench/results/<timestamp>.json.

  --duration S      seconds measured per scenario (default 10)
  --warmup S        seconds of unmeasured load before each scenario (default 2)
  --connections N   concurrent connections (default 50)
  --only a,b        run only these scenarios (names as printed; the ceiling always runs)

Environment: BENCH_SERVER_DIR=<copy of packages/server/dist> runs that build instead of the sources;
BENCH_PROCESSES=N runs the server as N processes on one port, as EMPORIUM_PROCESSES does (their CPU
times are added up); BENCH_CPU_PROFILE=<file.cpuprofile> saves the server's CPU profile of the run
(one file per process, suffixed with its pid, when there are several).`

/** Start-up of both processes, then the scenarios; past this the run is abandoned. */
const STARTUP_BUDGET_S = 90
const PER_SCENARIO_SLACK_S = 20

// ---------------------------------------------------------------------------------------------
// The ceiling

/**
 * The ceiling serves a body as large as the product list the storefront's home page loads. Before
 * the catalogue routes exist, the regions list stands in (and the report says so).
 */
async function ceilingBody(serverUrl: string, fixtures: Fixtures): Promise<{ body: string; copiedFrom: string }> {
  const candidates = [
    `/store/products?limit=20${fixtures.regionId ? `&region_id=${fixtures.regionId}` : ''}`,
    '/store/regions',
  ]
  for (const path of candidates) {
    const headers = fixtures.publishableKey ? { 'x-publishable-api-key': fixtures.publishableKey } : undefined
    const response = await fetch(`${serverUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) })
    const body = await response.text()
    if (response.ok) return { body, copiedFrom: `GET ${path}` }
    console.log(`  GET ${path.split('?')[0]} answered ${response.status}; trying the next reference body`)
  }
  throw new Error('no reference body for the ceiling: even GET /store/regions failed')
}

const describe = (failure: Failure) =>
  `step ${failure.step} (${failure.request}) answered ${failure.status}: ${failure.body}`

// ---------------------------------------------------------------------------------------------
// Load

interface LoadOptions {
  connections: number
  duration: number
  warmup: number
}

/** Where the CPU time of the measured part is read: the process under load and its database. */
interface CpuProbe {
  pids: number[] | undefined
  databaseUrl: string
}

/** The published types predate autocannon's `warmup` option. */
type Options = autocannon.Options & { warmup?: { connections: number; duration: number } }

/** What autocannon does not record: whole iterations of a flow, and what a failing answer said. */
interface Tracking {
  /** Milliseconds from building an iteration's first request to its last step's 2xx answer. */
  iterations: number[]
  firstFailure?: Failure
}

/**
 * Wraps a step's hooks to feed `tracking`. autocannon tests for the hooks' presence, so absent
 * ones must not appear as `undefined` keys; a flow's first step always gets one, to start its clock.
 */
function toAutocannon(step: Step, index: number, steps: Step[], tracking: Tracking): autocannon.Request {
  const { setupRequest, onResponse, ...request } = step
  const flow = steps.length > 1
  const first = flow && index === 0
  const last = flow && index === steps.length - 1
  return {
    ...request,
    ...((setupRequest || first) && {
      setupRequest: (req: autocannon.Request, context: object) => {
        if (first) (context as Context).iterationStartedAt = performance.now()
        return (setupRequest ? setupRequest(req, context as Context) : req) as autocannon.Request
      },
    }),
    onResponse: (status: number, body: string, context: object) => {
      if (status < 200 || status >= 300) tracking.firstFailure ??= failure(step, index, status, body)
      else if (last) tracking.iterations.push(performance.now() - ((context as Context).iterationStartedAt as number))
      onResponse?.(status, body, context as Context)
    },
  }
}

interface Loaded {
  result: autocannon.Result
  cpu_ms_per_request?: ScenarioResult['cpu_ms_per_request']
  flow?: ScenarioResult['flow']
  first_failure?: Failure
}

async function load(baseUrl: string, steps: Step[], options: LoadOptions, cpu: CpuProbe): Promise<Loaded> {
  const tracking: Tracking = { iterations: [] }
  const settings: Options = {
    url: baseUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    requests: steps.map((step, index) => toAutocannon(step, index, steps, tracking)),
    ...(options.warmup > 0 && { warmup: { connections: options.connections, duration: options.warmup } }),
  }
  // Without a callback autocannon answers an emitter that is also a promise; the types know only the latter.
  const running = autocannon(settings) as unknown as autocannon.Instance & Promise<autocannon.Result>
  // Emitted when the measured part begins, after the warm-up: what the warm-up saw does not count.
  let cpuAtStart: Promise<CpuSample> | undefined
  running.on('start', () => {
    tracking.iterations = []
    tracking.firstFailure = undefined
    cpuAtStart = sampleCpu(cpu.pids, cpu.databaseUrl)
  })
  const result = await running
  const cpuAtEnd = await sampleCpu(cpu.pids, cpu.databaseUrl)
  const perRequest = cpuAtStart && cpuPerRequest(await cpuAtStart, cpuAtEnd, result.requests.total)
  return {
    result,
    ...(perRequest && { cpu_ms_per_request: perRequest }),
    ...(steps.length > 1 && {
      flow: {
        completed: tracking.iterations.length,
        per_second: tracking.iterations.length / options.duration,
        latency_ms: percentiles(tracking.iterations),
      },
    }),
    ...(tracking.firstFailure && { first_failure: tracking.firstFailure }),
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ...RUN_OPTIONS, help: { type: 'boolean', short: 'h', default: false } },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const options: LoadOptions = {
    duration: positiveInt('duration', values.duration, 10),
    warmup: values.warmup === '0' ? 0 : positiveInt('warmup', values.warmup, 2),
    connections: positiveInt('connections', values.connections, 50),
  }
  const only = namedScenarios(values.only)
  const selected = scenarios.filter(
    (scenario) => !only || scenario.target === 'ceiling' || only.includes(scenario.name),
  )
  const url = requireDatabaseUrl('bench')

  const budget = STARTUP_BUDGET_S + selected.length * (options.warmup + options.duration + PER_SCENARIO_SLACK_S)
  setTimeout(() => killAndExit(`the run took longer than ${budget} s; stopped`), budget * 1000).unref()
  process.once('SIGINT', () => killAndExit('interrupted'))

  const startedAt = new Date()
  const loadAtStart = loadavg()
  console.log(`Database: PostgreSQL (${redactUrl(url)})`)
  const serverBuild = process.env.BENCH_SERVER_DIR ?? 'sources'
  console.log(`Server build: ${serverBuild}`)
  const fixtures = await readFixtures(url)
  console.log(`Catalogue: ${fixtures.productCount} published products in the default sales channel`)
  if (fixtures.productCount === 0) console.log('  (empty: run `npm run bench:seed -- --products 1000` first)')

  const serverFor = serversBy()
  const serverUrl = (await serverFor()).url
  const reference = await ceilingBody(serverUrl, fixtures)
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'emporium-bench-')), 'ceiling.json')
  writeFileSync(bodyFile, reference.body)
  const ceiling = await startProcess('ceiling', { BENCH_CEILING_BODY_FILE: bodyFile })
  const ceilingUrl = `http://127.0.0.1:${ceiling.port}`
  const bodyBytes = Buffer.byteLength(reference.body)
  console.log(`Server ${serverUrl}, ceiling ${ceilingUrl} (${bodyBytes} bytes, the size of ${reference.copiedFrom})`)
  console.log(
    `Load: ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s per scenario\n`,
  )

  const results: ScenarioResult[] = []
  try {
    for (const scenario of selected) {
      const target = scenario.target === 'server' ? (await serverFor(scenario.serverEnv)).url : ceilingUrl
      // Carts to add to, a shipping option: made through the API of the process the scenario loads.
      const { steps, skipped } = await readySteps(
        scenario,
        { url: target, databaseUrl: url, seconds: options.warmup + options.duration },
        fixtures,
      )
      const request = steps ? `${steps[0].method ?? 'GET'} ${steps[0].path ?? '/'}` : '–'
      const connections = scenario.connections ?? options.connections
      const base = {
        name: scenario.name,
        target: scenario.target,
        request,
        steps_per_iteration: steps?.length ?? 0,
        connections,
      }
      if (!steps) {
        results.push({ ...base, status: `skipped: ${skipped}` })
        console.log(`  ${scenario.name}: skipped (${skipped})`)
        continue
      }
      const check = await probe(target, steps)
      if (check.missingRoute) {
        results.push({ ...base, status: 'skipped: route missing', probe: check })
        console.log(`  ${scenario.name}: skipped (route missing: ${check.missingRoute})`)
        continue
      }
      const failed = check.statuses.filter((status) => status >= 300)
      if (failed.length > 0) {
        console.log(`  ${scenario.name}: the probe answered ${check.statuses.join(', ')}`)
        console.log(`    ${describe(check.first_failure!)}`)
      }
      if (scenario.target === 'server') await vacuumAnalyze(url)
      process.stdout.write(`  ${scenario.name}: ${request} … `)
      const pids = pidsOf(Number(new URL(target).port))
      const { result: figures, ...tracked } = await load(
        target,
        steps,
        { ...options, connections },
        { pids, databaseUrl: url },
      )
      const probed = {
        statuses: check.statuses,
        response_bytes: check.response_bytes,
        first_failure: check.first_failure,
      }
      const result = summarise({ ...base, ...tracked, probe: probed }, figures)
      results.push(result)
      const iterations = result.flow ? `, ${result.flow.per_second.toFixed(1)} whole iterations/s` : ''
      console.log(`${result.requests_per_second!.toFixed(0)} req/s${iterations}`)
      if (result.first_failure) console.log(`    first failing answer: ${describe(result.first_failure)}`)
    }
  } finally {
    await stopProcesses()
    rmSync(dirname(bodyFile), { recursive: true, force: true })
  }

  const report: Report = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      load_average_at_start: loadAtStart,
    },
    database: redactUrl(url),
    server_build: serverBuild,
    settings: { connections: options.connections, duration_s: options.duration, warmup_s: options.warmup },
    catalogue: { published_products: fixtures.productCount, search_word: fixtures.searchWord },
    ceiling_body: { bytes: bodyBytes, copied_from: reference.copiedFrom },
    scenarios: withRatios(results),
  }
  console.log(`\n${formatTable(report.scenarios)}\n`)
  const reportPath = writeReport(report)
  console.log(`Report: ${reportPath}`)
  // A comparison (`npm run bench:compare`) runs this as its child, and reads the report.
  process.send?.({ report: reportPath })
}

main().catch(async (error: unknown) => {
  process.stderr.write(`error: ${(error as Error).stack ?? String(error)}\n`)
  await stopProcesses()
  process.exit(1)
})
