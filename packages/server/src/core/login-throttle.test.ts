import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/connection.js'
import { rowsOf } from '../db/raw-rows.js'
import type { Db } from '../db/types.js'
import { CUSTOMER_PASSWORD, makeCustomer } from '../testing/factories/customers.js'
import { makeUser, TEST_PASSWORD } from '../testing/factories/users.js'
import { buildTestApp } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { deleteExpiredLoginAttempts } from './login-throttle.js'

/**
 * Failed logins slow down per account and per account and address, in the database: whichever
 * address and server process the guesses come through. Addresses are the connection's own
 * (`remoteAddress`); the IP rate limit is out of the way (tests allow 100,000 a minute).
 */
let database: TestDatabase
let second: Database
let app: FastifyInstance
let other: FastifyInstance

beforeAll(async () => {
  // The server's clock stands still, so a wait of a second cannot run out while a slow machine
  // hashes the next password; time passes only where a test moves the records (`letTimePass`).
  vi.useFakeTimers({ toFake: ['Date'] })
  database = await createTestDatabase()
  second = database.kind === 'postgres' ? await database.reopen() : database
  app = await buildTestApp(database)
  other = await buildTestApp(second)
})

afterAll(async () => {
  vi.useRealTimers()
  await app.close()

  await other.close()
  if (second !== database) await second.close()
  await database.close()
})

const WRONG = 'not-the-password'

function login(server: FastifyInstance, url: string, email: string, password: string, address: string) {
  return server.inject({ method: 'POST', url, payload: { email, password }, remoteAddress: address })
}

/** Moves the login records of `email` `ms` into the past, as if that much time had gone by. */
async function letTimePass(db: Db, email: string, ms: number): Promise<void> {
  const shift = sql`${ms}::float8 * interval '1 millisecond'`
  await db.execute(sql`
    UPDATE login_attempt SET failed_at = failed_at - ${shift}, blocked_until = blocked_until - ${shift},
      trusted_until = trusted_until - ${shift}, expires_at = expires_at - ${shift}
    WHERE email = ${email.toLowerCase()}`)
}

/** `count` wrong guesses at `email`, each from its own address, alternating the two login routes. */
async function guessFromManyAddresses(urls: [string, string], email: string, count: number, prefix: string) {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) {
    const res = await login(app, urls[i % 2], email, WRONG, `${prefix}.${i + 1}`)
    statuses.push(res.statusCode)
  }
  return statuses
}

const ADMIN_LOGINS: [string, string] = ['/admin/auth', '/admin/auth/token']
const STORE_LOGINS: [string, string] = ['/store/auth', '/store/auth/token']

describe('failed logins from one address', () => {
  it('make that address wait after five, with Retry-After, and the password is not checked', async () => {
    const user = await makeUser(app.db)
    for (let i = 0; i < 5; i++) {
      expect((await login(app, '/admin/auth', user.email, WRONG, '10.1.0.1')).statusCode).toBe(401)
    }

    const blocked = await login(app, '/admin/auth', user.email, TEST_PASSWORD, '10.1.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('1')
    expect(blocked.json()).toEqual({
      type: 'not_allowed',
      message: 'Too many failed login attempts, retry in 1 seconds',
    })
    expect(blocked.cookies).toEqual([])
    // Other addresses are not held up.
    expect((await login(app, '/admin/auth/token', user.email, TEST_PASSWORD, '10.1.0.2')).statusCode).toBe(200)

    // Once the wait is over, the next failure doubles it.
    await letTimePass(app.db, user.email, 1000)
    expect((await login(app, '/admin/auth', user.email, WRONG, '10.1.0.1')).statusCode).toBe(401)
    const again = await login(app, '/admin/auth', user.email, TEST_PASSWORD, '10.1.0.1')
    expect(again.statusCode).toBe(429)
    expect(again.headers['retry-after']).toBe('2')
  })

  it('do not count logins sent side by side before they fail', async () => {
    const user = await makeUser(app.db)
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(app, ADMIN_LOGINS[i % 2], user.email, TEST_PASSWORD, '10.1.2.1')),
    )
    expect(responses.map((res) => res.statusCode)).toEqual(Array(8).fill(200))
  })

  it('count an email without an account like one with', async () => {
    const email = `nobody-${Date.now()}@example.com`
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await login(app, '/store/auth', email, WRONG, '10.1.1.1')).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })
})

