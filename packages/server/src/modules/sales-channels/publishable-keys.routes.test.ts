import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import { makePublishableKey, makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { addSalesChannelsToKey, createPublishableApiKey } from './publishable-keys.js'
import { publishableApiKeySalesChannel } from './schema.js'

const ctx = useTestApp()
let headers: Record<string, string>
let adminId: string

beforeAll(async () => {
  const admin = await asAdmin(ctx.app.db)
  headers = admin.headers
  adminId = admin.user.id
})

function request(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
}

async function eventsFor(id: string): Promise<string[]> {
  const rows = await ctx.app.db.select().from(outbox)
  return rows.filter((row) => row.data.id === id).map((row) => row.event_name)
}

async function linkedChannels(keyId: string): Promise<string[]> {
  const rows = await ctx.app.db
    .select({ id: publishableApiKeySalesChannel.sales_channel_id })
    .from(publishableApiKeySalesChannel)
    .where(eq(publishableApiKeySalesChannel.publishable_key_id, keyId))
  return rows.map((row) => row.id).sort()
}

describe('POST /admin/publishable-api-keys', () => {
  it('creates a key owned by the acting user', async () => {
    const res = await request('POST', '/admin/publishable-api-keys', { title: 'Storefront' })
    expect(res.statusCode).toBe(200)
    const key = res.json().publishable_api_key
    expect(key).toMatchObject({ title: 'Storefront', created_by: adminId, revoked_by: null, revoked_at: null })
    expect(key.id).toMatch(/^pk_[0-9A-Z]{26}$/)
    expect(Object.keys(key).sort()).toEqual(
      ['created_at', 'created_by', 'id', 'revoked_at', 'revoked_by', 'title', 'updated_at'].sort(),
    )
    expect(await eventsFor(key.id)).toEqual(['publishable_api_key.created'])
  })

  it('rejects bad bodies', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /title is required/],
      [{ title: 5 }, /title must be a string/],
      [{ title: '' }, /title must NOT have fewer than 1 characters/],
      [{ title: 'x', created_by: 'usr_1' }, /property created_by should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await request('POST', '/admin/publishable-api-keys', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('GET /admin/publishable-api-keys/:id', () => {
  it('returns the key, or 404', async () => {
    const key = await makePublishableKey(ctx.app.db, { title: 'Read me' })
    const res = await request('GET', `/admin/publishable-api-keys/${key.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().publishable_api_key).toMatchObject({ id: key.id, title: 'Read me' })

    const missing = await request('GET', '/admin/publishable-api-keys/pk_unknown')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ type: 'not_found', message: 'Publishable key with id pk_unknown was not found' })
  })
})

describe('POST /admin/publishable-api-keys/:id', () => {
  it('updates the title', async () => {
    const key = await makePublishableKey(ctx.app.db, { title: 'Old' })
    const res = await request('POST', `/admin/publishable-api-keys/${key.id}`, { title: 'New' })
    expect(res.statusCode).toBe(200)
    expect(res.json().publishable_api_key).toMatchObject({ id: key.id, title: 'New' })
    const unchanged = await request('POST', `/admin/publishable-api-keys/${key.id}`, {})
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json().publishable_api_key.title).toBe('New')
  })

  it('rejects bad bodies and unknown ids', async () => {
    const key = await makePublishableKey(ctx.app.db)
    const bad = await request('POST', `/admin/publishable-api-keys/${key.id}`, { title: ['x'] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/title must be a string/)
    const unknown = await request('POST', '/admin/publishable-api-keys/pk_unknown', { title: 'x' })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('DELETE /admin/publishable-api-keys/:id', () => {
  it('deletes the key and its channel links', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db, { sales_channel_ids: [channel.id] })
    const res = await request('DELETE', `/admin/publishable-api-keys/${key.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: key.id, object: 'publishable_api_key', deleted: true })
    expect((await request('GET', `/admin/publishable-api-keys/${key.id}`)).statusCode).toBe(404)
    expect(await linkedChannels(key.id)).toEqual([])
  })

  it('answers 404 for an unknown id', async () => {
    const res = await request('DELETE', '/admin/publishable-api-keys/pk_unknown')
    expect(res.statusCode).toBe(404)
  })
})

describe('POST /admin/publishable-api-keys/:id/revoke', () => {
  it('revokes once, then refuses', async () => {
    const key = await makePublishableKey(ctx.app.db)
    const res = await request('POST', `/admin/publishable-api-keys/${key.id}/revoke`)
    expect(res.statusCode).toBe(200)
    const revoked = res.json().publishable_api_key
    expect(revoked.revoked_by).toBe(adminId)
    expect(Date.parse(revoked.revoked_at)).toBeGreaterThan(Date.now() - 60_000)
    expect(await eventsFor(key.id)).toEqual(['publishable_api_key.revoked'])

    const again = await request('POST', `/admin/publishable-api-keys/${key.id}/revoke`)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ type: 'not_allowed', message: 'PublishableApiKey has already been revoked.' })
    expect(await eventsFor(key.id)).toEqual(['publishable_api_key.revoked'])
  })

  it('answers 404 for an unknown id', async () => {
    const res = await request('POST', '/admin/publishable-api-keys/pk_unknown/revoke')
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /admin/publishable-api-keys', () => {
  it('lists newest first with the pagination envelope and q over title', async () => {
    const tag = `K${Date.now()}`
    const first = await makePublishableKey(ctx.app.db, { title: `${tag} one` })
    const second = await makePublishableKey(ctx.app.db, { title: `${tag} two` })
    await makePublishableKey(ctx.app.db, { title: 'unrelated' })
    const res = await request('GET', `/admin/publishable-api-keys?q=${tag.toLowerCase()}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ count: 2, offset: 0, limit: 20 })
    expect(res.json().publishable_api_keys.map((k: { id: string }) => k.id)).toEqual([second.id, first.id])

    const page = await request('GET', `/admin/publishable-api-keys?q=${tag}&order=title&limit=1&offset=1`)
    expect(page.json()).toMatchObject({ count: 2, offset: 1, limit: 1 })
    expect(page.json().publishable_api_keys[0].id).toBe(second.id)
  })

  it('filters by revoked_at and dates, and selects fields', async () => {
    const tag = `R${Date.now()}`
    const live = await makePublishableKey(ctx.app.db, { title: `${tag} live` })
    const revoked = await makePublishableKey(ctx.app.db, { title: `${tag} revoked`, revoked_at: new Date() })
    const ids = (query: string) =>
      request('GET', `/admin/publishable-api-keys?q=${tag}&${query}`).then((res) =>
        res.json().publishable_api_keys.map((k: { id: string }) => k.id),
      )
    expect(await ids('revoked_at[gte]=2000-01-01')).toEqual([revoked.id])
    expect(await ids('created_at[lt]=2000-01-01')).toEqual([])
    expect(await ids('updated_at[gt]=946684800&order=created_at')).toEqual([live.id, revoked.id])

    const picked = await request('GET', `/admin/publishable-api-keys?q=${tag}&fields=title&order=created_at`)
    expect(picked.json().publishable_api_keys[0]).toEqual({
      id: live.id,
      title: `${tag} live`,
      created_at: live.created_at.toISOString(),
    })
  })

  it('rejects bad queries', async () => {
    const cases: [string, RegExp][] = [
      ['limit=-1', /limit must be >= 0/],
      ['order=created_by', /Order field created_by is not valid/],
      ['fields=secret', /Requested fields \[secret\] are not valid/],
      ['expand=sales_channels', /Requested fields \[sales_channels\] are not valid/],
      ['revoked_at[gt]=nope', /revoked_at.gt must be a valid date/],
      ['title=x', /property title should not exist/],
    ]
    for (const [query, message] of cases) {
      const res = await request('GET', `/admin/publishable-api-keys?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('publishable key sales channels', () => {
  it('adds channels in a batch, idempotently, and lists them', async () => {
    const a = await makeSalesChannel(ctx.app.db, { name: 'Alpha web', description: 'desktop' })
    const b = await makeSalesChannel(ctx.app.db, { name: 'Beta app', description: 'mobile' })
    const key = await makePublishableKey(ctx.app.db)
    const url = `/admin/publishable-api-keys/${key.id}/sales-channels`

    const res = await request('POST', `${url}/batch`, { sales_channel_ids: [{ id: a.id }, { id: b.id }, { id: a.id }] })
    expect(res.statusCode).toBe(200)
    expect(res.json().publishable_api_key).toMatchObject({ id: key.id, title: key.title })
    expect(await linkedChannels(key.id)).toEqual([a.id, b.id].sort())

    const again = await request('POST', `${url}/batch`, { sales_channel_ids: [{ id: a.id }] })
    expect(again.statusCode).toBe(200)
    expect(await linkedChannels(key.id)).toEqual([a.id, b.id].sort())

    const list = await request('GET', url)
    expect(list.statusCode).toBe(200)
    expect(Object.keys(list.json())).toEqual(['sales_channels'])
    expect(list.json().sales_channels.map((c: { id: string }) => c.id)).toEqual([a.id, b.id])
    expect(list.json().sales_channels[0]).toMatchObject({ name: 'Alpha web', is_disabled: false, deleted_at: null })

    const searched = await request('GET', `${url}?q=MOBILE`)
    expect(searched.json().sales_channels.map((c: { id: string }) => c.id)).toEqual([b.id])
  })

  it('hides deleted channels from the list but lets their links be removed', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db, { sales_channel_ids: [channel.id] })
    await request('DELETE', `/admin/sales-channels/${channel.id}`)
    const url = `/admin/publishable-api-keys/${key.id}/sales-channels`
    expect((await request('GET', url)).json().sales_channels).toEqual([])
    const added = await request('POST', `${url}/batch`, { sales_channel_ids: [{ id: channel.id }] })
    expect(added.statusCode).toBe(400)
    const removed = await request('DELETE', `${url}/batch`, { sales_channel_ids: [{ id: channel.id }] })
    expect(removed.statusCode).toBe(200)
    expect(await linkedChannels(key.id)).toEqual([])
  })

  it('removes channels in a batch', async () => {
    const a = await makeSalesChannel(ctx.app.db)
    const b = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db, { sales_channel_ids: [a.id, b.id] })
    const res = await request('DELETE', `/admin/publishable-api-keys/${key.id}/sales-channels/batch`, {
      sales_channel_ids: [{ id: a.id }],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().publishable_api_key.id).toBe(key.id)
    expect(await linkedChannels(key.id)).toEqual([b.id])
  })

  it('names unknown channel ids with a 400 and changes nothing', async () => {
    const known = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db)
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await request(method, `/admin/publishable-api-keys/${key.id}/sales-channels/batch`, {
        sales_channel_ids: [{ id: known.id }, { id: 'sc_missing1' }, { id: 'sc_missing2' }],
      })
      expect(res.statusCode, method).toBe(400)
      expect(res.json()).toEqual({
        type: 'invalid_data',
        message: 'Sales channels sc_missing1, sc_missing2 do not exist',
      })
    }
    expect(await linkedChannels(key.id)).toEqual([])
  })

  it('answers 404 for an unknown key and 400 for malformed bodies', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const key = await makePublishableKey(ctx.app.db)
    const batch = { sales_channel_ids: [{ id: channel.id }] }
    expect((await request('GET', '/admin/publishable-api-keys/pk_unknown/sales-channels')).statusCode).toBe(404)
    expect(
      (await request('POST', '/admin/publishable-api-keys/pk_unknown/sales-channels/batch', batch)).statusCode,
    ).toBe(404)
    expect(
      (await request('DELETE', '/admin/publishable-api-keys/pk_unknown/sales-channels/batch', batch)).statusCode,
    ).toBe(404)

    const url = `/admin/publishable-api-keys/${key.id}/sales-channels/batch`
    const cases: [unknown, RegExp][] = [
      [{}, /sales_channel_ids is required/],
      [{ sales_channel_ids: channel.id }, /sales_channel_ids must be a array/],
      [{ sales_channel_ids: [channel.id] }, /sales_channel_ids.0 must be a object/],
      [{ sales_channel_ids: [{}] }, /sales_channel_ids.0.id is required/],
      [{ sales_channel_ids: [{ id: 1 }] }, /sales_channel_ids.0.id must be a string/],
      [{ sales_channel_ids: [{ id: channel.id, name: 'x' }] }, /property sales_channel_ids.0.name should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await request('POST', url, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
    const badQuery = await request('GET', `/admin/publishable-api-keys/${key.id}/sales-channels?limit=5`)
    expect(badQuery.statusCode).toBe(400)
    expect(badQuery.json().message).toMatch(/property limit should not exist/)
  })
})

describe('publishable key service', () => {
  it('creates a key and links channels for the seed', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const key = await createPublishableApiKey(ctx.app.db, { title: 'Seed key' }, null)
    expect(key.created_by).toBeNull()
    const linked = await addSalesChannelsToKey(ctx.app.db, key.id, [channel.id])
    expect(linked.id).toBe(key.id)
    expect(await linkedChannels(key.id)).toEqual([channel.id])
  })
})
