import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/types.js'
import { makeCart } from '../../testing/factories/carts.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { outbox } from '../../events/schema.js'
import { mutateCart, withCartLock } from './lock.js'
import { cart } from './schema.js'

/** Cart edits commit without waiting for the disk; everything else keeps the durable default. */
const ctx = useTestApp()
const db = () => ctx.app.db
let cartId: string

async function setting(tx: Db, name: 'synchronous_commit' | 'plan_cache_mode'): Promise<string> {
  const [row] = await tx
    .select({ value: sql<string>`current_setting(${name})` })
    .from(cart)
    .limit(1)
  return row.value
}
const synchronousCommit = (tx: Db) => setting(tx, 'synchronous_commit')

beforeAll(async () => {
  await ensureStore(db())
  const region = await makeRegion(db())
  cartId = (await makeCart(db(), { region_id: region.id })).id
})

describe('cart transactions', () => {
  it('relaxes the commit of a cart edit, for that transaction only', async () => {
    expect(await mutateCart(db(), cartId, (tx) => synchronousCommit(tx))).toBe('off')
    expect(await db().transaction((tx) => synchronousCommit(tx))).toBe('on')
  })

  it('keeps the durable commit where the cart is locked for completion or payment', async () => {
    expect(await withCartLock(db(), cartId, (tx) => synchronousCommit(tx))).toBe('on')
    expect(await withCartLock(db(), cartId, (tx) => synchronousCommit(tx), { relaxed: true })).toBe('off')
  })

  it('runs the statements of a locked cart on their generic plans, in that transaction only', async () => {
    expect(await mutateCart(db(), cartId, (tx) => setting(tx, 'plan_cache_mode'))).toBe('force_generic_plan')
    expect(await withCartLock(db(), cartId, (tx) => setting(tx, 'plan_cache_mode'))).toBe('force_generic_plan')
    expect(await db().transaction((tx) => setting(tx, 'plan_cache_mode'))).toBe('auto')
  })

  it('touches the row it answers and records one cart.updated, only for a change that commits', async () => {
    const events = async (id: string) =>
      db()
        .select({ data: outbox.data })
        .from(outbox)
        .where(and(eq(outbox.event_name, 'cart.updated'), sql`${outbox.data}->>'id' = ${id}`))
    const fresh = await makeCart(db(), { region_id: (await makeRegion(db())).id })
    // Dated long ago, so that the touch shows in the row it answers and in the table.
    await db()
      .update(cart)
      .set({ updated_at: new Date(0) })
      .where(eq(cart.id, fresh.id))

    const row = await mutateCart(db(), fresh.id, async (_tx, touched) => touched)
    expect(row).toMatchObject({ id: fresh.id, region_id: fresh.region_id, completed_at: null, metadata: null })
    expect(row.updated_at).toBeInstanceOf(Date)
    expect(row.updated_at.getTime()).toBeGreaterThan(0)
    const [stored] = await db().select({ at: cart.updated_at }).from(cart).where(eq(cart.id, fresh.id))
    expect(stored.at.getTime()).toBe(row.updated_at.getTime())
    expect(await events(fresh.id)).toEqual([{ data: { id: fresh.id } }])

    // A refused change rolls its event back; an unknown cart records none.
    await expect(
      mutateCart(db(), fresh.id, async () => {
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    await expect(mutateCart(db(), 'cart_missing', async () => undefined)).rejects.toMatchObject({ type: 'not_found' })
    expect(await events(fresh.id)).toHaveLength(1)
    expect(await events('cart_missing')).toEqual([])
  })
})
