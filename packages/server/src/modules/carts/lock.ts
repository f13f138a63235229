import { sql } from 'drizzle-orm'
import { GENERIC_PLANS } from '../../db/fast-path/generic-plans.js'
import { RELAXED_COMMIT } from '../../db/fast-path/relaxed-commit.js'
import { inTransaction } from '../../db/transactions.js'
import type { Db } from '../../db/types.js'
import { outbox } from '../../events/schema.js'
import { generateId } from '../../db/ids.js'
import { rowReader } from '../../db/json-rows.js'
import { NotAllowed, NotFound } from '../../core/errors.js'
import type { FulfillmentProviderMap } from '../../providers/fulfillment.js'
import type { PaymentProvider } from '../../providers/payment.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import { prepared } from '../../db/fast-path/prepared.js'
import { retrieveCartRow, type CartFlags, type CartRow } from './loader.js'
import { cart } from './schema.js'
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js'
import { rowsOf } from '../../db/raw-rows.js'

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

/**
 * Every cart write sends this once the lock is held, built once (see `prepared`): the row touched
 * and read, and `cart.updated` recorded, in one statement. An unknown or deleted cart touches
 * nothing and records nothing.
 */
const touchStatement = prepared('cart_touch', (db) =>
  db.execute(sql`WITH touched AS (
      UPDATE ${cart} SET updated_at = ${sql.placeholder('now')}
      WHERE ${cart.id} = ${sql.placeholder('id')} AND ${cart.deleted_at} IS NULL
      RETURNING ${cart}.*),
    recorded AS (
      INSERT INTO ${outbox} (id, event_name, data)
      SELECT ${sql.placeholder('eventId')}, 'cart.updated', jsonb_build_object('id', touched.id) FROM touched)
    SELECT to_json(touched) AS row FROM touched`),
)

const cartOf = rowReader(cart)

/** Touches the cart (see `touchStatement`); undefined for an unknown or deleted cart. */
async function touchCart(tx: Db, id: string): Promise<CartRow | undefined> {
  const result = await touchStatement(tx, { id, now: new Date(), eventId: generateId('evt') })
  const [touched] = rowsOf<{ row: Record<string, unknown> }>(result)
  return touched && cartOf(touched.row)
}

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
    // between, and records the event up front (a refused change rolls it back with the rest).
    const [, row, read] = await concurrently(tx, [
      () => lockCart(tx, id, { relaxed: true }),
      () => touchCart(tx, id),
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
