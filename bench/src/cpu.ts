import { readFileSync } from 'node:fs'
import pg from 'pg'

/**
 * CPU time spent per request, by the server process and by the database backends serving it.
 * Read from /proc (Linux), so it counts the work itself: on a shared, busy machine req/s swings
 * with the neighbours' load, the CPU time a request costs much less.
 */

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common platform. */
const TICKS_PER_SECOND = 100

/** User + system CPU seconds of a process so far, or undefined once it is gone. */
function processSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis don't.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

export interface CpuSample {
  server: number | undefined
  database: Map<number, number>
}

/** The backends connected to the benchmark's database (the server's pool, this runner's own). */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
    return rows.map((row) => row.pid)
  } finally {
    await client.end()
  }
}

/** `serverPids`: the server's processes (one, or each of `BENCH_PROCESSES`), whose times are added up. */
export async function sampleCpu(serverPids: number[] | undefined, databaseUrl: string): Promise<CpuSample> {
  const database = new Map<number, number>()
  for (const pid of await backendPids(databaseUrl)) {
    const seconds = processSeconds(pid)
    if (seconds !== undefined) database.set(pid, seconds)
  }
  const server = serverPids?.map(processSeconds)
  const total = server?.every((seconds) => seconds !== undefined)
    ? server.reduce<number>((sum, seconds) => sum + seconds!, 0)
    : undefined
  return { server: total, database }
}

/** CPU milliseconds per request between two samples; a backend that appeared in between counts whole. */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): { server_ms: number; database_ms: number } | undefined {
  if (requests <= 0 || before.server === undefined || after.server === undefined) return undefined
  let database = 0
  for (const [pid, seconds] of after.database) database += seconds - (before.database.get(pid) ?? 0)
  return {
    server_ms: ((after.server - before.server) * 1000) / requests,
    database_ms: (database * 1000) / requests,
  }
}