describe('failed logins at one account from many addresses', () => {
  it('make every address wait after twenty, never more than a minute, and a success starts afresh', async () => {
    const user = await makeUser(app.db)
    expect(await guessFromManyAddresses(ADMIN_LOGINS, user.email, 20, '10.2.0')).toEqual(Array(20).fill(401))

    const retryAfters: string[] = []
    for (let round = 0; round < 8; round++) {
      const blocked = await login(app, '/admin/auth', user.email, TEST_PASSWORD, `10.2.1.${round}`)
      expect(blocked.statusCode).toBe(429)
      retryAfters.push(String(blocked.headers['retry-after']))
      await letTimePass(app.db, user.email, Number(blocked.headers['retry-after']) * 1000)
      expect((await login(app, '/admin/auth/token', user.email, WRONG, `10.2.2.${round}`)).statusCode).toBe(401)
    }
    expect(retryAfters).toEqual(['1', '2', '4', '8', '16', '32', '60', '60'])

    // The owner, from an address never seen, gets in once the minute is over.
    expect((await login(app, '/admin/auth', user.email, TEST_PASSWORD, '10.2.3.1')).statusCode).toBe(429)
    await letTimePass(app.db, user.email, 60_000)
    expect((await login(app, '/admin/auth', user.email, TEST_PASSWORD, '10.2.3.1')).statusCode).toBe(200)
    expect((await login(app, '/admin/auth', user.email, WRONG, '10.2.3.2')).statusCode).toBe(401)
  })

  it('do not hold up an address the account logged in from lately', async () => {
    const customer = await makeCustomer(app.db)
    expect((await login(app, '/store/auth', customer.email, CUSTOMER_PASSWORD, '10.3.0.1')).statusCode).toBe(200)
    expect(await guessFromManyAddresses(STORE_LOGINS, customer.email, 20, '10.3.1')).toEqual(Array(20).fill(401))

    expect((await login(app, '/store/auth', customer.email, CUSTOMER_PASSWORD, '10.3.2.1')).statusCode).toBe(429)
    expect((await login(app, '/store/auth/token', customer.email, CUSTOMER_PASSWORD, '10.3.0.1')).statusCode).toBe(200)
  })

  it('admit no more guesses than the account allows when they come all at once', async () => {
    const user = await makeUser(app.db)
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, ADMIN_LOGINS[i % 2], user.email, WRONG, `10.4.0.${i + 1}`)),
    )
    const checked = responses.filter((res) => res.statusCode === 401).length
    const refused = responses.filter((res) => res.statusCode === 429).length
    expect(checked + refused).toBe(30)
    // Twenty pass at once; one more may each time a wait (1 s, 2 s, 4 s…) ends while the burst is
    // still being admitted, which on a loaded machine can take a few seconds. Were guesses counted
    // only once they fail, each would find the account as it was before the burst.
    expect(checked).toBeGreaterThanOrEqual(20)
    expect(checked).toBeLessThanOrEqual(23)
  })

  it('count staff and customers apart', async () => {
    const email = `both-${Date.now()}@example.com`
    const user = await makeUser(app.db, { email })
    await makeCustomer(app.db, { email })
    expect(await guessFromManyAddresses(ADMIN_LOGINS, email, 20, '10.5.0')).toEqual(Array(20).fill(401))
    expect((await login(app, '/admin/auth', user.email, TEST_PASSWORD, '10.5.1.1')).statusCode).toBe(429)
    expect((await login(app, '/store/auth', email, CUSTOMER_PASSWORD, '10.5.1.1')).statusCode).toBe(200)
  })
})

describe('failed logins through two server processes', () => {
  it('are counted together', async () => {
    const user = await makeUser(app.db)
    for (let i = 0; i < 20; i++) {
      const server = i % 2 === 0 ? app : other
      expect((await login(server, '/admin/auth', user.email, WRONG, `10.6.0.${i + 1}`)).statusCode).toBe(401)
    }
    expect((await login(other, '/admin/auth', user.email, TEST_PASSWORD, '10.6.1.1')).statusCode).toBe(429)
    expect((await login(app, '/admin/auth', user.email, TEST_PASSWORD, '10.6.1.2')).statusCode).toBe(429)

    const customer = await makeCustomer(app.db)
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? app : other
      expect((await login(server, '/store/auth/token', customer.email, WRONG, '10.6.2.1')).statusCode).toBe(401)
    }
    expect((await login(other, '/store/auth', customer.email, CUSTOMER_PASSWORD, '10.6.2.1')).statusCode).toBe(429)
  })
})

describe('deleteExpiredLoginAttempts', () => {
  it('deletes the records that mean nothing any more, and keeps the rest', async () => {
    const user = await makeUser(app.db)
    const customer = await makeCustomer(app.db)
    await login(app, '/admin/auth', user.email, WRONG, '10.7.0.1')
    await login(app, '/store/auth', customer.email, CUSTOMER_PASSWORD, '10.7.0.1')
    // The failure is forgotten after an hour; the customer's address stays trusted for a month.
    await letTimePass(app.db, user.email, 61 * 60 * 1000)
    await letTimePass(app.db, customer.email, 61 * 60 * 1000)

    await deleteExpiredLoginAttempts(app.db, 1000)
    const left = rowsOf<{ email: string; address: string }>(
      await app.db.execute(sql`
        SELECT email, address FROM login_attempt WHERE email IN (${user.email}, ${customer.email}) ORDER BY address`),
    )
    expect(left).toEqual([{ email: customer.email, address: '10.7.0.1' }])
  })
})
