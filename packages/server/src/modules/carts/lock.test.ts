import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/types.js'
import { makeCart } from '../../testing/factories/carts.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
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
})
