import { and, eq, isNull, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { DuplicateError, NotFound } from '../../core/errors.js'
import type { AdminPostAnalyticsConfigReq, AdminPostAnalyticsConfigUpdateReq } from './contract.js'
import { analyticsConfig } from './schema.js'

export type AnalyticsConfigRow = typeof analyticsConfig.$inferSelect

const current = (userId: string) => and(eq(analyticsConfig.user_id, userId), isNull(analyticsConfig.deleted_at))
// The arbiter of ON CONFLICT must name the partial unique index's predicate.
const target = analyticsConfig.user_id
const liveRows = sql`deleted_at IS NULL`

export async function retrieveAnalyticsConfig(db: Db, userId: string): Promise<AnalyticsConfigRow> {
  const [row] = await db.select().from(analyticsConfig).where(current(userId)).limit(1)
  if (!row) throw new NotFound(`No analytics config found for user with id: ${userId}`)
  return row
}

/** The user's first config; a second one is a duplicate (the unique index decides under races). */
export async function createAnalyticsConfig(
  db: Db,
  userId: string,
  input: AdminPostAnalyticsConfigReq,
): Promise<AnalyticsConfigRow> {
  const [row] = await db
    .insert(analyticsConfig)
    .values({ id: generateId('acfg'), user_id: userId, opt_out: input.opt_out, anonymize: input.anonymize ?? false })
    .onConflictDoNothing({ target, where: liveRows })
    .returning()
  if (!row) throw new DuplicateError(`An analytics config already exists for user with id: ${userId}`)
  return row
}

/** Changes the given fields, creating the config (other fields false) when the user has none. */
export async function updateAnalyticsConfig(
  db: Db,
  userId: string,
  input: AdminPostAnalyticsConfigUpdateReq,
): Promise<AnalyticsConfigRow> {
  const changes = {
    ...(input.opt_out === undefined ? {} : { opt_out: input.opt_out }),
    ...(input.anonymize === undefined ? {} : { anonymize: input.anonymize }),
    updated_at: new Date(),
  }
  const [row] = await db
    .insert(analyticsConfig)
    .values({
      id: generateId('acfg'),
      user_id: userId,
      opt_out: input.opt_out ?? false,
      anonymize: input.anonymize ?? false,
    })
    .onConflictDoUpdate({ target, targetWhere: liveRows, set: changes })
    .returning()
  return row
}

export async function deleteAnalyticsConfig(db: Db, userId: string): Promise<void> {
  await db.update(analyticsConfig).set({ deleted_at: new Date() }).where(current(userId))
}
