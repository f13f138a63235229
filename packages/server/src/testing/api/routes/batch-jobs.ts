import { AdminBatchJobListRes, AdminBatchJobRes } from '../../../modules/batch-jobs/contract.js'
import type { RouteTable } from '../client.js'

export const batchJobsRoutes = {
  'GET /admin/batch-jobs': AdminBatchJobListRes,
  'POST /admin/batch-jobs': AdminBatchJobRes,
  'GET /admin/batch-jobs/:id': AdminBatchJobRes,
  'POST /admin/batch-jobs/:id/cancel': AdminBatchJobRes,
  'POST /admin/batch-jobs/:id/confirm': AdminBatchJobRes,
} as const satisfies RouteTable
