import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { customer } from '../modules/customers/schema.js'
import { user } from '../modules/users/schema.js'
import { asAdmin, makeUser, TEST_PASSWORD } from '../testing/factories/users.js'
import { CUSTOMER_PASSWORD, makeCustomer } from '../testing/factories/customers.js'
import { testConfig, useTestApp } from '../testing/test-app.js'
import { signToken } from '../core/tokens.js'

/**
 * A password change or reset ends every other session and bearer token of the account, staff and
 * customers alike: they carry the account's token version, and the change raises it.
 */
const ctx = useTestApp()
const app = (): FastifyInstance => ctx.app
const NEW_PASSWORD = 'a-brand-new-secret'

type Credential = { cookie: string } | { token: string }

async function logIn(domain: 'admin' | 'store', email: string, password: string): Promise<Credential> {
  const res = await app().inject({ method: 'POST', url: `/${domain}/auth`, payload: { email, password } })
  expect(res.statusCode).toBe(200)
  return { cookie: res.cookies.find((c) => c.name === 'connect.sid')!.value }
}

async function tokenFor(domain: 'admin' | 'store', email: string, password: string): Promise<Credential> {
  const res = await app().inject({ method: 'POST', url: `/${domain}/auth/token`, payload: { email, password } })
  expect(res.statusCode).toBe(200)
  return { token: res.json().access_token }
}

function send(credential: Credential) {
  return 'cookie' in credential
    ? { cookies: { 'connect.sid': credential.cookie } }
    : { headers: { authorization: `Bearer ${credential.token}` } }
}

/** The status of reading the account with this credential. */
async function statusWith(domain: 'admin' | 'store', credential: Credential): Promise<number> {
  const url = domain === 'admin' ? '/admin/auth' : '/store/customers/me'
  return (await app().inject({ method: 'GET', url, ...send(credential) })).statusCode
}

/** A password-reset token as the service issues it: signed with the account's current password hash. */
async function resetToken(table: typeof user | typeof customer, id: string, claims: Record<string, string>) {
  const [row] = await app().db.select({ hash: table.password_hash }).from(table).where(eq(table.id, id))
  return signToken(claims, row.hash!, '15m')
}

describe('a customer changing their password', () => {
  it('ends their other sessions and tokens, and the session making the change stays', async () => {
    const shopper = await makeCustomer(app().db)
    const changing = await logIn('store', shopper.email, CUSTOMER_PASSWORD)
    const otherSession = await logIn('store', shopper.email, CUSTOMER_PASSWORD)
    const token = await tokenFor('store', shopper.email, CUSTOMER_PASSWORD)

    // A change of anything but the password ends nothing.
    const renamed = await app().inject({
      method: 'POST',
      url: '/store/customers/me',
      payload: { first_name: 'Renamed' },
      ...send(otherSession),
    })
    expect(renamed.statusCode).toBe(200)
    expect([await statusWith('store', changing), await statusWith('store', token)]).toEqual([200, 200])

    const change = await app().inject({
      method: 'POST',
      url: '/store/customers/me',
      payload: { password: NEW_PASSWORD },
      ...send(changing),
    })
    expect(change.statusCode).toBe(200)
    expect(change.json().customer).not.toHaveProperty('token_version')

    expect(await statusWith('store', changing)).toBe(200)
    expect(await statusWith('store', otherSession)).toBe(401)
    expect(await statusWith('store', token)).toBe(401)
    // The changing session keeps working across requests, and the new password opens new ones.
    expect(await statusWith('store', changing)).toBe(200)
    expect(await statusWith('store', await tokenFor('store', shopper.email, NEW_PASSWORD))).toBe(200)
    expect(await statusWith('store', await logIn('store', shopper.email, NEW_PASSWORD))).toBe(200)
  })

  it('made with a bearer token ends that token too: a token cannot be renewed in place', async () => {
    const shopper = await makeCustomer(app().db)
    const token = await tokenFor('store', shopper.email, CUSTOMER_PASSWORD)
    const change = await app().inject({
      method: 'POST',
      url: '/store/customers/me',
      payload: { password: NEW_PASSWORD },
      ...send(token),
    })
    expect(change.statusCode).toBe(200)
    expect(await statusWith('store', token)).toBe(401)
  })
})

