import { and, eq, isNull, sql } from 'drizzle-orm'
import { GENERIC_PLANS } from '../../db/generic-plans.js'
import { RELAXED_COMMIT } from '../../db/relaxed-commit.js'
import { inTransaction } from '../../db/transactions.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { NotAllowed, NotFound } from '../../http/errors.js'
import type { FulfillmentProviderMap } from '../../providers/fulfillment.js'
import type { PaymentProvider } from '../../providers/payment.js'
import { concurrently } from '../../db/concurrent.js'
import { prepared, unencoded } from '../../db/prepared.js'
import { retrieveCartRow, type CartFlags, type CartRow } from './loader.js'
import { cart } from './schema.js'
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js'

/** What cart services need of the app: feature flags and the providers they call. */
export interface CartEnv {
  flags: CartFlags
  paymentProviders: ReadonlyMap<string, PaymentProvider>
  fulfillmentProviders: FulfillmentProviderMap
}

export interface LockOptions {
  /**
   * Relaxes the transaction's commit (see `RELAXED_COMMIT`): a cart edit is worth less than the
   * disk flush it would wait for (several milliseconds on most disks). Orders and payment
   * authorizations keep the durable default.
   */
  relaxed?: boolean
}

/**
 * The cart's lock, and generic plans for the statements that follow it (see `GENERIC_PLANS`): a
 * cart request's statements all look rows up by key.
 */
const LOCK = sql`pg_advisory_xact_lock(${sql.raw(String(ADVISORY_LOCKS.cartSpace))}, hashtext(${sql.placeholder('id')})), ${GENERIC_PLANS}`
/** Every cart request takes the lock: its statements are built once (see `prepared`). */
const lockStatement = prepared('cart_lock', (db) => db.execute(sql`SELECT ${LOCK}`))
const lockRelaxedStatement = prepared('cart_lock_relaxed', (db) => db.execute(sql`SELECT ${LOCK}, ${RELAXED_COMMIT}`))

/**
 * Serializes writes to one cart across connections and processes until the transaction ends.
 * Re-entrant within a transaction. Carts whose ids hash alike merely wait for each other.
 */
export function lockCart(tx: Db, id: string, options: LockOptions = {}) {
  // Sent at once, so that `concurrently` sends it ahead of the rest of a batch.
  return (options.relaxed ? lockRelaxedStatement : lockStatement)(tx, { id })
}

/** v1's answer to a change on a cart that has become an order. */
export function assertCartOpen(row: Pick<CartRow, 'id' | 'completed_at'>): void {
  if (row.completed_at) throw new NotAllowed(`Cart ${row.id} has already been completed`, 'cart_incompatible_state')
}

/** Runs `work` in one transaction holding the cart's lock, with the cart row read under it. */
export async function withCartLock<T>(
  db: Db,
  id: string,
  work: (tx: Db, row: CartRow) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const [, row] = await concurrently(tx, [() => lockCart(tx, id, options), () => retrieveCartRow(tx, id)])
    return work(tx, row)
  })
}

/** Every cart write sends this; built once (see `prepared`). */
const touchStatement = prepared('cart_touch', (db) =>
  db
    .update(cart)
    .set({ updated_at: unencoded('now') })
    .where(and(eq(cart.id, sql.placeholder('id')), isNull(cart.deleted_at)))
    .returning(),
)

/**
 * A change to an open cart: one transaction, under the cart's lock and with a relaxed commit, that
 * refuses a completed cart, touches `updated_at` and records `cart.updated`. The row is touched and
 * read in one statement once the lock is held; a refused change rolls the touch back with
 * everything else. `alongside` sends reads that need only the cart's id in the same batch, behind
 * the lock: they see the cart as the lock holds it, and `work` gets their answer with the row. Their
 * failure is thrown after the cart's own refusals (unknown, completed), which come first as when
 * they were read afterwards.
 */
export async function mutateCart<T, Alongside = undefined>(
  db: Db,
  id: string,
  work: (tx: Db, row: CartRow, alongside: NoInfer<Alongside>) => Promise<T>,
  alongside?: (tx: Db) => PromiseLike<Alongside>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    // Sent together, the lock first: the touch runs once the lock is granted, without a round trip
    // between, and the event is recorded up front (a refused change rolls it back with the rest).
    const [, [row], , read] = await concurrently(tx, [
      () => lockCart(tx, id, { relaxed: true }),
      () => touchStatement(tx, { id, now: new Date() }),
      () => emit(tx, 'cart.updated', { id }),
      async () => {
        try {
          return { value: await alongside?.(tx) }
        } catch (error) {
          return { error }
        }
      },
    ])
    if (!row) throw NotFound.entity('Cart', id)
    assertCartOpen(row)
    if ('error' in read) throw read.error
    return work(tx, row, read.value as Alongside)
  })
}
