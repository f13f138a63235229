import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeCart } from '../testing/factories/carts.js'
import { makeRegion } from '../testing/factories/regions.js'
import { useTestApp } from '../testing/test-app.js'
import { cart, lineItem, lineItemAdjustment } from '../modules/carts/schema.js'
import { ensureStore } from '../modules/store/service.js'
import { generateId } from './ids.js'
import { rowReader } from './json-rows.js'

/** A row read back from PostgreSQL's JSON must equal the row drizzle reads from the table. */
const ctx = useTestApp()
const db = () => ctx.app.db
let cartId: string
let itemId: string

beforeAll(async () => {
  await ensureStore(db())
  const region = await makeRegion(db())
  cartId = (await makeCart(db(), { region_id: region.id })).id
  itemId = generateId('item')
  await db()
    .insert(lineItem)
    .values({
      id: itemId,
      cart_id: cartId,
      title: 'Shirt "quoted"',
      unit_price: 1999,
      quantity: 3,
      metadata: { nested: { list: [1, 'two', null] }, text: '123' },
    })
  await db()
    .insert(lineItemAdjustment)
    .values({ id: generateId('lia'), item_id: itemId, description: 'promo', amount: '12.5' })
})

async function asJson(table: 'line_item' | 'line_item_adjustment' | 'cart', where: string) {
  const rows = await db().execute<{ row: Record<string, unknown> }>(
    sql`SELECT to_json(t) AS row FROM ${sql.identifier(table)} t WHERE t.${sql.identifier(table === 'line_item_adjustment' ? 'item_id' : 'id')} = ${where}`,
  )
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { row: Record<string, unknown> }[] }).rows
  return list[0].row
}

describe('rowReader', () => {
  it('reads timestamps, integers, booleans, JSON and nulls as drizzle does', async () => {
    const [expected] = await db().select().from(lineItem).where(eq(lineItem.id, itemId))
    const read = rowReader(lineItem)(await asJson('line_item', itemId))
    expect(read).toEqual(expected)
    expect(read.created_at).toBeInstanceOf(Date)
  })

  it('reads numerics as the strings drizzle answers', async () => {
    const [expected] = await db().select().from(lineItemAdjustment).where(eq(lineItemAdjustment.item_id, itemId))
    const read = rowReader(lineItemAdjustment)(await asJson('line_item_adjustment', itemId))
    expect(read).toEqual(expected)
    expect(read.amount).toBe('12.5')
  })

  it('reads a whole cart row', async () => {
    const [expected] = await db().select().from(cart).where(eq(cart.id, cartId))
    expect(rowReader(cart)(await asJson('cart', cartId))).toEqual(expected)
  })
})
