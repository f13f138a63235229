import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const REPO = resolve(import.meta.dirname, '../..')
const SERVER_ENTRY = join(REPO, 'packages/server/dist/main.js')

export interface ServerProcess {
  baseUrl: string
  /** The demo admin the first start seeded. */
  login: { email: string; password: string }
  /** The last 20,000 characters the server wrote. */
  log(): string
  /** Stops the server (SIGTERM, then SIGKILL after 15 s) and deletes its data folder. */
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  // The first start migrates and seeds the demo store on PGlite: slow on a small machine.
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`The server exited (${server.exitCode ?? server.signalCode}):\n${output()}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500))
  }
  throw new Error(`The server did not answer /health within 3 minutes:\n${output()}`)
}

/** A real server (the built `emporium start`) on a fresh embedded database and a free port. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-e2e-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [SERVER_ENTRY, 'start'], {
    cwd: REPO,
    env: {
      ...process.env,
      ...env,
      EMPORIUM_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in invite and reset notifications point at the address the browser uses.
      EMPORIUM_PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  server.stdout!.on('data', keep)
  server.stderr!.on('data', keep)

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once('exit', done))
      server.kill('SIGTERM')
      const forceKill = setTimeout(() => server.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(forceKill)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForHealth(baseUrl, server, () => log)
    const login = JSON.parse(readFileSync(join(dataDir, 'demo-login.json'), 'utf8')) as ServerProcess['login']
    return { baseUrl, login, log: () => log, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
