import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox } from '../../../events/schema.js'
import { signToken } from '../../../core/tokens.js'
import { asCustomer, customerHeaders, makeGuestCustomer } from '../../../testing/factories/customers.js'
import { makeOrder } from '../../../testing/factories/orders.js'
import { testConfig, useTestApp } from '../../../testing/test-app.js'
import { notification } from '../../notifications/schema.js'
import { order } from '../schema.js'

const ctx = useTestApp()

let seq = 0
const uniqueEmail = (label: string) => `${label}-${++seq}-${Date.now()}@example.com`

async function tokenEvents(email: string) {
  return ctx.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.event_name, 'order-update-token.created'), sql`${outbox.data}->>'old_email' = ${email}`))
}

async function requestClaim(headers: Record<string, string>, orderIds: string[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/store/orders/batch/customer/token',
    headers,
    payload: { order_ids: orderIds },
  })
}

async function orderRow(id: string) {
  const [row] = await ctx.app.db.select().from(order).where(eq(order.id, id))
  return row
}

describe('claiming guest orders', () => {
  it('mails a token to the order e-mail, and the token moves the orders to the customer', async () => {
    // Arrange
    const guestEmail = uniqueEmail('guest')
    const first = await makeOrder(ctx.app.db, { email: guestEmail })
    const second = await makeOrder(ctx.app.db, { email: guestEmail, customer_id: first.customer_id })
    const { customer, headers } = await asCustomer(ctx.app.db, { email: uniqueEmail('account') })

    // Act: ask for the orders
    const asked = await requestClaim(headers, [first.id, second.id, first.id])

    // Assert: one token for the e-mail, sent there
    expect(asked.statusCode).toBe(200)
    expect(asked.body).toBe('OK')
    const events = await tokenEvents(guestEmail)
    expect(events).toHaveLength(1)
    expect(events[0].data).toMatchObject({
      old_email: guestEmail,
      new_customer_id: customer.id,
      orders: [first.id, second.id].sort(),
    })
    await ctx.app.events.drain()
    const [mail] = await ctx.app.db.select().from(notification).where(eq(notification.to, guestEmail))
    expect(mail).toMatchObject({ event_name: 'order-update-token.created', resource_type: 'order' })
    const token = String(events[0].data.token)
    expect(mail.data).toMatchObject({ token })

    // Act: the mailbox owner confirms (not logged in)
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/store/orders/customer/confirm',
      payload: { token },
    })

    // Assert: both orders are the customer's now
    expect(confirmed.statusCode).toBe(200)
    for (const id of [first.id, second.id]) {
      expect(await orderRow(id)).toMatchObject({ customer_id: customer.id, email: customer.email })
    }
    const updates = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.event_name, 'order.updated'), sql`${outbox.data}->>'id' IN (${first.id}, ${second.id})`))
    expect(updates).toHaveLength(2)
    const mine = await ctx.app.inject({ method: 'GET', url: '/store/customers/me/orders', headers })
    expect(
      mine
        .json()
        .orders.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([first.id, second.id].sort())
  })

  it('sends one token per e-mail and none for unknown or already owned orders', async () => {
    const { customer, headers } = await asCustomer(ctx.app.db, { email: uniqueEmail('account') })
    const a = await makeOrder(ctx.app.db, { email: uniqueEmail('a') })
    const b = await makeOrder(ctx.app.db, { email: uniqueEmail('b') })
    const own = await makeOrder(ctx.app.db, { customer_id: customer.id, email: customer.email })

    const res = await requestClaim(headers, [a.id, b.id, own.id, 'order_unknown'])

    expect(res.statusCode).toBe(200)
    expect(await tokenEvents(a.email)).toHaveLength(1)
    expect(await tokenEvents(b.email)).toHaveLength(1)
    expect(await tokenEvents(customer.email)).toHaveLength(0)
    const none = await requestClaim(headers, ['order_unknown'])
    expect(none.statusCode).toBe(200)
  })

  it('needs a logged-in customer with an account to ask', async () => {
    const guestOrder = await makeOrder(ctx.app.db)
    const guest = await makeGuestCustomer(ctx.app.db, { email: uniqueEmail('guest') })

    const anonymous = await requestClaim({}, [guestOrder.id])
    const asGuest = await requestClaim(await customerHeaders(guest.id), [guestOrder.id])

    for (const res of [anonymous, asGuest]) {
      expect(res.statusCode).toBe(401)
      expect(res.body).toBe('Unauthorized')
    }
    expect(await tokenEvents(guestOrder.email)).toHaveLength(0)
  })

  it('validates the body', async () => {
    const { headers } = await asCustomer(ctx.app.db, { email: uniqueEmail('account') })
    const cases: [unknown, string][] = [
      [{}, 'order_ids is required'],
      [{ order_ids: 'order_1' }, 'order_ids must be a array'],
      [{ order_ids: [''] }, 'order_ids.0 must NOT have fewer than 1 characters'],
      [{ order_ids: [], extra: 1 }, 'property extra should not exist'],
    ]
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/store/orders/batch/customer/token',
        headers,
        payload: payload as Record<string, unknown>,
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toEqual({ type: 'invalid_data', message })
    }
  })

  it('refuses forged, foreign and other tokens', async () => {
    const guestOrder = await makeOrder(ctx.app.db, { email: uniqueEmail('guest') })
    const owner = await asCustomer(ctx.app.db, { email: uniqueEmail('owner') })
    const other = await asCustomer(ctx.app.db, { email: uniqueEmail('other') })
    await requestClaim(owner.headers, [guestOrder.id])
    const [event] = await tokenEvents(guestOrder.email)
    const token = String(event.data.token)
    const secret = testConfig().jwtSecret
    const forged = await signToken(
      {
        purpose: 'order_claim',
        claimingCustomerId: other.customer.id,
        email: guestOrder.email,
        orders: [guestOrder.id],
      },
      'not-the-secret',
      '15m',
    )
    const bearer = await signToken({ customer_id: owner.customer.id, domain: 'store' }, secret, '1h')
    const expired = await signToken(
      {
        purpose: 'order_claim',
        claimingCustomerId: owner.customer.id,
        email: guestOrder.email,
        orders: [guestOrder.id],
      },
      secret,
      '-1m',
    )

    const confirm = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/store/orders/customer/confirm', headers, payload })

    for (const bad of [forged, bearer, expired, 'garbage']) {
      const res = await confirm({ token: bad })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ type: 'unauthorized', message: 'Invalid or expired token' })
    }
    const foreign = await confirm({ token }, other.headers)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toEqual({ type: 'not_allowed', message: 'This token was issued to another customer' })
    expect((await confirm({})).statusCode).toBe(400)
    expect((await orderRow(guestOrder.id)).customer_id).toBe(guestOrder.customer_id)

    const accepted = await confirm({ token }, owner.headers)
    expect(accepted.statusCode).toBe(200)
    expect((await orderRow(guestOrder.id)).customer_id).toBe(owner.customer.id)
  })
})
