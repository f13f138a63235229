import { fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { positiveInt, requireDatabaseUrl, RUN_OPTIONS } from './env.js'
import { formatComparison, writeComparison, type Report } from './report.js'

const USAGE = `Usage: npm run bench:compare -- --builds A,B[,…] [--rounds N] [--only a,b] [--duration S]
       [--warmup S] [--connections N]

Runs \`npm run bench\` once per build in every round, the builds taking turns (A B, then B A, …),
so that the swings of a shared machine fall on each alike. Prints, for every scenario, each build's
req/s (whole iterations/s for a flow) in every round, its median, the median's ratio to the first
build's, and the median CPU milliseconds a request costs the server and the database. Writes
bench/results/compare-<timestamp>.json, with the report of every run.

  --builds A,B      compiled servers (copies of packages/server/dist, see the README), or
                    \`sources\` for the working tree; the first is the one the others are read against
  --rounds N        runs of each build (default 3)
  the rest          as \`npm run bench\` takes them, passed to every run`

const RUNNER = fileURLToPath(new URL('./run.ts', import.meta.url))

/** One run of the benchmark against `build`; resolves to its report. */
function runOnce(build: string, args: string[]): Promise<Report> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SERVER_DIR: build }
  if (build === 'sources') delete env.BENCH_SERVER_DIR
  const child = fork(RUNNER, args, {
    execArgv: ['--import', import.meta.resolve('tsx')],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let reportPath: string | undefined
  child.on('message', (message) => {
    reportPath = (message as { report?: string }).report ?? reportPath
  })
  return new Promise((resolvePromise, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0 || !reportPath) reject(new Error(`the run of ${build} failed (exit code ${code})`))
      else resolvePromise(JSON.parse(readFileSync(reportPath, 'utf8')) as Report)
    })
  })
}

/** A build as given (relative to where npm was run), checked to hold a compiled server. */
function buildDir(given: string): string {
  if (given === 'sources') return given
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), given)
  if (!existsSync(join(dir, 'app.js'))) {
    process.stderr.write(
      `error: ${given} holds no compiled server (no app.js); see bench/README.md, "Before and after a change"\n`,
    )
    process.exit(1)
  }
  return dir
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      builds: { type: 'string' },
      rounds: { type: 'string' },
      ...RUN_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const builds =
    values.builds
      ?.split(',')
      .map((build) => build.trim())
      .filter(Boolean) ?? []
  if (builds.length < 2) {
    process.stderr.write(`error: --builds names two builds or more, separated by commas\n\n${USAGE}\n`)
    process.exit(1)
  }
  const dirs = builds.map(buildDir)
  if (new Set(dirs).size < dirs.length) {
    process.stderr.write('error: --builds names a build twice\n')
    process.exit(1)
  }
  const rounds = positiveInt('rounds', values.rounds, 3)
  requireDatabaseUrl('bench:compare')
  const passed = (Object.keys(RUN_OPTIONS) as (keyof typeof RUN_OPTIONS)[]).flatMap((name) =>
    values[name] === undefined ? [] : [`--${name}`, values[name]],
  )

  const reports = new Map<string, Report[]>(dirs.map((dir) => [dir, []]))
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? dirs : [...dirs].reverse()
    for (const dir of order) {
      console.log(`\n=== round ${round} of ${rounds}: ${dir}`)
      reports.get(dir)!.push(await runOnce(dir, passed))
    }
  }

  console.log(`\n${formatComparison(reports)}\n`)
  console.log(`Comparison: ${writeComparison(reports)}`)
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${(error as Error).message}\n`)
  process.exit(1)
})
