import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { softDeletableColumns, timestamptz } from '../../db/columns.js'
import { user } from '../users/schema.js'

// Indexes and the status check live in migrations/0080_batch_jobs.sql.

export const BATCH_JOB_STATUSES = [
  'created',
  'pre_processed',
  'confirmed',
  'processing',
  'completed',
  'canceled',
  'failed',
] as const
export type BatchJobStatus = (typeof BATCH_JOB_STATUSES)[number]

/** `result` of reference/entities.md BatchJob; strategies add their own keys. */
export interface BatchJobResult {
  count?: number
  advancement_count?: number
  progress?: number
  errors?: (string | { message: string; code?: string; [key: string]: unknown })[]
  stat_descriptors?: { key: string; name: string; message: string }[]
  file_key?: string
  file_size?: number
  [key: string]: unknown
}

export const batchJob = pgTable('batch_job', {
  ...softDeletableColumns(),
  type: text('type').notNull(),
  created_by: text('created_by').references(() => user.id),
  context: jsonb('context').$type<Record<string, unknown> | null>(),
  result: jsonb('result').$type<BatchJobResult | null>(),
  dry_run: boolean('dry_run').notNull().default(false),
  status: text('status').$type<BatchJobStatus>().notNull().default('created'),
  pre_processed_at: timestamptz('pre_processed_at'),
  confirmed_at: timestamptz('confirmed_at'),
  processing_at: timestamptz('processing_at'),
  completed_at: timestamptz('completed_at'),
  canceled_at: timestamptz('canceled_at'),
  failed_at: timestamptz('failed_at'),
  claim_token: text('claim_token'),
  lease_expires_at: timestamptz('lease_expires_at'),
  run_attempts: integer('run_attempts').notNull().default(0),
})

export type BatchJobRow = typeof batchJob.$inferSelect
