import { sql } from 'drizzle-orm'
import { prepared } from './prepared.js'
import type { Db } from '../types.js'

/**
 * Makes the rest of the current transaction run its named statements on their generic plans
 * (`plan_cache_mode = force_generic_plan` for this transaction only). PostgreSQL plans a named
 * statement afresh on every run while it guesses that its generic plan costs more, and it always
 * guesses so for `col = ANY($ids)`, which it prices as ten ids against the one it is given. For
 * lookups by key, such as every statement of a cart request, the generic plan is the plan, and
 * planning each run cost more than running it (0.2–0.5 ms against a few hundredths). A select-list
 * expression, so it can share a statement with other work.
 */
export const GENERIC_PLANS = sql`set_config('plan_cache_mode', 'force_generic_plan', true)`

const genericPlansStatement = prepared('generic_plans', (db) => db.execute(sql`SELECT ${GENERIC_PLANS}`))

/** `GENERIC_PLANS` for the rest of the transaction `tx`, in a statement of its own (sent at once). */
export function useGenericPlans(tx: Db): Promise<unknown> {
  return genericPlansStatement(tx, {})
}
