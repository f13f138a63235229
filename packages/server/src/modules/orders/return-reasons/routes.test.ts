import { describe, expect, it } from 'vitest'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'

const ctx = useTestApp()

type Headers = Record<string, string>
const call = (headers: Headers, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

let sequence = 0
const unique = (name: string) => `${name}-${++sequence}-${Date.now()}`

async function reason(headers: Headers, payload: object = {}) {
  const res = await call(headers, 'POST', '/admin/return-reasons', { value: unique('v'), label: 'Label', ...payload })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().return_reason as { id: string; value: string }
}

describe('/admin/return-reasons', () => {
  it('creates, nests one level, reads, updates and soft-deletes reasons', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const parent = await reason(headers, { label: 'Wrong size', description: 'Did not fit', metadata: { a: 1 } })
    expect(parent).toMatchObject({
      id: expect.stringMatching(/^rr_/),
      label: 'Wrong size',
      description: 'Did not fit',
      parent_return_reason_id: null,
      metadata: { a: 1 },
      deleted_at: null,
      parent_return_reason: null,
      return_reason_children: [],
    })
    const child = await reason(headers, { label: 'Too small', parent_return_reason_id: parent.id })
    expect(child).toMatchObject({ parent_return_reason_id: parent.id, parent_return_reason: { id: parent.id } })

    const grandchild = await call(headers, 'POST', '/admin/return-reasons', {
      value: unique('g'),
      label: 'x',
      parent_return_reason_id: child.id,
    })
    expect(grandchild.statusCode).toBe(400)
    expect(grandchild.json()).toMatchObject({
      type: 'invalid_data',
      message: expect.stringContaining('parent_return_reason_id'),
    })

    const list = (await call(headers, 'GET', '/admin/return-reasons')).json().return_reasons as {
      id: string
      return_reason_children: { id: string }[]
    }[]
    expect(list.map((entry) => entry.id)).toContain(parent.id)
    expect(list.map((entry) => entry.id)).not.toContain(child.id)
    expect(list.find((entry) => entry.id === parent.id)?.return_reason_children.map((entry) => entry.id)).toEqual([
      child.id,
    ])

    const updated = await call(headers, 'POST', `/admin/return-reasons/${parent.id}`, {
      label: 'Size',
      metadata: { a: '', b: 2 },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().return_reason).toMatchObject({ label: 'Size', metadata: { b: 2 } })

    const deleted = await call(headers, 'DELETE', `/admin/return-reasons/${parent.id}`)
    expect(deleted.json()).toEqual({ id: parent.id, object: 'return_reason', deleted: true })
    expect((await call(headers, 'GET', `/admin/return-reasons/${parent.id}`)).statusCode).toBe(404)
    expect((await call(headers, 'GET', `/admin/return-reasons/${child.id}`)).statusCode).toBe(404)
    expect((await call(headers, 'DELETE', `/admin/return-reasons/${parent.id}`)).statusCode).toBe(404)
    // Its value is free again once deleted.
    await reason(headers, { value: parent.value })
  })

  it('refuses a duplicate value with 422, also for two creations at once', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const value = unique('dup')
    const both = await Promise.all([
      call(headers, 'POST', '/admin/return-reasons', { value, label: 'A' }),
      call(headers, 'POST', '/admin/return-reasons', { value, label: 'B' }),
    ])
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 422])
    const refused = both.find((res) => res.statusCode === 422)!
    expect(refused.json()).toMatchObject({ type: 'duplicate_error', message: expect.stringContaining('value') })
  })

  it('refuses bad input naming the field, and an unknown parent', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const cases: [object, string][] = [
      [{ label: 'x' }, 'value'],
      [{ value: unique('x') }, 'label'],
      [{ value: '', label: 'x' }, 'value'],
      [{ value: unique('x'), label: 'x', other: 1 }, 'other'],
      [{ value: unique('x'), label: 'x', parent_return_reason_id: 'rr_missing' }, 'parent_return_reason_id'],
    ]
    for (const [payload, field] of cases) {
      const res = await call(headers, 'POST', '/admin/return-reasons', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toContain(field)
    }
    const bad = await call(headers, 'POST', '/admin/return-reasons/rr_missing', { label: 'x' })
    expect(bad.statusCode).toBe(404)
    expect(bad.json()).toEqual({ type: 'not_found', message: 'ReturnReason with id rr_missing was not found' })
  })

  it('needs a logged-in user', async () => {
    expect((await call({}, 'GET', '/admin/return-reasons')).statusCode).toBe(401)
    expect((await call({}, 'POST', '/admin/return-reasons', { value: 'a', label: 'b' })).statusCode).toBe(401)
  })
})

describe('/store/return-reasons', () => {
  it('lists top-level reasons with their children and reads one', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const parent = await reason(headers)
    const child = await reason(headers, { parent_return_reason_id: parent.id })
    const list = await ctx.app.inject({ method: 'GET', url: '/store/return-reasons' })
    expect(list.statusCode).toBe(200)
    const found = list.json().return_reasons.find((entry: { id: string }) => entry.id === parent.id)
    expect(found.return_reason_children.map((entry: { id: string }) => entry.id)).toEqual([child.id])
    const one = await ctx.app.inject({ method: 'GET', url: `/store/return-reasons/${child.id}` })
    expect(one.json().return_reason).toMatchObject({ id: child.id, parent_return_reason: { id: parent.id } })
    expect((await ctx.app.inject({ method: 'GET', url: '/store/return-reasons/rr_nope' })).statusCode).toBe(404)
  })
})
