import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/connection.js'
import { makeUser, TEST_PASSWORD } from '../testing/factories/users.js'
import { buildTestApp } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'

/**
 * Two server instances over one database, each with its own connection pool on PostgreSQL (as two
 * processes would have): a session created by one is honoured by the other, and a logout on one
 * ends it for both.
 */
let database: TestDatabase
let second: Database
let first: FastifyInstance
let other: FastifyInstance

beforeAll(async () => {
  database = await createTestDatabase()
  second = database.kind === 'postgres' ? await database.reopen() : database
  first = await buildTestApp(database)
  other = await buildTestApp(second)
})

afterAll(async () => {
  await first.close()
  await other.close()
  if (second !== database) await second.close()
  await database.close()
})

describe('sessions shared between server instances', () => {
  it('logs in on one instance and is recognised on the other', async () => {
    const user = await makeUser(first.db)
    const login = await first.inject({
      method: 'POST',
      url: '/admin/auth',
      payload: { email: user.email, password: TEST_PASSWORD },
    })
    const sid = login.cookies.find((c) => c.name === 'connect.sid')!.value

    const me = await other.inject({ method: 'GET', url: '/admin/auth', cookies: { 'connect.sid': sid } })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.id).toBe(user.id)

    await other.inject({ method: 'DELETE', url: '/admin/auth', cookies: { 'connect.sid': sid } })
    const after = await first.inject({ method: 'GET', url: '/admin/auth', cookies: { 'connect.sid': sid } })
    expect(after.statusCode).toBe(401)
  })

  it('ignores a tampered session cookie', async () => {
    const res = await other.inject({
      method: 'GET',
      url: '/admin/auth',
      cookies: { 'connect.sid': 'forged.signature' },
    })
    expect(res.statusCode).toBe(401)
  })
})
