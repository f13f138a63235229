import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    adminEmail: string
    adminPassword: string
  }
}

const REPO = resolve(import.meta.dirname, '../..')
const SERVER_ENTRY = join(REPO, 'packages/server/dist/main.js')

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

/**
 * The demo admin answers the usage-data question up front, so the consent screen (which has its
 * own test with a fresh user) does not cover the other screens.
 */
async function answerConsent(baseUrl: string, login: { email: string; password: string }): Promise<void> {
  const json = { 'content-type': 'application/json' }
  const auth = await fetch(`${baseUrl}/admin/auth/token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(login),
  })
  if (!auth.ok) throw new Error(`Demo admin login failed: ${auth.status}`)
  const { access_token } = (await auth.json()) as { access_token: string }
  const consent = await fetch(`${baseUrl}/admin/analytics-configs`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ opt_out: true }),
  })
  if (!consent.ok) throw new Error(`Demo admin consent failed: ${consent.status} ${await consent.text()}`)
}

/** One real server on a fresh embedded database for the whole suite, stopped at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-e2e-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [SERVER_ENTRY, 'start'], {
    cwd: REPO,
    env: {
      ...process.env,
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
    const login = JSON.parse(readFileSync(join(dataDir, 'demo-login.json'), 'utf8')) as {
      email: string
      password: string
    }
    await answerConsent(baseUrl, login)
    project.provide('baseUrl', baseUrl)
    project.provide('adminEmail', login.email)
    project.provide('adminPassword', login.password)
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}
