import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitOf, startCli, waitFor, type CliProcess } from './testing/cli-process.js'

/**
 * The real CLI in a child process on a fresh embedded database: `emporium start` migrates, seeds,
 * prints the admin login, serves, and shuts down cleanly on SIGTERM.
 */
let dataDir: string
let cli: CliProcess
let baseUrl = ''

async function waitForCount(needle: string, count: number, timeoutMs: number): Promise<void> {
  const started = Date.now()
  while (cli.output().split(needle).length - 1 < count) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${count} × ${needle}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'emporium-cli-'))
  cli = startCli({ AUTH_RATE_LIMIT: '1000', EMPORIUM_DATA_DIR: dataDir, DATABASE_URL: '' })
  const [, url] = await waitFor(cli.output, /Emporium is running on (http:\/\/\S+)/, 240_000)
  baseUrl = url
  await waitFor(cli.output, /Admin login/, 5_000)
}, 300_000)

afterAll(() => {
  if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('emporium start', () => {
  it('seeds the demo store and prints a working admin login and publishable key', async () => {
    expect(cli.output()).toContain('Empty database: seeding a demo store')
    const [, email, password] = cli.output().match(/Admin login\s+(\S+) \/ (\S+)/)!
    const [, key] = cli.output().match(/Publishable key\s+(pk_\w+)/)!

    const health = await fetch(`${baseUrl}/health`)
    expect(await health.text()).toBe('OK')

    const login = await fetch(`${baseUrl}/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(login.status).toBe(200)
    const { access_token } = (await login.json()) as { access_token: string }
    const store = await fetch(`${baseUrl}/admin/store`, { headers: { authorization: `Bearer ${access_token}` } })
    expect(((await store.json()) as { store: { name: string } }).store.name).toBe('Emporium Demo Store')

    const regions = await fetch(`${baseUrl}/store/regions`, { headers: { 'x-publishable-api-key': key } })
    const body = (await regions.json()) as { regions: { name: string }[] }
    expect(body.regions.map((r) => r.name).sort()).toEqual(['Europe', 'North America'])
  })

  it('finishes in-flight requests and exits 0 on SIGTERM', async () => {
    const [, email, password] = cli.output().match(/Admin login\s+(\S+) \/ (\S+)/)!
    // Logins hash a password with scrypt: slow enough to still be running when the signal lands.
    const seen = cli.output().split('"url":"/admin/auth/token"').length - 1
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(`${baseUrl}/admin/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).then(
        (res) => res.status,
        (error: Error) => error.message,
      ),
    )
    // Signal only once the server has received every request: those are the ones it must finish.
    await waitForCount('"url":"/admin/auth/token"', seen + 8, 10_000)
    const exited = exitOf(cli)
    cli.child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(200))
    expect(cli.output()).toContain('shutting down')
  })
})
