import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeCustomer } from '../testing/factories/customers.js'
import { makePublishableKey } from '../testing/factories/sales-channels.js'
import { makeUser } from '../testing/factories/users.js'
import { forgedToken } from '../testing/forged-token.js'
import { useTestApp } from '../testing/test-app.js'
import { signToken } from '../core/tokens.js'

/**
 * Attacks on the route guards, as a client would make them: every route of the OpenAPI document,
 * under every spelling of its path that a router or proxy might read as the same route, sent over
 * a real socket so that nothing between the test and the server tidies the path up first.
 */
const ctx = useTestApp()
let baseUrl: URL

interface Answer {
  status: number
  body: string
}

/** Sends `path` verbatim (no normalisation of `//`, `/./`, `..` or percent-encoding). */
function send(method: string, path: string, headers: Record<string, string> = {}, json?: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(json ?? {})
    const req = httpRequest(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Runs `tasks` with up to `width` in flight; the answers keep the tasks' order. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width = 16): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const at = next++
      results[at] = await tasks[at]()
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return results
}

/** A sweep sends a few thousand requests: allow it more than one test's usual time. */
const SWEEP_TIMEOUT = 180_000

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`
const percentUpper = (char: string) => percent(char).toUpperCase()

/**
 * Spellings of `path` (`/admin/users/abc`). Some reach the route's handler (percent-encoded
 * letters, a trailing slash); the others must reach none. Either way, none may get past a guard.
 */
export function spellingsOf(path: string): { spelling: string; reachesRoute: boolean }[] {
  const [, domain, ...rest] = path.split('/')
  const tail = rest.length > 0 ? `/${rest.join('/')}` : ''
  const first = domain[0]
  const encodedDomain = `${percent(first)}${domain.slice(1)}`
  const encodeAll = (text: string) => [...text].map(percent).join('')
  const spellings: [string, boolean][] = [
    [path, true],
    [`/${encodedDomain}${tail}`, true],
    [`/${percentUpper(first)}${domain.slice(1)}${tail}`, true],
    [`/${domain.slice(0, -1)}${percent(domain.at(-1)!)}${tail}`, true],
    [`/${encodeAll(domain)}${tail}`, true],
    [`/${encodeAll(domain)}/${rest.map((segment) => encodeAll(segment)).join('/')}`, true],
    [`${path}/`, true],
    [`/${encodedDomain}${tail}/`, true],
    [`/%25${percent(first).slice(1)}${domain.slice(1)}${tail}`, false],
    [`/${domain.toUpperCase()}${tail}`, false],
    [`/${domain[0].toUpperCase()}${domain.slice(1)}${tail}`, false],
    [`/${path}`, false],
    [`/${domain}/${tail}`, false],
    [`/./${domain}${tail}`, false],
    [`/${domain}/.${tail}`, false],
    [`/x/../${domain}${tail}`, false],
    [`/${domain}/x/..${tail}`, false],
    [`/${domain}${tail.replace(/\//g, '%2f')}`, false],
    [`/${domain}${tail.replace(/\//g, '%2F')}`, false],
    [`/${domain};x=1${tail}`, false],
    [`${path};x=1`, false],
    [`/${domain}%00${tail}`, false],
    [`/${domain}%20${tail}`, false],
    [`/${domain}%5c${tail.slice(1)}`, false],
  ]
  // A route with no path after its domain (`/store`) makes some spellings equal to others.
  const seen = new Set<string>()
  return spellings
    .filter(([spelling]) => !seen.has(spelling) && seen.add(spelling))
    .map(([spelling, reachesRoute]) => ({ spelling, reachesRoute }))
}

const isRouteNotFound = (answer: Answer) => answer.status === 404 && answer.body.includes('"type":"not_found"')

interface RouteProbe {
  method: string
  /** The OpenAPI path with its parameters filled (`/admin/users/probe_id`). */
  path: string
  route: string
}

function routesOf(domain: 'admin' | 'store'): RouteProbe[] {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }
  const probes: RouteProbe[] = []
  for (const [route, operations] of Object.entries(document.paths)) {
    if (!route.startsWith(`/${domain}/`) && route !== `/${domain}`) continue
    for (const method of Object.keys(operations)) {
      if (!['get', 'post', 'delete'].includes(method)) continue
      probes.push({
        method: method.toUpperCase(),
        route,
        path: route.replace(/\{(\w+)\}/g, (_whole, name: string) => `probe_${name}`),
      })
    }
  }
  return probes
}

/** Routes anyone may call, as registered with `config: { auth: false }`. */
function publicAdminRoutes(): Set<string> {
  return new Set(
    ctx.app.routeList
      .filter((route) => !route.auth)
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
  )
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = ctx.app.server.address() as AddressInfo
  baseUrl = new URL(`http://127.0.0.1:${port}`)
})

