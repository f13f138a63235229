/** The fields of a batch job the notifications read (SPEC §3). */
export interface BatchJobSummary {
  type?: string
  /** An export's stored file, once it completed. */
  result?: { file_key?: string | null } | null
  status?: string
  completed_at?: string | Date | null
}

function time(value: string | Date | null | undefined): number {
  return value ? new Date(value).getTime() : Number.NaN
}

/** Jobs that completed after `since` (epoch ms), oldest first. */
export function completedSince<T extends BatchJobSummary>(jobs: readonly T[], since: number): T[] {
  return jobs
    .filter((job) => job.status === 'completed' && time(job.completed_at) > since)
    .sort((a, b) => time(a.completed_at) - time(b.completed_at))
}

/** The latest completion time among the jobs, or `since` when none is later. */
export function latestCompletion(jobs: readonly BatchJobSummary[], since: number): number {
  return jobs.reduce((latest, job) => Math.max(latest, time(job.completed_at) || latest), since)
}

/** 'product-import' → 'product import'. */
export function jobTypeLabel(type: string): string {
  return type.replaceAll('-', ' ')
}

/** A product import that finished after the product list was last fetched makes that list stale. */
export function importsAfter(jobs: readonly BatchJobSummary[], productListUpdatedAt: number): boolean {
  return jobs.some((job) => job.type === 'product-import' && time(job.completed_at) > productListUpdatedAt)
}

/** The batch-job list's window: from the start of the day one month ago (SPEC §7). */
export function batchJobsWindowStart(now: Date): Date {
  const start = new Date(now)
  start.setMonth(start.getMonth() - 1)
  start.setHours(0, 0, 0, 0)
  return start
}

/** The job types whose result is a file to download. */
const EXPORT_TYPES = ['order-export', 'product-export']

/** The stored file of a completed export, or null for other jobs. */
export function exportFileKey(job: BatchJobSummary): string | null {
  if (job.status !== 'completed' || !EXPORT_TYPES.includes(job.type ?? '')) return null
  return job.result?.file_key ?? null
}
