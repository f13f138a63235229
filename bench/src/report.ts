import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import { RESULTS_DIR } from './env.js'

export interface ScenarioResult {
  name: string
  target: 'server' | 'ceiling'
  /** `ok`, or why the scenario did not run (`skipped: route missing`). */
  status: string
  /** The first request of the flow, e.g. `GET /store/regions`. */
  request: string
  steps_per_iteration: number
  /** Concurrent connections: the run's `--connections`, unless the scenario sets its own. */
  connections: number
  /** Status codes and body size of the one-off run made before the load. */
  probe?: { statuses: number[]; response_bytes: number; first_failure?: Failure }
  requests_per_second?: number
  iterations_per_second?: number
  latency_ms?: { p50: number; p90: number; p99: number; max: number; mean: number }
  requests?: number
  non_2xx?: number
  errors?: number
  timeouts?: number
  status_codes?: Record<string, number>
  /** CPU time per request of the measured part: the process under load and its database backends. */
  cpu_ms_per_request?: { server_ms: number; database_ms: number }
  /** requests_per_second ÷ the ceiling's, both measured in this run. */
  ratio_to_ceiling?: number
  /**
   * Flows of several steps: the iterations whose every step answered 2xx (e.g. completed
   * checkouts), per second, and the latency of the whole iteration, first request to last answer.
   */
  flow?: { completed: number; per_second: number; latency_ms: Percentiles }
  /** The first non-2xx answer of the load (or of the probe, in `probe`): what the figures measured instead. */
  first_failure?: Failure
}

export interface Percentiles {
  p50: number
  p90: number
  p99: number
  max: number
}

export interface Failure {
  /** 1-based position in the flow, and the step's request as declared (`POST /store/carts/{cart}/complete`). */
  step: number
  request: string
  status: number
  body: string
}

/** Nearest-rank percentiles of a list of samples. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 }
}

export interface Report {
  started_at: string
  finished_at: string
  machine: { node: string; platform: string; cpus: number; cpu_model: string; load_average_at_start: number[] }
  database: string
  /** `sources`, or the compiled server directory the run was pointed at (`BENCH_SERVER_DIR`). */
  server_build: string
  settings: { connections: number; duration_s: number; warmup_s: number }
  catalogue: { published_products: number; search_word: string }
  ceiling_body: { bytes: number; copied_from: string }
  scenarios: ScenarioResult[]
}

export function summarise(base: Omit<ScenarioResult, 'status'>, result: autocannon.Result): ScenarioResult {
  const perSecond = result.requests.average
  return {
    ...base,
    status: 'ok',
    requests_per_second: perSecond,
    iterations_per_second: perSecond / base.steps_per_iteration,
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    status_codes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    ),
  }
}

/** Fills `ratio_to_ceiling` once every scenario has run. */
export function withRatios(results: ScenarioResult[]): ScenarioResult[] {
  const ceiling = results.find((result) => result.target === 'ceiling' && result.status === 'ok')
  return results.map((result) =>
    ceiling?.requests_per_second && result.requests_per_second !== undefined
      ? { ...result, ratio_to_ceiling: result.requests_per_second / ceiling.requests_per_second }
      : result,
  )
}

const COLUMNS = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'non-2xx',
  'errors',
  'vs ceiling',
  'cpu ms/req server',
  'cpu ms/req db',
] as const

export function formatTable(results: ScenarioResult[]): string {
  // A flow of several requests per iteration is marked, since its req/s counts every step.
  const label = (result: ScenarioResult) =>
    result.steps_per_iteration > 1 ? `${result.name} (${result.steps_per_iteration} steps)` : result.name
  // A flow gets a second line: whole iterations per second and their latency, first step to last.
  const flowRow = ({ flow }: ScenarioResult) =>
    flow
      ? [
          [
            '  ↳ whole iterations',
            flow.per_second.toFixed(1),
            flow.latency_ms.p50.toFixed(1),
            flow.latency_ms.p99.toFixed(1),
            '',
            '',
            '',
            '',
            '',
          ],
        ]
      : []
  const rows = results.flatMap((result) =>
    result.status !== 'ok'
      ? [[label(result), result.status]]
      : [
          [
            label(result),
            result.requests_per_second!.toFixed(0),
            result.latency_ms!.p50.toFixed(1),
            result.latency_ms!.p99.toFixed(1),
            String(result.non_2xx),
            String(result.errors),
            result.ratio_to_ceiling === undefined ? '–' : result.ratio_to_ceiling.toFixed(3),
            result.cpu_ms_per_request ? result.cpu_ms_per_request.server_ms.toFixed(2) : '–',
            result.cpu_ms_per_request ? result.cpu_ms_per_request.database_ms.toFixed(2) : '–',
          ],
          ...flowRow(result),
        ],
  )
  return aligned(COLUMNS, rows)
}

