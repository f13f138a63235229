import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import { outbox } from '../../events/schema.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { adminApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'
import { store } from '../store/schema.js'
import { createSalesChannel, listSalesChannels, retrieveSalesChannel } from './service.js'

const ctx = useTestApp()
const { get, post, del } = adminApi(ctx)
async function eventsFor(id: string): Promise<string[]> {
  const rows = await ctx.app.db.select().from(outbox)
  return rows.filter((row) => row.data.id === id).map((row) => row.event_name)
}

describe('POST /admin/sales-channels', () => {
  it('creates a channel and emits sales_channel.created', async () => {
    const res = await post('/admin/sales-channels', { name: 'Web shop', description: 'Main site', is_disabled: true })
    expect(res.statusCode).toBe(200)
    const channel = res.json().sales_channel
    expect(channel).toMatchObject({
      name: 'Web shop',
      description: 'Main site',
      is_disabled: true,
      metadata: null,
      deleted_at: null,
    })
    expect(channel.id).toMatch(/^sc_[0-9A-Z]{26}$/)
    expect(new Date(channel.created_at).toISOString()).toBe(channel.created_at)
    expect(await eventsFor(channel.id)).toEqual(['sales_channel.created'])
  })

  it('defaults description to null and is_disabled to false', async () => {
    const res = await post('/admin/sales-channels', { name: 'App' })
    expect(res.statusCode).toBe(200)
    expect(res.json().sales_channel).toMatchObject({ name: 'App', description: null, is_disabled: false })
  })

  it('rejects bad bodies with invalid_data naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /name is required/],
      [{ description: 'no name' }, /name is required/],
      [{ name: 12 }, /name must be a string/],
      [{ name: '' }, /name must NOT have fewer than 1 characters/],
      [{ name: 'x', is_disabled: 'yes' }, /is_disabled must be a boolean/],
      [{ name: 'x', description: 5 }, /description/],
      [{ name: 'x', metadata: {} }, /property metadata should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await post('/admin/sales-channels', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.error().type).toBe('invalid_data')
      expect(res.error().message).toMatch(message)
    }
  })

  it('needs an admin', async () => {
    const res = await post('/admin/sales-channels', { name: 'x' }, { auth: false })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /admin/sales-channels/:id', () => {
  it('returns the channel', async () => {
    const channel = await makeSalesChannel(ctx.app.db, { name: 'Retrieve me', metadata: { a: 1 } })
    const res = await get(`/admin/sales-channels/${channel.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().sales_channel).toMatchObject({ id: channel.id, name: 'Retrieve me', metadata: { a: 1 } })
  })

  it('answers 404 for an unknown or deleted channel', async () => {
    const deleted = await makeSalesChannel(ctx.app.db, { deleted_at: new Date() })
    for (const id of ['sc_unknown', deleted.id]) {
      const res = await get(`/admin/sales-channels/${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ type: 'not_found', message: `Sales channel with id ${id} was not found` })
    }
  })
})

