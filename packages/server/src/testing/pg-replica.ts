import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A PostgreSQL primary and a streaming replica of it, made for one test file: `initdb` into a
 * temporary folder, started on a free port, then `pg_basebackup -R` into a second cluster started
 * on another. Never the machine's shared PostgreSQL. As root, PostgreSQL's programs run as the
 * `postgres` user (initdb refuses root).
 */
export interface ReplicatedCluster {
  primaryUrl: string
  replicaUrl: string
  /** Stops the replica without blocking this process's event loop (requests go on meanwhile). */
  stopReplica(): Promise<void>
  startReplica(): void
  /** Stops both and removes their folders. */
  destroy(): void
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The newest installed PostgreSQL's bin folder, or '' to use PATH. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return ''
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : ''
}

export function canMakeClusters(): boolean {
  return existsSync(join(postgresBin(), 'initdb')) && existsSync(join(postgresBin(), 'pg_basebackup'))
}

const asRoot = process.getuid?.() === 0

function run(program: string, args: string[]): void {
  const path = join(postgresBin(), program)
  const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args]
  execFileSync(command, all, { stdio: ['ignore', 'ignore', 'pipe'] })
}

function runAsync(program: string, args: string[]): Promise<void> {
  const path = join(postgresBin(), program)
  const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args]
  return new Promise((resolve, reject) => execFile(command, all, (error) => (error ? reject(error) : resolve())))
}

export async function startReplicatedCluster(): Promise<ReplicatedCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-replica-'))
  chmodSync(dir, 0o755)
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(dir, uid, gid)
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const primary = join(dir, 'primary')
  const replica = join(dir, 'replica')
  const options = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`
  const start = (data: string, port: number) =>
    run('pg_ctl', ['-D', data, '-o', options(port), '-l', `${data}.log`, '-w', 'start'])
  const stop = (data: string) => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    } catch {
      // Not running.
    }
  }
  run('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync'])
  start(primary, primaryPort)
  run('createdb', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', 'emporium'])
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replica,
    '-R',
    '-X',
    'stream',
  ])
  start(replica, replicaPort)
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/emporium`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/emporium`,
    stopReplica: () => runAsync('pg_ctl', ['-D', replica, '-m', 'fast', '-w', 'stop']),
    startReplica: () => start(replica, replicaPort),
    destroy: () => {
      stop(replica)
      stop(primary)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
