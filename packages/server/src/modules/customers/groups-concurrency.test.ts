import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeCustomer, makeCustomerGroup } from '../../testing/factories/customers.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { customerGroupCustomer } from './schema.js'

/**
 * Real parallel admin requests on one customer group: on PostgreSQL they run on separate
 * connections and meet at the group's row lock; PGlite runs them one transaction at a time.
 */
const ctx = useTestApp()
const db = () => ctx.app.db
let headers: Record<string, string>

beforeAll(async () => {
  headers = (await asAdmin(db())).headers
})

describe('parallel changes to one customer group', () => {
  it('leaves no member of a group deleted while customers are being added to it', async () => {
    for (let round = 0; round < 5; round++) {
      const group = await makeCustomerGroup(db())
      const customers = await Promise.all(Array.from({ length: 10 }, () => makeCustomer(db())))
      const add = (id: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/admin/customer-groups/${group.id}/customers/batch`,
          headers,
          payload: { customer_ids: [{ id }] },
        })

      // Or by giving the customer the group: a 400 names it once it is gone.
      const join = (id: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/admin/customers/${id}`,
          headers,
          payload: { groups: [{ id: group.id }] },
        })

      const answers = await Promise.all([
        ...customers.slice(0, 4).map((customer) => add(customer.id)),
        join(customers[4].id),
        ctx.app.inject({ method: 'DELETE', url: `/admin/customer-groups/${group.id}`, headers }),
        join(customers[5].id),
        ...customers.slice(6).map((customer) => add(customer.id)),
      ])

      expect(answers[5].statusCode).toBe(200)
      for (const answer of answers) expect([200, 400, 404]).toContain(answer.statusCode)
      const members = await db()
        .select()
        .from(customerGroupCustomer)
        .where(eq(customerGroupCustomer.customer_group_id, group.id))
      expect(members).toEqual([])
    }
  })
})
