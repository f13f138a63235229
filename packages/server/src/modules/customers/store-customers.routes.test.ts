import { and, eq, sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import {
  asCustomer,
  CUSTOMER_PASSWORD,
  makeAddress,
  makeCustomer,
  makeGuestCustomer,
} from '../../testing/factories/customers.js'
import { useTestApp } from '../../testing/test-app.js'
import { address, customer } from './schema.js'

const ctx = useTestApp()

/** Every successful answer is checked for leaked password material. */
async function inject(options: InjectOptions) {
  const res = await ctx.app.inject(options)
  if (res.statusCode < 300) expect(res.body).not.toMatch(/password/i)
  return res
}

const newAddress = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '12 Analytical Row',
  city: 'London',
  country_code: 'GB',
  postal_code: 'N1 9GU',
}

let seq = 0
const uniqueEmail = (label: string) => `${label}-${++seq}-${Date.now()}@example.com`

describe('registration', () => {
  it('registers, lower-cases the email and logs the new customer in', async () => {
    const email = uniqueEmail('New.Shopper')
    const res = await inject({
      method: 'POST',
      url: '/store/customers',
      payload: { email: email.toUpperCase(), password: 'a-good-secret', first_name: 'New', last_name: 'Shopper' },
    })
    expect(res.statusCode).toBe(200)
    const created = res.json().customer
    expect(created).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'New',
      last_name: 'Shopper',
      phone: null,
      has_account: true,
      billing_address_id: null,
      billing_address: null,
      shipping_addresses: [],
      metadata: null,
      deleted_at: null,
    })
    expect(created.id).toMatch(/^cus_[0-9A-Z]{26}$/)

    const cookie = res.cookies.find((c) => c.name === 'connect.sid')
    const me = await inject({ method: 'GET', url: '/store/customers/me', cookies: { 'connect.sid': cookie!.value } })
    expect(me.statusCode).toBe(200)
    expect(me.json().customer.id).toBe(created.id)

    const login = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email, password: 'a-good-secret' },
    })
    expect(login.statusCode).toBe(200)
    const events = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.event_name, 'customer.created'), sql`${outbox.data}->>'id' = ${created.id}`))
    expect(events).toHaveLength(1)
  })

  it('refuses a second account with the same email (any case) with 422 duplicate_error', async () => {
    const existing = await makeCustomer(ctx.app.db)
    const res = await inject({
      method: 'POST',
      url: '/store/customers',
      payload: { email: existing.email.toUpperCase(), password: 'a-good-secret' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      type: 'duplicate_error',
      code: 'invalid_request_error',
      message: 'A customer with the given email already has an account. Log in instead',
    })
  })

  it('turns a guest record with that email into the account instead of adding a row', async () => {
    const guest = await makeGuestCustomer(ctx.app.db, { email: uniqueEmail('guest') })
    const res = await inject({
      method: 'POST',
      url: '/store/customers',
      payload: { email: guest.email, password: 'a-good-secret', first_name: 'Was', last_name: 'Guest' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().customer).toMatchObject({ id: guest.id, has_account: true, first_name: 'Was' })
    const rows = await ctx.app.db
      .select({ id: customer.id })
      .from(customer)
      .where(sql`lower(${customer.email}) = ${guest.email}`)
    expect(rows).toEqual([{ id: guest.id }])
    const login = await inject({
      method: 'POST',
      url: '/store/auth/token',
      payload: { email: guest.email, password: 'a-good-secret' },
    })
    expect(login.statusCode).toBe(200)
  })

  it('answers bad registrations with 400 envelopes naming the field', async () => {
    const cases: [object, RegExp][] = [
      [{ password: 'a-good-secret' }, /email is required/],
      [{ email: 'not-an-email', password: 'a-good-secret' }, /email must be a valid email/],
      [{ email: uniqueEmail('x') }, /password is required/],
      [{ email: uniqueEmail('x'), password: 'short' }, /password must be at least 8 characters/],
      [{ email: uniqueEmail('x'), password: 12345678 }, /password must be a string/],
      [{ email: uniqueEmail('x'), password: 'a-good-secret', first_name: 7 }, /first_name must be a string/],
      [{ email: uniqueEmail('x'), password: 'a-good-secret', has_account: false }, /property has_account/],
    ]
    for (const [payload, message] of cases) {
      const res = await inject({ method: 'POST', url: '/store/customers', payload })
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 })
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('the customer profile', () => {
  it('reads and updates names, phone, metadata, email and password', async () => {
    const { customer: shopper, headers } = await asCustomer(ctx.app.db, { metadata: { keep: 1, drop: 'x' } })
    const me = await inject({ method: 'GET', url: '/store/customers/me', headers })
    expect(me.statusCode).toBe(200)
    expect(me.json().customer).toMatchObject({ id: shopper.id, shipping_addresses: [], billing_address: null })
    expect(me.json().customer).not.toHaveProperty('orders')

    const newEmail = uniqueEmail('Renamed')
    const updated = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers,
      payload: {
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '+45 1234',
        email: newEmail,
        password: 'changed-secret',
        metadata: { drop: '', added: true },
      },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().customer).toMatchObject({
      id: shopper.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '+45 1234',
      email: newEmail.toLowerCase(),
      metadata: { keep: 1, added: true },
    })

    const login = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: newEmail, password: 'changed-secret' },
    })
    expect(login.statusCode).toBe(200)
    const oldPassword = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email: newEmail, password: CUSTOMER_PASSWORD },
    })
    expect(oldPassword.statusCode).toBe(401)
  })

  it('sets the billing address from an object, writes over it, points it at a saved address and unsets it', async () => {
    const { customer: shopper, headers } = await asCustomer(ctx.app.db)
    const created = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers,
      payload: { billing_address: { ...newAddress, company: 'Engines Ltd' } },
    })
    expect(created.statusCode).toBe(200)
    const billing = created.json().customer.billing_address
    expect(billing).toMatchObject({ ...newAddress, country_code: 'gb', company: 'Engines Ltd', customer_id: null })
    expect(billing.id).toMatch(/^addr_/)
    expect(created.json().customer.billing_address_id).toBe(billing.id)
    // A billing address is not one of the saved shipping addresses.
    expect(created.json().customer.shipping_addresses).toEqual([])

    const rewritten = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers,
      payload: { billing_address: { city: 'Paris', country_code: 'fr', company: null } },
    })
    expect(rewritten.json().customer.billing_address).toMatchObject({
      id: billing.id,
      city: 'Paris',
      country_code: 'fr',
      company: null,
      address_1: newAddress.address_1,
    })

    const saved = await makeAddress(ctx.app.db, shopper.id)
    const pointed = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers,
      payload: { billing_address: saved.id },
    })
    expect(pointed.statusCode).toBe(200)
    expect(pointed.json().customer.billing_address_id).toBe(saved.id)
    expect(pointed.json().customer.billing_address.id).toBe(saved.id)

    // Writing over a billing address that is also a saved address leaves the saved one alone.
    const copied = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers,
      payload: { billing_address: { city: 'Oslo', country_code: 'no' } },
    })
    expect(copied.json().customer.billing_address_id).not.toBe(saved.id)
    expect(copied.json().customer.shipping_addresses[0]).toMatchObject({ id: saved.id, city: saved.city })

    const unset = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers,
      payload: { billing_address: null },
    })
    expect(unset.json().customer).toMatchObject({ billing_address_id: null, billing_address: null })
  })

  it('answers bad profile updates with 4xx envelopes', async () => {
    const { headers } = await asCustomer(ctx.app.db)
    const other = await makeCustomer(ctx.app.db)
    const othersAddress = await makeAddress(ctx.app.db, other.id)
    const cases: { payload: object; status: number; message: RegExp }[] = [
      { payload: { email: 'nope' }, status: 400, message: /email must be a valid email/ },
      { payload: { password: 'short' }, status: 400, message: /at least 8/ },
      { payload: { first_name: 1 }, status: 400, message: /first_name must be a string/ },
      { payload: { metadata: 'x' }, status: 400, message: /metadata/ },
      { payload: { has_account: false }, status: 400, message: /property has_account should not exist/ },
      { payload: { billing_address: { country_code: 'zz' } }, status: 400, message: /country_code zz/ },
      { payload: { billing_address: { street: 'x' } }, status: 400, message: /billing_address/ },
      { payload: { billing_address: othersAddress.id }, status: 404, message: /Address/ },
      { payload: { billing_address: 'addr_missing' }, status: 404, message: /Address/ },
      { payload: { email: other.email.toUpperCase() }, status: 422, message: /already exists/ },
    ]
    for (const c of cases) {
      const res = await inject({ method: 'POST', url: '/store/customers/me', headers, payload: c.payload })
      expect({ payload: c.payload, status: res.statusCode }).toEqual({ payload: c.payload, status: c.status })
      expect(res.json().message).toMatch(c.message)
    }
    const [untouched] = await ctx.app.db.select().from(customer).where(eq(customer.id, other.id))
    expect(untouched.billing_address_id).toBeNull()
  })

  it('accepts empty update bodies and changes nothing', async () => {
    const { customer: shopper, headers } = await asCustomer(ctx.app.db)
    const saved = await makeAddress(ctx.app.db, shopper.id)
    const profile = await inject({ method: 'POST', url: '/store/customers/me', headers, payload: {} })
    expect(profile.statusCode).toBe(200)
    expect(profile.json().customer).toMatchObject({ first_name: shopper.first_name, email: shopper.email })
    const addressUpdate = await inject({
      method: 'POST',
      url: `/store/customers/me/addresses/${saved.id}`,
      headers,
      payload: {},
    })
    expect(addressUpdate.statusCode).toBe(200)
    expect(addressUpdate.json().customer.shipping_addresses[0]).toMatchObject({ id: saved.id, city: saved.city })
  })

  it('lists no saved payment methods: no provider stores cards yet', async () => {
    const { headers } = await asCustomer(ctx.app.db)
    const res = await inject({ method: 'GET', url: '/store/customers/me/payment-methods', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ payment_methods: [] })
  })

  it('answers 401 on every customer-only route without a customer', async () => {
    const routes: { method: 'GET' | 'POST' | 'DELETE'; url: string }[] = [
      { method: 'GET', url: '/store/auth' },
      { method: 'GET', url: '/store/customers/me' },
      { method: 'POST', url: '/store/customers/me' },
      { method: 'GET', url: '/store/customers/me/payment-methods' },
      { method: 'POST', url: '/store/customers/me/addresses' },
      { method: 'POST', url: '/store/customers/me/addresses/addr_1' },
      { method: 'DELETE', url: '/store/customers/me/addresses/addr_1' },
    ]
    for (const route of routes) {
      const res = await inject({ ...route, ...(route.method === 'POST' ? { payload: {} } : {}) })
      expect({ ...route, status: res.statusCode, body: res.body }).toEqual({
        ...route,
        status: 401,
        body: 'Unauthorized',
      })
    }
  })
})