describe('a password set by staff or reset by token', () => {
  it("ends every session and token of the customer, the resetting request's included", async () => {
    const shopper = await makeCustomer(app().db)
    const session = await logIn('store', shopper.email, CUSTOMER_PASSWORD)
    const token = await tokenFor('store', shopper.email, CUSTOMER_PASSWORD)

    const reset = await app().inject({
      method: 'POST',
      url: '/store/customers/password-reset',
      payload: {
        email: shopper.email,
        token: await resetToken(customer, shopper.id, { customer_id: shopper.id }),
        password: NEW_PASSWORD,
      },
      ...send(session),
    })
    expect(reset.statusCode).toBe(200)

    expect(await statusWith('store', session)).toBe(401)
    expect(await statusWith('store', token)).toBe(401)
    expect(await statusWith('store', await logIn('store', shopper.email, NEW_PASSWORD))).toBe(200)
  })

  it('ends every session and token of a customer whose password staff set', async () => {
    const { headers } = await asAdmin(app().db)
    const shopper = await makeCustomer(app().db)
    const session = await logIn('store', shopper.email, CUSTOMER_PASSWORD)
    const token = await tokenFor('store', shopper.email, CUSTOMER_PASSWORD)

    const set = await app().inject({
      method: 'POST',
      url: `/admin/customers/${shopper.id}`,
      headers,
      payload: { password: NEW_PASSWORD },
    })
    expect(set.statusCode).toBe(200)
    expect([await statusWith('store', session), await statusWith('store', token)]).toEqual([401, 401])
  })

  it('ends every session and token of a staff user', async () => {
    const staff = await makeUser(app().db)
    const session = await logIn('admin', staff.email, TEST_PASSWORD)
    const token = await tokenFor('admin', staff.email, TEST_PASSWORD)
    expect([await statusWith('admin', session), await statusWith('admin', token)]).toEqual([200, 200])

    const reset = await app().inject({
      method: 'POST',
      url: '/admin/users/reset-password',
      payload: {
        token: await resetToken(user, staff.id, { user_id: staff.id, email: staff.email }),
        password: NEW_PASSWORD,
      },
      ...send(session),
    })
    expect(reset.statusCode).toBe(200)

    expect(await statusWith('admin', session)).toBe(401)
    expect(await statusWith('admin', token)).toBe(401)
    expect(await statusWith('admin', await logIn('admin', staff.email, NEW_PASSWORD))).toBe(200)
    expect(await statusWith('admin', await tokenFor('admin', staff.email, NEW_PASSWORD))).toBe(200)
  })
})

describe('token versions', () => {
  it('opens nothing with a version that is not the account’s, and takes a token without one as the first', async () => {
    const staff = await makeUser(app().db)
    const shopper = await makeCustomer(app().db)
    const secret = testConfig().jwtSecret
    const admin = (claims: Record<string, unknown>) =>
      signToken({ user_id: staff.id, domain: 'admin', ...claims }, secret, '1h').then((token) => ({ token }))
    const store = (claims: Record<string, unknown>) =>
      signToken({ customer_id: shopper.id, domain: 'store', ...claims }, secret, '1h').then((token) => ({ token }))

    for (const claims of [
      { token_version: 1 },
      { token_version: -1 },
      { token_version: '0' },
      { token_version: 0.5 },
    ]) {
      expect({ claims, status: await statusWith('admin', await admin(claims)) }).toEqual({ claims, status: 401 })
      expect({ claims, status: await statusWith('store', await store(claims)) }).toEqual({ claims, status: 401 })
    }
    expect(await statusWith('admin', await admin({ token_version: 0 }))).toBe(200)
    expect(await statusWith('admin', await admin({}))).toBe(200)
    expect(await statusWith('store', await store({}))).toBe(200)
  })
})
