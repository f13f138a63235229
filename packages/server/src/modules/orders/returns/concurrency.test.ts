import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { productVariant } from '../../catalog/schema.js'
import { makeProduct } from '../../../testing/factories/catalog.js'
import { asAdmin } from '../../../testing/factories/users.js'
import { useTestApp } from '../../../testing/test-app.js'
import { adminRequest } from '../admin/test-helpers.js'
import { orderReturn, refund } from '../schema.js'
import { shippedOrder } from './test-helpers.js'

// Real parallel requests; on PostgreSQL (TEST_DATABASE_URL) they run on separate connections.
const ctx = useTestApp()
const db = () => ctx.app.db
let request: ReturnType<typeof adminRequest>

beforeAll(async () => {
  request = adminRequest(ctx.app, (await asAdmin(db())).headers)
})

describe('returns under concurrency', () => {
  it('one return received twice at once: one receipt, one refund, stock back once', async () => {
    const product = await makeProduct(db(), { variants: [{ inventory_quantity: 0, manage_inventory: true }] })
    const variantId = product.variants[0].id
    const made = await shippedOrder(db(), { items: [{ unit_price: 5000, quantity: 2, variant_id: variantId }] })
    const item = made.lines[0].id
    const created = await request('POST', `/admin/orders/${made.id}/return`, {
      items: [{ item_id: item, quantity: 2 }],
    })
    expect(created.statusCode).toBe(200)
    const [row] = await db().select().from(orderReturn).where(eq(orderReturn.order_id, made.id))
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        request('POST', `/admin/returns/${row.id}/receive`, { items: [{ item_id: item, quantity: 2 }] }),
      ),
    )
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400])
    expect(await db().select().from(refund).where(eq(refund.order_id, made.id))).toEqual([
      expect.objectContaining({ amount: 10000, reason: 'return' }),
    ])
    const [variant] = await db().select().from(productVariant).where(eq(productVariant.id, variantId))
    expect(variant.inventory_quantity).toBe(2)
  })

  it('two returns claiming the last returnable unit at once: one succeeds', async () => {
    const made = await shippedOrder(db(), {
      items: [{ unit_price: 5000, quantity: 1 }],
      payments: [{ amount: 5000, provider_id: 'test', captured: true }],
    })
    const item = made.lines[0].id
    const answers = await Promise.all(
      [0, 1].map(() => request('POST', `/admin/orders/${made.id}/return`, { items: [{ item_id: item, quantity: 1 }] })),
    )
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400])
    expect(await db().select().from(orderReturn).where(eq(orderReturn.order_id, made.id))).toHaveLength(1)
  })
})