describe('saved addresses', () => {
  it('adds, updates and deletes addresses', async () => {
    const { headers } = await asCustomer(ctx.app.db)
    const added = await inject({
      method: 'POST',
      url: '/store/customers/me/addresses',
      headers,
      payload: { address: { ...newAddress, metadata: { door: 'blue' } } },
    })
    expect(added.statusCode).toBe(200)
    const [saved] = added.json().customer.shipping_addresses
    expect(saved).toMatchObject({ ...newAddress, country_code: 'gb', metadata: { door: 'blue' }, province: null })
    expect(saved.id).toMatch(/^addr_/)

    const second = await inject({
      method: 'POST',
      url: '/store/customers/me/addresses',
      headers,
      payload: { address: { ...newAddress, address_1: '2 Second St', country_code: 'dk' } },
    })
    expect(second.json().customer.shipping_addresses).toHaveLength(2)

    const updated = await inject({
      method: 'POST',
      url: `/store/customers/me/addresses/${saved.id}`,
      headers,
      payload: { city: 'Manchester', address_2: 'Flat 3', metadata: { door: '', bell: 'left' } },
    })
    expect(updated.statusCode).toBe(200)
    const afterUpdate = updated.json().customer.shipping_addresses.find((a: { id: string }) => a.id === saved.id)
    expect(afterUpdate).toMatchObject({
      city: 'Manchester',
      address_2: 'Flat 3',
      address_1: newAddress.address_1,
      metadata: { bell: 'left' },
    })

    await inject({ method: 'POST', url: '/store/customers/me', headers, payload: { billing_address: saved.id } })
    const removed = await inject({ method: 'DELETE', url: `/store/customers/me/addresses/${saved.id}`, headers })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().customer.shipping_addresses.map((a: { id: string }) => a.id)).not.toContain(saved.id)
    expect(removed.json().customer).toMatchObject({ billing_address_id: null, billing_address: null })
    const [row] = await ctx.app.db.select().from(address).where(eq(address.id, saved.id))
    expect(row.deleted_at).not.toBeNull()

    const again = await inject({ method: 'DELETE', url: `/store/customers/me/addresses/${saved.id}`, headers })
    expect(again.statusCode).toBe(404)
  })

  it('answers bad addresses with 400 envelopes naming the field', async () => {
    const { headers } = await asCustomer(ctx.app.db)
    const cases: [object, RegExp][] = [
      [{}, /address is required/],
      [{ address: { ...newAddress, country_code: 'zz' } }, /country_code zz is not a known country/],
      [{ address: { ...newAddress, country_code: 'gbr' } }, /country_code/],
      [{ address: { ...newAddress, city: undefined } }, /address.city is required/],
      [{ address: { ...newAddress, postal_code: 1000 } }, /address.postal_code must be a string/],
      [{ address: { ...newAddress, street: 'x' } }, /property address.street should not exist/],
      [{ address: newAddress, extra: true }, /property extra should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await inject({ method: 'POST', url: '/store/customers/me/addresses', headers, payload })
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 })
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
    const [added] = (
      await inject({ method: 'POST', url: '/store/customers/me/addresses', headers, payload: { address: newAddress } })
    ).json().customer.shipping_addresses
    const update = await inject({
      method: 'POST',
      url: `/store/customers/me/addresses/${added.id}`,
      headers,
      payload: { country_code: 'zz' },
    })
    expect(update.statusCode).toBe(400)
    expect(update.json().message).toMatch(/country_code zz/)
    const wrongType = await inject({
      method: 'POST',
      url: `/store/customers/me/addresses/${added.id}`,
      headers,
      payload: { city: 5 },
    })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().message).toMatch(/^city /)
  })
})

