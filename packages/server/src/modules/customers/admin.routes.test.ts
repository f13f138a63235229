import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  CUSTOMER_PASSWORD,
  makeAddress,
  makeCustomer,
  makeCustomerGroup,
  makeGuestCustomer,
} from '../../testing/factories/customers.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { customerGroupCustomer } from './schema.js'

const ctx = useTestApp()

/** Every successful answer is checked for leaked password material. */
async function inject(options: InjectOptions) {
  const res = await ctx.app.inject(options)
  if (res.statusCode < 300) expect(res.body).not.toMatch(/password/i)
  return res
}

let seq = 0
const unique = (label: string) => `${label}-${++seq}-${Date.now()}`

type Case = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; status: number; message?: RegExp }

async function expectCases(headers: Record<string, string>, cases: Case[]) {
  for (const c of cases) {
    const res = await inject({ method: c.method, url: c.url, headers, ...(c.payload ? { payload: c.payload } : {}) })
    expect({ method: c.method, url: c.url, payload: c.payload, status: res.statusCode }).toEqual({
      method: c.method,
      url: c.url,
      payload: c.payload,
      status: c.status,
    })
    expect(typeof res.json().type).toBe('string')
    if (c.message) expect(res.json().message).toMatch(c.message)
  }
}

describe('admin customers', () => {
  it('creates an account with 201, reads it with default relations and updates it', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const email = `${unique('Created')}@Example.com`
    const created = await inject({
      method: 'POST',
      url: '/admin/customers',
      headers,
      payload: {
        email,
        first_name: 'Carl',
        last_name: 'Customer',
        password: 'set-by-staff',
        phone: '555',
        metadata: { source: 'phone' },
      },
    })
    expect(created.statusCode).toBe(201)
    const customer = created.json().customer
    expect(customer).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Carl',
      has_account: true,
      phone: '555',
      metadata: { source: 'phone' },
    })
    expect(customer.id).toMatch(/^cus_/)

    const login = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email, password: 'set-by-staff' },
    })
    expect(login.statusCode).toBe(200)

    await makeAddress(ctx.app.db, customer.id)
    const read = await inject({ method: 'GET', url: `/admin/customers/${customer.id}`, headers })
    expect(read.statusCode).toBe(200)
    expect(read.json().customer.orders).toEqual([])
    expect(read.json().customer.shipping_addresses).toHaveLength(1)
    expect(read.json().customer).not.toHaveProperty('groups')
    expect(read.json().customer).not.toHaveProperty('billing_address')

    const group = await makeCustomerGroup(ctx.app.db)
    const expanded = await inject({
      method: 'GET',
      url: `/admin/customers/${customer.id}?expand=groups,billing_address`,
      headers,
    })
    expect(expanded.json().customer).toMatchObject({ groups: [], billing_address: null })
    expect(expanded.json().customer).not.toHaveProperty('orders')

    const updated = await inject({
      method: 'POST',
      url: `/admin/customers/${customer.id}?expand=groups`,
      headers,
      payload: {
        first_name: 'Carla',
        phone: null,
        metadata: { source: '', vip: true },
        groups: [{ id: group.id }],
        email: email.toUpperCase(),
      },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().customer).toMatchObject({
      first_name: 'Carla',
      phone: null,
      metadata: { vip: true },
      groups: [{ id: group.id, name: group.name }],
    })

    const password = await inject({
      method: 'POST',
      url: `/admin/customers/${customer.id}`,
      headers,
      payload: { password: 'staff-changed-it' },
    })
    expect(password.json().customer).toMatchObject({ orders: [], shipping_addresses: [expect.any(Object)] })
    const relogin = await inject({
      method: 'POST',
      url: '/store/auth',
      payload: { email, password: 'staff-changed-it' },
    })
    expect(relogin.statusCode).toBe(200)
  })

  it('replaces group memberships and may change a guest email but not an account email', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const shopper = await makeCustomer(ctx.app.db)
    const [first, second, third] = await Promise.all([
      makeCustomerGroup(ctx.app.db, { name: unique('A') }),
      makeCustomerGroup(ctx.app.db, { name: unique('B') }),
      makeCustomerGroup(ctx.app.db, { name: unique('C') }),
    ])
    const joined = await inject({
      method: 'POST',
      url: `/admin/customers/${shopper.id}?expand=groups`,
      headers,
      payload: { groups: [{ id: first.id }, { id: second.id }, { id: first.id }] },
    })
    expect(joined.json().customer.groups.map((g: { id: string }) => g.id)).toEqual([first.id, second.id])
    const replaced = await inject({
      method: 'POST',
      url: `/admin/customers/${shopper.id}?expand=groups`,
      headers,
      payload: { groups: [{ id: third.id }] },
    })
    expect(replaced.json().customer.groups.map((g: { id: string }) => g.id)).toEqual([third.id])
    const cleared = await inject({
      method: 'POST',
      url: `/admin/customers/${shopper.id}?expand=groups`,
      headers,
      payload: { groups: [] },
    })
    expect(cleared.json().customer.groups).toEqual([])

    const locked = await inject({
      method: 'POST',
      url: `/admin/customers/${shopper.id}`,
      headers,
      payload: { email: `${unique('other')}@example.com` },
    })
    expect(locked.statusCode).toBe(400)
    expect(locked.json()).toEqual({
      type: 'invalid_data',
      message: 'Email cannot be changed when the user has registered their account',
    })

    const guest = await makeGuestCustomer(ctx.app.db)
    const newEmail = `${unique('guest-new')}@example.com`
    const changed = await inject({
      method: 'POST',
      url: `/admin/customers/${guest.id}`,
      headers,
      payload: { email: newEmail },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().customer.email).toBe(newEmail)
  })

  it('promotes a guest record when staff create an account for its email', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const guest = await makeGuestCustomer(ctx.app.db)
    const res = await inject({
      method: 'POST',
      url: '/admin/customers',
      headers,
      payload: { email: guest.email, first_name: 'G', last_name: 'Uest', password: 'now-an-account' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().customer).toMatchObject({ id: guest.id, has_account: true })
  })

  it('lists with q, has_account, groups, dates, order, paging and expand', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const tag = unique('zebra').toLowerCase()
    const old = await makeCustomer(ctx.app.db, {
      email: `${tag}-old@example.com`,
      first_name: 'Old',
      created_at: new Date('2020-01-01T00:00:00Z'),
    })
    const member = await makeCustomer(ctx.app.db, { email: `${tag}-member@example.com`, first_name: 'Member' })
    const guest = await makeGuestCustomer(ctx.app.db, { email: `${tag}-guest@example.com` })
    const byName = await makeCustomer(ctx.app.db, { first_name: `${tag}Named` })
    const group = await makeCustomerGroup(ctx.app.db, { customer_ids: [member.id, guest.id] })
    await makeAddress(ctx.app.db, member.id)

    const ids = async (query: string) => {
      const res = await inject({ method: 'GET', url: `/admin/customers?${query}`, headers })
      expect(res.statusCode).toBe(200)
      return res.json().customers.map((c: { id: string }) => c.id)
    }

    const all = await inject({ method: 'GET', url: `/admin/customers?q=${tag}`, headers })
    expect(all.json()).toMatchObject({ count: 4, offset: 0, limit: 50 })
    // Newest first by default; no relations unless asked.
    expect(all.json().customers.map((c: { id: string }) => c.id)).toEqual([byName.id, guest.id, member.id, old.id])
    expect(all.json().customers[0]).not.toHaveProperty('shipping_addresses')
    expect(await ids(`q=${tag.toUpperCase()}NAMED`)).toEqual([byName.id])

    expect(await ids(`q=${tag}&has_account=false`)).toEqual([guest.id])
    expect(await ids(`q=${tag}&has_account=true&order=email`)).toEqual(
      [member.id, old.id, byName.id].sort((a, b) => {
        const emails: Record<string, string> = {
          [member.id]: member.email,
          [old.id]: old.email,
          [byName.id]: byName.email,
        }
        return emails[a] < emails[b] ? -1 : 1
      }),
    )
    expect(await ids(`groups[]=${group.id}`)).toEqual([guest.id, member.id])
    expect(await ids(`groups=${group.id}`)).toEqual([guest.id, member.id])
    expect(await ids(`q=${tag}&created_at[lt]=2021-01-01`)).toEqual([old.id])
    expect(await ids(`q=${tag}&created_at[gt]=2021-01-01&order=created_at&limit=2&offset=1`)).toEqual([
      guest.id,
      byName.id,
    ])

    const expanded = await inject({
      method: 'GET',
      url: `/admin/customers?groups[]=${group.id}&expand=shipping_addresses,groups,billing_address`,
      headers,
    })
    const listedMember = expanded.json().customers.find((c: { id: string }) => c.id === member.id)
    expect(listedMember.shipping_addresses).toHaveLength(1)
    expect(listedMember.groups.map((g: { id: string }) => g.id)).toEqual([group.id])
    expect(listedMember.billing_address).toBeNull()

    // `fields` is accepted and ignored, as in v1.
    expect((await inject({ method: 'GET', url: `/admin/customers?fields=email&q=${tag}`, headers })).statusCode).toBe(
      200,
    )
  })

  it('answers bad input with 4xx envelopes', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const shopper = await makeCustomer(ctx.app.db)
    const valid = { email: `${unique('x')}@example.com`, first_name: 'X', last_name: 'Y', password: 'long-enough' }
    await expectCases(headers, [
      { method: 'POST', url: '/admin/customers', payload: { ...valid, email: 'nope' }, status: 400, message: /email/ },
      {
        method: 'POST',
        url: '/admin/customers',
        payload: { ...valid, first_name: undefined },
        status: 400,
        message: /first_name is required/,
      },
      {
        method: 'POST',
        url: '/admin/customers',
        payload: { ...valid, password: undefined },
        status: 400,
        message: /password is required/,
      },
      {
        method: 'POST',
        url: '/admin/customers',
        payload: { ...valid, password: 'short' },
        status: 400,
        message: /at least 8/,
      },
      {
        method: 'POST',
        url: '/admin/customers',
        payload: { ...valid, email: shopper.email.toUpperCase() },
        status: 422,
        message: /already has an account/,
      },
      {
        method: 'POST',
        url: '/admin/customers',
        payload: { ...valid, has_account: false },
        status: 400,
        message: /property has_account should not exist/,
      },
      { method: 'GET', url: '/admin/customers/cus_missing', status: 404, message: /Customer with id cus_missing/ },
      { method: 'POST', url: '/admin/customers/cus_missing', payload: { first_name: 'x' }, status: 404 },
      {
        method: 'POST',
        url: `/admin/customers/${shopper.id}`,
        payload: { first_name: 5 },
        status: 400,
        message: /first_name must be a string/,
      },
      {
        method: 'POST',
        url: `/admin/customers/${shopper.id}`,
        payload: { groups: [{ id: 'cgrp_missing' }] },
        status: 400,
        message: /cgrp_missing/,
      },
      {
        method: 'POST',
        url: `/admin/customers/${shopper.id}`,
        payload: { groups: ['cgrp_1'] },
        status: 400,
        message: /groups/,
      },
      {
        method: 'POST',
        url: `/admin/customers/${shopper.id}`,
        payload: { password: 'short' },
        status: 400,
        message: /at least 8/,
      },
      {
        method: 'GET',
        url: `/admin/customers/${shopper.id}?expand=password_hash`,
        status: 400,
        message: /Requested fields \[password_hash\] are not valid/,
      },
      { method: 'GET', url: '/admin/customers?limit=abc', status: 400, message: /limit/ },
      { method: 'GET', url: '/admin/customers?has_account=maybe', status: 400, message: /has_account/ },
      {
        method: 'GET',
        url: '/admin/customers?order=password_hash',
        status: 400,
        message: /Order field password_hash is not valid/,
      },
      {
        method: 'GET',
        url: '/admin/customers?created_at[gt]=not-a-date',
        status: 400,
        message: /created_at.gt must be a valid date/,
      },
      { method: 'GET', url: '/admin/customers?expand=orders.total', status: 400, message: /orders.total/ },
      { method: 'GET', url: '/admin/customers?email=x', status: 400, message: /property email should not exist/ },
    ])
  })
})