/**
 * A table: the first column flush left, the others flush right. A row of two cells is a label and
 * a note (a skipped scenario's status), which runs on past the other columns.
 */
export function aligned(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((title, column) =>
    Math.max(title.length, ...rows.filter((row) => column === 0 || row.length > 2).map((row) => row[column].length)),
  )
  const line = (cells: readonly string[]) =>
    cells.length === 2
      ? `${cells[0].padEnd(widths[0])}  ${cells[1]}`.trimEnd()
      : cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join('  ')
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}

/** `2026-11-29T13:26:42.781Z` as a file name takes it: `2026-11-29T13-26-42-781Z`. */
export const fileStamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-')

/** Writes `data` to `results/<name>.json` (git-ignored) and returns its path. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const path = join(RESULTS_DIR, `${name}.json`)
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`)
  return path
}

/** Writes `results/<timestamp>.json` and returns its path. */
export const writeReport = (report: Report): string => writeResult(fileStamp(new Date(report.started_at)), report)

/** The middle value, or the mean of the two middle ones; undefined for none. */
function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** What a comparison reads of a scenario's run: whole iterations of a flow, requests otherwise. */
function figureOf(result: ScenarioResult | undefined): number | undefined {
  if (result?.status !== 'ok') return undefined
  return result.flow ? result.flow.per_second : result.requests_per_second
}

/**
 * The runs of several builds side by side (`npm run bench:compare`): for every scenario, each
 * build's figure in every round, its median, the median's ratio to the first build's, and the
 * medians of its CPU time per request.
 */
export function formatComparison(reports: ReadonlyMap<string, Report[]>): string {
  const builds = [...reports.keys()]
  const rounds = Math.max(...builds.map((build) => reports.get(build)!.length))
  const names = [...new Set([...reports.values()].flat().flatMap((report) => report.scenarios.map((s) => s.name)))]
  const columns = [
    'scenario, build',
    ...Array.from({ length: rounds }, (_, round) => `round ${round + 1}`),
    'median',
    'vs first',
    'cpu ms/req server',
    'cpu ms/req db',
  ]
  const fixed = (value: number | undefined, digits: number) => (value === undefined ? '–' : value.toFixed(digits))
  const rows = names.flatMap((name) => {
    const runsOf = (build: string) =>
      reports.get(build)!.map((report) => report.scenarios.find((scenario) => scenario.name === name))
    const isFlow = runsOf(builds[0]).some((result) => result?.flow)
    const first = median(runsOf(builds[0]).flatMap((result) => figureOf(result) ?? []))
    return [
      [isFlow ? `${name} (whole iterations/s)` : `${name} (req/s)`, ''],
      ...builds.map((build) => {
        const runs = runsOf(build)
        const figures = runs.flatMap((result) => figureOf(result) ?? [])
        const middle = median(figures)
        const cpu = runs.flatMap((result) => (result?.cpu_ms_per_request ? [result.cpu_ms_per_request] : []))
        return [
          `  ${build}`,
          ...Array.from({ length: rounds }, (_, round) => fixed(figureOf(runs[round]), isFlow ? 1 : 0)),
          fixed(middle, isFlow ? 1 : 0),
          middle === undefined || !first ? '–' : (middle / first).toFixed(3),
          fixed(median(cpu.map((figures) => figures.server_ms)), 2),
          fixed(median(cpu.map((figures) => figures.database_ms)), 2),
        ]
      }),
    ]
  })
  return aligned(columns, rows)
}

/** Writes `results/compare-<timestamp>.json`, every run's report by build, and returns its path. */
export const writeComparison = (reports: ReadonlyMap<string, Report[]>): string =>
  writeResult(`compare-${fileStamp(new Date())}`, { builds: [...reports.keys()], reports: Object.fromEntries(reports) })
