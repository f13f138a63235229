import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../core/list.js'
import { DateTime, Nullable, SoftDeletableFields, StringOrArray } from '../../core/schemas.js'
import { BATCH_JOB_STATUSES } from './schema.js'

/** Wire schemas of the batch-job routes (reference/admin-api.md "Batch jobs", entities.md BatchJob). */

export const BatchJobStatus = Type.Union(BATCH_JOB_STATUSES.map((status) => Type.Literal(status)))

const JsonObject = Type.Record(Type.String(), Type.Unknown())

export const BatchJob = Type.Object({
  ...SoftDeletableFields,
  type: Type.String(),
  created_by: Nullable(Type.String()),
  context: Nullable(JsonObject),
  result: Nullable(JsonObject),
  dry_run: Type.Boolean(),
  status: BatchJobStatus,
  pre_processed_at: Nullable(DateTime),
  confirmed_at: Nullable(DateTime),
  processing_at: Nullable(DateTime),
  completed_at: Nullable(DateTime),
  canceled_at: Nullable(DateTime),
  failed_at: Nullable(DateTime),
})
export type BatchJob = Static<typeof BatchJob>

/** The built-in job types; module.ts registers a strategy for each (a test keeps the two equal). */
export const BATCH_JOB_TYPES = ['product-import', 'price-list-import', 'product-export', 'order-export'] as const

export const AdminPostBatchesReq = Type.Object(
  {
    type: Type.String({ minLength: 1, maxLength: 100, description: `One of ${BATCH_JOB_TYPES.join(', ')}` }),
    context: JsonObject,
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostBatchesReq = Static<typeof AdminPostBatchesReq>

/** A timestamp filter: a comparison object, or the literal `null` for "not set". */
const TimestampFilter = Type.Union([DateComparison, Type.Literal('null'), Type.Null()])
export type TimestampFilter = Static<typeof TimestampFilter>

export const TIMESTAMP_FILTERS = [
  'created_at',
  'updated_at',
  'pre_processed_at',
  'confirmed_at',
  'completed_at',
  'failed_at',
  'canceled_at',
] as const

export const batchJobsPaging = listPaging(10)

export const AdminGetBatchParams = Type.Object(
  {
    ...batchJobsPaging.params,

    id: Type.Optional(StringOrArray),
    type: Type.Optional(StringOrArray),
    created_at: Type.Optional(TimestampFilter),
    updated_at: Type.Optional(TimestampFilter),
    pre_processed_at: Type.Optional(TimestampFilter),
    confirmed_at: Type.Optional(TimestampFilter),
    completed_at: Type.Optional(TimestampFilter),
    failed_at: Type.Optional(TimestampFilter),
    canceled_at: Type.Optional(TimestampFilter),
  },
  { additionalProperties: false },
)
export type AdminGetBatchParams = Static<typeof AdminGetBatchParams>

export const AdminBatchJobRes = Type.Object({ batch_job: BatchJob })
// Partial: `fields` selects the columns of a list.
export const AdminBatchJobListRes = listResponse('batch_jobs', Type.Partial(BatchJob))
