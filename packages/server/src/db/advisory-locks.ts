import { sql } from 'drizzle-orm'
import type { Db } from './types.js'

/**
 * The keys of the transaction-scoped advisory locks, in one place so that no two uses share one.
 * One-key and two-key locks live in separate key spaces: `cartSpace` is the first key of the carts'
 * two-key locks, whose second key is the cart's.
 */
export const ADVISORY_LOCKS = {
  /** Two processes starting at once apply the migrations one after the other. */
  migrations: 727274001,
  /** The single store row is created once. */
  store: 727274101,
  /** Changes to the product category tree: its cycle check and sibling ranks. */
  categoryTree: 727274201,
  /** The default shipping profiles are created once. */
  defaultShippingProfiles: 727274301,
  cartSpace: 727274501,
} as const

/** Holds a one-key advisory lock until the transaction ends. */
export function holdAdvisoryLock(tx: Db, key: number): Promise<unknown> {
  return tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`)
}
