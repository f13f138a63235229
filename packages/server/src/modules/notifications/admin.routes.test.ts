import { describe, expect, it } from 'vitest'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()

type Headers = Record<string, string>
const list = (headers: Headers, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/admin/notifications${query}`, headers })
const resend = (headers: Headers, id: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `/admin/notifications/${id}/resend`, headers, payload })

const DEFAULT_KEYS = [
  'created_at',
  'event_name',
  'id',
  'provider_id',
  'resends',
  'resource_id',
  'resource_type',
  'to',
  'updated_at',
]

let sequence = 0
/** A message sent through the app's real provider, as subscribers send them. */
async function send(
  overrides: Partial<{ to: string; event_name: string; resource_type: string; resource_id: string }>,
) {
  sequence += 1
  await ctx.app.providers.notification.send(ctx.app.db, {
    to: `reader-${sequence}@example.com`,
    event_name: 'order.placed',
    resource_type: 'order',
    resource_id: `order_${sequence}`,
    data: { sequence },
    ...overrides,
  })
}

async function inviteToken(headers: Headers, email: string) {
  const invited = await ctx.app.inject({
    method: 'POST',
    url: '/admin/invites',
    headers,
    payload: { user: email, role: 'member' },
  })
  expect(invited.statusCode).toBe(200)
  await ctx.app.events.drain()
}

describe('GET /admin/notifications', () => {
  it('lists the invite a subscriber sent, with its token only when `data` is asked for', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await inviteToken(headers, 'invitee.one@example.com')

    const plain = await list(headers, '?event_name=invite.created&to=invitee.one@example.com')
    expect(plain.statusCode).toBe(200)
    const body = plain.json()
    expect(body).toMatchObject({ count: 1, offset: 0, limit: 50 })
    const [item] = body.notifications
    expect(Object.keys(item).sort()).toEqual(DEFAULT_KEYS)
    expect(item).toMatchObject({
      id: expect.stringMatching(/^noti_/),
      event_name: 'invite.created',
      resource_type: 'invite',
      to: 'invitee.one@example.com',
      provider_id: 'log',
      resends: [],
    })

    const withData = await list(headers, '?event_name=invite.created&to=invitee.one@example.com&fields=id,to,data')
    expect(withData.statusCode).toBe(200)
    const [selected] = withData.json().notifications
    expect(Object.keys(selected).sort()).toEqual(['created_at', 'data', 'id', 'resends', 'to'])
    expect(selected.data.token).toEqual(expect.any(String))
    expect(selected.data.link).toContain(`/app/invite?token=${encodeURIComponent(selected.data.token)}`)
  })

  it('filters by each column, comma lists and arrays alike, newest first', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await send({
      to: 'filter-a@example.com',
      event_name: 'filter.first',
      resource_type: 'swap',
      resource_id: 'swap_f1',
    })
    await send({
      to: 'filter-b@example.com',
      event_name: 'filter.second',
      resource_type: 'swap',
      resource_id: 'swap_f2',
    })
    await send({
      to: 'filter-a@example.com',
      event_name: 'filter.second',
      resource_type: 'claim',
      resource_id: 'clm_f3',
    })

    const byEvent = (await list(headers, '?event_name=filter.second')).json()
    expect(byEvent.count).toBe(2)
    expect(byEvent.notifications.map((n: { resource_id: string }) => n.resource_id)).toEqual(['clm_f3', 'swap_f2'])

    const byTo = (await list(headers, '?to=filter-a@example.com')).json()
    expect(byTo.notifications.map((n: { resource_id: string }) => n.resource_id)).toEqual(['clm_f3', 'swap_f1'])

    const byType = (await list(headers, '?resource_type=swap&event_name=filter.first,filter.second')).json()
    expect(byType.notifications.map((n: { resource_id: string }) => n.resource_id)).toEqual(['swap_f2', 'swap_f1'])

    const byIds = (await list(headers, '?resource_id[]=swap_f1&resource_id[]=clm_f3')).json()
    expect(byIds.count).toBe(2)

    const combined = (await list(headers, '?to=filter-b@example.com&event_name=filter.first')).json()
    expect(combined).toMatchObject({ notifications: [], count: 0 })
  })

  it('pages with offset and limit while count stays the total', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    for (let i = 0; i < 3; i++) await send({ event_name: 'paging.event', resource_id: `page_${i}` })
    const page = (await list(headers, '?event_name=paging.event&limit=2&offset=1')).json()
    expect(page).toMatchObject({ count: 3, offset: 1, limit: 2 })
    expect(page.notifications.map((n: { resource_id: string }) => n.resource_id)).toEqual(['page_1', 'page_0'])
  })

  it('adjusts the default fields with +/- and drops relations with an empty expand', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await send({ event_name: 'fields.event', resource_id: 'fields_1' })
    const adjusted = (await list(headers, '?event_name=fields.event&fields=%2Bdata,-provider_id')).json()
    const [item] = adjusted.notifications
    expect(item.data).toEqual({ sequence: expect.any(Number) })
    expect(item).not.toHaveProperty('provider_id')
    expect(item).toHaveProperty('resource_type', 'order')

    const bare = (await list(headers, '?event_name=fields.event&expand=')).json()
    expect(bare.notifications[0]).not.toHaveProperty('resends')
  })

  it('rejects bad input naming the field', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const cases: [string, string][] = [
      ['?fields=id,password', 'password'],
      ['?expand=customer', 'customer'],
      ['?limit=-1', 'limit'],
      ['?offset=abc', 'offset'],
      ['?include_resends=maybe', 'include_resends'],
      ['?recipient=a@b.co', 'recipient'],
    ]
    for (const [query, field] of cases) {
      const res = await list(headers, query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().type, query).toBe('invalid_data')
      expect(res.json().message, query).toContain(field)
    }
  })

  it('needs a logged-in user', async () => {
    expect((await list({})).statusCode).toBe(401)
    expect((await resend({}, 'noti_missing')).statusCode).toBe(401)
  })
})

describe('POST /admin/notifications/:id/resend', () => {
  it('sends again as a child of the original, listed under it and among resends on request', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    await send({ to: 'resend-me@example.com', event_name: 'resend.event', resource_id: 'resend_1' })
    const [original] = (await list(headers, '?event_name=resend.event')).json().notifications

    const again = await resend(headers, original.id)
    expect(again.statusCode).toBe(200)
    const answered = again.json().notification
    expect(Object.keys(answered).sort()).toEqual(DEFAULT_KEYS)
    expect(answered.id).toBe(original.id)
    expect(answered.resends).toHaveLength(1)
    expect(answered.resends[0]).toMatchObject({ to: 'resend-me@example.com', resource_id: 'resend_1' })

    const elsewhere = await resend(headers, original.id, { to: 'other-inbox@example.com' })
    expect(elsewhere.json().notification.resends.map((n: { to: string }) => n.to)).toEqual([
      'other-inbox@example.com',
      'resend-me@example.com',
    ])

    const originalsOnly = (await list(headers, '?event_name=resend.event')).json()
    expect(originalsOnly.count).toBe(1)
    expect(originalsOnly.notifications[0].resends).toHaveLength(2)

    const everything = (
      await list(headers, '?event_name=resend.event&include_resends=true&fields=id,to,data,parent_id')
    ).json()
    expect(everything.count).toBe(3)
    const children = everything.notifications.filter((n: { parent_id: string | null }) => n.parent_id === original.id)
    expect(children).toHaveLength(2)
    expect(children[0].data).toEqual(everything.notifications.at(-1).data)
  })

  it('is 404 for an unknown notification and 400 for a bad body', async () => {
    const { headers } = await asAdmin(ctx.app.db)
    const missing = await resend(headers, 'noti_missing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ type: 'not_found', message: 'Notification with id noti_missing was not found' })

    await send({ event_name: 'resend.bad' })
    const [original] = (await list(headers, '?event_name=resend.bad')).json().notifications
    for (const [payload, field] of [
      [{ to: '' }, 'to'],
      [{ to: 42 }, 'to'],
      [{ email: 'a@b.co' }, 'email'],
    ] as const) {
      const res = await resend(headers, original.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toContain(field)
    }
  })
})
