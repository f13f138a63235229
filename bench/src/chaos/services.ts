/**
 * The chaos run's own services, never the machine's shared ones: a PostgreSQL cluster made with
 * initdb in a temporary folder on a free port and a streaming replica of it (`pg_basebackup -R`) on
 * another, a Redis on another free port (with an append-only file, as a queue's Redis is run in
 * production), and the server's processes (`emporium start` in server mode, `emporium worker`)
 * from the sources under tsx. Each process, and the replica, can be killed without a chance to
 * clean up and started again on the same port and data.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const serverRoot = fileURLToPath(new URL('../../../packages/server', import.meta.url))

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The newest PostgreSQL's binaries (`/usr/lib/postgresql/<version>/bin`), or those on PATH. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return ''
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : ''
}

/** initdb refuses to run as root: there, PostgreSQL's programs run as the `postgres` user. */
function asPostgres(program: string, args: string[]): [string, string[]] {
  const path = postgresBin() ? join(postgresBin(), program) : program
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args]
}

function runPostgres(program: string, args: string[]): void {
  const [command, all] = asPostgres(program, args)
  execFileSync(command, all, { stdio: ['ignore', 'ignore', 'inherit'] })
}

/** `runPostgres` without blocking the event loop: the load goes on while the replica stops or starts. */
function runPostgresAsync(program: string, args: string[]): Promise<void> {
  const [command, all] = asPostgres(program, args)
  return new Promise((resolve, reject) => execFile(command, all, (error) => (error ? reject(error) : resolve())))
}

/** A folder PostgreSQL's own user may write, when run as root. */
function ownedByPostgres(dir: string): void {
  mkdirSync(dir, { recursive: true })
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
}

export class Postgres {
  readonly url: string
  readonly name: string
  private constructor(
    private readonly dir: string,
    readonly port: number,
    kind: 'primary' | 'replica',
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/emporium`
    this.name = kind === 'primary' ? 'postgres' : 'replica'
  }

  static async create(dir: string): Promise<Postgres> {
    ownedByPostgres(dir)
    const pg = new Postgres(dir, await freePort(), 'primary')
    runPostgres('initdb', ['-D', pg.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync'])
    pg.start()
    runPostgres('createdb', ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', 'emporium'])
    return pg
  }

  /** A hot standby of this cluster, streaming from it, in `dir` on a free port. */
  async replicate(dir: string): Promise<Postgres> {
    ownedByPostgres(dir)
    const replica = new Postgres(dir, await freePort(), 'replica')
    const from = ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres']
    runPostgres('pg_basebackup', [...from, '-D', replica.dataDir, '-R', '-X', 'stream'])
    replica.start()
    return replica
  }

  private get dataDir(): string {
    return join(this.dir, 'data')
  }

  private get startArgs(): string[] {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c max_connections=200`
    return ['-D', this.dataDir, '-o', options, '-l', join(this.dir, 'postgres.log'), '-w', 'start']
  }

  start(): void {
    runPostgres('pg_ctl', this.startArgs)
  }

  stop(): void {
    runPostgres('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop'])
  }

  /** A crash: `immediate` mode ends every server process at once, with no checkpoint. */
  kill(): Promise<void> {
    return runPostgresAsync('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop'])
  }

  /** Starts again after a crash: recovers from its WAL and resumes streaming. */
  restart(): Promise<void> {
    return runPostgresAsync('pg_ctl', this.startArgs)
  }
}

/** What the killer picks from: a process, or the replica. */
export interface Victim {
  readonly name: string
  kill(): Promise<void>
  restart(): Promise<void>
}

/** A child process that can be killed and started again with the same command. */
export class Service {
  child: ChildProcess | undefined
  kills = 0
  restarts = 0
  /** The last lines it printed, for a report when it fails to start. */
  private tail: string[] = []

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: { cwd?: string; env?: Record<string, string> },
    /** Whether the service answers yet, given what it printed since it started; polled after each start. */
    private readonly ready: (output: string) => Promise<boolean>,
  ) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  async start(timeoutMs = 240_000): Promise<void> {
    const child = spawn(this.command, this.args, {
      cwd: this.options.cwd,
      env: { ...process.env, ...this.options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString()
      this.tail.push(...chunk.toString().split('\n').filter(Boolean))
      this.tail = this.tail.slice(-20)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.child = child
    const deadline = Date.now() + timeoutMs
    while (!(await this.ready(output).catch(() => false))) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.tail.join('\n')}`)
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${timeoutMs} ms`)
      await sleep(100)
    }
  }

  /** `kill -9`: no shutdown hook runs, as when a machine or container dies. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child || !this.running) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    this.kills += 1
  }

  async restart(): Promise<void> {
    await this.start()
    this.restarts += 1
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || !this.running) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
    await exited
    clearTimeout(timer)
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function httpHealthy(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) })
  return response.ok
}

/** Whether a Redis answers PING on `port`. */
export function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.setTimeout(1000, () => socket.destroy())
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'))
      socket.end()
    })
    socket.once('error', () => resolve(false))
    socket.once('close', () => resolve(false))
  })
}