describe('admin customer groups', () => {
  it('creates, reads, updates, lists and deletes groups', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const name = unique('VIP')
    const created = await inject({
      method: 'POST',
      url: '/admin/customer-groups',
      headers,
      payload: { name, metadata: { tier: 1, tmp: 'x' } },
    })
    expect(created.statusCode).toBe(200)
    const group = created.json().customer_group
    expect(group).toMatchObject({ name, metadata: { tier: 1, tmp: 'x' }, deleted_at: null })
    expect(group.id).toMatch(/^cgrp_/)

    const read = await inject({ method: 'GET', url: `/admin/customer-groups/${group.id}`, headers })
    expect(read.json().customer_group).toEqual(group)

    const renamed = await inject({
      method: 'POST',
      url: `/admin/customer-groups/${group.id}`,
      headers,
      payload: { name: `${name} Gold`, metadata: { tmp: '' } },
    })
    expect(renamed.json().customer_group).toMatchObject({ name: `${name} Gold`, metadata: { tier: 1 } })

    const untouched = await inject({ method: 'POST', url: `/admin/customer-groups/${group.id}`, headers, payload: {} })
    expect(untouched.json().customer_group).toMatchObject({ name: `${name} Gold`, metadata: { tier: 1 } })
    const customer = await makeCustomer(ctx.app.db)
    const emptyCustomerUpdate = await inject({
      method: 'POST',
      url: `/admin/customers/${customer.id}`,
      headers,
      payload: {},
    })
    expect(emptyCustomerUpdate.statusCode).toBe(200)

    const listed = await inject({ method: 'GET', url: `/admin/customer-groups?q=${encodeURIComponent(name)}`, headers })
    expect(listed.json()).toMatchObject({ count: 1, offset: 0, limit: 10 })
    expect(listed.json().customer_groups[0].id).toBe(group.id)

    const removed = await inject({ method: 'DELETE', url: `/admin/customer-groups/${group.id}`, headers })
    expect(removed.json()).toEqual({ id: group.id, object: 'customer_group', deleted: true })
    expect((await inject({ method: 'GET', url: `/admin/customer-groups/${group.id}`, headers })).statusCode).toBe(404)
    // The name is free again once the group is deleted.
    const reused = await inject({
      method: 'POST',
      url: '/admin/customer-groups',
      headers,
      payload: { name: `${name} Gold` },
    })
    expect(reused.statusCode).toBe(200)
  })

  it('adds and removes members in batches, idempotently, and lists them', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const group = await makeCustomerGroup(ctx.app.db)
    // One after another: the member list is ordered by creation.
    const a = await makeCustomer(ctx.app.db)
    const b = await makeCustomer(ctx.app.db)
    const c = await makeCustomer(ctx.app.db)

    const added = await inject({
      method: 'POST',
      url: `/admin/customer-groups/${group.id}/customers/batch`,
      headers,
      payload: { customer_ids: [{ id: a.id }, { id: b.id }] },
    })
    expect(added.statusCode).toBe(200)
    expect(added.json().customer_group.id).toBe(group.id)
    const twice = await inject({
      method: 'POST',
      url: `/admin/customer-groups/${group.id}/customers/batch`,
      headers,
      payload: { customer_ids: [{ id: a.id }, { id: c.id }, { id: c.id }] },
    })
    expect(twice.statusCode).toBe(200)

    const members = await inject({
      method: 'GET',
      url: `/admin/customer-groups/${group.id}/customers?order=created_at`,
      headers,
    })
    expect(members.json()).toMatchObject({ count: 3, offset: 0, limit: 50 })
    expect(members.json().customers.map((m: { id: string }) => m.id)).toEqual([a.id, b.id, c.id])

    const expanded = await inject({
      method: 'GET',
      url: `/admin/customer-groups/${group.id}?expand=customers`,
      headers,
    })
    expect(expanded.json().customer_group.customers.map((m: { id: string }) => m.id)).toEqual([a.id, b.id, c.id])

    const removed = await inject({
      method: 'DELETE',
      url: `/admin/customer-groups/${group.id}/customers/batch`,
      headers,
      payload: { customer_ids: [{ id: b.id }] },
    })
    expect(removed.statusCode).toBe(200)
    const after = await ctx.app.db
      .select({ id: customerGroupCustomer.customer_id })
      .from(customerGroupCustomer)
      .where(eq(customerGroupCustomer.customer_group_id, group.id))
    expect(after.map((row) => row.id).sort()).toEqual([a.id, c.id].sort())

    // Deleting the group ends its memberships.
    await inject({ method: 'DELETE', url: `/admin/customer-groups/${group.id}`, headers })
    const a2 = await inject({ method: 'GET', url: `/admin/customers/${a.id}?expand=groups`, headers })
    expect(a2.json().customer.groups).toEqual([])
  })

  it('filters by id, id comparisons, name and dates; orders; selects fields; expands customers', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const tag = unique('flt')
    const member = await makeCustomer(ctx.app.db)
    const g1 = await makeCustomerGroup(ctx.app.db, { name: `${tag}-b`, customer_ids: [member.id] })
    const g2 = await makeCustomerGroup(ctx.app.db, { name: `${tag}-a` })

    const ids = async (query: string) => {
      const res = await inject({ method: 'GET', url: `/admin/customer-groups?${query}`, headers })
      expect({ query, status: res.statusCode }).toEqual({ query, status: 200 })
      return res.json().customer_groups.map((g: { id: string }) => g.id)
    }
    expect(await ids(`q=${tag}`)).toEqual([g2.id, g1.id])
    expect(await ids(`q=${tag}&order=name`)).toEqual([g2.id, g1.id])
    expect(await ids(`q=${tag}&order=-name`)).toEqual([g1.id, g2.id])
    expect(await ids(`id=${g1.id}`)).toEqual([g1.id])
    expect(await ids(`id[]=${g1.id}&id[]=${g2.id}&order=created_at`)).toEqual([g1.id, g2.id])
    expect(await ids(`id[gt]=${g1.id}&q=${tag}`)).toEqual([g2.id])
    expect(await ids(`id[ends_with]=${g2.id.slice(-10).toLowerCase()}`)).toEqual([g2.id])
    // Ids made in one millisecond (or after a test set the clock ahead) share all but their last
    // characters: the part searched for keeps the last one.
    expect(await ids(`id[contains]=${g1.id.slice(6)}`)).toEqual([g1.id])
    expect(await ids(`name[]=${tag}-a`)).toEqual([g2.id])
    expect(await ids(`name=${tag}-a,${tag}-b&order=name`)).toEqual([g2.id, g1.id])
    expect(await ids(`q=${tag}&created_at[lt]=2000-01-01`)).toEqual([])
    expect(await ids(`q=${tag}&limit=1&offset=1`)).toEqual([g1.id])

    const fields = await inject({ method: 'GET', url: `/admin/customer-groups?q=${tag}&fields=name`, headers })
    expect(fields.json().customer_groups[0]).toEqual({ id: g2.id, name: `${tag}-a` })
    const expanded = await inject({ method: 'GET', url: `/admin/customer-groups?q=${tag}&expand=customers`, headers })
    const [first, second] = expanded.json().customer_groups
    expect(first.customers).toEqual([])
    expect(second.customers.map((c: { id: string }) => c.id)).toEqual([member.id])
    expect(expanded.body).not.toMatch(/password/)
  })

  it('answers bad input with 4xx envelopes', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const group = await makeCustomerGroup(ctx.app.db)
    const other = await makeCustomerGroup(ctx.app.db)
    const shopper = await makeCustomer(ctx.app.db)
    await expectCases(headers, [
      { method: 'POST', url: '/admin/customer-groups', payload: {}, status: 400, message: /name is required/ },
      { method: 'POST', url: '/admin/customer-groups', payload: { name: 5 }, status: 400, message: /name must be/ },
      { method: 'POST', url: '/admin/customer-groups', payload: { name: '' }, status: 400, message: /name/ },
      {
        method: 'POST',
        url: '/admin/customer-groups',
        payload: { name: group.name },
        status: 422,
        message: /already exists/,
      },
      {
        method: 'POST',
        url: `/admin/customer-groups/${other.id}`,
        payload: { name: group.name },
        status: 422,
        message: /already exists/,
      },
      {
        method: 'POST',
        url: `/admin/customer-groups/${group.id}`,
        payload: { metadata: [] },
        status: 400,
        message: /metadata/,
      },
      { method: 'GET', url: '/admin/customer-groups/cgrp_missing', status: 404, message: /CustomerGroup with id/ },
      { method: 'POST', url: '/admin/customer-groups/cgrp_missing', payload: { name: 'x' }, status: 404 },
      { method: 'DELETE', url: '/admin/customer-groups/cgrp_missing', status: 404 },
      { method: 'GET', url: '/admin/customer-groups/cgrp_missing/customers', status: 404 },
      {
        method: 'POST',
        url: '/admin/customer-groups/cgrp_missing/customers/batch',
        payload: { customer_ids: [{ id: shopper.id }] },
        status: 404,
      },
      {
        method: 'POST',
        url: `/admin/customer-groups/${group.id}/customers/batch`,
        payload: { customer_ids: [{ id: shopper.id }, { id: 'cus_ghost1' }, { id: 'cus_ghost2' }] },
        status: 400,
        message: /The following customer ids do not exist: "cus_ghost1, cus_ghost2"/,
      },
      {
        method: 'DELETE',
        url: `/admin/customer-groups/${group.id}/customers/batch`,
        payload: { customer_ids: [{ id: 'cus_ghost' }] },
        status: 400,
        message: /cus_ghost/,
      },
      {
        method: 'POST',
        url: `/admin/customer-groups/${group.id}/customers/batch`,
        payload: { customer_ids: [shopper.id] },
        status: 400,
        message: /customer_ids/,
      },
      {
        method: 'POST',
        url: `/admin/customer-groups/${group.id}/customers/batch`,
        payload: {},
        status: 400,
        message: /customer_ids is required/,
      },
      { method: 'GET', url: '/admin/customer-groups?limit=-1', status: 400, message: /limit/ },
      { method: 'GET', url: '/admin/customer-groups?order=metadata', status: 400, message: /Order field metadata/ },
      { method: 'GET', url: '/admin/customer-groups?expand=price_lists', status: 400, message: /price_lists/ },
      { method: 'GET', url: '/admin/customer-groups?fields=secret', status: 400, message: /secret/ },
      { method: 'GET', url: '/admin/customer-groups?id[like]=x', status: 400, message: /id/ },
      {
        method: 'GET',
        url: '/admin/customer-groups?updated_at[gte]=nope',
        status: 400,
        message: /updated_at.gte must be a valid date/,
      },
    ])
    // A failed batch adds nobody.
    const rows = await ctx.app.db
      .select()
      .from(customerGroupCustomer)
      .where(eq(customerGroupCustomer.customer_group_id, group.id))
    expect(rows).toEqual([])
  })
})

describe('customer routes and the two auth domains', () => {
  it('keeps customers off admin routes and staff-only data off store routes', async () => {
    const shopper = await makeCustomer(ctx.app.db)
    const login = await inject({
      method: 'POST',
      url: '/store/auth/token',
      payload: { email: shopper.email, password: CUSTOMER_PASSWORD },
    })
    const headers = { authorization: `Bearer ${login.json().access_token}` }
    for (const url of ['/admin/auth', '/admin/customers', `/admin/customers/${shopper.id}`, '/admin/customer-groups']) {
      const res = await inject({ method: 'GET', url, headers })
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 })
    }
  })
})
