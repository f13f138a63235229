import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { InvalidData, NotFound } from '../../../core/errors.js'
import { generateId } from '../../../db/ids.js'
import { mergedMetadata, mergeMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { returnReason } from '../schema.js'
import type { AdminPostReturnReasonsReasonReq, AdminPostReturnReasonsReq, ReturnReason } from './contract.js'

type ReturnReasonRow = typeof returnReason.$inferSelect

const live = isNull(returnReason.deleted_at)

/** Rows with their parents and live children, read in two batched statements. */
async function withRelations(db: Db, rows: ReturnReasonRow[]): Promise<ReturnReason[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const parentIds = [
    ...new Set(rows.flatMap((row) => (row.parent_return_reason_id ? [row.parent_return_reason_id] : []))),
  ]
  const [children, parents] = await Promise.all([
    db
      .select()
      .from(returnReason)
      .where(and(inArray(returnReason.parent_return_reason_id, ids), live))
      .orderBy(asc(returnReason.created_at), asc(returnReason.id)),
    parentIds.length > 0 ? db.select().from(returnReason).where(inArray(returnReason.id, parentIds)) : [],
  ])
  return rows.map((row) => ({
    ...row,
    parent_return_reason: parents.find((parent) => parent.id === row.parent_return_reason_id) ?? null,
    return_reason_children: children.filter((child) => child.parent_return_reason_id === row.id),
  }))
}

/** Top-level live reasons, oldest first, with their children (v1: no pagination). */
export async function listReturnReasons(db: Db): Promise<ReturnReason[]> {
  const rows = await db
    .select()
    .from(returnReason)
    .where(and(live, isNull(returnReason.parent_return_reason_id)))
    .orderBy(asc(returnReason.created_at), asc(returnReason.id))
  return withRelations(db, rows)
}

async function requireReturnReason(db: Db, id: string, field?: string): Promise<ReturnReasonRow> {
  const [row] = await db
    .select()
    .from(returnReason)
    .where(and(eq(returnReason.id, id), live))
    .limit(1)
  if (!row) {
    if (field) throw new InvalidData(`${field}: return reason ${id} was not found`)
    throw NotFound.entity('ReturnReason', id)
  }
  return row
}

export async function retrieveReturnReason(db: Db, id: string): Promise<ReturnReason> {
  const [view] = await withRelations(db, [await requireReturnReason(db, id)])
  return view
}

/**
 * A reason, top-level or the child of a top-level one (v1 allows one level). A value already
 * used by a live reason is a 422 (the unique index answers, also for two creations at once).
 */
export async function createReturnReason(db: Db, input: AdminPostReturnReasonsReq): Promise<ReturnReason> {
  const created = await db.transaction(async (tx) => {
    if (input.parent_return_reason_id) {
      const parent = await requireReturnReason(tx, input.parent_return_reason_id, 'parent_return_reason_id')
      if (parent.parent_return_reason_id) {
        throw new InvalidData('parent_return_reason_id: a return reason can only be nested one level deep')
      }
    }
    const [row] = await tx
      .insert(returnReason)
      .values({
        id: generateId('rr'),
        value: input.value,
        label: input.label,
        description: input.description ?? null,
        parent_return_reason_id: input.parent_return_reason_id ?? null,
        metadata: mergeMetadata(null, input.metadata) ?? null,
      })
      .returning()
    return row
  })
  const [view] = await withRelations(db, [created])
  return view
}

export async function updateReturnReason(
  db: Db,
  id: string,
  input: AdminPostReturnReasonsReasonReq,
): Promise<ReturnReason> {
  const [updated] = await db
    .update(returnReason)
    .set({
      ...(input.value !== undefined ? { value: input.value } : {}),
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.metadata !== undefined ? { metadata: mergedMetadata(returnReason.metadata, input.metadata) } : {}),
      updated_at: new Date(),
    })
    .where(and(eq(returnReason.id, id), live))
    .returning()
  if (!updated) throw NotFound.entity('ReturnReason', id)
  const [view] = await withRelations(db, [updated])
  return view
}

/** Soft delete; the reason's children go with it (v1 cascades the soft removal). */
export async function deleteReturnReason(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date()
    const [deleted] = await tx
      .update(returnReason)
      .set({ deleted_at: now })
      .where(and(eq(returnReason.id, id), live))
      .returning({ id: returnReason.id })
    if (!deleted) throw NotFound.entity('ReturnReason', id)
    await tx
      .update(returnReason)
      .set({ deleted_at: now })
      .where(and(eq(returnReason.parent_return_reason_id, id), live))
  })
}

/** A live reason named by a return line, or a 400 naming the field. */
export async function requireReasonsExist(db: Db, ids: readonly string[], field: string): Promise<void> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return
  const found = await db
    .select({ id: returnReason.id })
    .from(returnReason)
    .where(and(inArray(returnReason.id, wanted), live))
  const missing = wanted.find((id) => !found.some((row) => row.id === id))
  if (missing) throw new InvalidData(`${field}: return reason ${missing} was not found`)
}
