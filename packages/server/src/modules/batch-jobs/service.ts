import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  listAnswer,
  type ListAnswer,
  orderBy,
  parseFields,
  pickFields,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import type { FileProvider } from '../../providers/file.js'
import {
  TIMESTAMP_FILTERS,
  batchJobsPaging,
  type AdminGetBatchParams,
  type AdminPostBatchesReq,
  type TimestampFilter,
} from './contract.js'
import { batchJob, type BatchJobRow, type BatchJobStatus } from './schema.js'
import type { BatchJobStrategy } from './strategy.js'

/** Batch-job use cases of the admin routes (reference/admin-api.md "Batch jobs"). */

/** How long a download link in an export's result works. */
const DOWNLOAD_URL_TTL_SECONDS = 15 * 60

const WIRE_FIELDS = [
  'id',
  'type',
  'created_by',
  'context',
  'result',
  'dry_run',
  'status',
  'created_at',
  'updated_at',
  'deleted_at',
  'pre_processed_at',
  'confirmed_at',
  'processing_at',
  'completed_at',
  'canceled_at',
  'failed_at',
] as const

// Every list is of the user's own jobs.
const SORTABLE = sortableColumns(
  {
    created_at: batchJob.created_at,
    updated_at: batchJob.updated_at,
    id: batchJob.id,
  },
  batchJob.created_by,
)

export type WireBatchJob = Partial<BatchJobRow>

export async function createBatchJob(
  db: Db,
  strategies: ReadonlyMap<string, BatchJobStrategy>,
  files: FileProvider,
  input: AdminPostBatchesReq,
  actor: string,
): Promise<BatchJobRow> {
  const strategy = strategies.get(input.type)
  if (!strategy) {
    throw new InvalidData(
      `type: unknown batch job type "${input.type}"; known types: ${[...strategies.keys()].join(', ')}`,
    )
  }
  const context = await strategy.prepareContext(input.context, files, db)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(batchJob)
      .values({
        id: generateId('batch'),
        type: input.type,
        created_by: actor,
        context,
        dry_run: input.dry_run ?? false,
      })
      .returning()
    await emit(tx, 'batch.created', { id: row.id })
    return row
  })
}

function timestampCondition(
  column: (typeof batchJob)[(typeof TIMESTAMP_FILTERS)[number]],
  value: TimestampFilter,
  field: string,
): SQL[] {
  if (value === null || value === 'null') return [isNull(column)]
  return dateConditions(column, value, field)
}

export async function listBatchJobs(
  db: Db,
  files: FileProvider,
  query: AdminGetBatchParams,
  actor: string,
): Promise<ListAnswer<'batch_jobs', Partial<WireBatchJob>>> {
  const page = batchJobsPaging.page(query)
  const fields = parseFields(query.fields, WIRE_FIELDS)
  const ids = toList(query.id)
  const types = toList(query.type)
  const where = whereAll([
    eq(batchJob.created_by, actor),
    isNull(batchJob.deleted_at),
    ids ? inArray(batchJob.id, ids) : undefined,
    types ? inArray(batchJob.type, types) : undefined,
    ...TIMESTAMP_FILTERS.flatMap((name) =>
      query[name] === undefined ? [] : timestampCondition(batchJob[name], query[name], name),
    ),
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', batchJob.id)
  const [rows, [{ value }]] = await Promise.all([
    db
      .select()
      .from(batchJob)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(batchJob).where(where),
  ])
  const jobs = await Promise.all(rows.map((row) => withDownloadUrl(row, files)))
  const selected = jobs.map((job) => pickFields(job, fields, new Set()))
  return listAnswer('batch_jobs', selected, value, page)
}

async function ownJob(db: Db, id: string, actor: string, lock = false): Promise<BatchJobRow> {
  const query = db
    .select()
    .from(batchJob)
    .where(and(eq(batchJob.id, id), isNull(batchJob.deleted_at)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw NotFound.entity('BatchJob', id)
  // v1 answers another user's job with 400 not_allowed.
  if (row.created_by !== actor)
    throw new NotAllowed('Cannot access a batch job that does not belong to the logged in user')
  return row
}

/** An export's result carries a fresh signed link to its file. */
async function withDownloadUrl(row: BatchJobRow, files: FileProvider): Promise<BatchJobRow> {
  const key = row.result?.file_key
  if (typeof key !== 'string') return row
  const download_url = await files.getDownloadUrl(key, DOWNLOAD_URL_TTL_SECONDS).catch(() => null)
  return { ...row, result: { ...row.result, download_url } }
}

export async function retrieveBatchJob(db: Db, files: FileProvider, id: string, actor: string): Promise<BatchJobRow> {
  return withDownloadUrl(await ownJob(db, id, actor), files)
}

async function transition(
  db: Db,
  id: string,
  actor: string,
  allowed: (status: BatchJobStatus) => boolean,
  refusal: (status: BatchJobStatus) => string,
  change: Partial<BatchJobRow> & { status: BatchJobStatus },
  eventName: string,
): Promise<BatchJobRow> {
  return db.transaction(async (tx) => {
    const current = await ownJob(tx, id, actor, true)
    if (!allowed(current.status)) throw new NotAllowed(refusal(current.status))
    const [row] = await tx
      .update(batchJob)
      .set({ ...change, updated_at: sql`now()` })
      .where(eq(batchJob.id, id))
      .returning()
    await emit(tx, eventName, { id })
    return row
  })
}

/** `POST /admin/batch-jobs/:id/confirm`: only a pre-processed (dry-run) job can be confirmed. */
export function confirmBatchJob(db: Db, id: string, actor: string): Promise<BatchJobRow> {
  return transition(
    db,
    id,
    actor,
    (status) => status === 'pre_processed',
    (status) => `Cannot confirm a batch job with status ${status}; only a pre_processed job can be confirmed`,
    { status: 'confirmed', confirmed_at: new Date() },
    'batch.confirmed',
  )
}

/** `POST /admin/batch-jobs/:id/cancel`: any time before it ends; a running job stops between batches. */
export function cancelBatchJob(db: Db, id: string, actor: string): Promise<BatchJobRow> {
  return transition(
    db,
    id,
    actor,
    (status) => !['completed', 'failed', 'canceled'].includes(status),
    (status) => `Cannot cancel a batch job with status ${status}`,
    { status: 'canceled', canceled_at: new Date(), claim_token: null, lease_expires_at: null },
    'batch.canceled',
  )
}
