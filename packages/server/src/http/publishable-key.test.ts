import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.js'
import { publishableApiKey } from '../modules/sales-channels/schema.js'
import { makePublishableKey, makeSalesChannel } from '../testing/factories/sales-channels.js'
import { asAdmin } from '../testing/factories/users.js'
import { testConfig } from '../testing/test-app.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js'
import { assertSalesChannelInScope } from '../core/request-identity.js'
import { PUBLISHABLE_KEY_HEADER, SCOPE_TTL_MS } from './publishable-key.js'

let database: TestDatabase
let app: FastifyInstance

// Store routes arrive with later modules; these two stand in for them.
beforeAll(async () => {
  database = await createTestDatabase()
  app = await buildApp({ config: testConfig(), database, logger: false })
  app.get('/store/__scope', async (request) => ({ scope: request.publishableKey ?? null }))
  // Inside a plugin, as later modules register their store routes.
  await app.register(async (plugin) => {
    plugin
      .withTypeProvider<TypeBoxTypeProvider>()
      .get(
        '/store/__channel',
        { schema: { querystring: Type.Object({ sales_channel_id: Type.Optional(Type.String()) }) } },
        async (request) => {
          assertSalesChannelInScope(request, request.query.sales_channel_id)
          return { ok: true }
        },
      )
  })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

function store(url: string, key?: string) {
  return app.inject({ method: 'GET', url, headers: key === undefined ? {} : { [PUBLISHABLE_KEY_HEADER]: key } })
}

describe('x-publishable-api-key on /store', () => {
  it('sets the key and its sales channels', async () => {
    const a = await makeSalesChannel(app.db)
    const b = await makeSalesChannel(app.db)
    const key = await makePublishableKey(app.db, { sales_channel_ids: [a.id, b.id] })
    const res = await store('/store/__scope', key.id)
    expect(res.statusCode).toBe(200)
    const { scope } = res.json()
    expect(scope.id).toBe(key.id)
    expect([...scope.salesChannelIds].sort()).toEqual([a.id, b.id].sort())
  })

  it('gives a key without channels an empty scope', async () => {
    const key = await makePublishableKey(app.db)
    const res = await store('/store/__scope?x=1', key.id)
    expect(res.json()).toEqual({ scope: { id: key.id, salesChannelIds: [] } })
  })

  it('leaves requests without the header unscoped', async () => {
    expect((await store('/store/__scope')).json()).toEqual({ scope: null })
    expect((await store('/store/__scope', '')).json()).toEqual({ scope: null })
  })

  it('rejects an unknown key with 400 not_allowed', async () => {
    const res = await store('/store/__scope', 'pk_unknown')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'not_allowed', message: 'Publishable API key pk_unknown is unknown' })
  })

  it('rejects a revoked key with 400 not_allowed', async () => {
    const key = await makePublishableKey(app.db, { revoked_at: new Date() })
    const res = await store('/store/__scope', key.id)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'not_allowed', message: `Publishable API key ${key.id} has been revoked` })
  })

  it('rejects a key revoked through the admin API', async () => {
    const { headers } = await asAdmin(app.db)
    const key = await makePublishableKey(app.db)
    expect((await store('/store/__scope', key.id)).statusCode).toBe(200)
    await app.inject({ method: 'POST', url: `/admin/publishable-api-keys/${key.id}/revoke`, headers })
    expect((await store('/store/__scope', key.id)).statusCode).toBe(400)
  })

  it('ignores the header outside /store', async () => {
    const { headers } = await asAdmin(app.db)
    const res = await app.inject({
      method: 'GET',
      url: '/admin/sales-channels?limit=1',
      headers: { ...headers, [PUBLISHABLE_KEY_HEADER]: 'pk_unknown' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('the scope kept between requests', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('applies a channel removed through the admin API from the next request on', async () => {
    const { headers } = await asAdmin(app.db)
    const a = await makeSalesChannel(app.db)
    const b = await makeSalesChannel(app.db)
    const key = await makePublishableKey(app.db, { sales_channel_ids: [a.id, b.id] })
    expect((await store('/store/__scope', key.id)).json().scope.salesChannelIds).toHaveLength(2)

    const removed = await app.inject({
      method: 'DELETE',
      url: `/admin/publishable-api-keys/${key.id}/sales-channels/batch`,
      headers,
      payload: { sales_channel_ids: [{ id: b.id }] },
    })

    expect(removed.statusCode).toBe(200)
    expect((await store('/store/__scope', key.id)).json().scope.salesChannelIds).toEqual([a.id])
  })

  it('sees a revocation made elsewhere (another process) within the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const key = await makePublishableKey(app.db)
    expect((await store('/store/__scope', key.id)).statusCode).toBe(200)

    await app.db.update(publishableApiKey).set({ revoked_at: new Date() }).where(eq(publishableApiKey.id, key.id))
    const meanwhile = await store('/store/__scope', key.id)
    vi.setSystemTime(Date.now() + SCOPE_TTL_MS + 1)
    const later = await store('/store/__scope', key.id)

    expect(meanwhile.statusCode).toBe(200)
    expect(later.statusCode).toBe(400)
    expect(later.json().message).toBe(`Publishable API key ${key.id} has been revoked`)
  })

  it('does not remember an unknown key: one created afterwards works at once', async () => {
    const key = await makePublishableKey(app.db)
    await app.db.delete(publishableApiKey).where(eq(publishableApiKey.id, key.id))
    expect((await store('/store/__scope', key.id)).statusCode).toBe(400)

    await app.db.insert(publishableApiKey).values({ id: key.id, title: key.title })

    expect((await store('/store/__scope', key.id)).statusCode).toBe(200)
  })
})

describe('assertSalesChannelInScope', () => {
  it('accepts channels in scope and rejects others with the multiple-errors envelope', async () => {
    const inside = await makeSalesChannel(app.db)
    const outside = await makeSalesChannel(app.db)
    const key = await makePublishableKey(app.db, { sales_channel_ids: [inside.id] })

    expect((await store(`/store/__channel?sales_channel_id=${inside.id}`, key.id)).statusCode).toBe(200)
    expect((await store('/store/__channel', key.id)).statusCode).toBe(200)

    const res = await store(`/store/__channel?sales_channel_id=${outside.id}`, key.id)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      errors: [
        `Provided sales channel id param: ${outside.id} is not associated with the Publishable API Key passed in the header of the request.`,
      ],
      message: 'Provided request body contains errors. Please check the data and retry the request',
    })
  })

  it('checks nothing without a key or for a key without channels', async () => {
    const channel = await makeSalesChannel(app.db)
    const unscoped = await makePublishableKey(app.db)
    expect((await store(`/store/__channel?sales_channel_id=${channel.id}`)).statusCode).toBe(200)
    expect((await store(`/store/__channel?sales_channel_id=${channel.id}`, unscoped.id)).statusCode).toBe(200)
  })
})
