import { AdminBatchJobListRes, AdminBatchJobRes } from '../../../modules/batch-jobs/contract.js'

/** The schemas by name, so that declarations stay small. */
export type BatchJobsRoutes = {
  'GET /admin/batch-jobs': typeof AdminBatchJobListRes
  'POST /admin/batch-jobs': typeof AdminBatchJobRes
  'GET /admin/batch-jobs/:id': typeof AdminBatchJobRes
  'POST /admin/batch-jobs/:id/cancel': typeof AdminBatchJobRes
  'POST /admin/batch-jobs/:id/confirm': typeof AdminBatchJobRes
}

export const batchJobsRoutes: BatchJobsRoutes = {
  'GET /admin/batch-jobs': AdminBatchJobListRes,
  'POST /admin/batch-jobs': AdminBatchJobRes,
  'GET /admin/batch-jobs/:id': AdminBatchJobRes,
  'POST /admin/batch-jobs/:id/cancel': AdminBatchJobRes,
  'POST /admin/batch-jobs/:id/confirm': AdminBatchJobRes,
}
