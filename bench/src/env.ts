import { fileURLToPath } from 'node:url'
import { loadConfig, type Config } from '../../packages/server/src/config.js'

export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url))
export const RESULTS_DIR = fileURLToPath(new URL('../results', import.meta.url))
/** The demo seed's admin login and the development secrets go here, not into the server's folder. */
export const BENCH_DATA_DIR = fileURLToPath(new URL('../.emporium/data', import.meta.url))

/** Exits with a usage message unless DATABASE_URL names a PostgreSQL database. */
export function requireDatabaseUrl(command: string): string {
  const url = process.env.DATABASE_URL
  if (url && /^postgres(ql)?:\/\//.test(url)) return url
  process.stderr.write(
    [
      url ? `error: DATABASE_URL must be a postgres:// URL (got "${url}").` : 'error: DATABASE_URL is not set.',
      'The benchmark runs on PostgreSQL, in a database of its own, for example:',
      `  psql -h 127.0.0.1 -U postgres -c 'create database emporium_bench'`,
      `  DATABASE_URL=postgres://postgres@127.0.0.1:5432/emporium_bench npm run ${command}`,
      '',
    ].join('\n'),
  )
  process.exit(1)
}

/** `postgres://user:secret@host/db` → `postgres://…@host/db`, for logs and reports. */
export const redactUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@')

/** The server's configuration as the benchmark runs it: this database, quiet logs, the bench data folder. */
export function benchConfig(databaseUrl: string, overrides: Record<string, string> = {}): Config {
  return loadConfig(
    { ...process.env, DATABASE_URL: databaseUrl, EMPORIUM_DATA_DIR: BENCH_DATA_DIR, LOG_LEVEL: 'warn', ...overrides },
    BENCH_DIR,
  )
}

/** Parses a positive integer option or exits naming it. */
export function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) {
    process.stderr.write(`error: --${name} must be a positive integer (got "${raw}")\n`)
    process.exit(1)
  }
  return value
}

/** The options of `npm run bench` that set up its load; `npm run bench:compare` passes them to every run. */
export const RUN_OPTIONS = {
  duration: { type: 'string' },
  warmup: { type: 'string' },
  connections: { type: 'string' },
  only: { type: 'string' },
} as const