describe('admin routes under every spelling', () => {
  it('lists every registered /admin route in the OpenAPI document, so the sweep below misses none', () => {
    const documented = new Set(routesOf('admin').map((probe) => `${probe.method} ${probe.route}`))
    const registered = ctx.app.routeList
      .filter((route) => route.url.startsWith('/admin/') && ['GET', 'POST', 'DELETE'].includes(route.method))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
    expect(registered.filter((route) => !documented.has(route))).toEqual([])
    expect(registered.length).toBeGreaterThan(100)
  })

  it(
    'answers 401 without credentials to each spelling that reaches a route, and 404 to the others',
    { timeout: SWEEP_TIMEOUT },
    async () => {
      const open = publicAdminRoutes()
      const probes = routesOf('admin').filter((probe) => !open.has(`${probe.method} ${probe.route}`))
      const cases = probes.flatMap((probe) => spellingsOf(probe.path).map((entry) => ({ probe, ...entry })))
      const answers = await inParallel(
        cases.map(
          ({ probe, spelling }) =>
            () =>
              send(probe.method, spelling),
        ),
      )
      const failures: string[] = []
      let reached = 0
      cases.forEach(({ probe, spelling, reachesRoute }, at) => {
        const answer = answers[at]
        if (answer.status === 401) {
          reached += 1
          return
        }
        // A spelling the router does not take must find no route at all (never a handler's answer).
        if (!reachesRoute && (isRouteNotFound(answer) || answer.status === 400)) return
        failures.push(`${probe.method} ${spelling} → ${answer.status} ${answer.body.slice(0, 80)}`)
      })
      expect(failures).toEqual([])
      expect(reached).toBeGreaterThan(routesOf('admin').length * 5)
    },
  )

  it(
    'answers 401 to forged, expired, alg:none and other-domain tokens, under the spellings that reach the route',
    { timeout: SWEEP_TIMEOUT },
    async () => {
      const secret = ctx.app.config.jwtSecret
      const staff = await makeUser(ctx.app.db)
      const customer = await makeCustomer(ctx.app.db)
      const encoder = new TextEncoder()
      const valid = await signToken({ user_id: staff.id, domain: 'admin' }, secret, '1h')
      const expired = await new SignJWT({ user_id: staff.id, domain: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(encoder.encode(secret))
      const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ user_id: staff.id, domain: 'admin' })}.`
      const otherSecret = await signToken({ user_id: staff.id, domain: 'admin' }, `${secret}-other`, '1h')
      const storeDomain = await signToken({ customer_id: customer.id, domain: 'store' }, secret, '1h')
      const storeClaimsUser = await signToken({ user_id: staff.id, domain: 'store' }, secret, '1h')
      const badTokens = {
        forged: forgedToken(valid),
        expired,
        'alg none': unsigned,
        'other secret': otherSecret,
        'store domain': storeDomain,
        'store domain naming a user': storeClaimsUser,
      }

      const open = publicAdminRoutes()
      const cases = routesOf('admin')
        .filter((probe) => !open.has(`${probe.method} ${probe.route}`))
        .flatMap((probe) =>
          spellingsOf(probe.path)
            .filter((entry) => entry.reachesRoute)
            .slice(0, 2)
            .flatMap(({ spelling }) =>
              Object.entries(badTokens).map(([name, token]) => ({ probe, spelling, name, token })),
            ),
        )
      const answers = await inParallel(
        cases.map(
          ({ probe, spelling, token }) =>
            () =>
              send(probe.method, spelling, { authorization: `Bearer ${token}` }),
        ),
      )
      const failures = cases
        .filter((_entry, at) => answers[at].status !== 401)
        .map(({ probe, spelling, name }) => `${name}: ${probe.method} ${spelling}`)
      expect(failures).toEqual([])

      // The same spellings with the valid token reach the handler: the refusals above were the guard's.
      const users = await send('GET', '/%61dmin/%75sers', { authorization: `Bearer ${valid}` })
      expect(users.status).toBe(200)
      expect(JSON.parse(users.body).users.some((row: { id: string }) => row.id === staff.id)).toBe(true)
    },
  )
})

describe('store routes under every spelling', () => {
  it(
    'refuses a revoked publishable key on each spelling that reaches a route',
    { timeout: SWEEP_TIMEOUT },
    async () => {
      const revoked = await makePublishableKey(ctx.app.db, { revoked_at: new Date() })
      const cases = routesOf('store').flatMap((probe) => spellingsOf(probe.path).map((entry) => ({ probe, ...entry })))
      const answers = await inParallel(
        cases.map(
          ({ probe, spelling }) =>
            () =>
              send(probe.method, spelling, { 'x-publishable-api-key': revoked.id }),
        ),
      )
      const failures: string[] = []
      let refused = 0
      cases.forEach(({ probe, spelling, reachesRoute }, at) => {
        const answer = answers[at]
        if (answer.status === 400 && answer.body.includes('has been revoked')) {
          refused += 1
          return
        }
        if (!reachesRoute && (isRouteNotFound(answer) || answer.status === 400)) return
        failures.push(`${probe.method} ${spelling} → ${answer.status} ${answer.body.slice(0, 80)}`)
      })
      expect(failures).toEqual([])
      expect(refused).toBeGreaterThan(routesOf('store').length * 5)
    },
  )

  it('answers 401 on the customer-only routes under each spelling', async () => {
    const failures: string[] = []
    for (const [method, path] of [
      ['GET', '/store/customers/me'],
      ['POST', '/store/customers/me'],
      ['GET', '/store/customers/me/orders'],
      ['POST', '/store/customers/me/addresses'],
    ] as const) {
      for (const { spelling, reachesRoute } of spellingsOf(path)) {
        const answer = await send(method, spelling)
        if (answer.status === 401) continue
        if (!reachesRoute && (isRouteNotFound(answer) || answer.status === 400)) continue
        failures.push(`${method} ${spelling} → ${answer.status}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe('the percent-encoded attack of the report', () => {
  it('answers 401 to GET and POST /%61dmin/users without credentials, and creates no user', async () => {
    const list = await send('GET', '/%61dmin/users')
    expect(list.status).toBe(401)
    const email = 'attacker@example.com'
    const created = await send('POST', '/%61dmin/users', {}, { email, password: 'attacker-password-1', role: 'admin' })
    expect(created.status).toBe(401)
    const login = await send('POST', '/admin/auth', {}, { email, password: 'attacker-password-1' })
    expect(login.status).toBe(401)
  })
})
