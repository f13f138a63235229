import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import { adminHeaders, asAdmin, makeUser } from '../../testing/factories/users.js'
import { adminApi } from '../../testing/api/index.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()

type Headers = Record<string, string>
const as = (headers: Headers) => adminApi(ctx, { headers })

let sequence = 0
async function noteOn(headers: Headers, resourceId: string, value = `note ${++sequence}`) {
  const res = await as(headers).post('/admin/notes', { resource_id: resourceId, resource_type: 'order', value })
  expect(res.statusCode).toBe(200)
  return res.json().note as { id: string; value: string; author_id: string }
}

describe('POST /admin/notes', () => {
  it('writes a note by the logged-in user and records note.created', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const res = await as(headers).post('/admin/notes', {
      resource_id: 'order_create_1',
      resource_type: 'order',
      value: 'Called the shopper',
    })
    expect(res.statusCode).toBe(200)
    const { note } = res.json()
    expect(note).toMatchObject({
      id: expect.stringMatching(/^note_/),
      resource_id: 'order_create_1',
      resource_type: 'order',
      value: 'Called the shopper',
      author_id: user.id,
      metadata: {},
      deleted_at: null,
    })
    expect(note).not.toHaveProperty('author')
    const events = await ctx.app.db
      .select({ event_name: outbox.event_name })
      .from(outbox)
      .where(sql`${outbox.data}->>'id' = ${note.id}`)
    expect(events).toEqual([{ event_name: 'note.created' }])
  })

  it('rejects a missing, empty or unknown field naming it', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const valid = { resource_id: 'order_bad', resource_type: 'order', value: 'x' }
    const cases: [object, string][] = [
      [{ ...valid, value: '' }, 'value'],
      [{ ...valid, resource_id: undefined }, 'resource_id'],
      [{ ...valid, resource_type: 42 }, 'resource_type'],
      [{ ...valid, author_id: 'usr_forged' }, 'author_id'],
    ]
    for (const [payload, field] of cases) {
      const res = await as(headers).post('/admin/notes', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.error().type).toBe('invalid_data')
      expect(res.error().message).toContain(field)
    }
  })
})

describe('GET /admin/notes', () => {
  it("lists a resource's notes oldest first with their authors, and pages them", async () => {
    const first = await asAdmin(ctx.app.db)
    const second = await asAdmin(ctx.app.db)
    const a = await noteOn(first.headers, 'order_list_1', 'first')
    const b = await noteOn(second.headers, 'order_list_1', 'second')
    const c = await noteOn(first.headers, 'order_list_1', 'third')
    await noteOn(first.headers, 'order_list_other')

    const res = await as(first.headers).get('/admin/notes?resource_id=order_list_1')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ count: 3, offset: 0, limit: 50 })
    expect(body.notes.map((n: { id: string }) => n.id)).toEqual([a.id, b.id, c.id])
    expect(body.notes[1].author).toMatchObject({ id: second.user.id, email: second.user.email })
    expect(body.notes[1].author).not.toHaveProperty('password_hash')
    expect(body.notes[1].author).not.toHaveProperty('token_version')

    const page = (await as(first.headers).get('/admin/notes?resource_id=order_list_1&limit=1&offset=1')).json()
    expect(page).toMatchObject({ count: 3, offset: 1, limit: 1 })
    expect(page.notes.map((n: { id: string }) => n.id)).toEqual([b.id])

    const all = (await as(first.headers).get('/admin/notes?limit=1000')).json()
    expect(all.count).toBeGreaterThanOrEqual(4)
  })

  it('answers a null author once the author is deleted', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const writer = await makeUser(ctx.app.db)
    const note = await noteOn(await adminHeaders(writer.id), 'order_gone_author')
    const deleted = await as(headers).del(`/admin/users/${writer.id}`)
    expect(deleted.statusCode).toBe(200)
    const read = (await as(headers).get(`/admin/notes/${note.id}`)).json().note
    expect(read).toMatchObject({ author_id: writer.id, author: null })
  })

  it('rejects bad query parameters naming them', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    for (const [query, field] of [
      ['?limit=-1', 'limit'],
      ['?offset=x', 'offset'],
      ['?resource_id=', 'resource_id'],
      ['?resource_type=order', 'resource_type'],
    ]) {
      const res = await as(headers).get(`/admin/notes${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.error().message, query).toContain(field)
    }
  })
})

describe('GET/POST/DELETE /admin/notes/:id', () => {
  it('reads, edits and soft-deletes a note', async () => {
    const { user, headers } = await asAdmin(ctx.app.db)
    const note = await noteOn(headers, 'order_edit_1', 'before')

    const read = await as(headers).get(`/admin/notes/${note.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().note).toMatchObject({ id: note.id, value: 'before', author: { id: user.id } })

    const edited = await as(headers).post(`/admin/notes/${note.id}`, { value: 'after' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().note).toMatchObject({ id: note.id, value: 'after', author_id: user.id })
    expect((await as(headers).get(`/admin/notes/${note.id}`)).json().note.value).toBe('after')

    const deleted = await as(headers).del(`/admin/notes/${note.id}`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ id: note.id, object: 'note', deleted: true })

    expect((await as(headers).get(`/admin/notes/${note.id}`)).statusCode).toBe(404)
    expect((await as(headers).post(`/admin/notes/${note.id}`, { value: 'again' })).statusCode).toBe(404)
    expect((await as(headers).del(`/admin/notes/${note.id}`)).statusCode).toBe(404)
    expect((await as(headers).get('/admin/notes?resource_id=order_edit_1')).json()).toMatchObject({
      notes: [],
      count: 0,
    })
  })

  it('is 404 in the envelope for an unknown note, 400 for a bad edit', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const missing = await as(headers).get('/admin/notes/note_missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ type: 'not_found', message: 'Note with id note_missing was not found' })

    const note = await noteOn(headers, 'order_bad_edit')
    for (const [payload, field] of [
      [{ value: '' }, 'value'],
      [{}, 'value'],
      [{ value: 'ok', resource_id: 'other' }, 'resource_id'],
    ] as const) {
      const res = await as(headers).post(`/admin/notes/${note.id}`, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.error().message).toContain(field)
    }
  })

  it('needs a logged-in user', async () => {
    expect((await as({}).get('/admin/notes')).statusCode).toBe(401)
    expect(
      (await as({}).post('/admin/notes', { resource_id: 'a', resource_type: 'order', value: 'x' })).statusCode,
    ).toBe(401)
    expect((await as({}).get('/admin/notes/note_x')).statusCode).toBe(401)
    expect((await as({}).post('/admin/notes/note_x', { value: 'x' })).statusCode).toBe(401)
    expect((await as({}).del('/admin/notes/note_x')).statusCode).toBe(401)
  })
})