describe('data isolation between two customers', () => {
  it('lets each customer read and change only their own profile and addresses', async () => {
    const alice = await asCustomer(ctx.app.db, { first_name: 'Alice' })
    const bob = await asCustomer(ctx.app.db, { first_name: 'Bob' })
    const aliceAddress = await makeAddress(ctx.app.db, alice.customer.id, { city: 'Aarhus' })
    const bobAddress = await makeAddress(ctx.app.db, bob.customer.id, { city: 'Bergen' })

    const aliceMe = await inject({ method: 'GET', url: '/store/customers/me', headers: alice.headers })
    expect(aliceMe.json().customer.id).toBe(alice.customer.id)
    expect(aliceMe.json().customer.shipping_addresses.map((a: { id: string }) => a.id)).toEqual([aliceAddress.id])
    const bobMe = await inject({ method: 'GET', url: '/store/customers/me', headers: bob.headers })
    expect(bobMe.json().customer.shipping_addresses.map((a: { id: string }) => a.id)).toEqual([bobAddress.id])

    await inject({ method: 'POST', url: '/store/customers/me', headers: alice.headers, payload: { last_name: 'A.' } })
    const bobAfter = await inject({ method: 'GET', url: '/store/customers/me', headers: bob.headers })
    expect(bobAfter.json().customer).toMatchObject({ first_name: 'Bob', last_name: bob.customer.last_name })

    // Alice cannot touch Bob's address through any address route.
    const update = await inject({
      method: 'POST',
      url: `/store/customers/me/addresses/${bobAddress.id}`,
      headers: alice.headers,
      payload: { city: 'Hacked' },
    })
    expect(update.statusCode).toBe(404)
    expect(update.json()).toEqual({ type: 'not_found', message: 'Could not find address for customer' })
    const remove = await inject({
      method: 'DELETE',
      url: `/store/customers/me/addresses/${bobAddress.id}`,
      headers: alice.headers,
    })
    expect(remove.statusCode).toBe(404)
    const billing = await inject({
      method: 'POST',
      url: '/store/customers/me',
      headers: alice.headers,
      payload: { billing_address: bobAddress.id },
    })
    expect(billing.statusCode).toBe(404)

    const [bobRow] = await ctx.app.db.select().from(address).where(eq(address.id, bobAddress.id))
    expect(bobRow).toMatchObject({ city: 'Bergen', deleted_at: null, customer_id: bob.customer.id })
    const unknown = await inject({
      method: 'POST',
      url: '/store/customers/me/addresses/addr_missing',
      headers: alice.headers,
      payload: { city: 'x' },
    })
    expect(unknown.statusCode).toBe(404)
  })
})
