/**
 * The real server, as `emporium start` builds it, in a process of its own so the load generator
 * does not share its event loop. It listens on a free loopback port and reports it over IPC.
 *
 * `BENCH_SERVER_DIR` names a compiled server (a copy of `packages/server/dist`) to run instead of
 * the sources, so a build from before a change can be measured beside the change.
 * `BENCH_PROCESSES=N` runs N such processes on the port with the server's own `startProcesses`
 * (`EMPORIUM_PROCESSES`); this one then only starts them and reports their pids with the port.
 * `BENCH_CAPTURE_SQL=1` records the statements it sends when the runner asks (see `capture.ts`).
 */
import cluster from 'node:cluster'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { pathToFileURL } from 'node:url'
import { installStatementCapture } from '../capture.js'
import { benchConfig, requireDatabaseUrl } from '../env.js'

type AppModule = typeof import('../../../packages/server/src/app.js')
type ConnectionModule = typeof import('../../../packages/server/src/db/connection.js')
type ClusterModule = typeof import('../../../packages/server/src/cluster.js')

const serverDir = process.env.BENCH_SERVER_DIR
const load = <T>(compiled: string, source: () => Promise<T>): Promise<T> =>
  serverDir ? (import(pathToFileURL(`${serverDir}/${compiled}`).href) as Promise<T>) : source()

const processes = Number(process.env.BENCH_PROCESSES ?? 1)
if (!Number.isInteger(processes) || processes < 1) throw new Error('BENCH_PROCESSES must be a whole number, 1 or more')

if (processes > 1 && cluster.isPrimary) {
  const { startProcesses } = await load<ClusterModule>(
    'cluster.js',
    () => import('../../../packages/server/src/cluster.js'),
  )
  const started = await startProcesses(processes, () => undefined)
  process.send?.({ port: started.port, pids: started.pids() })
  // The runner went away (crash, Ctrl+C): never outlive it.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'))
} else {
  await serve()
}

async function serve(): Promise<void> {
  if (process.env.BENCH_CAPTURE_SQL) installStatementCapture()
  const { buildApp } = await load<AppModule>('app.js', () => import('../../../packages/server/src/app.js'))
  const { openDatabase } = await load<ConnectionModule>(
    'db/connection.js',
    () => import('../../../packages/server/src/db/connection.js'),
  )

  const config = benchConfig(requireDatabaseUrl('bench'))
  const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize })
  const app = await buildApp({ config, database })
  await app.listen({ host: '127.0.0.1', port: 0 })

  // `BENCH_CPU_PROFILE=file.cpuprofile` records the server's CPU profile of the whole run (open it in
  // Chrome's DevTools) to see where a scenario's time goes.
  const profilePath = process.env.BENCH_CPU_PROFILE
  const profiler = profilePath ? new Session() : undefined
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  async function saveProfile() {
    if (!profiler || !profilePath) return
    const { profile } = await profiler.post('Profiler.stop')
    writeFileSync(cluster.isWorker ? `${profilePath}.${process.pid}` : profilePath, JSON.stringify(profile))
  }

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    saveProfile()
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  // The runner went away (crash, Ctrl+C): never outlive it. (A process of several: their primary.)
  process.on('disconnect', stop)
  if (cluster.isPrimary) process.send?.({ port: (app.server.address() as { port: number }).port })
}