describe('POST /admin/sales-channels/:id', () => {
  it('updates the given fields only and emits sales_channel.updated', async () => {
    const channel = await makeSalesChannel(ctx.app.db, { name: 'Before', description: 'keep' })
    const res = await post(`/admin/sales-channels/${channel.id}`, { name: 'After', is_disabled: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().sales_channel).toMatchObject({
      id: channel.id,
      name: 'After',
      description: 'keep',
      is_disabled: true,
    })
    expect(await eventsFor(channel.id)).toEqual(['sales_channel.updated'])

    const cleared = await post(`/admin/sales-channels/${channel.id}`, { description: null })
    expect(cleared.json().sales_channel).toMatchObject({ name: 'After', description: null })

    const empty = await post(`/admin/sales-channels/${channel.id}`, {})
    expect(empty.statusCode).toBe(200)
    expect(empty.json().sales_channel).toMatchObject({ name: 'After', is_disabled: true })
  })

  it('rejects bad bodies and unknown ids', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const cases: [unknown, RegExp][] = [
      [{ name: null }, /name must be a string/],
      [{ is_disabled: 'false' }, /is_disabled must be a boolean/],
      [{ unknown: 1 }, /property unknown should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await post(`/admin/sales-channels/${channel.id}`, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.error().message).toMatch(message)
    }
    const unknown = await post('/admin/sales-channels/sc_unknown', { name: 'x' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.error().type).toBe('not_found')
  })
})

describe('DELETE /admin/sales-channels/:id', () => {
  it('soft-deletes the channel and emits sales_channel.deleted', async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const res = await del(`/admin/sales-channels/${channel.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: channel.id, object: 'sales-channel', deleted: true })
    expect((await get(`/admin/sales-channels/${channel.id}`)).statusCode).toBe(404)
    const list = await get(`/admin/sales-channels?id=${channel.id}&deleted_at[gte]=2000-01-01`)
    expect(list.json().sales_channels[0].deleted_at).not.toBeNull()
    expect(await eventsFor(channel.id)).toEqual(['sales_channel.deleted'])
  })

  it('answers 200 for an unknown or already deleted id, as v1 does', async () => {
    const channel = await makeSalesChannel(ctx.app.db, { deleted_at: new Date() })
    for (const id of ['sc_unknown', channel.id]) {
      const res = await del(`/admin/sales-channels/${id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ id, object: 'sales-channel', deleted: true })
    }
    expect(await eventsFor(channel.id)).toEqual([])
  })

  it("refuses to delete the store's default channel", async () => {
    const channel = await makeSalesChannel(ctx.app.db)
    const [existing] = await ctx.app.db.select().from(store).limit(1)
    const storeRow =
      existing ??
      (
        await ctx.app.db
          .insert(store)
          .values({ id: generateId('store') })
          .returning()
      )[0]
    await ctx.app.db.update(store).set({ default_sales_channel_id: channel.id }).where(eq(store.id, storeRow.id))

    const res = await del(`/admin/sales-channels/${channel.id}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'not_allowed', message: 'You cannot delete the default sales channel' })
    expect((await get(`/admin/sales-channels/${channel.id}`)).statusCode).toBe(200)

    await ctx.app.db
      .update(store)
      .set({ default_sales_channel_id: storeRow.default_sales_channel_id })
      .where(eq(store.id, storeRow.id))
  })
})

describe('GET /admin/sales-channels', () => {
  it('lists newest first with the pagination envelope', async () => {
    const tag = `list-${Date.now()}`
    const first = await makeSalesChannel(ctx.app.db, { name: `${tag} a` })
    const second = await makeSalesChannel(ctx.app.db, { name: `${tag} b` })
    const res = await get(`/admin/sales-channels?q=${tag}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ count: 2, offset: 0, limit: 20 })
    expect(body.sales_channels.map((c: { id: string }) => c.id)).toEqual([second.id, first.id])

    const page = await get(`/admin/sales-channels?q=${tag}&limit=1&offset=1&order=created_at`)
    expect(page.json()).toMatchObject({ count: 2, offset: 1, limit: 1 })
    expect(page.json().sales_channels.map((c: { id: string }) => c.id)).toEqual([second.id])
  })

  it('filters by q over name and description, case-insensitively', async () => {
    const tag = `Q${Date.now()}`
    const byName = await makeSalesChannel(ctx.app.db, { name: `Shop ${tag}` })
    const byDescription = await makeSalesChannel(ctx.app.db, { name: 'Other', description: `about ${tag}` })
    await makeSalesChannel(ctx.app.db, { name: 'Unrelated' })
    const res = await get(`/admin/sales-channels?q=${tag.toLowerCase()}&order=name`)
    expect(res.json().sales_channels.map((c: { id: string }) => c.id)).toEqual([byDescription.id, byName.id])
    // LIKE wildcards in q are matched literally.
    expect((await get('/admin/sales-channels?q=%25%25%25_')).json().count).toBe(0)
  })

  it('filters by id, name, description and dates, and hides deleted rows unless deleted_at is given', async () => {
    const tag = `F${Date.now()}`
    const kept = await makeSalesChannel(ctx.app.db, { name: `${tag} kept`, description: `${tag} desc` })
    const gone = await makeSalesChannel(ctx.app.db, { name: `${tag} gone`, deleted_at: new Date() })
    const ids = (url: `/admin/sales-channels?${string}`) =>
      get(url).then((res) => res.json().sales_channels.map((c: { id: string }) => c.id))

    expect(await ids(`/admin/sales-channels?id=${kept.id}`)).toEqual([kept.id])
    expect(await ids(`/admin/sales-channels?id[]=${kept.id}&id[]=${gone.id}`)).toEqual([kept.id])
    expect(await ids(`/admin/sales-channels?name=${encodeURIComponent(`${tag} kept`)}`)).toEqual([kept.id])
    expect(await ids(`/admin/sales-channels?description=${encodeURIComponent(`${tag} desc`)}`)).toEqual([kept.id])
    expect(await ids(`/admin/sales-channels?q=${tag}&deleted_at[gt]=2000-01-01`)).toEqual([gone.id])
    expect(await ids(`/admin/sales-channels?q=${tag}&created_at[lt]=2000-01-01`)).toEqual([])
    const since = encodeURIComponent(new Date(kept.created_at.getTime() - 60_000).toISOString())
    expect(await ids(`/admin/sales-channels?q=${tag}&created_at[gte]=${since}&updated_at[gte]=${since}`)).toEqual([
      kept.id,
    ])
  })

  it('selects fields and validates expand', async () => {
    const tag = `S${Date.now()}`
    const channel = await makeSalesChannel(ctx.app.db, { name: `${tag} x`, description: 'hidden' })
    const res = await get(`/admin/sales-channels?q=${tag}&fields=name`)
    expect(res.statusCode).toBe(200)
    expect(res.json().sales_channels).toEqual([
      { id: channel.id, name: `${tag} x`, created_at: channel.created_at.toISOString() },
    ])
    expect((await get(`/admin/sales-channels?q=${tag}&expand=`)).statusCode).toBe(200)
  })

  it('rejects bad queries with 400 naming the problem', async () => {
    const cases: [string, RegExp][] = [
      ['limit=abc', /limit must be a integer/],
      ['offset=-1', /offset must be >= 0/],
      ['order=description', /Order field description is not valid/],
      ['fields=password', /Requested fields \[password\] are not valid/],
      ['expand=products', /Requested fields \[products\] are not valid/],
      ['created_at[gt]=not-a-date', /created_at.gt must be a valid date/],
      ['created_at[between]=1', /property created_at.between should not exist/],
      ['foo=bar', /property foo should not exist/],
    ]
    for (const [query, message] of cases) {
      const res = await get(`/admin/sales-channels?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.error().type).toBe('invalid_data')
      expect(res.error().message).toMatch(message)
    }
  })
})

describe('sales channel service', () => {
  it('creates, retrieves and lists for other modules and the seed', async () => {
    const created = await createSalesChannel(ctx.app.db, { name: 'Seeded channel', description: 'Created by the seed' })
    expect(await retrieveSalesChannel(ctx.app.db, created.id)).toEqual(created)
    const { sales_channels, count } = await listSalesChannels(ctx.app.db, { name: 'Seeded channel' })
    expect(count).toBe(1)
    expect(sales_channels[0].is_disabled).toBe(false)
  })
})
