/**
 * The benchmark's child processes (`processes/*.ts`, run by tsx): started on free loopback ports,
 * stopped together, and never left running when the runner goes.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const children = new Set<ChildProcess>()
/** The processes listening on each port, whose CPU time the scenarios on it are charged. */
const pidsOfPort = new Map<number, number[]>()

/** The pids of the process(es) listening on `port`, as they reported when they started. */
export const pidsOf = (port: number) => pidsOfPort.get(port)

export interface Started {
  port: number
  /** The forked process, for messages beyond the port (see `processes/server.ts`). */
  child: ChildProcess
}

/** Forks `processes/<name>.ts` under tsx and waits for the port it reports over IPC. */
export async function startProcess(
  name: 'server' | 'ceiling',
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<Started> {
  const child = fork(fileURLToPath(new URL(`./processes/${name}.ts`, import.meta.url)), [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the ${name} did not listen within ${timeoutMs / 1000} s`)),
        timeoutMs,
      )
      child.once('message', (reply) => {
        clearTimeout(timer)
        // A server of several processes (`BENCH_PROCESSES`) names them; their primary only forwards.
        const { port, pids } = reply as { port: number; pids?: number[] }
        if (child.pid !== undefined) pidsOfPort.set(port, pids ?? [child.pid])
        resolve(port)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the ${name} exited (code ${code}) before listening`))
      })
    })
    return { port, child }
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
}

/** SIGTERM, then SIGKILL after 5 s; resolves once every child has exited. */
export async function stopProcesses(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          const force = setTimeout(() => child.kill('SIGKILL'), 5000)
          child.once('exit', () => {
            clearTimeout(force)
            resolve()
          })
          child.kill('SIGTERM')
        }),
    ),
  )
}

export function killAndExit(reason: string): never {
  process.stderr.write(`\nerror: ${reason}\n`)
  for (const child of children) child.kill('SIGKILL')
  process.exit(2)
}

/**
 * Starts a server process per distinct environment, the first time one is asked for, on top of
 * `common`: a scenario's `serverEnv` (the storefront cache off) gets a process of its own.
 */
export function serversBy(common: Record<string, string> = {}) {
  const servers = new Map<string, Promise<Started & { url: string }>>()
  return (env: Record<string, string> = {}) => {
    const key = JSON.stringify(Object.entries(env).sort())
    let started = servers.get(key)
    if (!started) {
      started = startProcess('server', { ...common, ...env }).then(({ port, child }) => ({
        port,
        child,
        url: `http://127.0.0.1:${port}`,
      }))
      servers.set(key, started)
    }
    return started
  }
}
