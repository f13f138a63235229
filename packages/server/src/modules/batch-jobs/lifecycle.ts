import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { batchJob, type BatchJobResult, type BatchJobRow } from './schema.js'
import { rowsOf } from '../../db/raw-rows.js'

/**
 * The runner's side of the job lifecycle: claiming due jobs under a lease, renewing it, and the
 * transitions a run ends with. Every transition applies only while the run still holds its claim
 * (`claim_token`) and the job is in the expected status, so a canceled job, or one another process
 * took over after this one's lease ran out, is never overwritten.
 */

const leaseEnd = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::int * interval '1 millisecond'`

/**
 * Claims the oldest due job: one created (to pre-process), confirmed (to process) or processing
 * whose lease ran out (its process stopped or died: resumed). A confirmed job becomes processing in
 * the same statement. Jobs another runner is claiming right now are skipped, not waited for.
 */
export async function claimDueJob(db: Db, token: string, leaseMs: number): Promise<BatchJobRow | undefined> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      WITH due AS MATERIALIZED (
        SELECT id FROM batch_job
        WHERE deleted_at IS NULL AND status IN ('created', 'confirmed', 'processing')
          AND (lease_expires_at IS NULL OR lease_expires_at <= now())
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE batch_job SET
        claim_token = ${token},
        lease_expires_at = ${leaseEnd(leaseMs)},
        processing_at = CASE WHEN batch_job.status = 'confirmed' THEN now() ELSE batch_job.processing_at END,
        run_attempts = CASE WHEN batch_job.status = 'created' THEN batch_job.run_attempts ELSE batch_job.run_attempts + 1 END,
        status = CASE WHEN batch_job.status = 'confirmed' THEN 'processing' ELSE batch_job.status END,
        updated_at = now()
      FROM due WHERE batch_job.id = due.id
      RETURNING batch_job.id`)
    const [row] = rowsOf<{ id: string }>(claimed)
    if (!row) return undefined
    const [job] = await tx.select().from(batchJob).where(eq(batchJob.id, row.id))
    if (job.status === 'processing' && job.run_attempts === 1) await emit(tx, 'batch.processing', { id: job.id })
    return job
  })
}

/** Pushes the lease further out; false when the run no longer holds the job (canceled, taken over). */
export async function renewLease(db: Db, job: BatchJobRow, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(batchJob)
    .set({ lease_expires_at: leaseEnd(leaseMs) })
    .where(and(eq(batchJob.id, job.id), eq(batchJob.claim_token, job.claim_token!), eq(batchJob.status, job.status)))
    .returning({ id: batchJob.id })
  return renewed.length > 0
}

const heldBy = (job: BatchJobRow) =>
  and(eq(batchJob.id, job.id), eq(batchJob.claim_token, job.claim_token!), eq(batchJob.status, job.status))

const unclaimed = { claim_token: null, lease_expires_at: null, updated_at: sql`now()` }

/** Pre-processing done: `pre_processed`, and straight on to `confirmed` unless it is a dry run. */
export async function markPreProcessed(db: Db, job: BatchJobRow, result: BatchJobResult): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = sql`now()`
    const confirm = !job.dry_run
    const updated = await tx
      .update(batchJob)
      .set({
        ...unclaimed,
        result,
        status: confirm ? 'confirmed' : 'pre_processed',
        pre_processed_at: now,
        ...(confirm ? { confirmed_at: now } : {}),
      })
      .where(heldBy(job))
      .returning({ id: batchJob.id })
    if (updated.length === 0) return false
    await emit(tx, 'batch.pre_processed', { id: job.id })
    if (confirm) await emit(tx, 'batch.confirmed', { id: job.id })
    return true
  })
}

export async function markCompleted(db: Db, job: BatchJobRow, result: BatchJobResult): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(batchJob)
      .set({ ...unclaimed, result, status: 'completed', completed_at: sql`now()` })
      .where(heldBy(job))
      .returning({ id: batchJob.id })
    if (updated.length === 0) return false
    await emit(tx, 'batch.completed', { id: job.id })
    return true
  })
}

/** A run that failed: the error joins the result's errors, so staff see why. */
export async function markFailed(db: Db, job: BatchJobRow, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ result: batchJob.result }).from(batchJob).where(eq(batchJob.id, job.id))
    const result = current?.result ?? {}
    // A message may quote input; the JSON column cannot store U+0000, and the failure must be recorded.
    const errors = [...(result.errors ?? []), { message: message.replaceAll('\u0000', ''), code: 'batch_job_failed' }]
    const updated = await tx
      .update(batchJob)
      .set({ ...unclaimed, result: { ...result, errors }, status: 'failed', failed_at: sql`now()` })
      .where(heldBy(job))
      .returning({ id: batchJob.id })
    if (updated.length > 0) await emit(tx, 'batch.failed', { id: job.id })
  })
}

/**
 * Hands a job back when its runner stops (shutdown): due again at once for the next runner, and
 * the interrupted run does not count as an attempt.
 */
export async function releaseClaim(db: Db, job: BatchJobRow): Promise<void> {
  await db
    .update(batchJob)
    .set({
      ...unclaimed,
      run_attempts:
        job.status === 'processing' ? sql`greatest(${batchJob.run_attempts} - 1, 0)` : batchJob.run_attempts,
    })
    .where(heldBy(job))
}
