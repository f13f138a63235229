import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Emporium } from '../emporium.js'
import { startScriptedServer, type ScriptedServer } from '../testing/scripted-server.js'
import { shouldRetry } from './retry.js'

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer()
})
afterAll(() => server.close())

const ok = { status: 200, body: { regions: [] } }

async function status(promise: Promise<unknown>): Promise<number | 'no response' | 'ok'> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return (error as { response?: { status: number } }).response?.status ?? 'no response'
  }
}

describe('retry rule', () => {
  it('retries no response, 409 and 501..599 while attempts remain; never 500, 429 or other 4xx', () => {
    expect(shouldRetry(undefined, 0, 3)).toBe(true)
    expect(shouldRetry(409, 0, 3)).toBe(true)
    expect(shouldRetry(501, 2, 3)).toBe(true)
    expect(shouldRetry(599, 0, 3)).toBe(true)
    expect(shouldRetry(500, 0, 3)).toBe(false)
    expect(shouldRetry(429, 0, 3)).toBe(false)
    expect(shouldRetry(404, 0, 3)).toBe(false)
    expect(shouldRetry(600, 0, 3)).toBe(false)
    expect(shouldRetry(503, 3, 3)).toBe(false)
    expect(shouldRetry(undefined, 2, 3)).toBe(false)
  })
})

describe('retries against a real server', () => {
  it.each([
    [409, 4],
    [502, 4],
    [503, 4],
    [500, 1],
    [429, 1],
    [404, 1],
  ])('a GET answered %i is sent %i times with maxRetries 3', async (code, times) => {
    server.script([{ status: code, body: { type: 'x', message: 'no' } }])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 3 })
    expect(await status(client.regions.list())).toBe(code)
    expect(server.seen).toHaveLength(times)
  })

  it('succeeds when a retry gets through, and stops retrying then', async () => {
    server.script([{ status: 503 }, { status: 409 }, ok])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 3 })
    const result = await client.regions.list()
    expect(result.regions).toEqual([])
    expect(result.response.status).toBe(200)
    expect(server.seen).toHaveLength(3)
  })

  it('retries a dropped connection at most twice, even with more attempts left', async () => {
    server.script(['drop'])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 3 })
    expect(await status(client.regions.list())).toBe('no response')
    expect(server.seen).toHaveLength(3)
  })

  it('gets through after a dropped connection', async () => {
    server.script(['drop', ok])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 1 })
    expect((await client.regions.list()).response.status).toBe(200)
    expect(server.seen).toHaveLength(2)
  })

  it('does not retry at all with maxRetries 0 (the default)', async () => {
    for (const reply of [{ status: 503 }, { status: 409 }, 'drop'] as const) {
      server.script([reply])
      const client = new Emporium({ baseUrl: server.baseUrl })
      await status(client.regions.list())
      expect(server.seen).toHaveLength(1)
    }
  })

  it('POST is retried with the same Idempotency-Key on every attempt; each POST gets its own', async () => {
    server.script([{ status: 503 }, { status: 409 }, { status: 200, body: { cart: { id: 'cart_1' } } }])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 3 })
    await client.carts.create({})
    const keys = server.seen.map((request) => request.headers['idempotency-key'])
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(keys).size).toBe(1)

    server.script([ok])
    await client.carts.create({})
    expect(server.seen[0].headers['idempotency-key']).not.toBe(keys[0])
  })

  it('sends no Idempotency-Key without retries, nor on GET', async () => {
    server.script([ok])
    await new Emporium({ baseUrl: server.baseUrl }).carts.create({})
    await new Emporium({ baseUrl: server.baseUrl, maxRetries: 2 }).regions.list()
    expect(server.seen.map((request) => request.headers['idempotency-key'])).toEqual([undefined, undefined])
  })

  it('waits as long as Retry-After says before retrying', async () => {
    server.script([{ status: 503, headers: { 'retry-after': '0.4' } }, ok])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 1 })
    const started = Date.now()
    await client.regions.list()
    expect(server.seen).toHaveLength(2)
    // Backoff alone would wait 50 ms before the first retry.
    expect(Date.now() - started).toBeGreaterThanOrEqual(380)
  })

  it('backs off exponentially from 100 ms without Retry-After', async () => {
    server.script([{ status: 502 }, { status: 502 }, ok])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 2 })
    const started = Date.now()
    await client.regions.list()
    // (2^1 - 1) / 2 * 100 + (2^2 - 1) / 2 * 100 = 50 + 150 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
  })

  it('gives up at once when Retry-After asks for more than 300000 ms', async () => {
    server.script([{ status: 503, headers: { 'retry-after': '301' } }, ok])
    const client = new Emporium({ baseUrl: server.baseUrl, maxRetries: 3 })
    expect(await status(client.regions.list())).toBe(503)
    expect(server.seen).toHaveLength(1)
  })
})
