import { AdminDeleteUploadsRes, AdminDownloadUrlRes, AdminUploadsRes } from '../../../modules/uploads/contract.js'
import type { RouteTable } from '../client.js'

export const uploadsRoutes = {
  'DELETE /admin/uploads': AdminDeleteUploadsRes,
  'POST /admin/uploads': AdminUploadsRes,
  'POST /admin/uploads/download-url': AdminDownloadUrlRes,
  'POST /admin/uploads/protected': AdminUploadsRes,
} as const satisfies RouteTable
